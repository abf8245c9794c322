// A one-field form (a name, a domain): checked on submit with the message at the field, busy while it saves, and a
// failed save's words at the field too. Typing clears the message.
import { useState, type FormEvent } from 'react';

export interface FieldForm {
  value: string;
  setValue(value: string): void;
  /** Sets the value and clears the field's message. */
  change(value: string): void;
  error: string | null;
  busy: boolean;
  submit(event: FormEvent): Promise<void>;
}

export function useFieldForm(
  initial: string,
  { validate, save, failure }: { validate(value: string): string | null; save(value: string): Promise<void>; failure(err: unknown): string },
): FieldForm {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const invalid = validate(value);
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      await save(value);
    } catch (err) {
      setError(failure(err));
    } finally {
      setBusy(false);
    }
  }

  const change = (next: string) => {
    setValue(next);
    setError(null);
  };
  return { value, setValue, change, error, busy, submit };
}
