import type { BulkRecipientStatus, BulkStatus } from '@atiende/contracts';
import { and, desc, eq, ilike, lt, type SQL, sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import type { Executor } from '../../platform/db/client.js';
import { type AudienceSpec, audienceFrom } from '../automation/audience.sql.js';
import { bulkMessages, type bulkRecipients, bulkRuns } from './bulk.schema.js';

export type BulkMessageRow = typeof bulkMessages.$inferSelect;
export type BulkRunRow = typeof bulkRuns.$inferSelect;
export type BulkRecipientRow = typeof bulkRecipients.$inferSelect;

/** Counter columns of a run, changed by deltas. */
export type BulkCounter = Exclude<keyof BulkRunRow, 'bulkMessageId' | 'run' | 'startedAt' | 'finishedAt'>;
const COUNTER_COLUMNS: Record<BulkCounter, string> = {
  total: 'total',
  new: 'new',
  sending: 'sending',
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  failed: 'failed',
  skipped: 'skipped',
  replied: 'replied',
};

/** Who the accounts step selects (the audience's SQL is shared with dialers: automation/audience.sql.ts). */
export type { AudienceSpec };

const STATUS_COUNTERS = ['new', 'sending', 'sent', 'delivered', 'read', 'failed', 'skipped'] as const;

/**
 * A change of recipients with the run counters moved in the same statement: `change` is a data-modifying query
 * returning `bulk_message_id`, `run`, `before` and `after` (statuses) and whatever the caller reads back.
 */
function countedChange(change: SQL) {
  const sums = STATUS_COUNTERS.map(
    (status) =>
      sql`count(*) filter (where after = ${status}) - count(*) filter (where before = ${status}) as ${sql.identifier(status)}`,
  );
  const sets = STATUS_COUNTERS.map(
    (status) => sql`${sql.identifier(status)} = b.${sql.identifier(status)} + d.${sql.identifier(status)}`,
  );
  return sql`with changed as (${change}),
    counted as (
      update bulk_runs b set ${sql.join(sets, sql`, `)}
      from (select bulk_message_id, run, ${sql.join(sums, sql`, `)} from changed group by bulk_message_id, run) d
      where b.bulk_message_id = d.bulk_message_id and b.run = d.run
      returning 1
    )
    select * from changed`;
}

/** The advisory-lock class of bulk dispatchers (the key is the channel). */
const DISPATCH_LOCK_CLASS = 18_018;

export const bulkRepo = {
  /** The channels of these types in each of the campaigns, by name: the wizard's options in one query. */
  async campaignChannelsOfTypes(db: Executor, campaignIds: number[], types: readonly string[]) {
    if (campaignIds.length === 0) return [];
    const result = await db.execute<{ campaign_id: string; id: string; name: string; type: string }>(sql`
      select cc.campaign_id, ch.id, ch.name, ch.type from campaign_channels cc
      join channels ch on ch.id = cc.channel_id
      where cc.campaign_id = any(${`{${campaignIds.join(',')}}`}::bigint[])
        and ch.type = any(${`{${types.join(',')}}`}::text[])
      order by ch.name, ch.id`);
    return result.rows.map((row) => ({
      campaignId: Number(row.campaign_id),
      id: Number(row.id),
      name: row.name,
      type: row.type,
    }));
  },

  /**
   * The channel's dispatcher lock, on a connection of its own held while the slice runs: one dispatcher per channel
   * in the cluster. It is a session lock, so a node that dies (its connection closed) frees it at once for another.
   * Returns the release, or null when another node holds it.
   */
  async lockDispatcher(pool: Pool, channelId: number): Promise<(() => Promise<void>) | null> {
    const client = await pool.connect();
    try {
      const result = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1, $2) as locked', [
        DISPATCH_LOCK_CLASS,
        channelId,
      ]);
      if (!result.rows[0]?.locked) {
        client.release();
        return null;
      }
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
    return async () => {
      try {
        await client.query('select pg_advisory_unlock($1, $2)', [DISPATCH_LOCK_CLASS, channelId]);
        client.release();
      } catch (error) {
        // A connection that cannot unlock is dropped, which unlocks.
        client.release(error as Error);
      }
    };
  },

  async insert(db: Executor, values: typeof bulkMessages.$inferInsert): Promise<BulkMessageRow> {
    const [row] = await db.insert(bulkMessages).values(values).returning();
    return row;
  },

  async find(db: Executor, id: number, options: { lock?: boolean } = {}): Promise<BulkMessageRow | null> {
    const query = db.select().from(bulkMessages).where(eq(bulkMessages.id, id));
    const [row] = options.lock ? await query.for('update') : await query;
    return row ?? null;
  },

  async update(db: Executor, id: number, values: Partial<typeof bulkMessages.$inferInsert>): Promise<BulkMessageRow> {
    const [row] = await db
      .update(bulkMessages)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(bulkMessages.id, id))
      .returning();
    return row;
  },

  /** Newest first, keyset by id; `userId` null: every campaign, else the campaigns the user works in. */
  async list(
    db: Executor,
    filter: {
      userId: number | null;
      searchText?: string;
      status?: BulkStatus;
      campaignId?: number;
      after?: number;
      limit: number;
    },
  ): Promise<BulkMessageRow[]> {
    const where = [
      filter.after ? lt(bulkMessages.id, filter.after) : undefined,
      filter.status ? eq(bulkMessages.status, filter.status) : undefined,
      filter.campaignId ? eq(bulkMessages.campaignId, filter.campaignId) : undefined,
      filter.searchText ? ilike(bulkMessages.name, `%${filter.searchText.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
      filter.userId === null
        ? undefined
        : sql`(exists (select 1 from campaign_supervisors s where s.campaign_id = ${bulkMessages.campaignId} and s.user_id = ${filter.userId})
            or exists (select 1 from campaign_agent_channels a where a.campaign_id = ${bulkMessages.campaignId} and a.user_id = ${filter.userId}))`,
    ].filter(Boolean);
    return db
      .select()
      .from(bulkMessages)
      .where(and(...where))
      .orderBy(desc(bulkMessages.id))
      .limit(filter.limit);
  },

  /** The current runs' counters of these bulk messages, by id. */
  async runsOf(db: Executor, rows: readonly Pick<BulkMessageRow, 'id' | 'run'>[]): Promise<Map<number, BulkRunRow>> {
    const wanted = rows.filter((row) => row.run > 0);
    if (wanted.length === 0) return new Map();
    const result = await db.execute<Record<string, unknown>>(sql`
      select * from bulk_runs r
      where (r.bulk_message_id, r.run) in (${sql.join(
        wanted.map((row) => sql`(${row.id}::bigint, ${row.run}::int)`),
        sql`, `,
      )})`);
    return new Map(
      result.rows.map((row) => {
        const run = runFromSql(row);
        return [run.bulkMessageId, run];
      }),
    );
  },

  async openRun(db: Executor, bulkMessageId: number, run: number): Promise<void> {
    await db.insert(bulkRuns).values({ bulkMessageId, run }).onConflictDoNothing();
  },

  /** Adds deltas to a run's counters (one statement). */
  async count(db: Executor, bulkMessageId: number, run: number, deltas: Partial<Record<BulkCounter, number>>) {
    const parts = Object.entries(deltas)
      .filter(([, delta]) => delta)
      .map(([counter, delta]) => {
        const column = sql.identifier(COUNTER_COLUMNS[counter as BulkCounter]);
        return sql`${column} = ${column} + ${delta}`;
      });
    if (parts.length === 0) return;
    await db.execute(sql`update bulk_runs set ${sql.join(parts, sql`, `)}
      where bulk_message_id = ${bulkMessageId} and run = ${run}`);
  },

  async finishRun(db: Executor, bulkMessageId: number, run: number): Promise<void> {
    await db.execute(sql`update bulk_runs set finished_at = coalesce(finished_at, now())
      where bulk_message_id = ${bulkMessageId} and run = ${run}`);
  },

  /** How many the audience holds now: with a contact and not opted out; without a contact; opted out. */
  async audienceCounts(db: Executor, spec: AudienceSpec) {
    const result = await db.execute<{ recipients: string; without_contact: string; opted_out: string }>(sql`
      select
        count(*) filter (where c.value is not null and cu.bulk_opt_out_at is null) as recipients,
        count(*) filter (where c.value is null) as without_contact,
        count(*) filter (where c.value is not null and cu.bulk_opt_out_at is not null) as opted_out
      from ${audienceFrom(spec, { contact: 'optional' })}`);
    const row = result.rows[0];
    return {
      recipients: Number(row?.recipients ?? 0),
      withoutContact: Number(row?.without_contact ?? 0),
      optedOut: Number(row?.opted_out ?? 0),
    };
  },

  /** A page of the audience's recipients by customer id (the accounts step's list to select from). */
  async audiencePage(db: Executor, spec: AudienceSpec, page: { searchText?: string; after?: number; limit: number }) {
    // The selection is what is being chosen here: the page lists every matching account.
    const listed = { ...spec, accounts: { ...spec.accounts, sendTo: 'all' as const } };
    const search = page.searchText?.trim().toLowerCase();
    const result = await db.execute<{
      id: string;
      first_name: string;
      last_name: string;
      identification_number: string;
      value: string;
    }>(sql`
      select cu.id, cu.first_name, cu.last_name, cu.identification_number, c.value
      from ${audienceFrom(listed, { contact: 'required' })}
        and cu.bulk_opt_out_at is null
        ${page.after ? sql`and cu.id > ${page.after}` : sql``}
        ${search ? sql`and cu.search_text like ${`%${search.replace(/[\\%_]/g, '\\$&')}%`}` : sql``}
      order by cu.id limit ${page.limit}`);
    return result.rows.map((row) => ({
      customerId: Number(row.id),
      name: `${row.first_name} ${row.last_name}`.trim(),
      identificationNumber: row.identification_number,
      contact: row.value,
    }));
  },

  /**
   * A run's recipients, chosen in one statement: the audience (for `permanent` runs without those this bulk message
   * already reached), or the failed recipients of an earlier run. Returns how many.
   */
  async materialize(
    db: Executor,
    target: { bulkMessageId: number; run: number; channelId: number },
    source: { kind: 'audience'; spec: AudienceSpec; onlyNew: boolean } | { kind: 'failedOf'; run: number },
  ): Promise<number> {
    if (source.kind === 'failedOf') {
      const result = await db.execute(sql`
        insert into bulk_recipients (bulk_message_id, run, channel_id, customer_id, contact, status)
        select r.bulk_message_id, ${target.run}, r.channel_id, r.customer_id, r.contact, 'new'
        from bulk_recipients r join customers cu on cu.id = r.customer_id
        where r.bulk_message_id = ${target.bulkMessageId} and r.run = ${source.run} and r.status = 'failed'
          and cu.bulk_opt_out_at is null
        order by r.id
        on conflict do nothing`);
      const added = result.rowCount ?? 0;
      await bulkRepo.count(db, target.bulkMessageId, target.run, { total: added, new: added });
      return added;
    }
    const result = await db.execute(sql`
      insert into bulk_recipients (bulk_message_id, run, channel_id, customer_id, contact, status)
      select ${target.bulkMessageId}, ${target.run}, ${target.channelId}, cu.id, c.value, 'new'
      from ${audienceFrom(source.spec, { contact: 'required' })}
        and cu.bulk_opt_out_at is null
        ${
          source.onlyNew
            ? sql`and not exists (select 1 from bulk_recipients p where p.bulk_message_id = ${target.bulkMessageId}
                and p.customer_id = cu.id and p.status in ('sent', 'delivered', 'read'))`
            : sql``
        }
      order by cu.id
      on conflict do nothing`);
    const added = result.rowCount ?? 0;
    await bulkRepo.count(db, target.bulkMessageId, target.run, { total: added, new: added });
    return added;
  },

  /**
   * Claims up to `limit` new recipients of a run for sending, committed before any provider call (a crash leaves
   * them `sending`, never sent twice). `afterId`: where the dispatcher's last claim ended — the pending index keeps
   * the entries of recipients already sent until vacuum, and scanning past them from the start on every claim made
   * a 100,000-recipient run slow down as it went. Opted-out customers are skipped instead. Returns the claimed ones with what
   * their message is filled with.
   */
  async claim(db: Executor, bulkMessageId: number, run: number, limit: number, afterId = 0) {
    const result = await db.execute<{
      id: string;
      customer_id: string;
      contact: string;
      after: string;
      attempts: number;
      first_name: string;
      last_name: string;
      identification_number: string;
    }>(
      countedChange(sql`
        with picked as (
          select r.id from bulk_recipients r
          where r.bulk_message_id = ${bulkMessageId} and r.run = ${run} and r.status = 'new' and r.id > ${afterId}
            -- Paused or stopped since the dispatcher looked: nothing more is claimed.
            and exists (select 1 from bulk_messages b where b.id = ${bulkMessageId} and b.run = ${run}
              and b.status = 'running')
          order by r.id limit ${limit}
          for update skip locked
        )
        update bulk_recipients r
        set status = case when cu.bulk_opt_out_at is null then 'sending' else 'skipped' end, claimed_at = now(),
          attempts = r.attempts + 1
        from picked, customers cu
        where r.id = picked.id and cu.id = r.customer_id
        returning r.id, r.bulk_message_id, r.run, 'new'::varchar as before, r.status as after, r.customer_id, r.attempts,
          r.contact, cu.first_name, cu.last_name, cu.identification_number`),
    );
    return result.rows
      .map((row) => ({
        id: Number(row.id),
        customerId: Number(row.customer_id),
        contact: row.contact,
        optedOut: row.after === 'skipped',
        attempts: Number(row.attempts),
        firstName: row.first_name,
        lastName: row.last_name,
        identificationNumber: row.identification_number,
      }))
      .sort((a, b) => a.id - b.id);
  },

  /** The first e-mail and phone of these customers (for the variables), by customer id. */
  async contactsOf(db: Executor, customerIds: readonly number[], emailTypeIds: number[], phoneTypeIds: number[]) {
    if (customerIds.length === 0) return new Map<number, { email: string | null; phone: string | null }>();
    const ids = `{${customerIds.join(',')}}`;
    const result = await db.execute<{ customer_id: string; email: string | null; phone: string | null }>(sql`
      select x.id as customer_id,
        (select cc.value from customer_contacts cc where cc.customer_id = x.id
          and array_position(${`{${emailTypeIds.join(',') || '-1'}}`}::bigint[], cc.type_id) is not null
          order by cc.position, cc.id limit 1) as email,
        (select cc.value from customer_contacts cc where cc.customer_id = x.id
          and array_position(${`{${phoneTypeIds.join(',') || '-1'}}`}::bigint[], cc.type_id) is not null
          order by cc.position, cc.id limit 1) as phone
      from unnest(${ids}::bigint[]) as x(id)`);
    return new Map(
      result.rows.map((row) => [Number(row.customer_id), { email: row.email, phone: row.phone }] as const),
    );
  },

  /**
   * Records what sending one recipient did: sent (with the provider's id), failed (with why), or back to new (a
   * passing failure, tried again later in the run) — with the run's counters, in one statement.
   */
  async settle(
    db: Executor,
    outcome: {
      id: number;
      status: 'sent' | 'failed' | 'new';
      providerMessageId?: string | null;
      error?: string | null;
      ticketId?: number | null;
    },
  ): Promise<void> {
    await db.execute(
      countedChange(sql`
        update bulk_recipients r set
          status = ${outcome.status},
          provider_message_id = coalesce(${outcome.providerMessageId ?? null}, r.provider_message_id),
          error = ${outcome.error ?? null},
          ticket_id = coalesce(${outcome.ticketId ?? null}::bigint, r.ticket_id),
          sent_at = case when ${outcome.status} = 'sent' then now() else r.sent_at end,
          claimed_at = case when ${outcome.status} = 'new' then null else r.claimed_at end
        where r.id = ${outcome.id} and r.status = 'sending'
        returning r.bulk_message_id, r.run, 'sending'::varchar as before, r.status as after`),
    );
    // Its first status may have come before the answer (and moved it on): the ticket is still recorded.
    if (outcome.ticketId) {
      await db.execute(sql`update bulk_recipients set ticket_id = coalesce(ticket_id, ${outcome.ticketId})
        where id = ${outcome.id}`);
    }
  },

  /**
   * A status whose message id is not known yet, recognised by the reference sent with it: the recipient was still
   * `sending` (the answer was lost to a crash or a broken connection, or has not been recorded yet).
   */
  async adopt(
    db: Executor,
    channelId: number,
    recipientId: number,
    providerMessageId: string,
    status: 'sent' | 'delivered' | 'read' | 'failed',
    error?: string | null,
  ): Promise<{ bulkMessageId: number; run: number } | null> {
    const result = await db.execute<{ bulk_message_id: string; run: number }>(
      countedChange(sql`
        update bulk_recipients r set
          status = ${status},
          provider_message_id = ${providerMessageId},
          error = ${status === 'failed' ? (error ?? null) : null},
          sent_at = coalesce(r.sent_at, now()),
          delivered_at = case when ${status} in ('delivered', 'read') then now() else r.delivered_at end,
          read_at = case when ${status} = 'read' then now() else r.read_at end
        where r.id = ${recipientId} and r.channel_id = ${channelId} and r.status = 'sending'
          and r.provider_message_id is null
        returning r.bulk_message_id, r.run, 'sending'::varchar as before, r.status as after`),
    );
    const row = result.rows[0];
    return row ? { bulkMessageId: Number(row.bulk_message_id), run: Number(row.run) } : null;
  },

  /**
   * A provider's status for a recipient, forward only (sent < delivered < read; a failure only before delivery).
   * Returns the recipient with its status before, or null when unknown or not a step forward.
   */
  async advance(
    db: Executor,
    channelId: number,
    providerMessageId: string,
    status: 'sent' | 'delivered' | 'read' | 'failed',
    error?: string | null,
  ): Promise<{ id: number; bulkMessageId: number; run: number; before: BulkRecipientStatus } | null> {
    const allowedBefore: Record<typeof status, BulkRecipientStatus[]> = {
      sent: ['sending'],
      delivered: ['sending', 'sent', 'failed'],
      read: ['sending', 'sent', 'delivered', 'failed'],
      failed: ['sending', 'sent'],
    };
    const result = await db.execute<{ id: string; bulk_message_id: string; run: number; before: string }>(
      countedChange(sql`
        with target as (
          select r.id, r.status as before from bulk_recipients r
          where r.channel_id = ${channelId} and r.provider_message_id = ${providerMessageId}
          for update
        )
        update bulk_recipients r set
          status = ${status},
          error = ${status === 'failed' ? (error ?? null) : null},
          delivered_at = case when ${status} in ('delivered', 'read') then coalesce(r.delivered_at, now())
            else r.delivered_at end,
          read_at = case when ${status} = 'read' then now() else r.read_at end
        from target
        where r.id = target.id and target.before = any(${`{${allowedBefore[status].join(',')}}`}::varchar[])
        returning r.id, r.bulk_message_id, r.run, target.before, r.status as after`),
    );
    const row = result.rows[0];
    return row
      ? {
          id: Number(row.id),
          bulkMessageId: Number(row.bulk_message_id),
          run: Number(row.run),
          before: row.before as BulkRecipientStatus,
        }
      : null;
  },

  /**
   * Recipients claimed for sending longer ago than `before` and never settled (the node sending them died, or the
   * connection broke after the request left). On channels whose provider reports every message it accepted
   * (`confirmingTypes`, with our reference) no status came, so the provider never had it: back to new, sent again.
   * Elsewhere nobody can tell: failed as interrupted, never sent twice ("repeat failed" sends it when a person
   * decides). Returns the runs touched.
   */
  async recoverInterrupted(db: Executor, before: Date, error: string, confirmingTypes: readonly string[]) {
    const types = `{${confirmingTypes.join(',')}}`;
    const result = await db.execute<{ bulk_message_id: string; run: number }>(
      countedChange(sql`
        update bulk_recipients r
        set status = case when ch.type = any(${types}::varchar[]) then 'new' else 'failed' end,
          error = case when ch.type = any(${types}::varchar[]) then r.error else ${error} end,
          claimed_at = null
        from channels ch
        where ch.id = r.channel_id and r.status = 'sending' and r.claimed_at < ${before.toISOString()}::timestamptz
        returning r.bulk_message_id, r.run, 'sending'::varchar as before, r.status as after`),
    );
    const runs = new Map<string, { bulkMessageId: number; run: number }>();
    for (const row of result.rows) {
      runs.set(`${row.bulk_message_id}:${row.run}`, {
        bulkMessageId: Number(row.bulk_message_id),
        run: Number(row.run),
      });
    }
    return [...runs.values()];
  },

  /** The latest recipient a customer's reply on a channel answers (sent in the last `days`, not replied yet). */
  async markReplied(db: Executor, customerId: number, channelId: number, ticketId: number, since: Date) {
    const result = await db.execute<{ bulk_message_id: string; run: number }>(sql`
      with target as (
        select r.id from bulk_recipients r
        where r.customer_id = ${customerId} and r.channel_id = ${channelId}
          and r.sent_at >= ${since.toISOString()}::timestamptz and r.replied_at is null
        order by r.sent_at desc limit 1
        for update
      )
      update bulk_recipients r set replied_at = now(), ticket_id = coalesce(r.ticket_id, ${ticketId})
      from target where r.id = target.id
      returning r.bulk_message_id, r.run`);
    const row = result.rows[0];
    if (!row) return null;
    const replied = { bulkMessageId: Number(row.bulk_message_id), run: Number(row.run) };
    await bulkRepo.count(db, replied.bulkMessageId, replied.run, { replied: 1 });
    return replied;
  },

  /** Running bulk messages of a channel, oldest first. */
  async runningOfChannel(db: Executor, channelId: number): Promise<BulkMessageRow[]> {
    return db
      .select()
      .from(bulkMessages)
      .where(and(eq(bulkMessages.channelId, channelId), eq(bulkMessages.status, 'running')))
      .orderBy(bulkMessages.id)
      .limit(50);
  },

  /** Channels with a running bulk message (the scheduler makes sure each has its dispatcher). */
  async channelsRunning(db: Executor): Promise<number[]> {
    const result = await db.execute<{ channel_id: string }>(
      sql`select distinct channel_id from bulk_messages where status = 'running'`,
    );
    return result.rows.map((row) => Number(row.channel_id));
  },

  /** Enabled programmed or permanent bulk messages whose next run is due. */
  async due(db: Executor, now: Date): Promise<BulkMessageRow[]> {
    return db
      .select()
      .from(bulkMessages)
      .where(and(sql`${bulkMessages.nextRunAt} <= ${now.toISOString()}::timestamptz`, eq(bulkMessages.enabled, true)))
      .orderBy(bulkMessages.nextRunAt)
      .limit(50);
  },

  async recipients(
    db: Executor,
    filter: { bulkMessageId: number; run: number; status?: BulkRecipientStatus; after?: number; limit: number },
  ) {
    const result = await db.execute<Record<string, unknown>>(sql`
      select r.*, cu.first_name, cu.last_name from bulk_recipients r join customers cu on cu.id = r.customer_id
      where r.bulk_message_id = ${filter.bulkMessageId} and r.run = ${filter.run}
        ${filter.status ? sql`and r.status = ${filter.status}` : sql``}
        ${filter.after ? sql`and r.id > ${filter.after}` : sql``}
      order by r.id limit ${filter.limit}`);
    return result.rows.map(recipientFromSql);
  },

  /** The opt-out: the customer is never messaged by bulk again. */
  async optOut(db: Executor, customerId: number): Promise<boolean> {
    const result = await db.execute(sql`update customers set bulk_opt_out_at = now()
      where id = ${customerId} and bulk_opt_out_at is null`);
    return (result.rowCount ?? 0) > 0;
  },

  /** What an inbound message says and who sent it on which channel. */
  async inboundOf(db: Executor, messageId: number) {
    const result = await db.execute<{ customer_id: string; channel_id: string; body_text: string }>(sql`
      select i.customer_id, m.channel_id, m.body_text from messages m join interactions i on i.id = m.interaction_id
      where m.id = ${messageId}`);
    const row = result.rows[0];
    return row
      ? { customerId: Number(row.customer_id), channelId: Number(row.channel_id), text: row.body_text ?? '' }
      : null;
  },
};

const toDate = (value: unknown): Date | null => (value ? new Date(value as string) : null);

function runFromSql(row: Record<string, unknown>): BulkRunRow {
  return {
    bulkMessageId: Number(row.bulk_message_id),
    run: Number(row.run),
    total: Number(row.total),
    new: Number(row.new),
    sending: Number(row.sending),
    sent: Number(row.sent),
    delivered: Number(row.delivered),
    read: Number(row.read),
    failed: Number(row.failed),
    skipped: Number(row.skipped),
    replied: Number(row.replied),
    startedAt: toDate(row.started_at) as Date,
    finishedAt: toDate(row.finished_at),
  };
}

function recipientFromSql(row: Record<string, unknown>) {
  return {
    id: Number(row.id),
    customerId: Number(row.customer_id),
    customerName: `${row.first_name} ${row.last_name}`.trim(),
    contact: String(row.contact),
    status: row.status as BulkRecipientStatus,
    error: (row.error as string | null) ?? null,
    providerMessageId: (row.provider_message_id as string | null) ?? null,
    ticketId: row.ticket_id === null ? null : Number(row.ticket_id),
    sentAt: toDate(row.sent_at),
    deliveredAt: toDate(row.delivered_at),
    readAt: toDate(row.read_at),
    repliedAt: toDate(row.replied_at),
  };
}
export type BulkRecipientView = ReturnType<typeof recipientFromSql>;
