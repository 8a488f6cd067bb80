import { describe, expect, it } from 'vitest';
import type { Database } from './db/client.js';
import { createEventLog, type EventLogWriter } from './event-log.js';
import { createLogger } from './logger.js';

/** A writer that hands out identity-like ids and holds each INSERT until `release` is called. */
function slowWriter() {
  let nextId = 1;
  const inserts: number[] = [];
  const waiting: (() => void)[] = [];
  const writer: EventLogWriter = {
    async query<R>(text: string, values: unknown[]) {
      const rows = values.length / 3;
      inserts.push(rows);
      expect(text).toMatch(/^insert into realtime_events/);
      await new Promise<void>((resolve) => waiting.push(resolve));
      return { rows: Array.from({ length: rows }, () => ({ id: String(nextId++) }) as R) };
    },
    async end() {},
  };
  const release = async () => {
    while (waiting.length === 0) await new Promise((resolve) => setImmediate(resolve));
    waiting.shift()?.();
  };
  return { writer, inserts, release };
}

const log = (writer: EventLogWriter) => createEventLog({} as Database, createLogger('silent'), writer);

describe('the realtime event log', () => {
  it('puts everything appended while a write is in flight into the next single INSERT, in call order', async () => {
    const { writer, inserts, release } = slowWriter();
    const events = log(writer);
    const first = events.append('room-a', 'e', { n: 0 });
    // Appends over several later ticks, while the first INSERT has not committed.
    const later: Promise<number>[] = [];
    for (let tick = 0; tick < 5; tick++) {
      await new Promise((resolve) => setImmediate(resolve));
      for (let n = 0; n < 20; n++) later.push(events.append(`room-${n % 3}`, 'e', { tick, n }));
    }
    await release();
    expect(await first).toBe(1);
    await release();
    const seqs = await Promise.all(later);
    expect(inserts).toEqual([1, 100]);
    expect(seqs).toEqual(Array.from({ length: 100 }, (_, index) => index + 2));
    await events.close();
  });

  it('fails only the batch whose INSERT failed; the next append is written again', async () => {
    let calls = 0;
    const writer: EventLogWriter = {
      async query<R>(_text: string, values: unknown[]) {
        calls += 1;
        if (calls === 1) throw new Error('connection lost');
        return { rows: Array.from({ length: values.length / 3 }, (_, index) => ({ id: String(100 + index) }) as R) };
      },
      async end() {},
    };
    const events = log(writer);
    await expect(events.append('room', 'e', {})).rejects.toThrow('connection lost');
    expect(await events.append('room', 'e', {})).toBe(100);
    await events.close();
  });
});
