import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { campaigns } from '../campaigns/campaigns.schema.js';
import { channels } from '../channels/channels.schema.js';
import { tickets } from '../tickets/tickets.schema.js';
import { users } from '../users/users.schema.js';

/**
 * The installation's telephony: one row. `secret` signs the softphones' time-limited SIP and TURN credentials (it
 * never leaves the server but in the daemons' own configuration files); `heartbeatAt` is renewed by the node that
 * runs the daemons, so every node can tell whether calls can be made.
 */
export const voiceSettings = pgTable(
  'voice_settings',
  {
    id: smallint('id').primaryKey().default(1),
    secret: varchar('secret', { length: 64 }).notNull(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('voice_settings_single_row', sql`${table.id} = 1`)],
);

/**
 * One call of the telephony channel (docs/voice.md): the customer's number and the channel's, the ticket and the
 * timeline message it was recorded as, who answered, and its outcome. Offers to agents that were not answered stay
 * in `offers`, so a missed offer is recorded for the agent who let it ring.
 */
export const voiceCalls = pgTable(
  'voice_calls',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** inbound (a customer called a channel's number) or outbound. */
    direction: varchar('direction', { length: 8 }).notNull(),
    /** The SIP Call-ID of the customer's leg: a call is recorded once. */
    sipCallId: varchar('sip_call_id', { length: 200 }).notNull(),
    channelId: bigint('channel_id', { mode: 'number' })
      .notNull()
      .references(() => channels.id),
    campaignId: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => campaigns.id),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.id),
    messageId: bigint('message_id', { mode: 'number' }).notNull(),
    customerNumber: varchar('customer_number', { length: 64 }).notNull(),
    channelNumber: varchar('channel_number', { length: 64 }).notNull(),
    /** waiting, ringing, connected; then completed, abandoned (the caller hung up first), missed or failed. */
    status: varchar('status', { length: 12 }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    offers: jsonb('offers').$type<CallOffer[]>().notNull().default([]),
    /** customer, agent or system (a node stopped, the wait ran out). */
    endedBy: varchar('ended_by', { length: 8 }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Seconds talking with the agent (answered to ended). */
    durationSeconds: integer('duration_seconds'),
    /** Seconds from the call's start until an agent answered or the caller left. */
    waitSeconds: integer('wait_seconds'),
  },
  (table) => [
    uniqueIndex('voice_calls_sip_call_idx').on(table.sipCallId),
    index('voice_calls_ticket_idx').on(table.ticketId),
    index('voice_calls_message_idx').on(table.messageId),
    index('voice_calls_campaign_started_idx').on(table.campaignId, table.startedAt),
    index('voice_calls_user_started_idx').on(table.userId, table.startedAt),
    index('voice_calls_live_idx').on(table.status).where(sql`${table.endedAt} is null`),
  ],
);

/** An agent a call was offered to, and how that ended. */
export interface CallOffer {
  userId: number;
  at: string;
  result: 'answered' | 'no-answer' | 'rejected';
}

/**
 * The code an agent types on a desk phone after dialling 2600 (docs/voice.md): one per user, its HMAC under the
 * installation's voice secret (the plain code is shown once, never stored), valid for a few minutes. Codes in force
 * are distinct, so the digits name one agent.
 */
export const voiceExtensionCodes = pgTable(
  'voice_extension_codes',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('voice_extension_codes_hash_idx').on(table.codeHash)],
);
