import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  customType,
  index,
  jsonb,
  pgSequence,
  pgTable,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * How many sequence numbers one `nextval` of `realtime_event_blocks` reserves: each process hands out the numbers of
 * its blocks itself, without a round trip per event (event-log.ts).
 */
export const EVENT_SEQ_BLOCK = 1000;

/** The start of the next block of realtime sequence numbers; used for nothing else. */
export const realtimeEventBlocks = pgSequence('realtime_event_blocks', { increment: EVENT_SEQ_BLOCK, startWith: 1 });

/**
 * The realtime event log: every event sent to a room is written here (just after it is emitted), its id being the
 * sequence number the client gets and `created_at` the time the event carries (`at`). Ids come from blocks reserved
 * per process, so they increase within one process but not across processes: a client that reconnects asks for
 * what came after the newest time it saw (see event-log.ts). Pruned by age.
 */
export const realtimeEvents = pgTable(
  'realtime_events',
  {
    // Written by the log; the default (a whole block for one row, so it meets no process's numbers) is for other
    // writers, such as a node of the previous version during a rolling upgrade.
    id: bigint('id', { mode: 'number' }).primaryKey().default(sql`nextval('realtime_event_blocks')`),
    room: varchar('room', { length: 120 }).notNull(),
    event: varchar('event', { length: 80 }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Replay reads a socket's rooms from a time on.
    index('realtime_events_room_idx').on(table.room, table.createdAt),
    index('realtime_events_created_idx').on(table.createdAt),
  ],
);

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * Realtime fan-out through PostgreSQL (`@socket.io/postgres-adapter`, used when there is no REDIS_URL): a broadcast
 * larger than a NOTIFY payload is stored here and the other nodes read it by id. The adapter deletes rows older than
 * 30 seconds. The table's shape is the adapter's.
 */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial('id', { mode: 'number' }).unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
  payload: bytea('payload'),
});
