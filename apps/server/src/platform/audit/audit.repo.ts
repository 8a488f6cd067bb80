import type { AuditChanges, AuditEntry } from '@atiende/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { auditLog } from './audit.schema.js';
import { NAME_TABLES, type NameTable, namesNeeded, readStoredChanges } from './stored.js';

export interface AuditRecord {
  actorUserId: number | null;
  entity: string;
  entityId: string | number;
  action: string;
  /** Built with `diffForAudit` or `auditFacts` (diff.ts): described fields only, in the format of contracts/audit.ts. */
  changes?: AuditChanges | null;
}

/** Where an older row's bare ids are named from (constants: never from input). */
const NAME_SOURCES: Record<NameTable, { table: string; column: string }> = {
  user: { table: 'users', column: 'name' },
  role: { table: 'roles', column: 'label' },
  channel: { table: 'channels', column: 'name' },
  campaign: { table: 'campaigns', column: 'name' },
  catalogue: { table: 'catalogue_entries', column: 'name' },
  form: { table: 'dynamic_forms', column: 'name' },
  'reusable-list': { table: 'reusable_lists', column: 'name' },
  attachment: { table: 'ticket_attachments', column: 'file_name' },
};

/** Current names of the records older rows mention by id: one query per kind of record. */
async function namesOf(db: Executor, wanted: { table: NameTable; id: number }[]) {
  const names = new Map<string, string>();
  for (const table of NAME_TABLES) {
    const ids = [...new Set(wanted.filter((entry) => entry.table === table).map((entry) => entry.id))];
    if (ids.length === 0) continue;
    const source = NAME_SOURCES[table];
    const result = await db.execute<{ id: string; name: string }>(sql`
      select id, ${sql.identifier(source.column)} as name from ${sql.identifier(source.table)}
      where id = any(${`{${ids.join(',')}}`}::bigint[])`);
    for (const row of result.rows) names.set(`${table}:${row.id}`, row.name);
  }
  return (table: NameTable, id: number) => names.get(`${table}:${id}`);
}

export const auditRepo = {
  /** Written in the caller's transaction, so a failed change leaves no audit row either. */
  async record(db: Executor, record: AuditRecord): Promise<void> {
    await db.insert(auditLog).values({
      actorUserId: record.actorUserId,
      entity: record.entity,
      entityId: String(record.entityId),
      action: record.action,
      changes: record.changes && Object.keys(record.changes).length > 0 ? record.changes : null,
    });
  },

  async list(db: Executor, entity: string, entityId: string | number, limit = 100): Promise<AuditEntry[]> {
    const result = await db.execute<{
      id: string;
      action: string;
      changes: unknown;
      actor_id: string | null;
      actor_name: string | null;
      created_at: Date;
    }>(sql`
      select a.id, a.action, a.changes, u.id as actor_id, u.name as actor_name, a.created_at
      from audit_log a left join users u on u.id = a.actor_user_id
      where a.entity = ${entity} and a.entity_id = ${String(entityId)}
      order by a.created_at desc, a.id desc
      limit ${limit}`);
    const names = await namesOf(
      db,
      result.rows.flatMap((row) => namesNeeded(entity, row.action, row.changes)),
    );
    return result.rows.map((row) => ({
      id: Number(row.id),
      entity,
      action: row.action,
      changes: readStoredChanges(entity, row.action, row.changes, names),
      actor: row.actor_id ? { id: Number(row.actor_id), nombre: row.actor_name ?? '' } : null,
      createdAt: new Date(row.created_at).toISOString(),
    }));
  },
};
