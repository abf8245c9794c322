// Credit transfer between the workspace and an organisation, in either direction (one transaction on the server).
import { Button, Modal, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TOAST_MS, validateCreditTransfer, type Region } from '@parley/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { CLIENT_MESSAGES, clientsKeys, formatCredits, transferCredits, type OrgRecord } from './clients-data';

export function TransferCreditsModal(props: {
  opened: boolean;
  onClose(): void;
  region: Region;
  org: OrgRecord;
  workspaceCredits: number;
  onTransferred(balances: { workspaceCredits: number; orgCredits: number }): void;
}) {
  const { opened, onClose, region, org, workspaceCredits } = props;
  const queryClient = useQueryClient();
  const [direction, setDirection] = useState<'toOrg' | 'toWorkspace'>('toOrg');
  const [amount, setAmount] = useState<string | number>('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (opened) {
      setAmount('');
      setError(null);
    }
  }, [opened]);
  const transfer = useMutation({
    mutationFn: () => transferCredits({ region, orgId: org.ID, direction, amount: Number(amount) }),
    onSuccess: (answer) => {
      notifications.show({ color: 'green', message: answer.message || CLIENT_MESSAGES.creditsTransferred, autoClose: TOAST_MS.medium });
      props.onTransferred({ workspaceCredits: answer.workspaceCredits, orgCredits: answer.orgCredits });
      void queryClient.invalidateQueries({ queryKey: clientsKeys.all(region) });
      onClose();
    },
    onError: (e: Error) => setError(errorMessage(e, CLIENT_MESSAGES.transferFailed)),
  });

  function submit() {
    const value = typeof amount === 'number' ? amount : Number(amount.trim() || NaN);
    const problem = validateCreditTransfer({
      amount: value,
      sourceBalance: direction === 'toOrg' ? workspaceCredits : org.loadTokens,
      source: direction === 'toOrg' ? 'workspace' : 'org',
    });
    if (problem) return setError(problem);
    setError(null);
    transfer.mutate();
  }

  return (
    <Modal opened={opened} onClose={onClose} title={`Transfer credits · ${org.name}`}>
      <Stack>
        <SegmentedControl
          aria-label="Direction"
          value={direction}
          onChange={(v) => setDirection(v as typeof direction)}
          data={[
            { value: 'toOrg', label: 'Workspace → Organization' },
            { value: 'toWorkspace', label: 'Organization → Workspace' },
          ]}
        />
        <Text size="sm">
          Workspace: {formatCredits(workspaceCredits)} credits · Organization: {formatCredits(org.loadTokens)} credits
        </Text>
        <NumberInput label="Amount" value={amount} onChange={setAmount} min={0} decimalScale={1} allowNegative={false} error={error} />
        <Button onClick={submit} loading={transfer.isPending}>
          Transfer
        </Button>
      </Stack>
    </Modal>
  );
}
