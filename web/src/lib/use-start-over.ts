import { useEffect, useRef } from 'react';

/**
 * Runs `startOver` (a form's reset) when `opened` turns true and, while open, when `identity` changes (another
 * record, or its data first arriving). A re-render with a fresh copy of the same record does not count: live
 * lists hand one in on every refresh, and resetting then would drop what the user is typing.
 */
export function useStartOver(opened: boolean, identity: readonly (string | number | boolean | null)[], startOver: () => void): void {
  const latest = useRef(startOver);
  latest.current = startOver;
  const key = JSON.stringify(identity);
  useEffect(() => {
    if (opened) latest.current();
  }, [opened, key]);
}
