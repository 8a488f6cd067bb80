import type { BusinessHours } from '@atiende/contracts';
import { and, asc, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { slaRecords, slaRules, ticketSla } from './automation.schema.js';
import { scopedListWhere } from './listing.js';

export type SlaRuleRow = typeof slaRules.$inferSelect;
export type TicketSlaRow = typeof ticketSla.$inferSelect;
export type SlaRecordRow = typeof slaRecords.$inferSelect;

/** What a ticket's SLA is computed from. */
export interface SlaTicket {
  id: number;
  number: number;
  campaignId: number;
  status: number;
  priority: number;
  assignedUserId: number | null;
  createdAt: Date;
  firstResponseAt: Date | null;
  businessHours: BusinessHours | null;
  /** The customer's first message after the last agent reply (null: nobody waiting). */
  waitingSince: Date | null;
}

export const slaRepo = {
  async insertRule(db: Executor, values: typeof slaRules.$inferInsert): Promise<SlaRuleRow> {
    const [row] = await db.insert(slaRules).values(values).returning();
    return row;
  },

  async updateRule(db: Executor, id: number, values: Partial<typeof slaRules.$inferInsert>): Promise<SlaRuleRow> {
    const [row] = await db
      .update(slaRules)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(slaRules.id, id))
      .returning();
    return row;
  },

  async deleteRule(db: Executor, id: number): Promise<void> {
    await db.delete(slaRules).where(eq(slaRules.id, id));
  },

  async findRule(db: Executor, id: number, lock = false): Promise<SlaRuleRow | null> {
    const query = db.select().from(slaRules).where(eq(slaRules.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },

  async listRules(
    db: Executor,
    filter: {
      campaignIds: readonly number[] | null;
      campaignId?: number;
      search?: string;
      after?: number;
      limit: number;
    },
  ): Promise<SlaRuleRow[]> {
    const where = scopedListWhere({ campaign: slaRules.campaignId, name: slaRules.name, id: slaRules.id }, filter);
    if (where === false) return [];
    return db.select().from(slaRules).where(where).orderBy(asc(slaRules.id)).limit(filter.limit);
  },

  /** The campaign's enabled SLA rules, in their order (a ticket follows the first it matches). */
  async campaignRules(db: Executor, campaignId: number): Promise<SlaRuleRow[]> {
    return db
      .select()
      .from(slaRules)
      .where(and(eq(slaRules.campaignId, campaignId), eq(slaRules.enabled, true)))
      .orderBy(asc(slaRules.id));
  },

  /** The campaigns with enabled SLA rules: what the listener looks up per event. */
  async campaignsWithRules(db: Executor): Promise<number[]> {
    const result = await db.execute<{ campaign_id: string }>(
      sql`select distinct campaign_id from sla_rules where enabled`,
    );
    return result.rows.map((row) => Number(row.campaign_id));
  },

  async ticket(db: Executor, ticketId: number): Promise<SlaTicket | null> {
    const result = await db.execute<{
      id: string;
      number: string;
      campaign_id: string;
      status: number;
      priority: number;
      assigned_user_id: string | null;
      created_at: Date;
      first_response_at: Date | null;
      business_hours: BusinessHours | null;
      waiting_since: Date | null;
    }>(sql`
      select t.id, t.number, t.campaign_id, t.status, t.priority, t.assigned_user_id, t.created_at,
        t.first_response_at, ch.business_hours,
        (select min(m.created_at) from messages m where m.ticket_id = t.id and m.direction = 0
           and m.created_at > coalesce((select max(o.created_at) from messages o
             where o.ticket_id = t.id and o.direction = 1), '-infinity'::timestamptz)) as waiting_since
      from tickets t left join channels ch on ch.id = t.channel_id
      where t.id = ${ticketId}`);
    const row = result.rows[0];
    if (!row) return null;
    const asDate = (value: Date | string | null) => (value === null ? null : new Date(value));
    return {
      id: Number(row.id),
      number: Number(row.number),
      campaignId: Number(row.campaign_id),
      status: Number(row.status),
      priority: Number(row.priority),
      assignedUserId: row.assigned_user_id === null ? null : Number(row.assigned_user_id),
      createdAt: new Date(row.created_at),
      firstResponseAt: asDate(row.first_response_at),
      businessHours: row.business_hours,
      waitingSince: asDate(row.waiting_since),
    };
  },

  async findTicketSla(db: Executor, ticketId: number, lock = false): Promise<TicketSlaRow | null> {
    const query = db.select().from(ticketSla).where(eq(ticketSla.ticketId, ticketId));
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },

  async upsertTicketSla(db: Executor, values: typeof ticketSla.$inferInsert): Promise<void> {
    const { ticketId, ...rest } = values;
    await db
      .insert(ticketSla)
      .values(values)
      .onConflictDoUpdate({ target: ticketSla.ticketId, set: { ...rest, updatedAt: new Date() } });
  },

  async deleteTicketSla(db: Executor, ticketId: number): Promise<void> {
    await db.delete(ticketSla).where(eq(ticketSla.ticketId, ticketId));
  },

  /** Tickets whose next warning or deadline has come, locked for this pass (another node skips them). */
  async dueChecks(db: Executor, now: Date, limit: number): Promise<TicketSlaRow[]> {
    return db
      .select()
      .from(ticketSla)
      .where(sql`${ticketSla.nextCheckAt} <= ${now.toISOString()}::timestamptz`)
      .orderBy(asc(ticketSla.nextCheckAt))
      .limit(limit)
      .for('update', { skipLocked: true });
  },

  /** A breach, once per ticket, metric and deadline: false when it was already recorded. */
  async insertRecord(db: Executor, values: typeof slaRecords.$inferInsert): Promise<boolean> {
    const rows = await db.insert(slaRecords).values(values).onConflictDoNothing().returning({ id: slaRecords.id });
    return rows.length > 0;
  },

  async ticketRecords(db: Executor, ticketId: number): Promise<SlaRecordRow[]> {
    return db.select().from(slaRecords).where(eq(slaRecords.ticketId, ticketId)).orderBy(asc(slaRecords.id));
  },

  async records(
    db: Executor,
    filter: { ruleId: number; before?: number; limit: number },
  ): Promise<(SlaRecordRow & { ruleName: string; ticketNumber: number })[]> {
    const where: SQL[] = [eq(slaRecords.ruleId, filter.ruleId)];
    if (filter.before) where.push(lt(slaRecords.id, filter.before));
    const rows = await db
      .select({
        record: slaRecords,
        ruleName: slaRules.name,
        ticketNumber: sql<string>`(select number from tickets where id = ${slaRecords.ticketId})`,
      })
      .from(slaRecords)
      .innerJoin(slaRules, eq(slaRules.id, slaRecords.ruleId))
      .where(and(...where))
      .orderBy(desc(slaRecords.id))
      .limit(filter.limit);
    return rows.map((row) => ({ ...row.record, ruleName: row.ruleName, ticketNumber: Number(row.ticketNumber) }));
  },
};
