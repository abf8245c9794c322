// Regenerate a secret after a confirmation that says what stops working; the new secret is shown once, to copy.
import { Button, Code, CopyButton, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { DialogActions } from '../../ui/DialogActions';

export function RegenerateButton(props: { label: string; warning: string; regenerate(): Promise<string>; onDone(): void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setOpen(false);
    setCreated(null);
    setFailure(null);
  };
  async function confirm() {
    setBusy(true);
    setFailure(null);
    try {
      setCreated(await props.regenerate());
      props.onDone();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Button variant="outline" color="red" size="xs" onClick={() => setOpen(true)} aria-label={`Regenerate ${props.label}`}>Regenerate</Button>
      <Modal opened={open} onClose={close} title={`Regenerate ${props.label}?`}>
        {created ? (
          <Stack>
            <Text>Your new {props.label}. Copy it now: it is shown in full only here.</Text>
            <Code block aria-label={`New ${props.label}`}>{created}</Code>
            <CopyButton value={created}>{({ copied, copy }) => <Button onClick={copy}>{copied ? 'Copied' : 'Copy'}</Button>}</CopyButton>
            <Button variant="default" onClick={close}>Done</Button>
          </Stack>
        ) : (
          <Stack>
            <Text>{props.warning}</Text>
            <DialogActions failure={failure} busy={busy} cancelLabel="Cancel" onCancel={close} confirmLabel="Regenerate" confirmColor="red" onConfirm={() => void confirm()} />
          </Stack>
        )}
      </Modal>
    </>
  );
}
