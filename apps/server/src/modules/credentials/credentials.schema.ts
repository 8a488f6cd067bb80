import { bigint, index, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { roles, users } from '../users/users.schema.js';

/**
 * An OAuth2 client-credentials client. Its tokens are sessions of a hidden integration user that holds the
 * credential's role, so integration calls pass through the same permission checks and audit as people's.
 */
export const apiCredentials = pgTable(
  'api_credentials',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    clientId: varchar('client_id', { length: 64 }).notNull(),
    name: varchar('name', { length: 120 }).notNull(),
    secretHash: varchar('secret_hash', { length: 200 }).notNull(),
    roleId: bigint('role_id', { mode: 'number' })
      .notNull()
      .references(() => roles.id),
    integrationUserId: bigint('integration_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('api_credentials_client_unique').on(table.clientId),
    index('api_credentials_created_idx').on(table.createdAt),
  ],
);
