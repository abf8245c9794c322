import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toolsApi } from '@parley/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, answerCallables } from '../../test/callables';
import { renderWithProviders } from '../../test/render';
import FunctionsPage from './FunctionsPage';

type Saved = toolsApi.ToolView;
const orderTool: Saved = {
  id: 't1', name: 'get_order_status', description: 'Looks an order up', serverUrl: 'https://tools.example.com/orders', method: 'GET', userId: 'owner1',
  fields: [{ in: 'query', key: 'order_id', type: 'string', description: 'The order number', required: true }], hasSecret: true,
  agents: [{ agentId: 'A1', title: 'Order desk' }],
};

let saved: Array<Parameters<typeof toolsApi.saveTool.input.parse>[0]>;
let tested: Array<Record<string, unknown>>;

beforeEach(() => {
  saved = [];
  tested = [];
  let tools: Saved[] = [orderTool];
  answerCallables({
    listTools: answer(toolsApi.listTools, () => ({ tools })),
    saveTool: answer(toolsApi.saveTool, (input) => {
      saved.push(input);
      if (input.tool.name === 'taken_name') throw new Error(toolsApi.TOOL_INPUT_MESSAGES.nameTaken);
      if (input.tool.serverUrl.includes('169.254')) throw new Error('This address cannot be reached from our servers.');
      const tool: Saved = { ...orderTool, id: 't2', name: input.tool.name, serverUrl: input.tool.serverUrl, description: input.tool.description ?? '', fields: [], hasSecret: !!input.serverUrlSecret, agents: [] };
      tools = [...tools, tool];
      return { tool };
    }),
    testTool: answer(toolsApi.testTool, (input) => {
      tested.push(input.args ?? {});
      return {
        request: { method: 'GET', url: 'https://tools.example.com/orders?order_id=1234', headers: { 'X-Parley-Secret': '[redacted]' } },
        response: { status: 200, timeMs: 42, body: '{"status":"shipped"}', truncated: false },
      };
    }),
  });
});

const render = () => renderWithProviders(<FunctionsPage />);

describe('Functions page', () => {
  it('lists each function with its endpoint and the agents that use it', async () => {
    render();
    const row = within(await screen.findByRole('table', { name: 'Functions' })).getByText('get_order_status').closest('tr')!;
    expect(within(row).getByText('https://tools.example.com/orders')).toBeTruthy();
    expect(within(row).getByText('Order desk')).toBeTruthy();
    expect(within(row).getByText('Secret saved')).toBeTruthy();
  });

  it('shows each problem at its field before anything is sent', async () => {
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'New function' }));
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'get order' } });
    fireEvent.change(screen.getByLabelText(/^Description/), { target: { value: 'd'.repeat(513) } });
    fireEvent.change(screen.getByLabelText(/^Server URL(?! secret)/), { target: { value: 'not a url' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add field' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Use 1 to 64 letters, digits, _ or - (no spaces).')).toBeTruthy();
    expect(screen.getByText('Description must be at most 512 characters')).toBeTruthy();
    expect(screen.getByText('Please enter a valid URL')).toBeTruthy();
    expect(screen.getByText('Keys are 1 to 64 letters, digits, _, . or -.')).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('puts the server’s refusals at their fields, and saves a new function with its secret', async () => {
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'New function' }));
    const url = () => screen.getByLabelText(/^Server URL(?! secret)/);
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'appointment_slots' } });
    fireEvent.change(url(), { target: { value: 'http://169.254.169.254/latest' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This address cannot be reached from our servers.')).toBeTruthy();
    fireEvent.change(url(), { target: { value: 'https://tools.example.com/slots' } });
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'taken_name' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A tool with this name already exists in this workspace.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'appointment_slots' } });
    fireEvent.change(screen.getByLabelText(/^Server URL secret/), { target: { value: 'slot-secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(await screen.findByRole('table', { name: 'Functions' })).findByText('appointment_slots')).toBeTruthy();
    expect(saved.at(-1)).toMatchObject({ region: 'na', workspaceId: 'owner1', serverUrlSecret: 'slot-secret', tool: { name: 'appointment_slots', method: 'GET' } });
  });

  it('tests a function: the request with the secret redacted, then status, time and body', async () => {
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Test get_order_status' }));
    fireEvent.change(await screen.findByLabelText(/^order_id/), { target: { value: '1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByLabelText('Request sent').textContent).toContain('X-Parley-Secret: [redacted]'));
    expect(screen.getByText('Status 200')).toBeTruthy();
    expect(screen.getByText('42 ms')).toBeTruthy();
    expect(screen.getByLabelText('Response body').textContent).toBe('{"status":"shipped"}');
    expect(tested).toEqual([{ order_id: '1234' }]);
  });
});
