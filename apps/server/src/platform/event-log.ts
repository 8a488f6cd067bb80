import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from './db/client.js';
import { EVENT_SEQ_BLOCK } from './events.schema.js';

/** What a sequenced event carries besides its payload: its sequence number and its time (ms epoch). */
export interface Stamp {
  seq: number;
  at: number;
}

export interface LoggedEvent extends Stamp {
  event: string;
  payload: Record<string, unknown>;
}

/**
 * Where a reconnecting client left off: the newest time it saw (`lastAt`), and the sequence it got with it. A client
 * of the previous version sends `lastSeq` alone.
 */
export interface ResumePoint {
  lastSeq?: number;
  lastAt?: number;
}

export interface EventLog {
  /**
   * Stamps the event with its sequence number and time and queues its write (batched, in the background; a failed
   * write is logged, never thrown). Synchronous while this process holds reserved numbers, which it reserves ahead;
   * otherwise a promise that waits for a block, rejected when none can be had (the database is unreachable).
   */
  append(room: string, event: string, payload: object): Stamp | Promise<Stamp>;
  /**
   * What these rooms got from a little before the resume point on (the client drops what it already has), or 'gap'
   * when that cannot be told exactly (pruned, unknown, or too much). Waits for this process's writes in flight.
   */
  since(rooms: readonly string[], from: ResumePoint): Promise<LoggedEvent[] | 'gap'>;
  close(): Promise<void>;
}

/** Events are kept this long; a client away for longer reloads its lists. */
export const EVENT_RETENTION_MINUTES = 15;
/** A reconnecting client that missed more than this reloads instead of replaying. */
const MAX_REPLAY = 1000;
/**
 * Replay starts this long before the client's newest time: other nodes' clocks may be a little behind this one's,
 * and an event stamped just before the client's newest may have been delivered after it (or not at all).
 */
const REPLAY_OVERLAP_MS = 2000;
/** Blocks reserved ahead cover about this long at the current rate (at least one block, at most MAX_BLOCKS). */
const RESERVE_AHEAD_MS = 2000;
const MAX_BLOCKS = 100;
/** After a failed reservation, the next one ahead of need waits this long (one with nobody waiting for it). */
const RESERVE_RETRY_MS = 1000;

/** How long a replay waits at most for this process's writes in flight. */
const WRITTEN_WAIT_MS = 5000;

/** At most this many events in one INSERT (five parameters each, far below PostgreSQL's 65,535). */
const MAX_BATCH = 2000;

/** Where appends are written: a query runner whose commits need not wait for the disk (see createEventLogWriter). */
export interface EventLogWriter {
  query<R>(text: string, values: unknown[]): Promise<{ rows: R[] }>;
  end(): Promise<void>;
}

/**
 * A small pool of its own for appends, with `synchronous_commit = off`: an append is visible to every node at once
 * but its commit does not wait for the WAL flush. A database crash may lose the last fraction of a second of the
 * log; the rows the events describe are committed durably by their own transactions, and a client that misses an
 * event after such a crash is told to reload (`resync`). Without it each append waited for a disk flush.
 */
export function createEventLogWriter(connectionString: string): EventLogWriter {
  const pool = new pg.Pool({ connectionString, max: 2, options: '-c synchronous_commit=off' });
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  return pool;
}

interface Row extends Stamp {
  room: string;
  event: string;
  payload: object;
}

interface Waiting {
  room: string;
  event: string;
  payload: object;
  resolve(stamp: Stamp): void;
  reject(error: unknown): void;
}

/**
 * The PostgreSQL event log behind sequenced realtime. Events are emitted before they are written: sequence numbers
 * come from blocks of EVENT_SEQ_BLOCK this process reserves ahead (`realtime_event_blocks`), handed out in call
 * order, so they increase within the process and not across processes; replay is therefore anchored in time.
 * Everything appended while a write is in flight goes in the next single INSERT, so the batch grows with the load.
 */
