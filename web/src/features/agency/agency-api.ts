// Calls the agency area makes, each through its contract in @parley/core (agencyApi, uploadsApi).
import { agencyApi, uploadsApi, type CallableInput, type EndpointOutput, type Region } from '@parley/core';
import type { User } from 'firebase/auth';
import { callApi } from '../../lib/api';
import { callFunction } from '../../lib/functions';

export type AgencyRecord = agencyApi.AgencyRecord;
export type AgencySettingsPatch = agencyApi.AgencySettingsPatch;
export type AgencyAccess = agencyApi.AgencyAccess;
export type DomainType = (typeof agencyApi.DOMAIN_TYPES)[number];
export type EmailDomainData = EndpointOutput<typeof agencyApi.getEmailDomain>['data'];

export const initAgency = (region: Region) => callFunction(agencyApi.initAgency, { region });
export const getAgencyAccess = (region: Region) => callFunction(agencyApi.getAgencyAccess, { region });
export const activateWhitelabelTrial = (region: Region) => callFunction(agencyApi.activateWhitelabelTrial, { region });
export const agencySecret = (input: CallableInput<typeof agencyApi.agencySecret>) => callFunction(agencyApi.agencySecret, input);
export const saveAgencySettings = (input: CallableInput<typeof agencyApi.saveAgencySettings>) => callFunction(agencyApi.saveAgencySettings, input);
export const checkAgencyFont = (font: string) => callFunction(agencyApi.checkAgencyFont, { font });
export const uploadFile = (input: CallableInput<typeof uploadsApi.uploadFile>) => callFunction(uploadsApi.uploadFile, input);

const bearer = (user: User) => user.getIdToken();

export async function claimDomain(user: User, region: Region, agencyId: string, domain: string, type: DomainType) {
  return callApi(agencyApi.claimAgencyDomain, {
    params: { region },
    body: { agencyId, customDomain: domain, userId: user.uid, ...(type === 'subdomain' ? { isVGSubdomain: true } : { isCustomDomain: true }) },
    bearer: await bearer(user),
  });
}

export async function verifyDomain(user: User, region: Region, agencyId: string, domain: string, domainType: DomainType) {
  return callApi(agencyApi.verifyAgencyDomain, { params: { region }, query: { agencyId, domain, domainType }, bearer: await bearer(user) });
}

export async function cancelDomain(user: User, region: Region, agencyId: string, domain: string) {
  return callApi(agencyApi.cancelAgencyDomain, { params: { region }, body: { agencyId, domain }, bearer: await bearer(user) });
}

export async function addEmailDomain(user: User, region: Region, agencyId: string, domain: string) {
  return callApi(agencyApi.addEmailDomain, { params: { domain }, body: { region, agencyId, userId: user.uid }, bearer: await bearer(user) });
}

export async function verifyEmailDomain(user: User, region: Region, agencyId: string, id: string) {
  return callApi(agencyApi.verifyEmailDomain, { params: { id }, body: { region, agencyId }, bearer: await bearer(user) });
}

export async function getEmailDomain(user: User, region: Region, agencyId: string, id: string) {
  return callApi(agencyApi.getEmailDomain, { params: { id }, query: { region, agencyId }, bearer: await bearer(user) });
}

export async function deleteEmailDomain(user: User, region: Region, agencyId: string, id: string) {
  return callApi(agencyApi.deleteEmailDomain, { params: { id }, body: { region, agencyId }, bearer: await bearer(user) });
}

export async function sendDnsInstructions(user: User, region: Region, agencyId: string, to: string, kind: 'email' | 'domain' = 'email') {
  return callApi(agencyApi.sendDnsInstructions, { body: { region, agencyId, to, kind }, bearer: await bearer(user) });
}
