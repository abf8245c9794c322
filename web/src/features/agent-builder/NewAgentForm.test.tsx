import { fireEvent, screen, waitFor } from '@testing-library/react';
import { agentsApi } from '@parley/core';
import { describe, expect, it } from 'vitest';
import { answer, answerCallables, CallableRefusal } from '../../test/callables';
import { renderWithProviders } from '../../test/render';
import { NewAgentForm } from './NewAgentForm';

/** convertAgentTemplateToAgent as the functions answer it: a new agent named as asked, nodes as the template says. */
function createAgents() {
  answerCallables({
    convertAgentTemplateToAgent: answer(agentsApi.convertAgentTemplateToAgent, ({ agentName, agentTemplate }) => {
      const key = typeof agentTemplate === 'string' ? agentTemplate : agentTemplate.key;
      return { agentCreated: agentsApi.newAgentSchema.parse({ ID: 'NEWAGENT00000001', ownerID: 'owner1', title: agentName, enableNodes: key === 'game-npc' }) };
    }),
  });
}

function renderForm(signedIn = true) {
  return renderWithProviders(<NewAgentForm region="na" signedIn={signedIn} />, { route: '/app/na/agents', path: '/app/na/agents' });
}

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
    createAgents();
    renderForm();
    fireEvent.change(screen.getByLabelText('Agent name'), { target: { value: 'Support bot' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Customer Support' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'Current path' }).textContent).toBe('/app/na/agents/NEWAGENT00000001/overview?showDebugger=true'));
    expect(await screen.findByText('Agent created successfully, redirecting...')).toBeTruthy();
  });

  /** Creates an agent named X from `template` while the functions refuse with "quota reached". */
  function createRefused(template?: string) {
    answerCallables({
      convertAgentTemplateToAgent: () => {
        throw new CallableRefusal('functions/resource-exhausted', 'quota reached');
      },
    });
    renderForm();
    fireEvent.change(screen.getByLabelText('Agent name'), { target: { value: 'X' } });
    if (template) fireEvent.click(screen.getByRole('radio', { name: template }));
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
  }

  it('shows a template\'s failure as "Error: {message}"', async () => {
    createRefused('Customer Support');
    expect(await screen.findByText('Error: quota reached')).toBeTruthy();
  });

  it('shows a failure without a template (the blank one) as "Error creating agent, {error}"', async () => {
    createRefused();
    expect(await screen.findByText('Error creating agent, quota reached')).toBeTruthy();
  });

  it('asks signed-out users to log in', () => {
    renderForm(false);
    expect(screen.getByText('You must be logged in to create an agent')).toBeTruthy();
  });
});
