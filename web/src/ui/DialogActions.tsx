// The buttons at the foot of a dialog or inline form: a failure above them, a neutral way out and the action.
import { Button, Group, type ButtonProps } from '@mantine/core';
import { FailureAlert } from './FormError';

export interface DialogActionsProps {
  failure?: string | null;
  busy: boolean;
  cancelLabel: string;
  onCancel(): void;
  /** Whether the way out is disabled while the action runs (a dialog's is; an inline form's is not). */
  lockCancel?: boolean;
  confirmLabel: string;
  onConfirm(): void;
  confirmDisabled?: boolean;
  confirmColor?: ButtonProps['color'];
  size?: ButtonProps['size'];
}

export function DialogActions(props: DialogActionsProps) {
  return (
    <>
      <FailureAlert message={props.failure} />
      <Group justify="flex-end">
        <Button size={props.size} variant="default" onClick={props.onCancel} disabled={props.lockCancel === false ? undefined : props.busy}>
          {props.cancelLabel}
        </Button>
        <Button size={props.size} color={props.confirmColor} onClick={props.onConfirm} disabled={props.confirmDisabled} loading={props.busy}>
          {props.confirmLabel}
        </Button>
      </Group>
    </>
  );
}
