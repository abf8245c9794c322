// The lead form: the fields the agent asks for, each with its label; a refused value (an invalid e-mail or phone)
// shows the server's sentence and keeps what was typed, so the visitor corrects it and sends again.
import { useState } from 'preact/hooks';
import type { Words } from './i18n';
import type { LeadFieldName, LeadPrompt } from './lead-capture';

const INPUT: Record<LeadFieldName, { type: string; autocomplete: string; label: (w: Words) => string }> = {
  name: { type: 'text', autocomplete: 'name', label: (w) => w.leadName },
  email: { type: 'email', autocomplete: 'email', label: (w) => w.leadEmail },
  phone: { type: 'tel', autocomplete: 'tel', label: (w) => w.leadPhone },
};

export interface LeadFormProps {
  prompt: LeadPrompt;
  words: Words;
  /** The chat is still starting: sending waits. */
  disabled: boolean;
  onSubmit(fields: Partial<Record<LeadFieldName, string>>): Promise<string | null>;
  onSkip(): void;
}

export function LeadForm({ prompt, words, disabled, onSubmit, onSkip }: LeadFormProps) {
  const [values, setValues] = useState<Partial<Record<LeadFieldName, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    setSending(true);
    setError(await onSubmit(values));
    setSending(false);
  };
  return (
    <form class="lead" aria-label={prompt.blocking ? words.leadTitle : words.leadLater} onSubmit={(e) => void submit(e)}>
      <strong>{prompt.blocking ? words.leadTitle : words.leadLater}</strong>
      {prompt.fields.map((field) => (
        <label key={field}>
          <span>{INPUT[field].label(words)}</span>
          <input
            name={field}
            type={INPUT[field].type}
            autocomplete={INPUT[field].autocomplete}
            required={field !== 'phone' || prompt.fields.length === 1}
            maxLength={field === 'phone' ? 40 : 254}
            value={values[field] ?? ''}
            onInput={(e) => setValues({ ...values, [field]: (e.target as HTMLInputElement).value })}
          />
        </label>
      ))}
      {error ? <div class="notice" role="alert">{error}</div> : null}
      <div class="lead-actions">
        {prompt.blocking ? null : (
          <button type="button" class="skip" onClick={onSkip}>
            {words.leadSkip}
          </button>
        )}
        <button type="submit" class="send" disabled={disabled || sending}>
          {words.leadSubmit}
        </button>
      </div>
    </form>
  );
}
