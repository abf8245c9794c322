// Publish is enabled only when the local draft differs from the saved agent (the rule is @parley/core's).
import { hasUnpublishedChanges as coreHasUnpublishedChanges } from '@parley/core';

export { deepEqual } from '@parley/core';

/** False until both copies are loaded, so Publish stays disabled while the agent loads. */
export function hasUnpublishedChanges(draft: object | null | undefined, saved: object | null | undefined): boolean {
  if (!draft || !saved) return false;
  return coreHasUnpublishedChanges(draft, saved);
}
