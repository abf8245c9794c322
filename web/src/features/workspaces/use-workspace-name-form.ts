// The workspace-name form both the New workspace modal and the rename card use: validation with the
// required-name message, a busy flag while saving, and the save's failure shown as the form's error.
import { useState, type FormEvent } from 'react';
import { validateWorkspaceName } from '@parley/core';

export function useWorkspaceNameForm(initial: string, save: (name: string) => Promise<void>, failure: (err: unknown) => string) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const invalid = validateWorkspaceName(name);
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      await save(name.trim());
    } catch (err) {
      setError(failure(err));
    } finally {
      setBusy(false);
    }
  }

  return { name, setName, error, busy, submit };
}
