// "Test tool": fill the fields the agent would fill, send, and see the exact request (secret redacted), then the
// response's status, time and body — or why there was none.
import { Alert, Badge, Button, Checkbox, Code, Group, Modal, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { modelFields, type Region, type ToolField } from '@parley/core';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { FailureAlert } from '../../ui/FormError';
import { testTool, type TestResult, type ToolView } from './tools-api';

type Values = Record<string, string | boolean>;

/** The arguments the values make, or the problems by key. */
function argumentsOf(fields: readonly ToolField[], values: Values): { args: Record<string, unknown>; errors: Record<string, string> } {
  const args: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const value = values[field.key];
    if (field.type === 'boolean') {
      if (value === true || field.required) args[field.key] = value === true;
      continue;
    }
    const text = typeof value === 'string' ? value.trim() : '';
    if (!text) continue;
    if (field.type === 'number') {
      if (Number.isFinite(Number(text))) args[field.key] = Number(text);
      else errors[field.key] = 'Enter a number.';
    } else if (field.type === 'object') {
      try {
        args[field.key] = JSON.parse(text) as unknown;
      } catch {
        errors[field.key] = 'Enter a JSON object.';
      }
    } else args[field.key] = text;
  }
  return { args, errors };
}

function requestText(result: TestResult): string {
  const { method, url, headers, body } = result.request;
  return [`${method} ${url}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), ...(body ? ['', body] : [])].join('\n');
}

export function TestToolPanel({ region, workspaceId, tool, onClose }: { region: Region; workspaceId: string; tool: ToolView | null; onClose(): void }) {
  const [values, setValues] = useState<Values>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useMutation({ mutationFn: (args: Record<string, unknown>) => testTool(region, workspaceId, tool!.id, args) });
  const fields = tool ? modelFields(tool.fields) : [];

  function submit() {
    const { args, errors: problems } = argumentsOf(fields, values);
    setErrors(problems);
    if (Object.keys(problems).length === 0) send.mutate(args);
  }

  const close = () => {
    setValues({});
    setErrors({});
    send.reset();
    onClose();
  };

  return (
    <Modal opened={!!tool} onClose={close} size="lg" title={`Test ${tool?.name ?? ''}`}>
      <Stack gap="sm">
        {fields.length === 0 && <Text size="sm" c="dimmed">This tool has no fields to fill.</Text>}
        {fields.map((field) =>
          field.type === 'boolean' ? (
            <Checkbox key={field.key} label={field.key} description={field.description} checked={values[field.key] === true} onChange={(e) => setValues((v) => ({ ...v, [field.key]: e.currentTarget.checked }))} />
          ) : field.type === 'object' ? (
            <Textarea key={field.key} label={field.key} description={field.description} required={field.required} placeholder="{}" value={String(values[field.key] ?? '')} onChange={(e) => setValues((v) => ({ ...v, [field.key]: e.currentTarget.value }))} error={errors[field.key]} />
          ) : (
            <TextInput key={field.key} label={field.key} description={field.description} required={field.required} placeholder={field.defaultValue} value={String(values[field.key] ?? '')} onChange={(e) => setValues((v) => ({ ...v, [field.key]: e.currentTarget.value }))} error={errors[field.key]} />
          ),
        )}
        <Group justify="flex-end">
          <Button onClick={submit} loading={send.isPending}>
            Send
          </Button>
        </Group>
        <FailureAlert message={send.isError ? errorMessage(send.error) : null} />
        {send.data && (
          <Stack gap="xs" role="group" aria-label="Test result">
            <Title order={3} size="h6">Request</Title>
            <Code block tabIndex={0} role="group" aria-label="Request sent">{requestText(send.data)}</Code>
            {send.data.error && (
              <Alert color="red" role="alert" title="No response">
                {send.data.error}
              </Alert>
            )}
            {send.data.response && (
              <>
                <Group gap="xs">
                  <Title order={3} size="h6">Response</Title>
                  <Badge color={send.data.response.status < 300 ? 'green' : 'red'}>Status {send.data.response.status}</Badge>
                  <Text size="sm" c="dimmed">{send.data.response.timeMs} ms</Text>
                </Group>
                <Code block tabIndex={0} role="group" aria-label="Response body" style={{ maxHeight: 320, overflow: 'auto' }}>{send.data.response.body || '(empty)'}</Code>
                {send.data.response.truncated && <Text size="xs" c="dimmed">The body was cut short.</Text>}
              </>
            )}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
