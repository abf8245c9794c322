import { DEFAULT_FREE_WORKSPACE_SEATS } from '@parley/core';

export const NOT_ENOUGH_SEATS = 'Failed to add user to workspace, workspace does not have enough seats';

/** Seat limit = custom plan workspaceSeats + the default free seats. */
export function workspaceSeatLimit(data: Record<string, unknown> | undefined): number {
  const internal = (data?.internal ?? {}) as { customPlan?: { limits?: { workspaceSeats?: unknown } } };
  const seats = internal.customPlan?.limits?.workspaceSeats;
  return (typeof seats === 'number' && Number.isFinite(seats) ? seats : 0) + DEFAULT_FREE_WORKSPACE_SEATS;
}
