import { bigint, bigserial, customType, index, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The realtime event log: every event sent to a room is written here first, and its id is the sequence number
 * the client keeps. A client that reconnects asks for what came after its last sequence (see realtime.ts).
 * Pruned by age.
 */
export const realtimeEvents = pgTable(
  'realtime_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    room: varchar('room', { length: 120 }).notNull(),
    event: varchar('event', { length: 80 }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('realtime_events_room_idx').on(table.room, table.id),
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