export function createEventLog(db: Database, logger: Logger, writer?: EventLogWriter): EventLog {
  const runner: Pick<EventLogWriter, 'query'> = writer ?? db.$client;

  /** Reserved numbers not handed out yet, in increasing order: [next, end) of each block. */
  const blocks: { next: number; end: number }[] = [];
  let available = 0;
  let reserving = false;
  let reservation: Promise<void> = Promise.resolve();
  let lastReserved = 0;
  let reserveFailedAt = 0;
  /** Numbers handed out since the last reservation started, to size the next one by the rate. */
  let takenSince = 0;
  let reserveStartedAt = Date.now();
  /** Appends waiting for a block, in call order (a later append never overtakes them). */
  let waiting: Waiting[] = [];
  let lastAt = 0;
  let closing = false;

  let queue: Row[] = [];
  /** The running writer loop, if any: it drains the queue batch after batch, then stops. */
  let writing: Promise<void> | null = null;
  /** Events queued for writing, and those whose write has ended (landed or failed), since the start. */
  let queued = 0;
  let settled = 0;
  let barriers: { upTo: number; resolve(): void }[] = [];

  /** Enough blocks for RESERVE_AHEAD_MS at the rate since the last reservation, measured over a second at least. */
  const blocksWanted = () => {
    const perMs = takenSince / Math.max(1000, Date.now() - reserveStartedAt);
    return Math.min(MAX_BLOCKS, Math.max(1, Math.ceil((perMs * RESERVE_AHEAD_MS) / EVENT_SEQ_BLOCK)));
  };

  const reserve = () => {
    if (reserving || closing) return;
    reserving = true;
    reservation = reserveBlocks();
  };

  const reserveBlocks = async () => {
    const count = blocksWanted();
    takenSince = 0;
    reserveStartedAt = Date.now();
    let starts: number[];
    try {
      const result = await runner.query<{ start: string }>(
        `select nextval('realtime_event_blocks')::text as start from generate_series(1, $1::int)`,
        [count],
      );
      starts = result.rows.map((row) => Number(row.start)).sort((a, b) => a - b);
    } catch (error) {
      reserving = false;
      reserveFailedAt = Date.now();
      logger.warn({ err: error }, 'realtime sequence numbers could not be reserved');
      const failed = waiting;
      waiting = [];
      for (const item of failed) item.reject(error);
      return;
    }
    reserving = false;
    // The sequence only grows: these blocks are above every number this process handed out.
    for (const start of starts) blocks.push({ next: start, end: start + EVENT_SEQ_BLOCK });
    available += starts.length * EVENT_SEQ_BLOCK;
    lastReserved = starts.length * EVENT_SEQ_BLOCK;
    // Those that waited get numbers in the order they came; more than this reservation held wait for the next one.
    while (waiting.length > 0 && available > 0) {
      const item = waiting.shift() as Waiting;
      item.resolve(take(item));
    }
    if (waiting.length > 0) reserve();
  };

  const take = (item: { room: string; event: string; payload: object }): Stamp => {
    const block = blocks[0];
    const seq = block.next;
    block.next += 1;
    if (block.next === block.end) blocks.shift();
    available -= 1;
    takenSince += 1;
    // Never earlier than the previous event of this process, even if the clock steps back.
    lastAt = Math.max(lastAt, Date.now());
    const row: Row = { seq, at: lastAt, room: item.room, event: item.event, payload: item.payload };
    queue.push(row);
    queued += 1;
    writing ??= drain();
    if (available <= lastReserved / 2 && (available === 0 || Date.now() - reserveFailedAt >= RESERVE_RETRY_MS)) {
      reserve();
    }
    return { seq, at: row.at };
  };

  const insert = async (batch: Row[]) => {
    const params: unknown[] = [];
    const rows = batch.map((row, index) => {
      params.push(row.seq, row.room, row.event, JSON.stringify(row.payload), new Date(row.at).toISOString());
      const n = index * 5;
      return `($${n + 1}, $${n + 2}, $${n + 3}, $${n + 4}::jsonb, $${n + 5}::timestamptz)`;
    });
    await runner.query(
      `insert into realtime_events (id, room, event, payload, created_at) values ${rows.join(', ')}`,
      params,
    );
  };

  const flush = async (batch: Row[]) => {
    try {
      await insert(batch);
    } catch (error) {
      // Already emitted: only a client that reconnects and needed these misses them (or reloads, if its anchor).
      logger.error({ err: error, events: batch.length }, 'realtime events could not be logged');
    }
    settled += batch.length;
    const due = barriers.filter((barrier) => barrier.upTo <= settled);
    barriers = barriers.filter((barrier) => barrier.upTo > settled);
    for (const barrier of due) barrier.resolve();
  };

  const drain = async () => {
    // What one tick appended joins the first batch; later arrivals wait only for the write in flight.
    await new Promise((resolve) => setImmediate(resolve));
    while (queue.length > 0) {
      const batch = queue.slice(0, MAX_BATCH);
      queue = queue.slice(batch.length);
      await flush(batch);
    }
    writing = null;
  };

  /**
   * Resolves once every event queued so far has been written (or has failed to be), or after WRITTEN_WAIT_MS: a
   * write that hangs must not hold every reconnecting client's replay.
   */
  const written = (): Promise<void> => {
    const upTo = queued;
    if (settled >= upTo) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, WRITTEN_WAIT_MS);
      timer.unref();
      barriers.push({
        upTo,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  };

  /** The time a replay starts from (before the overlap), or 'gap'. */
  const anchorOf = async (from: ResumePoint): Promise<number | 'gap'> => {
    if (from.lastAt !== undefined) {
      if (!Number.isFinite(from.lastAt)) return 'gap';
      // A client's time from the future (a node's clock far ahead) would skip what comes next.
      return Math.min(from.lastAt, Date.now());
    }
    // A client of the previous version: the time of the event it last saw, if it is still kept.
    if (!Number.isSafeInteger(from.lastSeq)) return 'gap';
    const anchor = await db.execute<{ at: number }>(
      sql`select floor(extract(epoch from created_at) * 1000)::float8 as at from realtime_events where id = ${from.lastSeq}`,
    );
    return anchor.rows[0]?.at ?? 'gap';
  };

  const prune = setInterval(() => {
    db.execute(
      sql`delete from realtime_events where created_at < now() - make_interval(mins => ${EVENT_RETENTION_MINUTES})`,
    ).catch((error: unknown) => logger.warn({ err: error }, 'realtime event pruning failed'));
  }, 60_000);
  prune.unref();

  reserve();

  return {
    append(room, event, payload) {
      if (available > 0 && waiting.length === 0) return take({ room, event, payload });
      return new Promise<Stamp>((resolve, reject) => {
        if (closing) {
          reject(new Error('the event log is closed'));
          return;
        }
        waiting.push({ room, event, payload, resolve, reject });
        reserve();
      });
    },
    async since(rooms, from) {
      // An event this process emitted before the client asked may still be on its way to the table.
      await written();
      const anchor = await anchorOf(from);
      if (anchor === 'gap' || anchor < Date.now() - EVENT_RETENTION_MINUTES * 60_000) return 'gap';
      if (rooms.length === 0) return [];
      const roomList = sql.join(
        rooms.map((room) => sql`${room}`),
        sql`, `,
      );
      const result = await db.execute<{ id: string; at: number; event: string; payload: Record<string, unknown> }>(sql`
        select id, floor(extract(epoch from created_at) * 1000)::float8 as at, event, payload from realtime_events
        where room in (${roomList})
          and created_at >= ${new Date(anchor - REPLAY_OVERLAP_MS).toISOString()}::timestamptz
        order by created_at, id
        limit ${MAX_REPLAY + 1}`);
      if (result.rows.length > MAX_REPLAY) return 'gap';
      return result.rows.map((row) => ({
        seq: Number(row.id),
        at: Number(row.at),
        event: row.event,
        payload: row.payload,
      }));
    },
    async close() {
      closing = true;
      clearInterval(prune);
      await reservation;
      const stranded = waiting;
      waiting = [];
      for (const item of stranded) item.reject(new Error('the event log is closed'));
      while (writing) await writing;
      await writer?.end();
    },
  };
}
