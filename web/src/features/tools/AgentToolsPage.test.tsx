import { fireEvent, screen, waitFor } from '@testing-library/react';
import { toolsApi } from '@parley/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, answerCallables } from '../../test/callables';
import { renderWithProviders } from '../../test/render';
import AgentToolsPage from './AgentToolsPage';

const tool = (id: string, name: string) => ({
  id, name, description: `${name} description`, serverUrl: `https://tools.example.com/${id}`, method: 'GET' as const, userId: 'owner1', hasSecret: false,
  fields: [{ in: 'query' as const, key: 'order_id', type: 'string' as const, description: 'The order number', required: true }],
});

let assigned: string[][];
const serve = (canEdit: boolean) => {
  assigned = [];
  let current = ['t1'];
  answerCallables({
    listAgentTools: answer(toolsApi.listAgentTools, () => ({ assignedToolsIds: current, tools: canEdit ? [tool('t1', 'get_order_status'), tool('t2', 'appointment_slots')] : [tool('t1', 'get_order_status')], canEdit })),
    setAgentTools: answer(toolsApi.setAgentTools, ({ toolIds }) => {
      assigned.push(toolIds);
      current = toolIds;
      return { assignedToolsIds: toolIds };
    }),
  });
};
const render = () => renderWithProviders(<AgentToolsPage />, { route: '/app/na/agents/A1/tools', path: '/app/:region/agents/:agentId/tools' });

describe('the agent’s Tools tab', () => {
  beforeEach(() => serve(true));

  it('shows each tool’s parameters and assigns the ones ticked', async () => {
    render();
    expect(await screen.findByRole('table', { name: 'Parameters of appointment_slots' })).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Assign get_order_status' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Assign appointment_slots' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save tools' }));
    await waitFor(() => expect(assigned).toEqual([['t1', 't2']]));
  });

  it('is read-only for an agency client', async () => {
    serve(false);
    render();
    expect(((await screen.findByRole('checkbox', { name: 'Assign get_order_status' })) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save tools' })).toBeNull();
  });
});
