import { describe, expect, it } from 'vitest';
import type { JobName, JobPayloads } from './job-map.js';
import type { Jobs } from './jobs.js';

/**
 * The job map (job-map.ts) at the type level: `npm run typecheck` compiles this file, and each `@ts-expect-error`
 * fails the build the day a producer may queue a job its worker does not expect. At run time a recording stand-in
 * takes the calls.
 */
function recorder() {
  const sent: { queue: JobName; data: unknown }[] = [];
  const jobs = {
    send: async <Q extends JobName>(queue: Q, data: JobPayloads[Q]) => {
      sent.push({ queue, data });
    },
  } satisfies Partial<Jobs>;
  return { jobs, sent };
}

describe('the job map', () => {
  it('accepts a listed queue with its payload', async () => {
    const { jobs, sent } = recorder();
    await jobs.send('messages.send', { messageId: 3 });
    await jobs.send('customers.import', { importId: 2, locale: 'en' });
    expect(sent.map((entry) => entry.queue)).toEqual(['messages.send', 'customers.import']);
  });

  it('refuses, at compile time, an unknown queue or a payload its worker does not take', async () => {
    const { jobs, sent } = recorder();
    // @ts-expect-error: a queue the map does not list
    await jobs.send('messages.sent', { messageId: 3 });
    // @ts-expect-error: the payload of another queue
    await jobs.send('messages.send', { importId: 2, locale: 'en' });
    // @ts-expect-error: a locale the product does not have
    await jobs.send('customers.import', { importId: 2, locale: 'fr' });
    expect(sent).toHaveLength(3);
  });
});
