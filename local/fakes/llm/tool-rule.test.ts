import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start } from './index';
import { answerFromResults, plannedCalls, type OfferedFunction } from './tool-rule';

const orderStatus: OfferedFunction = {
  type: 'function',
  function: { name: 'get_order_status', parameters: { properties: { order_id: { type: 'string' } }, required: ['order_id'] } },
};
const slots: OfferedFunction = {
  type: 'function',
  function: { name: 'appointment_slots', parameters: { properties: { date: { type: 'string' }, count: { type: 'number' } } } },
};

/** A flow's transition, as the runtime offers it: the next steps as `anyOf` choices described by their conditions. */
const goToStep: OfferedFunction = {
  type: 'function',
  function: {
    name: 'go_to_step',
    parameters: {
      properties: {
        step: { type: 'string', anyOf: [{ const: 'confirm', description: 'confirm: when the visitor gave a date' }, { const: 'bye', description: 'Goodbye: when the visitor wants to cancel' }] },
      },
      required: ['step'],
    },
  },
};

describe('the tool-call rule', () => {
  it('calls the function a name word of which the message mentions, with arguments from the message', () => {
    expect(plannedCalls([orderStatus, slots], 'where is order 1234?')).toEqual([{ name: 'get_order_status', arguments: '{"order_id":"1234"}' }]);
    expect(plannedCalls([orderStatus, slots], 'Any appointments on 2026-12-01?')).toEqual([{ name: 'appointment_slots', arguments: '{"date":"2026-12-01","count":2026}' }]);
    expect(plannedCalls([orderStatus], 'hello there')).toEqual([]);
  });

  it('takes the path whose condition the message speaks of, never by the function\'s name or a common word', () => {
    expect(plannedCalls([goToStep], 'The date is 2026-12-03.')).toEqual([{ name: 'go_to_step', arguments: '{"step":"confirm"}' }]);
    expect(plannedCalls([goToStep], 'Please cancel it')).toEqual([{ name: 'go_to_step', arguments: '{"step":"bye"}' }]);
    expect(plannedCalls([goToStep], 'Which step is this, and when?')).toEqual([]);
  });

  it('sends [raw-args …] exactly as written', () => {
    expect(plannedCalls([orderStatus], 'order [raw-args {"order_id":42}]')).toEqual([{ name: 'get_order_status', arguments: '{"order_id":42}' }]);
  });

  it('answers with the results, or says the lookup failed', () => {
    expect(answerFromResults(['{"status":"shipped"}'])).toBe('Here is what I found: {"status":"shipped"}');
    expect(answerFromResults(['Error: The address did not answer in time.'])).toBe('Sorry, I could not look that up. Error: The address did not answer in time.');
  });
});

describe('the LLM stand-in with functions', () => {
  let fake: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    fake = await start({ port: 0 });
  });
  afterAll(() => fake.stop());
  const post = (body: unknown) =>
    fetch(`${fake.url}/v1/chat/completions`, { method: 'POST', headers: { authorization: 'Bearer sk-test' }, body: JSON.stringify(body) }).then((r) => r.json() as Promise<{ choices: Array<{ message: Record<string, unknown>; finish_reason: string }> }>);

  it('asks for the call, then answers from its result', async () => {
    const first = await post({ model: 'm', tools: [orderStatus], messages: [{ role: 'user', content: 'where is order 1234?' }] });
    expect(first.choices[0]!.finish_reason).toBe('tool_calls');
    const calls = first.choices[0]!.message.tool_calls as Array<{ id: string; function: { name: string; arguments: string } }>;
    expect(calls[0]!.function).toEqual({ name: 'get_order_status', arguments: '{"order_id":"1234"}' });
    const second = await post({
      model: 'm', tools: [orderStatus],
      messages: [{ role: 'user', content: 'where is order 1234?' }, { role: 'assistant', content: null, tool_calls: calls }, { role: 'tool', tool_call_id: calls[0]!.id, content: 'Order 1234 shipped.' }],
    });
    expect(second.choices[0]!.message.content).toBe('Here is what I found: Order 1234 shipped.');
  });

  it('after a transition answers the same message in the new step, calling its functions', async () => {
    const moved = [
      { role: 'system', content: 'Be kind.\n\n<step name="confirm">\nRead the date back.\n</step>' },
      { role: 'user', content: 'The date is 2026-12-03, any appointments?' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'go_to_step', arguments: '{"step":"confirm"}' } }] },
      { role: 'tool', tool_call_id: 'c1', content: 'Moved to the step "confirm".' },
    ];
    const next = await post({ model: 'm', tools: [slots, goToStep], messages: moved });
    const calls = next.choices[0]!.message.tool_calls as Array<{ function: { name: string } }>;
    expect(calls.map((c) => c.function.name)).toEqual(['appointment_slots', 'go_to_step']);
    const written = await post({ model: 'm', tools: [goToStep], tool_choice: 'none', messages: moved });
    expect(written.choices[0]!.message.content).toBe('[confirm] You asked: "The date is 2026-12-03, any appointments?". I have no context on that.');
  });

  it('writes an answer when told not to call (tool_choice none)', async () => {
    const res = await post({ model: 'm', tools: [orderStatus], tool_choice: 'none', messages: [{ role: 'user', content: 'where is order 1234?' }] });
    expect(res.choices[0]!.finish_reason).toBe('stop');
  });
});
