import type { ApiCredentialItem } from '@atiende/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../platform/db/client.js';
import { roles, users } from '../users/users.schema.js';
import { apiCredentials } from './credentials.schema.js';

const creator = alias(users, 'creator');

function selectView(db: Executor) {
  return db
    .select({
      credential: apiCredentials,
      roleName: roles.name,
      roleLabel: roles.label,
      creatorName: creator.name,
    })
    .from(apiCredentials)
    .innerJoin(roles, eq(roles.id, apiCredentials.roleId))
    .leftJoin(creator, eq(creator.id, apiCredentials.createdBy));
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof selectView>['execute']>>[number];

function toItem(row: ViewRow): ApiCredentialItem {
  const { credential } = row;
  return {
    id: credential.id,
    client_id: credential.clientId,
    name: credential.name,
    role: { id: credential.roleId, name: row.roleName, label: row.roleLabel },
    createdAt: credential.createdAt.toISOString(),
    createdBy: credential.createdBy ? { id: credential.createdBy, nombre: row.creatorName ?? '' } : null,
    lastUsedAt: credential.lastUsedAt?.toISOString() ?? null,
    revokedAt: credential.revokedAt?.toISOString() ?? null,
  };
}

export const credentialsRepo = {
  async list(db: Executor): Promise<ApiCredentialItem[]> {
    const rows = await selectView(db).orderBy(desc(apiCredentials.createdAt)).limit(500);
    return rows.map(toItem);
  },

  async find(db: Executor, id: number): Promise<ApiCredentialItem | null> {
    const [row] = await selectView(db).where(eq(apiCredentials.id, id));
    return row ? toItem(row) : null;
  },

  async insert(db: Executor, values: typeof apiCredentials.$inferInsert): Promise<number> {
    const [row] = await db.insert(apiCredentials).values(values).returning({ id: apiCredentials.id });
    return row.id;
  },

  async lock(db: Executor, id: number) {
    const [row] = await db.select().from(apiCredentials).where(eq(apiCredentials.id, id)).for('update');
    return row ?? null;
  },

  async findByClientId(db: Executor, clientId: string) {
    const [row] = await db.select().from(apiCredentials).where(eq(apiCredentials.clientId, clientId));
    return row ?? null;
  },

  async markRevoked(db: Executor, id: number): Promise<void> {
    await db.update(apiCredentials).set({ revokedAt: new Date() }).where(eq(apiCredentials.id, id));
  },

  async touch(db: Executor, id: number): Promise<void> {
    await db.update(apiCredentials).set({ lastUsedAt: sql`now()` }).where(eq(apiCredentials.id, id));
  },
};
