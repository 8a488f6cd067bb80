import {
  type ConditionGroup,
  RULE_PREVIEW_CAP,
  type RuleActionOutcome,
  type RuleExecutionStatus,
  type RuleTriggerEvent,
} from '@atiende/contracts';
import { and, asc, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { campaigns } from '../campaigns/campaigns.schema.js';
import { businessRuleExecutions, businessRules } from './automation.schema.js';
import { CONDITION_FROM, compileConditions } from './conditions.sql.js';
import { scopedListWhere } from './listing.js';

export type BusinessRuleRow = typeof businessRules.$inferSelect;
export type RuleExecutionRow = typeof businessRuleExecutions.$inferSelect;

export interface NamedRow {
  id: number;
  name: string;
}

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}::bigint`),
    sql`, `,
  );

export const automationRepo = {
  async insertRule(db: Executor, values: typeof businessRules.$inferInsert): Promise<BusinessRuleRow> {
    const [row] = await db.insert(businessRules).values(values).returning();
    return row;
  },

  async updateRule(
    db: Executor,
    id: number,
    values: Partial<typeof businessRules.$inferInsert>,
  ): Promise<BusinessRuleRow> {
    const [row] = await db
      .update(businessRules)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(businessRules.id, id))
      .returning();
    return row;
  },

  async deleteRule(db: Executor, id: number): Promise<void> {
    await db.delete(businessRules).where(eq(businessRules.id, id));
  },

  async findRule(db: Executor, id: number, lock = false): Promise<BusinessRuleRow | null> {
    const query = db.select().from(businessRules).where(eq(businessRules.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },

  /** A page of rules by id (keyset), within the campaigns given (all when null). */
  async listRules(
    db: Executor,
    filter: {
      campaignIds: readonly number[] | null;
      campaignId?: number;
      search?: string;
      after?: number;
      limit: number;
    },
  ): Promise<BusinessRuleRow[]> {
    const where = scopedListWhere(
      { campaign: businessRules.campaignId, name: businessRules.name, id: businessRules.id },
      filter,
    );
    if (where === false) return [];
    return db.select().from(businessRules).where(where).orderBy(asc(businessRules.id)).limit(filter.limit);
  },

  /** The enabled trigger rules of a campaign for one event, in their order (by id). */
  async triggerRules(db: Executor, campaignId: number, event: RuleTriggerEvent): Promise<BusinessRuleRow[]> {
    return db
      .select()
      .from(businessRules)
      .where(
        and(
          eq(businessRules.campaignId, campaignId),
          eq(businessRules.triggerEvent, event),
          eq(businessRules.enabled, true),
          eq(businessRules.kind, 'trigger'),
        ),
      )
      .orderBy(asc(businessRules.id));
  },

  /** Which events of which campaigns have enabled trigger rules: what the listeners look up for every event. */
  async triggerIndex(db: Executor): Promise<{ campaignId: number; event: string }[]> {
    const result = await db.execute<{ campaign_id: string; trigger_event: string }>(sql`
      select distinct campaign_id, trigger_event from business_rules
      where enabled and kind = 'trigger' and trigger_event is not null`);
    return result.rows.map((row) => ({ campaignId: Number(row.campaign_id), event: row.trigger_event }));
  },

  /** Automation rules due at `now`, locked for this pass (another node skips them). */
  async dueRules(db: Executor, now: Date, limit: number): Promise<BusinessRuleRow[]> {
    return db
      .select()
      .from(businessRules)
      .where(
        and(
          eq(businessRules.enabled, true),
          eq(businessRules.kind, 'automation'),
          sql`${businessRules.nextRunAt} <= ${now.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(asc(businessRules.nextRunAt))
      .limit(limit)
      .for('update', { skipLocked: true });
  },

  /**
   * Open tickets of the campaign that match the conditions as of `now` and this automation has not run on yet
   * (an automation fires once per ticket).
   */
  async scheduledMatches(
    db: Executor,
    rule: { id: number; campaignId: number; conditions: ConditionGroup },
    now: number,
    limit: number,
  ): Promise<number[]> {
    const result = await db.execute<{ id: string }>(sql`
      select t.id from ${CONDITION_FROM}
      where t.campaign_id = ${rule.campaignId} and t.status <> 4
        and not exists (select 1 from business_rule_executions x
          where x.rule_id = ${rule.id} and x.ticket_id = t.id and x.event_key = 'schedule')
        and ${compileConditions(rule.conditions, now)}
      order by t.id limit ${limit}`);
    return result.rows.map((row) => Number(row.id));
  },

  /** How many open tickets of the campaign match now, counted up to the cap. */
  async previewCount(db: Executor, campaignId: number, conditions: ConditionGroup, now: number): Promise<number> {
    const result = await db.execute<{ count: number }>(sql`
      select count(*)::int as count from (
        select 1 from ${CONDITION_FROM}
        where t.campaign_id = ${campaignId} and t.status <> 4 and ${compileConditions(conditions, now)}
        limit ${RULE_PREVIEW_CAP + 1}) matched`);
    return result.rows[0]?.count ?? 0;
  },

  async markScheduled(db: Executor, id: number, ranAt: Date, nextRunAt: Date): Promise<void> {
    await db.update(businessRules).set({ lastRunAt: ranAt, nextRunAt }).where(eq(businessRules.id, id));
  },

  async markRan(db: Executor, id: number, at: Date): Promise<void> {
    await db.update(businessRules).set({ lastRunAt: at }).where(eq(businessRules.id, id));
  },

  /** Starts an execution once: null when this rule already ran on this ticket for this event (a retried job). */
  async startExecution(
    db: Executor,
    values: { ruleId: number; ticketId: number; trigger: string; eventKey: string; actions: RuleActionOutcome[] },
  ): Promise<number | null> {
    const [row] = await db
      .insert(businessRuleExecutions)
      .values({ ...values, status: 'failed', detail: 'automation.executions.interrupted' })
      .onConflictDoNothing()
      .returning({ id: businessRuleExecutions.id });
    return row?.id ?? null;
  },

  async finishExecution(
    db: Executor,
    id: number,
    values: { status: RuleExecutionStatus; actions: RuleActionOutcome[]; detail: string | null },
  ): Promise<void> {
    await db.update(businessRuleExecutions).set(values).where(eq(businessRuleExecutions.id, id));
  },

  /** One action's outcome, written when it settles later (a webhook's delivery). */
  async setActionOutcome(db: Executor, id: number, index: number, outcome: RuleActionOutcome): Promise<void> {
    await db.execute(sql`
      update business_rule_executions
      set actions = jsonb_set(actions, ${`{${index}}`}::text[], ${JSON.stringify(outcome)}::jsonb),
        status = case when ${outcome.outcome} = 'failed' then 'failed' else status end
      where id = ${id}`);
  },

  async findExecution(db: Executor, id: number): Promise<RuleExecutionRow | null> {
    const [row] = await db.select().from(businessRuleExecutions).where(eq(businessRuleExecutions.id, id));
    return row ?? null;
  },

  /** Executions newest first (keyset `before`), of one rule or one ticket, with the rule's name and ticket number. */
  async executions(
    db: Executor,
    filter: { ruleId?: number; ticketId?: number; before?: number; limit: number },
  ): Promise<(RuleExecutionRow & { ruleName: string; ticketNumber: number })[]> {
    const where: SQL[] = [];
    if (filter.ruleId) where.push(eq(businessRuleExecutions.ruleId, filter.ruleId));
    if (filter.ticketId) where.push(eq(businessRuleExecutions.ticketId, filter.ticketId));
    if (filter.before) where.push(lt(businessRuleExecutions.id, filter.before));
    const rows = await db
      .select({
        execution: businessRuleExecutions,
        ruleName: businessRules.name,
        ticketNumber: sql<string>`(select number from tickets where id = ${businessRuleExecutions.ticketId})`,
      })
      .from(businessRuleExecutions)
      .innerJoin(businessRules, eq(businessRules.id, businessRuleExecutions.ruleId))
      .where(and(...where))
      .orderBy(desc(businessRuleExecutions.id))
      .limit(filter.limit);
    return rows.map((row) => ({ ...row.execution, ruleName: row.ruleName, ticketNumber: Number(row.ticketNumber) }));
  },

  async campaignNames(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: campaigns.id, name: campaigns.name })
      .from(campaigns)
      .where(inArray(campaigns.id, [...new Set(ids)]));
    return new Map(rows.map((row) => [row.id, row.name]));
  },

  /** Every campaign (administrators), or those the user works in as agent or supervisor. */
  async manageableCampaigns(db: Executor, userId: number | null): Promise<NamedRow[]> {
    const result = await db.execute<{ id: string; name: string }>(sql`
      select c.id, c.name from campaigns c
      where ${
        userId === null
          ? sql`true`
          : sql`(exists (select 1 from campaign_supervisors s where s.campaign_id = c.id and s.user_id = ${userId})
              or exists (select 1 from campaign_agent_channels a where a.campaign_id = c.id and a.user_id = ${userId}))`
      }
      order by c.name, c.id limit 2000`);
    return result.rows.map((row) => ({ id: Number(row.id), name: row.name }));
  },

  /** The people of a campaign: its agents and supervisors. */
  async campaignPeople(db: Executor, campaignId: number): Promise<NamedRow[]> {
    const result = await db.execute<{ id: string; name: string }>(sql`
      select u.id, u.name from users u
      where u.enabled and (
        exists (select 1 from campaign_agent_channels a where a.user_id = u.id and a.campaign_id = ${campaignId})
        or exists (select 1 from campaign_supervisors s where s.user_id = u.id and s.campaign_id = ${campaignId}))
      order by u.name, u.id limit 2000`);
    return result.rows.map((row) => ({ id: Number(row.id), name: row.name }));
  },

  async isCampaignAgent(db: Executor, campaignId: number, userId: number): Promise<boolean> {
    const result = await db.execute(sql`
      select 1 from users u where u.id = ${userId} and u.enabled and (
        exists (select 1 from campaign_agent_channels a where a.user_id = u.id and a.campaign_id = ${campaignId})
        or exists (select 1 from campaign_supervisors s where s.user_id = u.id and s.campaign_id = ${campaignId}))`);
    return result.rows.length > 0;
  },

  async campaignChannels(db: Executor, campaignId: number): Promise<NamedRow[]> {
    const result = await db.execute<{ id: string; name: string }>(sql`
      select ch.id, ch.name from channels ch
      join campaign_channels cc on cc.channel_id = ch.id and cc.campaign_id = ${campaignId}
      order by ch.name, ch.id`);
    return result.rows.map((row) => ({ id: Number(row.id), name: row.name }));
  },

  async catalogueOptions(db: Executor, model: 'tipo-caso' | 'customer-label' | 'skill'): Promise<NamedRow[]> {
    const result = await db.execute<{ id: string; name: string }>(sql`
      select id, name from catalogue_entries where model = ${model} order by name, id limit 1000`);
    return result.rows.map((row) => ({ id: Number(row.id), name: row.name }));
  },

  async catalogueExists(
    db: Executor,
    model: 'tipo-caso' | 'customer-label' | 'skill',
    ids: readonly number[],
  ): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const result = await db.execute<{ id: string }>(sql`
      select id from catalogue_entries where model = ${model} and id in (${idList(ids)})`);
    return new Set(result.rows.map((row) => Number(row.id)));
  },

  /** The campaign's dynamic form: its fields' keys, labels, types and options (list labels). */
  async campaignFormFields(
    db: Executor,
    campaignId: number,
  ): Promise<{ key: string; label: string; type: string; options: string[] }[]> {
    const result = await db.execute<{
      fields: { key: string; label: string; type: string; options?: { label: string }[] }[];
    }>(sql`
      select f.fields from campaigns c join dynamic_forms f on f.id = c.form_id where c.id = ${campaignId}`);
    const fields = result.rows[0]?.fields ?? [];
    return fields.map((field) => ({
      key: field.key,
      label: field.label,
      type: field.type,
      options: (field.options ?? []).map((option) => option.label),
    }));
  },

  /** The enabled message templates offered to the campaign (for any channel type). */
  async campaignTemplates(db: Executor, campaignId: number): Promise<NamedRow[]> {
    const result = await db.execute<{ id: string; name: string }>(sql`
      select t.id, t.name from message_templates t
      where t.enabled and (t.all_campaigns or exists (select 1 from message_template_campaigns mtc
        where mtc.template_id = t.id and mtc.campaign_id = ${campaignId}))
      order by t.name, t.id limit 1000`);
    return result.rows.map((row) => ({ id: Number(row.id), name: row.name }));
  },

  async addCustomerLabel(db: Executor, ticketId: number, labelId: number): Promise<boolean> {
    const result = await db.execute(sql`
      insert into customer_labels (customer_id, label_id)
      select customer_id, ${labelId} from tickets where id = ${ticketId}
      on conflict do nothing`);
    return (result.rowCount ?? 0) > 0;
  },

  async ticketSummary(
    db: Executor,
    ticketId: number,
  ): Promise<{
    id: number;
    number: number;
    campaignId: number;
    channelId: number | null;
    customerName: string;
  } | null> {
    const result = await db.execute<{
      id: string;
      number: string;
      campaign_id: string;
      channel_id: string | null;
      customer: string;
    }>(sql`
      select t.id, t.number, t.campaign_id, t.channel_id, trim(cu.first_name || ' ' || cu.last_name) as customer
      from tickets t join customers cu on cu.id = t.customer_id where t.id = ${ticketId}`);
    const row = result.rows[0];
    return row
      ? {
          id: Number(row.id),
          number: Number(row.number),
          campaignId: Number(row.campaign_id),
          channelId: row.channel_id === null ? null : Number(row.channel_id),
          customerName: row.customer,
        }
      : null;
  },
};
