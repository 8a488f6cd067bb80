import type { DialerAccountStatus, DialerOutcome, DialerStatus } from '@atiende/contracts';
import { and, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { type AudienceSpec, audienceFrom } from '../automation/audience.sql.js';
import { dialers } from './dialers.schema.js';

export type DialerRow = typeof dialers.$inferSelect;

/** A contact value's digits (any formatting dropped). */
const digitsOf = (value: SQL) => sql`regexp_replace(coalesce(${value}, ''), '[^0-9]', '', 'g')`;
/**
 * A dialable number: 7 to 15 digits, not starting with 0 (E.164's length; the value's own `+`, spaces and dashes do
 * not count). A number saved without its country code is dialled as written.
 */
const dialable = (value: SQL) => sql`${digitsOf(value)} ~ '^[1-9][0-9]{6,14}$'`;
/** E.164: `+` and the digits. */
const e164 = (value: SQL) => sql`'+' || ${digitsOf(value)}`;

const STATUSES: readonly DialerAccountStatus[] = ['new', 'executed', 'success', 'failed'];
const COUNTER_COLUMN: Record<DialerAccountStatus, string> = {
  new: 'accounts_new',
  executed: 'accounts_executed',
  success: 'accounts_success',
  failed: 'accounts_failed',
};

/**
 * A change of accounts with the dialer's counters moved in the same statement: `change` is a data-modifying query
 * returning `dialer_id`, `before` and `after` (statuses). Answers how many accounts changed.
 */
function countedChange(change: SQL) {
  const sums = STATUSES.map(
    (status) =>
      sql`count(*) filter (where after = ${status}) - count(*) filter (where before = ${status}) as ${sql.identifier(status)}`,
  );
  const sets = STATUSES.map(
    (status) =>
      sql`${sql.identifier(COUNTER_COLUMN[status])} = d.${sql.identifier(COUNTER_COLUMN[status])} + x.${sql.identifier(status)}`,
  );
  return sql`with changed as (${change}),
    counted as (
      update dialers d set ${sql.join(sets, sql`, `)}
      from (select dialer_id, ${sql.join(sums, sql`, `)} from changed group by dialer_id) x
      where d.id = x.dialer_id
      returning 1
    )
    select count(*)::int as changed from changed`;
}

/** Which accounts a restart or a repeat puts back to new. */
export type DialerReset = 'all' | 'notSuccessful' | 'failed';

export const dialersRepo = {
  async insert(db: Executor, values: typeof dialers.$inferInsert): Promise<DialerRow> {
    const [row] = await db.insert(dialers).values(values).returning();
    return row;
  },

  async find(db: Executor, id: number, options: { lock?: boolean } = {}): Promise<DialerRow | null> {
    const query = db.select().from(dialers).where(eq(dialers.id, id));
    const [row] = options.lock ? await query.for('update') : await query;
    return row ?? null;
  },

  async update(db: Executor, id: number, values: Partial<typeof dialers.$inferInsert>): Promise<DialerRow> {
    const [row] = await db
      .update(dialers)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(dialers.id, id))
      .returning();
    return row;
  },

  /** Newest first, keyset by id; `userId` null: every campaign, else the campaigns the user works in. */
  async list(
    db: Executor,
    filter: { userId: number | null; status?: DialerStatus; campaignId?: number; after?: number; limit: number },
  ): Promise<DialerRow[]> {
    const where = [
      filter.after ? lt(dialers.id, filter.after) : undefined,
      filter.status ? eq(dialers.status, filter.status) : undefined,
      filter.campaignId ? eq(dialers.campaignId, filter.campaignId) : undefined,
      filter.userId === null
        ? undefined
        : sql`(exists (select 1 from campaign_supervisors s where s.campaign_id = ${dialers.campaignId} and s.user_id = ${filter.userId})
            or exists (select 1 from campaign_agent_channels a where a.campaign_id = ${dialers.campaignId} and a.user_id = ${filter.userId}))`,
    ].filter(Boolean);
    return db
      .select()
      .from(dialers)
      .where(and(...where))
      .orderBy(desc(dialers.id))
      .limit(filter.limit);
  },

  /** How many phones the audience would call now (one per phone), and its customers without a dialable phone. */
  async audienceCounts(db: Executor, spec: AudienceSpec): Promise<{ accounts: number; withoutPhone: number }> {
    const value = sql`c.value`;
    const result = await db.execute<{ accounts: string; without_phone: string }>(sql`
      select
        count(distinct ${e164(value)}) filter (where ${dialable(value)}) as accounts,
        count(*) filter (where not ${dialable(value)}) as without_phone
      from ${audienceFrom(spec, { contact: 'optional' })}`);
    const row = result.rows[0];
    return { accounts: Number(row?.accounts ?? 0), withoutPhone: Number(row?.without_phone ?? 0) };
  },

  /** A page of the audience's accounts with a phone by customer id (the form's list to select from). */
  async audiencePage(db: Executor, spec: AudienceSpec, page: { searchText?: string; after?: number; limit: number }) {
    // The selection is what is being chosen here: the page lists every matching account.
    const listed = { ...spec, accounts: { ...spec.accounts, sendTo: 'all' as const } };
    const search = page.searchText?.trim().toLowerCase();
    const value = sql`c.value`;
    const result = await db.execute<{
      id: string;
      first_name: string;
      last_name: string;
      identification_number: string;
      phone: string;
    }>(sql`
      select cu.id, cu.first_name, cu.last_name, cu.identification_number, ${e164(value)} as phone
      from ${audienceFrom(listed, { contact: 'required' })}
        and ${dialable(value)}
        ${page.after ? sql`and cu.id > ${page.after}` : sql``}
        ${search ? sql`and cu.search_text like ${`%${search.replace(/[\\%_]/g, '\\$&')}%`}` : sql``}
      order by cu.id limit ${page.limit}`);
    return result.rows.map((row) => ({
      customerId: Number(row.id),
      name: `${row.first_name} ${row.last_name}`.trim(),
      identificationNumber: row.identification_number,
      phone: row.phone,
    }));
  },

  /**
   * The dialer's accounts, chosen in one statement (INSERT ... SELECT over the audience, whatever its size): one
   * per dialable phone, new with no tries, and its counters. Returns how many.
   */
  async materialize(db: Executor, dialerId: number, spec: AudienceSpec): Promise<number> {
    const value = sql`c.value`;
    const result = await db.execute<{ added: number }>(sql`
      with inserted as (
        insert into dialer_accounts (dialer_id, customer_id, phone, status, attempts)
        select ${dialerId}, cu.id, ${e164(value)}, 'new', 0
        from ${audienceFrom(spec, { contact: 'required' })}
          and ${dialable(value)}
        order by cu.id
        on conflict (dialer_id, phone) do nothing
        returning 1
      ),
      added as (select count(*)::int as n from inserted)
      update dialers set accounts_total = accounts_total + added.n, accounts_new = accounts_new + added.n
      from added where dialers.id = ${dialerId}
      returning added.n as added`);
    return Number(result.rows[0]?.added ?? 0);
  },

  /** Removes every account (and its attempts) of a dialer never started, with its counters. */
  async clearAccounts(db: Executor, dialerId: number): Promise<void> {
    await db.execute(sql`delete from dialer_accounts where dialer_id = ${dialerId}`);
    await db.execute(sql`update dialers set accounts_total = 0, accounts_new = 0, accounts_executed = 0,
      accounts_success = 0, accounts_failed = 0 where id = ${dialerId}`);
  },

  /**
   * Puts accounts back to new with no tries (restart: all of them, their last outcome forgotten; repeat: those not
   * successful; repeat failed: the failed ones), the counters moved in the same statement. Returns how many.
   */
  async resetAccounts(db: Executor, dialerId: number, which: DialerReset): Promise<number> {
    const filter =
      which === 'all' ? sql`true` : which === 'notSuccessful' ? sql`a.status <> 'success'` : sql`a.status = 'failed'`;
    const result = await db.execute<{ changed: number }>(
      countedChange(sql`
        with target as (
          select a.id, a.status as before from dialer_accounts a
          where a.dialer_id = ${dialerId} and ${filter}
          for update
        )
        update dialer_accounts r set status = 'new', attempts = 0, next_attempt_at = null
          ${which === 'all' ? sql`, last_outcome = null, last_attempt_at = null` : sql``}
        from target where r.id = target.id
        returning r.dialer_id, target.before, r.status as after`),
    );
    return Number(result.rows[0]?.changed ?? 0);
  },

  /** A dialer's accounts by id (keyset: `after` the last id), optionally of one status. */
  async accounts(
    db: Executor,
    filter: { dialerId: number; status?: DialerAccountStatus; after?: number; limit: number },
  ) {
    const result = await db.execute<{
      id: string;
      customer_id: string;
      first_name: string;
      last_name: string;
      phone: string;
      status: DialerAccountStatus;
      attempts: number;
      last_outcome: DialerOutcome | null;
      last_attempt_at: string | Date | null;
      next_attempt_at: string | Date | null;
    }>(sql`
      select a.id, a.customer_id, cu.first_name, cu.last_name, a.phone, a.status, a.attempts, a.last_outcome,
        a.last_attempt_at, a.next_attempt_at
      from dialer_accounts a join customers cu on cu.id = a.customer_id
      where a.dialer_id = ${filter.dialerId}
        ${filter.status ? sql`and a.status = ${filter.status}` : sql``}
        ${filter.after ? sql`and a.id > ${filter.after}` : sql``}
      order by a.id limit ${filter.limit}`);
    return result.rows.map((row) => ({
      id: Number(row.id),
      customer: { id: Number(row.customer_id), name: `${row.first_name} ${row.last_name}`.trim() },
      phone: row.phone,
      status: row.status,
      attempts: Number(row.attempts),
      lastOutcome: row.last_outcome,
      lastAttemptAt: toIso(row.last_attempt_at),
      nextAttemptAt: toIso(row.next_attempt_at),
    }));
  },

  /** Attempts and answered calls per hour over the latest `hours` hours that had attempts (oldest first). */
  async attemptsPerHour(db: Executor, dialerId: number, hours: number) {
    const result = await db.execute<{ hour: string | Date; attempts: string; answered: string }>(sql`
      select date_trunc('hour', t.started_at at time zone 'UTC') at time zone 'UTC' as hour,
        count(*) as attempts, count(*) filter (where t.outcome = 'answered') as answered
      from dialer_attempts t
      where t.dialer_id = ${dialerId}
        and t.started_at > (select max(m.started_at) from dialer_attempts m where m.dialer_id = ${dialerId})
          - make_interval(hours => ${hours})
      group by 1 order by 1`);
    return result.rows.map((row) => ({
      hour: toIso(row.hour) as string,
      attempts: Number(row.attempts),
      answered: Number(row.answered),
    }));
  },

  /** How many of a dialer's accounts are in each dialing state, counted from its accounts. */
  async accountsByStatus(db: Executor, dialerId: number): Promise<Record<DialerAccountStatus, number>> {
    const result = await db.execute<{ status: DialerAccountStatus; n: string }>(sql`
      select status, count(*) as n from dialer_accounts where dialer_id = ${dialerId} group by status`);
    const counts: Record<DialerAccountStatus, number> = { new: 0, executed: 0, success: 0, failed: 0 };
    for (const row of result.rows) if (row.status in counts) counts[row.status] = Number(row.n);
    return counts;
  },

  /** The dialers the engine places calls for. */
  async running(db: Executor): Promise<DialerRow[]> {
    return db.select().from(dialers).where(eq(dialers.status, 'running')).orderBy(dialers.id);
  },

  /**
   * Claims up to `limit` due accounts of a dialer in one statement: each becomes `executed` with one more try and an
   * attempt row, and the counters move with them. A try is counted before the call is placed, so a node that dies
   * during the call loses no try.
   */
  async claimDue(
    db: Executor,
    dialerId: number,
    limit: number,
  ): Promise<{ accountId: number; customerId: number; phone: string; attempt: number; attemptId: number }[]> {
    const result = await db.execute<{
      account_id: string;
      customer_id: string;
      phone: string;
      attempts: number;
      attempt_id: string;
    }>(sql`
      with due as (
        select id from dialer_accounts
        where dialer_id = ${dialerId} and status = 'new' and (next_attempt_at is null or next_attempt_at <= now())
        order by next_attempt_at nulls first, id
        limit ${limit}
        for update skip locked
      ), changed as (
        update dialer_accounts a set status = 'executed', attempts = a.attempts + 1, last_attempt_at = now()
        from due where a.id = due.id
        returning a.id, a.dialer_id, a.customer_id, a.phone, a.attempts
      ), tried as (
        insert into dialer_attempts (dialer_id, account_id, attempt)
        select dialer_id, id, attempts from changed
        returning id, account_id
      ), counted as (
        update dialers set accounts_new = accounts_new - x.n, accounts_executed = accounts_executed + x.n
        from (select count(*)::int as n from changed) x
        where dialers.id = ${dialerId} and x.n > 0
        returning 1
      )
      select c.id as account_id, c.customer_id, c.phone, c.attempts, t.id as attempt_id
      from changed c join tried t on t.account_id = c.id
      order by c.id`);
    return result.rows.map((row) => ({
      accountId: Number(row.account_id),
      customerId: Number(row.customer_id),
      phone: row.phone,
      attempt: row.attempts,
      attemptId: Number(row.attempt_id),
    }));
  },

  /**
   * A call is over: its attempt gets the outcome, and its account becomes `success` when answered, `failed` after
   * its last try, or `new` again from `retryAt` (counters with it). In the caller's transaction.
   */
  async settleAttempt(
    db: Executor,
    input: {
      attemptId: number;
      outcome: DialerOutcome;
      answeredAt: Date | null;
      endedAt: Date;
      agentId: number | null;
      retryAt: Date;
    },
  ): Promise<void> {
    const duration = input.answeredAt
      ? Math.max(0, Math.round((input.endedAt.getTime() - input.answeredAt.getTime()) / 1000))
      : null;
    const rows = await db.execute<{ account_id: string }>(sql`
      update dialer_attempts set outcome = ${input.outcome}, answered_at = ${input.answeredAt?.toISOString() ?? null},
        ended_at = ${input.endedAt.toISOString()}, agent_id = ${input.agentId}, duration_seconds = ${duration}
      where id = ${input.attemptId} and ended_at is null
      returning account_id`);
    const accountId = rows.rows[0]?.account_id;
    if (!accountId) return;
    await db.execute(
      countedChange(sql`
        update dialer_accounts a set
          status = case when ${input.outcome} = 'answered' then 'success' when a.attempts >= d.tries then 'failed' else 'new' end,
          last_outcome = ${input.outcome},
          next_attempt_at = case when ${input.outcome} <> 'answered' and a.attempts < d.tries
            then ${input.retryAt.toISOString()}::timestamptz end
        from dialers d
        where a.id = ${Number(accountId)} and d.id = a.dialer_id and a.status = 'executed'
        returning a.dialer_id, 'executed'::text as before, a.status as after`),
    );
  },

  /**
   * Calls a stopped node was making when it stopped: their attempts failed (the try stays counted), and their
   * accounts are new again (or failed after their last try).
   */
  async recoverInterrupted(db: Executor): Promise<number> {
    await db.execute(sql`update dialer_attempts set outcome = 'failed', ended_at = now() where ended_at is null`);
    const result = await db.execute<{ changed: number }>(
      countedChange(sql`
        update dialer_accounts a set
          status = case when a.attempts >= d.tries then 'failed' else 'new' end,
          last_outcome = 'failed', next_attempt_at = null
        from dialers d
        where d.id = a.dialer_id and a.status = 'executed'
        returning a.dialer_id, 'executed'::text as before, a.status as after`),
    );
    return Number(result.rows[0]?.changed ?? 0);
  },

  /** A running dialer with no account left to call or in a call is finalized. */
  async finalizeIfDone(db: Executor, dialerId: number): Promise<boolean> {
    const rows = await db
      .update(dialers)
      .set({ status: 'finalized', finishedAt: new Date(), updatedAt: new Date() })
      .where(
        and(
          eq(dialers.id, dialerId),
          eq(dialers.status, 'running'),
          eq(dialers.accountsNew, 0),
          eq(dialers.accountsExecuted, 0),
        ),
      )
      .returning({ id: dialers.id });
    return rows.length > 0;
  },
};

function toIso(value: string | Date | null): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
