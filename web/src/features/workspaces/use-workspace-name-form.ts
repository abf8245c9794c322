// The workspace-name form both the New workspace modal and the rename card use: validation with the
// required-name message, a busy flag while saving, and the save's failure shown as the form's error.
import { validateWorkspaceName } from '@parley/core';
import { useFieldForm } from '../../lib/use-field-form';

export function useWorkspaceNameForm(initial: string, save: (name: string) => Promise<void>, failure: (err: unknown) => string) {
  const form = useFieldForm(initial, { validate: validateWorkspaceName, save: (name) => save(name.trim()), failure });
  return { name: form.value, setName: form.setValue, error: form.error, busy: form.busy, submit: form.submit };
}
