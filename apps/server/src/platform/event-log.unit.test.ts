import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { REALTIME_EVENTS } from '@atiende/contracts';
import { io as connectClient } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import type { Database } from './db/client.js';
import { createEventLog, type EventLogWriter, type Stamp } from './event-log.js';
import { EVENT_SEQ_BLOCK } from './events.schema.js';
import { createLogger } from './logger.js';
import { attachRealtime } from './realtime.js';

interface Insert {
  ids: number[];
  rooms: string[];
  times: string[];
}

/**
 * A writer standing in for PostgreSQL: `nextval` of the block sequence gives the next block (or the starts given,
 * as when other processes take blocks in between), and each INSERT is recorded. Reservations and INSERTs can be
 * held until released, or made to fail.
 */
function fakeWriter(options: { starts?: number[] } = {}) {
  const starts = [...(options.starts ?? [])];
  let nextStart = 1;
  const reservations: number[] = [];
  const inserts: Insert[] = [];
  const heldInserts: (() => void)[] = [];
  const heldReservations: (() => void)[] = [];
  const state = { holdInserts: false, holdReservations: false, failInserts: 0, failReservations: 0 };
  const writer: EventLogWriter = {
    async query<R>(text: string, values: unknown[]) {
      if (text.startsWith('select nextval')) {
        const count = Number(values[0]);
        reservations.push(count);
        if (state.holdReservations) await new Promise<void>((resolve) => heldReservations.push(resolve));
        if (state.failReservations > 0) {
          state.failReservations -= 1;
          throw new Error('connect ECONNREFUSED');
        }
        return {
          rows: Array.from({ length: count }, () => {
            const start = starts.shift() ?? nextStart;
            nextStart = start + EVENT_SEQ_BLOCK;
            return { start: String(start) } as R;
          }),
        };
      }
      expect(text).toMatch(/^insert into realtime_events \(id, room, event, payload, created_at\) values/);
      const rows = Array.from({ length: values.length / 5 }, (_, index) => values.slice(index * 5, index * 5 + 5));
      inserts.push({
        ids: rows.map((row) => Number(row[0])),
        rooms: rows.map((row) => String(row[1])),
        times: rows.map((row) => String(row[4])),
      });
      if (state.holdInserts) await new Promise<void>((resolve) => heldInserts.push(resolve));
      if (state.failInserts > 0) {
        state.failInserts -= 1;
        throw new Error('connection lost');
      }
      return { rows: [] };
    },
    async end() {},
  };
  const releaseOne = async (held: (() => void)[]) => {
    while (held.length === 0) await tick();
    held.shift()?.();
    await tick();
  };
  return {
    writer,
    state,
    reservations,
    inserts,
    releaseInsert: () => releaseOne(heldInserts),
    releaseReservation: () => releaseOne(heldReservations),
    releaseAll() {
      state.holdInserts = false;
      state.holdReservations = false;
      for (const release of [...heldInserts.splice(0), ...heldReservations.splice(0)]) release();
    },
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** A logger whose lines the test reads. */
function capturingLogger() {
  const lines: { level: number; msg: string; events?: number }[] = [];
  const logger = createLogger('warn', { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

const log = (writer: EventLogWriter, logger = createLogger('silent')) => createEventLog({} as Database, logger, writer);

/** A log whose first block has been reserved (it reserves one as it starts). */
async function ready(writer: EventLogWriter, logger = createLogger('silent')) {
  const events = log(writer, logger);
  await tick();
  return events;
}

const isStamp = (value: Stamp | Promise<Stamp>): value is Stamp => !(value instanceof Promise);

describe('the realtime event log', () => {
  it('stamps an event at once, before its INSERT has even been sent', async () => {
    const fake = fakeWriter();
    fake.state.holdInserts = true;
    const events = await ready(fake.writer);
    const before = Date.now();
    const stamp = events.append('room-a', 'e', { n: 1 });
    expect(isStamp(stamp)).toBe(true);
    expect(stamp).toEqual({ seq: 1, at: expect.any(Number) });
    expect((stamp as Stamp).at).toBeGreaterThanOrEqual(before);
    expect(fake.inserts).toEqual([]);
    await tick();
    // The row carries the number and the time the event was emitted with.
    expect(fake.inserts).toEqual([
      { ids: [1], rooms: ['room-a'], times: [new Date((stamp as Stamp).at).toISOString()] },
    ]);
    fake.releaseAll();
    await events.close();
  });

  it('puts everything appended while a write is in flight into the next single INSERT, in call order', async () => {
    const fake = fakeWriter();
    fake.state.holdInserts = true;
    const events = await ready(fake.writer);
    const first = events.append('room-a', 'e', { n: 0 }) as Stamp;
    // Appends over several later ticks, while the first INSERT has not committed.
    const later: Stamp[] = [];
    for (let round = 0; round < 5; round++) {
      await tick();
      for (let n = 0; n < 20; n++) later.push(events.append(`room-${n % 3}`, 'e', { round, n }) as Stamp);
    }
    await fake.releaseInsert();
    await fake.releaseInsert();
    expect(fake.inserts.map((insert) => insert.ids.length)).toEqual([1, 100]);
    expect(fake.inserts[0].ids).toEqual([first.seq]);
    expect(fake.inserts[1].ids).toEqual(later.map((stamp) => stamp.seq));
    fake.releaseAll();
    await events.close();
  });

  it('hands out strictly increasing ids across blocks, though other processes took the blocks in between', async () => {
    // This process gets every third block: the others went to two other processes.
    const fake = fakeWriter({ starts: [1, 3001, 6001, 9001] });
    const events = await ready(fake.writer);
    const stamps: Stamp[] = [];
    for (let n = 0; n < 2500; n++) {
      const stamp = events.append('room', 'e', { n });
      stamps.push(isStamp(stamp) ? stamp : await stamp);
      if (n % 100 === 0) await tick();
    }
    const seqs = stamps.map((stamp) => stamp.seq);
    expect(seqs.slice(0, 3)).toEqual([1, 2, 3]);
    expect(seqs[1000]).toBe(3001);
    expect(seqs[2000]).toBe(6001);
    expect(seqs.every((seq, index) => index === 0 || seq > seqs[index - 1])).toBe(true);
    // Times never go back within a process either.
    expect(stamps.every((stamp, index) => index === 0 || stamp.at >= stamps[index - 1].at)).toBe(true);
    await events.close();
    expect(fake.inserts.flatMap((insert) => insert.ids)).toEqual(seqs);
  });

  it('reserves the next block before the current one runs out, so appends never wait in steady state', async () => {
    const fake = fakeWriter();
    const events = await ready(fake.writer);
    expect(fake.reservations).toEqual([1]);
    fake.state.holdReservations = true;
    const stamps: (Stamp | Promise<Stamp>)[] = [];
    for (let n = 0; n < EVENT_SEQ_BLOCK / 2; n++) stamps.push(events.append('room', 'e', { n }));
    // Half the block is gone: the next reservation is asked for while numbers remain.
    expect(fake.reservations).toEqual([1, 1]);
    for (let n = 0; n < EVENT_SEQ_BLOCK / 2; n++) stamps.push(events.append('room', 'e', { n }));
    expect(stamps.every(isStamp)).toBe(true);
    // The block is used up and the reservation has not come back: the next append waits for it (and only then).
    const waited = events.append('room', 'e', { n: 'late' });
    expect(isStamp(waited)).toBe(false);
    await fake.releaseReservation();
    expect(await waited).toMatchObject({ seq: EVENT_SEQ_BLOCK + 1 });
    fake.state.holdReservations = false;
    await events.close();
  });

  it('reserves more blocks at a time when events come faster', async () => {
    const fake = fakeWriter();
    const events = await ready(fake.writer);
    // Within a second: each reservation covers twice what was taken since the previous one started.
    for (let n = 0; n < 20 * EVENT_SEQ_BLOCK; n++) {
      const stamp = events.append('room', 'e', { n });
      if (!isStamp(stamp)) await stamp;
      if (n % 250 === 0) await tick();
    }
    expect(fake.reservations.length).toBeLessThan(10);
    expect(Math.max(...fake.reservations)).toBeGreaterThan(1);
    await events.close();
  });

  it('keeps the call order of appends that wait for a block', async () => {
    const fake = fakeWriter();
    fake.state.holdReservations = true;
    const events = log(fake.writer);
    const waiting = [events.append('a', 'e', {}), events.append('b', 'e', {}), events.append('c', 'e', {})];
    expect(waiting.some(isStamp)).toBe(false);
    await fake.releaseReservation();
    const stamps = await Promise.all(waiting);
    expect(stamps.map((stamp) => stamp.seq)).toEqual([1, 2, 3]);
    await events.close();
  });

  it('refuses a number only when there is none left and none can be reserved', async () => {
    const fake = fakeWriter();
    // The reservation the log starts with fails, and the append waiting for it with it.
    fake.state.failReservations = 1;
    const { logger, lines } = capturingLogger();
    const events = log(fake.writer, logger);
    await expect(events.append('room', 'e', {})).rejects.toThrow('ECONNREFUSED');
    expect(lines.some((line) => line.msg === 'realtime sequence numbers could not be reserved')).toBe(true);
    // The database is back: the next append reserves again.
    const stamp = events.append('room', 'e', {});
    expect(await stamp).toMatchObject({ seq: 1 });
    await events.close();
  });

  it('logs a failed write and carries on: nothing is thrown, the next events are written', async () => {
    const fake = fakeWriter();
    fake.state.failInserts = 1;
    const { logger, lines } = capturingLogger();
    const events = await ready(fake.writer, logger);
    const lost = events.append('room', 'e', { n: 1 });
    expect(isStamp(lost)).toBe(true);
    await tick();
    await tick();
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 50, msg: 'realtime events could not be logged', events: 1 }),
    );
    const kept = events.append('room', 'e', { n: 2 }) as Stamp;
    await events.close();
    expect(fake.inserts.map((insert) => insert.ids)).toEqual([[(lost as Stamp).seq], [kept.seq]]);
  });

  it('writes what is pending before it closes', async () => {
    const fake = fakeWriter();
    fake.state.holdInserts = true;
    const events = await ready(fake.writer);
    for (let n = 0; n < 10; n++) events.append('room', 'e', { n });
    const closing = events.close();
    await fake.releaseInsert();
    await closing;
    expect(fake.inserts.flatMap((insert) => insert.ids)).toHaveLength(10);
  });
});

describe('sequenced realtime over the log', () => {
  it('emits the event with its seq and time while its INSERT has not returned', async () => {
    const fake = fakeWriter();
    // The INSERT never answers (until the end of the test, to let the log close).
    fake.state.holdInserts = true;
    const logger = createLogger('silent');
    const server = http.createServer();
    const realtime = await attachRealtime({
      server,
      logger,
      eventLog: await ready(fake.writer),
      resolveIdentity: async () => ({ userId: 7, sessionId: 'session-7' }),
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = connectClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, {
      auth: { token: 'token' },
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('connect_error', reject);
    });
    const heard = new Promise<unknown>((resolve) => client.once(REALTIME_EVENTS.ticketExit, resolve));
    const before = Date.now();
    await realtime.toUser(7, REALTIME_EVENTS.ticketExit, { casoId: 4 });
    expect(await heard).toEqual({ casoId: 4, seq: 1, at: expect.any(Number) });
    expect(((await heard) as Stamp).at).toBeGreaterThanOrEqual(before);
    expect(fake.inserts.map((insert) => insert.ids)).toEqual([[1]]);
    client.close();
    fake.releaseAll();
    await realtime.close();
    await new Promise((resolve) => server.close(resolve));
  });
});
