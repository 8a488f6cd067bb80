import type { AuditEntry } from '@atiende/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { auditLog } from './audit.schema.js';

export interface AuditRecord {
  actorUserId: number | null;
  entity: string;
  entityId: string | number;
  action: string;
  changes?: Record<string, unknown> | null;
}

/** Fields that never go into the audit log, whatever the entity. */
const SECRET_FIELDS = new Set(['password', 'password_confirmation', 'passwordHash', 'secret', 'secretHash', 'token']);

/** The changed fields between two snapshots (only what differs), without secrets. */
export function diffForAudit(
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, value] of Object.entries(after)) {
    if (SECRET_FIELDS.has(key)) continue;
    const previous = before?.[key];
    if (JSON.stringify(previous ?? null) !== JSON.stringify(value ?? null))
      changes[key] = { from: previous ?? null, to: value ?? null };
  }
  return changes;
}

export const auditRepo = {
  /** Written in the caller's transaction, so a failed change leaves no audit row either. */
  async record(db: Executor, record: AuditRecord): Promise<void> {
    await db.insert(auditLog).values({
      actorUserId: record.actorUserId,
      entity: record.entity,
      entityId: String(record.entityId),
      action: record.action,
      changes: record.changes ?? null,
    });
  },

  async list(db: Executor, entity: string, entityId: string | number, limit = 100): Promise<AuditEntry[]> {
    const result = await db.execute<{
      id: string;
      action: string;
      changes: Record<string, unknown> | null;
      actor_id: string | null;
      actor_name: string | null;
      created_at: Date;
    }>(sql`
      select a.id, a.action, a.changes, u.id as actor_id, u.name as actor_name, a.created_at
      from audit_log a left join users u on u.id = a.actor_user_id
      where a.entity = ${entity} and a.entity_id = ${String(entityId)}
      order by a.created_at desc, a.id desc
      limit ${limit}`);
    return result.rows.map((row) => ({
      id: Number(row.id),
      action: row.action,
      changes: row.changes,
      actor: row.actor_id ? { id: Number(row.actor_id), nombre: row.actor_name ?? '' } : null,
      createdAt: new Date(row.created_at).toISOString(),
    }));
  },
};
