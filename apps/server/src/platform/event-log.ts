import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from './db/client.js';

export interface LoggedEvent {
  seq: number;
  event: string;
  payload: Record<string, unknown>;
}

export interface EventLog {
  /** Writes the event and resolves with its sequence number (appends are batched, in call order). */
  append(room: string, event: string, payload: object): Promise<number>;
  /** What these rooms got after `lastSeq`, or 'gap' when that cannot be told exactly (pruned, or too much). */
  since(rooms: readonly string[], lastSeq: number): Promise<LoggedEvent[] | 'gap'>;
  close(): Promise<void>;
}

/** Events are kept this long; a client away for longer reloads its lists. */
export const EVENT_RETENTION_MINUTES = 15;
/** A reconnecting client that missed more than this reloads instead of replaying. */
const MAX_REPLAY = 1000;
/**
 * Sequence numbers come from an identity column: two processes may commit them slightly out of order, so the
 * replay also resends what was written just before `lastSeq`; clients drop sequences they already saw.
 */
const REPLAY_OVERLAP_SECONDS = 2;

interface Pending {
  room: string;
  event: string;
  payload: object;
  resolve(seq: number): void;
  reject(error: unknown): void;
}

/** At most this many events in one INSERT (three parameters each, far below PostgreSQL's 65,535). */
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

/**
 * The PostgreSQL event log behind sequenced realtime. Everything appended while a write is in flight goes in the
 * next single INSERT (ids follow the VALUES order), so the batch grows with the load instead of each tick waiting
 * for the previous commit, and the order of appends is the order of sequence numbers within the process.
 */
export function createEventLog(db: Database, logger: Logger, writer?: EventLogWriter): EventLog {
  let queue: Pending[] = [];
  /** The running writer loop, if any: it drains the queue batch after batch, then stops. */
  let writing: Promise<void> | null = null;

  const insert = async (batch: Pending[]): Promise<number[]> => {
    if (writer) {
      const params: unknown[] = [];
      const rows = batch.map((item, index) => {
        params.push(item.room, item.event, JSON.stringify(item.payload));
        return `($${index * 3 + 1}, $${index * 3 + 2}, $${index * 3 + 3}::jsonb)`;
      });
      const result = await writer.query<{ id: string }>(
        `insert into realtime_events (room, event, payload) values ${rows.join(', ')} returning id`,
        params,
      );
      return result.rows.map((row) => Number(row.id));
    }
    const values = sql.join(
      batch.map((item) => sql`(${item.room}, ${item.event}, ${JSON.stringify(item.payload)}::jsonb)`),
      sql`, `,
    );
    const result = await db.execute<{ id: string }>(
      sql`insert into realtime_events (room, event, payload) values ${values} returning id`,
    );
    return result.rows.map((row) => Number(row.id));
  };

  const flush = async (batch: Pending[]) => {
    try {
      const ids = await insert(batch);
      for (const [index, item] of batch.entries()) item.resolve(ids[index]);
    } catch (error) {
      for (const item of batch) item.reject(error);
    }
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

  const prune = setInterval(() => {
    db.execute(
      sql`delete from realtime_events where created_at < now() - make_interval(mins => ${EVENT_RETENTION_MINUTES})`,
    ).catch((error: unknown) => logger.warn({ err: error }, 'realtime event pruning failed'));
  }, 60_000);
  prune.unref();

  return {
    append(room, event, payload) {
      return new Promise<number>((resolve, reject) => {
        queue.push({ room, event, payload, resolve, reject });
        writing ??= drain();
      });
    },
    async since(rooms, lastSeq) {
      const anchor = await db.execute<{ created_at: Date }>(
        sql`select created_at from realtime_events where id = ${lastSeq}`,
      );
      const anchorAt = anchor.rows[0]?.created_at;
      if (!anchorAt) {
        // Either pruned or never written by this installation: only a reload is exact.
        const newest = await db.execute<{ id: string }>(sql`select max(id) as id from realtime_events`);
        return Number(newest.rows[0]?.id ?? 0) > lastSeq ? 'gap' : [];
      }
      const roomList = sql.join(
        rooms.map((room) => sql`${room}`),
        sql`, `,
      );
      const result = await db.execute<{ id: string; event: string; payload: Record<string, unknown> }>(sql`
        select id, event, payload from realtime_events
        where room in (${roomList})
          and (id > ${lastSeq} or created_at >= ${anchorAt}::timestamptz - make_interval(secs => ${REPLAY_OVERLAP_SECONDS}))
          and id <> ${lastSeq}
        order by id
        limit ${MAX_REPLAY + 1}`);
      if (result.rows.length > MAX_REPLAY) return 'gap';
      return result.rows.map((row) => ({ seq: Number(row.id), event: row.event, payload: row.payload }));
    },
    async close() {
      clearInterval(prune);
      await writing;
      await writer?.end();
    },
  };
}
