/* eslint-disable @typescript-eslint/no-explicit-any -- recorded callable inputs are inspected loosely */
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls: Array<{ name: string; input: any }> = [];
let reply: () => Promise<unknown> = async () => ({ agentCreated: { ID: 'NEWAGENT00000001', enableNodes: false } });
vi.mock('../../lib/functions', () => ({
  callFunction: (name: string, input: unknown) => {
    calls.push({ name, input });
    return reply();
  },
}));

const { NewAgentForm } = await import('./NewAgentForm');

function renderForm(signedIn = true) {
  return render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/app/na/agents']}>
          <Routes>
            <Route path="/app/na/agents" element={<NewAgentForm region="na" signedIn={signedIn} />} />
            <Route path="/app/na/agents/:id/overview" element={<p>Widget page</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

beforeEach(() => {
  calls.length = 0;
});

describe('New Agent drawer', () => {
  it('keeps Create disabled without a name and tells why', () => {
    renderForm();
    expect((screen.getByRole('button', { name: 'Create' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Please provide a name for the agent.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Agent name'), { target: { value: 'Acme' } });
    expect((screen.getByRole('button', { name: 'Create' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('selects Blank Template by default and filters templates by tab', () => {
    renderForm();
    expect(screen.getByRole('radio', { name: 'Blank Template' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getAllByRole('radio')).toHaveLength(7);
    fireEvent.click(screen.getByRole('tab', { name: 'Entertainment' }));
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('aria-label'))).toEqual(['Game NPC']);
  });

  it('converts the chosen template and lands on the widget page with the debugger open', async () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('Agent name'), { target: { value: 'Support bot' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Customer Support' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.getByText('Widget page')).toBeTruthy());
    expect(calls[0]?.name).toBe('convertAgentTemplateToAgent');
    expect(calls[0]?.input).toMatchObject({ agentName: 'Support bot', region: 'na', agentTemplate: { key: 'customer-support' } });
    expect(await screen.findByText('Agent created successfully, redirecting...')).toBeTruthy();
  });

  it('shows the server error as "Error: {message}"', async () => {
    reply = async () => {
      throw new Error('quota reached');
    };
    renderForm();
    fireEvent.change(screen.getByLabelText('Agent name'), { target: { value: 'X' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Error: quota reached')).toBeTruthy();
  });

  it('asks signed-out users to log in', () => {
    renderForm(false);
    expect(screen.getByText('You must be logged in to create an agent')).toBeTruthy();
  });
});
