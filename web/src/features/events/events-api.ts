// The events and logs callables (eventsApi, logsApi in @parley/core): the endpoint settings, deliveries, Replay,
// Send test event, and the workspace's logs.
import { eventsApi, logsApi, type CallableInput, type Region } from '@parley/core';
import { callFunction } from '../../lib/functions';

export type EventsSettings = eventsApi.EventsSettings;
export type DeliverySummary = eventsApi.DeliverySummary;
export type DeliveryDetail = eventsApi.DeliveryDetail;
export type WorkspaceLog = logsApi.WorkspaceLog;
export type SettingsInput = Omit<CallableInput<typeof eventsApi.saveEventsSettings>, 'region' | 'workspaceId'>;
export type DeliveryFilters = Pick<CallableInput<typeof eventsApi.listEventDeliveries>, 'type' | 'status'>;
export type LogFilters = Pick<CallableInput<typeof logsApi.listWorkspaceLogs>, 'type' | 'agentId' | 'channel'>;

export const eventKeys = {
  settings: (region: Region, workspaceId: string) => ['events-settings', region, workspaceId] as const,
  deliveries: (region: Region, workspaceId: string) => ['event-deliveries', region, workspaceId] as const,
  delivery: (region: Region, workspaceId: string, id: string) => ['event-delivery', region, workspaceId, id] as const,
  logs: (region: Region, workspaceId: string) => ['workspace-logs', region, workspaceId] as const,
};

export const getEventsSettings = (region: Region, workspaceId: string) => callFunction(eventsApi.getEventsSettings, { region, workspaceId });

export const saveEventsSettings = (region: Region, workspaceId: string, input: SettingsInput) =>
  callFunction(eventsApi.saveEventsSettings, { ...input, region, workspaceId });

export const listDeliveries = (region: Region, workspaceId: string, filters: DeliveryFilters, before?: number) =>
  callFunction(eventsApi.listEventDeliveries, { region, workspaceId, ...filters, before, limit: 25 });

export const getDelivery = async (region: Region, workspaceId: string, deliveryId: string) =>
  (await callFunction(eventsApi.getEventDelivery, { region, workspaceId, deliveryId })).delivery;

export const replayDelivery = (region: Region, workspaceId: string, deliveryId: string) => callFunction(eventsApi.replayEventDelivery, { region, workspaceId, deliveryId });

export const sendTestEvent = (region: Region, workspaceId: string) => callFunction(eventsApi.sendTestEvent, { region, workspaceId });

export const listLogs = (region: Region, workspaceId: string, filters: LogFilters, before?: number) =>
  callFunction(logsApi.listWorkspaceLogs, { region, workspaceId, ...filters, before, limit: 25 });
