// Add-on calls of the Modify Your Plan modal (billingApi in @parley/core): the subscription's add-on quantities,
// removals, then additions. Same bearer and workspace reference as billing-api.ts.
import { ADDON_KEYS, billingApi, type AddonKey, type EndpointBody, type EndpointOutput } from '@parley/core';
import { callApi } from '../../lib/api';
import { workspaceBearer } from '../../lib/workspace-context';
import type { BillingTarget } from './billing-api';

export type AddonStatus = EndpointOutput<typeof billingApi.checkAddonStatus>;
export type AddonAddition = EndpointBody<typeof billingApi.addAddonToSubscription>['addons'][number];

const ref = (t: BillingTarget) => ({ userId: t.workspace.uid, region: t.region });

export async function fetchAddonStatus(t: BillingTarget): Promise<AddonStatus> {
  return callApi(billingApi.checkAddonStatus, { body: { ...ref(t), addonKeys: [...ADDON_KEYS] }, bearer: await workspaceBearer(t) });
}

export async function removeAddons(t: BillingTarget, addonKeys: AddonKey[]) {
  return callApi(billingApi.removeAddonFromSubscription, { body: { ...ref(t), addonKeys }, bearer: await workspaceBearer(t) });
}

export async function addAddons(t: BillingTarget, addons: AddonAddition[]) {
  return callApi(billingApi.addAddonToSubscription, { body: { ...ref(t), addons }, bearer: await workspaceBearer(t) });
}
