import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from './db/client.js';

export interface LoggedEvent {
  seq: number;
  event: string;
  payload: Record<string, unknown>;
}

export interface EventLog {
  /** Writes the event and resolves with its sequence number (appends are batched per tick, in call order). */
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

/**
 * The PostgreSQL event log behind sequenced realtime. Appends made in the same tick go in one INSERT (ids follow
 * the VALUES order), which keeps a burst of events cheap and their order intact.
 */
export function createEventLog(db: Database, logger: Logger): EventLog {
  let queue: Pending[] = [];
  let scheduled = false;
  let flushing: Promise<void> = Promise.resolve();

  const flush = async (batch: Pending[]) => {
    try {
      const values = sql.join(
        batch.map((item) => sql`(${item.room}, ${item.event}, ${JSON.stringify(item.payload)}::jsonb)`),
        sql`, `,
      );
      const result = await db.execute<{ id: string }>(
        sql`insert into realtime_events (room, event, payload) values ${values} returning id`,
      );
      for (const [index, item] of batch.entries()) item.resolve(Number(result.rows[index]?.id));
    } catch (error) {
      for (const item of batch) item.reject(error);
    }
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
        if (scheduled) return;
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          const batch = queue;
          queue = [];
          // Batches are written one after another so sequence order follows call order within the process.
          flushing = flushing.then(() => flush(batch));
        });
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
      await flushing;
    },
  };
}
