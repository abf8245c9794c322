import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { backgroundTaskFunction } from './background-queue';

const schema = z.object({ eventId: z.string().min(1) });

/** A dispatched task as the queue hands it to the function. */
const dispatched = (data: unknown) => ({ data, queueName: 'q', id: 't1', retryCount: 0, executionCount: 0 }) as never;

describe('backgroundTaskFunction', () => {
  it('runs a task that parses, with its parsed data', async () => {
    const ran: unknown[] = [];
    const fn = backgroundTaskFunction({}, schema, 'test', async (task) => { ran.push(task); });
    await fn.run(dispatched({ eventId: 'e1', extra: 'dropped by the schema' }));
    expect(ran).toEqual([{ eventId: 'e1' }]);
  });

  it('drops a malformed task (answers 2xx, so the queue never retries it) without running it', async () => {
    const ran: unknown[] = [];
    const fn = backgroundTaskFunction({}, schema, 'test', async (task) => { ran.push(task); });
    await expect(fn.run(dispatched({ eventId: '' }))).resolves.toBeUndefined();
    expect(ran).toEqual([]);
  });

  it('lets a failing run fail, so the queue retries it', async () => {
    const fn = backgroundTaskFunction({}, schema, 'test', async () => { throw new Error('provider down'); });
    await expect(fn.run(dispatched({ eventId: 'e2' }))).rejects.toThrow('provider down');
  });
});
