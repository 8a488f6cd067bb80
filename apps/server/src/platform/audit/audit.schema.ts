import { bigint, index, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Who changed what and when, for every administrative and case change. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorUserId: bigint('actor_user_id', { mode: 'number' }),
    entity: varchar('entity', { length: 60 }).notNull(),
    entityId: varchar('entity_id', { length: 60 }).notNull(),
    action: varchar('action', { length: 60 }).notNull(),
    changes: jsonb('changes').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('audit_log_entity_idx').on(table.entity, table.entityId, table.createdAt)],
);
