import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';

/** A (campaign, hour on the business's wall clock) whose figures are recomputed whole. */
export interface AnalyticsTarget {
  campaignId: number;
  /** 'YYYY-MM-DD HH:00:00', local to the business's time zone. */
  hour: string;
}

/** One row of figures, summed over the hours asked for. */
export interface AnalyticsFigure {
  metric: string;
  dimension: string;
  userId: number;
  channelId: number;
  campaignId: number;
  /** The local day ('YYYY-MM-DD'), when asked to group by it. */
  day?: string;
  count: number;
  total: number;
}

export interface FiguresFilter {
  /** Local wall-clock bounds, 'YYYY-MM-DD HH:MM:SS' ('from' included, 'to' excluded). */
  from: string;
  to: string;
  campaignIds?: readonly number[];
  userId?: number;
  metrics?: readonly string[];
  groupBy?: 'day';
}

/** The advisory lock one recompute holds (one node at a time; the others find it taken and wait for the next tick). */
const RECOMPUTE_LOCK = sql`hashtext('atiende.analytics')`;

/**
 * Every metric's rows for the targets, from the raw tables. Each statement reads a UTC window an hour wider on both
 * sides than the local hour (a repeated hour at the end of daylight saving time falls in one local bucket) and keeps
 * the rows whose local hour is the target's.
 */
function metricStatements(targets: SQL, timeZone: string): SQL[] {
  const localHour = (column: SQL) => sql`date_trunc('hour', ${column} at time zone ${timeZone})`;
  const insert = sql`insert into analytics_hourly (campaign_id, hour, metric, user_id, channel_id, dimension, count, total)`;
  // The UTC ranges the targets' windows cover, merged where they touch: each raw table is read once per range
  // (an index range scan), and its rows are matched to the targets by campaign and local hour. Reading per target
  // instead read every row three times, and a planner that misjudged the targets' count joined whole tables.
  const ranges = sql`
    targets as (${targets}),
    ordered as (
      select from_utc, to_utc,
        max(to_utc) over (order by from_utc rows between unbounded preceding and 1 preceding) as reach
      from targets
    ),
    islands as (
      select from_utc, to_utc, sum(case when reach >= from_utc then 0 else 1 end) over (order by from_utc) as island
      from ordered
    ),
    ranges as (select min(from_utc) as a, max(to_utc) as b from islands group by island)`;
  const matched = (time: SQL) => sql`${localHour(time)} = g.hour`;
  return [
    // Tickets created in the hour, by their status now, assignee and channel.
    sql`${insert}
      with ${ranges}
      select g.campaign_id, g.hour, 'tickets', coalesce(t.assigned_user_id, 0), coalesce(t.channel_id, 0),
        t.status::text, count(*), 0
      from ranges r
      cross join lateral (select * from tickets t where t.created_at >= r.a and t.created_at < r.b) t
      join targets g on g.campaign_id = t.campaign_id and ${matched(sql`t.created_at`)}
      group by 1, 2, 4, 5, 6`,
    // Tickets created in the hour that got a first answer: in the campaign's service-level time or late; seconds.
    sql`${insert}
      with ${ranges}
      select g.campaign_id, g.hour, 'tickets_answered', coalesce(t.assigned_user_id, 0), coalesce(t.channel_id, 0),
        case when t.first_response_at - t.created_at
          <= make_interval(secs => coalesce((c.config->>'serviceLevelSeconds')::int, 20)) then 'in_sl' else 'late' end,
        count(*), sum(greatest(0, extract(epoch from t.first_response_at - t.created_at)))
      from ranges r
      cross join lateral (select * from tickets t where t.created_at >= r.a and t.created_at < r.b
        and t.first_response_at is not null) t
      join targets g on g.campaign_id = t.campaign_id and ${matched(sql`t.created_at`)}
      join campaigns c on c.id = t.campaign_id
      group by 1, 2, 4, 5, 6`,
    // Tickets closed in the hour, with their handling time (opened, or else created, to closed).
    sql`${insert}
      with ${ranges}
      select g.campaign_id, g.hour, 'tickets_closed', coalesce(t.assigned_user_id, 0), coalesce(t.channel_id, 0), '',
        count(*), sum(greatest(0, extract(epoch from t.closed_at - coalesce(t.opened_at, t.created_at))))
      from ranges r
      cross join lateral (select * from tickets t where t.status = 4 and t.closed_at >= r.a and t.closed_at < r.b) t
      join targets g on g.campaign_id = t.campaign_id and ${matched(sql`t.closed_at`)}
      group by 1, 2, 4, 5`,
    // Messages (interactions) by direction and channel: an agent's own replies, the customer's on their tickets.
    sql`${insert}
      with ${ranges}
      select g.campaign_id, g.hour, 'messages',
        case when m.direction = 1 then coalesce(m.author_id, 0) else coalesce(t.assigned_user_id, 0) end,
        m.channel_id, case when m.direction = 1 then 'out' else 'in' end, count(*), 0
      from ranges r
      cross join lateral (select * from messages m where m.created_at >= r.a and m.created_at < r.b) m
      join tickets t on t.id = m.ticket_id
      join targets g on g.campaign_id = t.campaign_id and ${matched(sql`m.created_at`)}
      group by 1, 2, 4, 5, 6`,
    // Tasks by author, by the case type of their ticket.
    sql`${insert}
      with ${ranges}
      select g.campaign_id, g.hour, 'tasks', coalesce(k.author_id, 0), coalesce(t.channel_id, 0),
        coalesce(t.type_id::text, ''), count(*), 0
      from ranges r
      cross join lateral (select * from ticket_tasks k where k.created_at >= r.a and k.created_at < r.b) k
      join tickets t on t.id = k.ticket_id
      join targets g on g.campaign_id = t.campaign_id and ${matched(sql`k.created_at`)}
      group by 1, 2, 4, 5, 6`,
    // Time in each status (or pause reason): a logged period ends at created_at after duration_seconds (attributed
    // for at most its last 7 days). The periods that overlap the batch's span are read once and cut in UTC quarter
    // hours — each inside one local hour in every time zone — then matched to the targets by campaign and hour (per
    // target, a week of periods would be read again for each hour).
    sql`${insert}
      with targets as (${targets}),
      span as (select min(from_utc) as a, max(to_utc) as b from targets),
      periods as (
        select s.id, s.user_id, coalesce(s.campaign_id, 0) as campaign_id, coalesce(s.previous_status, '') as status,
          greatest(s.created_at - make_interval(secs => s.duration_seconds), s.created_at - interval '7 days',
            span.a) as a,
          least(s.created_at, span.b) as b
        from agent_status_log s, span
        where s.created_at > span.a and s.created_at < span.b + interval '7 days'
          and coalesce(s.campaign_id, 0) in (select campaign_id from targets)
      ),
      pieces as (
        select p.id, p.user_id, p.campaign_id, p.status, ${localHour(sql`q.piece`)} as hour,
          extract(epoch from least(q.piece + interval '15 minutes', p.b) - greatest(q.piece, p.a)) as seconds
        from periods p
        cross join lateral generate_series(
          date_bin('15 minutes', p.a, timestamptz '2000-01-01 00:00:00+00'), p.b, interval '15 minutes'
        ) q(piece)
        where p.a < p.b and q.piece < p.b
      )
      select g.campaign_id, g.hour, 'agent_status', x.user_id, 0, x.status, count(distinct x.id), sum(x.seconds)
      from pieces x join targets g on g.campaign_id = x.campaign_id and g.hour = x.hour
      group by 1, 2, 4, 6
      having sum(x.seconds) > 0`,
  ];
}

/**
 * The campaign dashboard's projections (`analytics_campaign_daily`) of some `analytics_daily` rows (`source`, a
 * select of that table): each of the sums the dashboard shows, per campaign and day. Migration 0026 runs the same
 * statement over the whole table.
 */
export function campaignProjection(source: SQL): SQL {
  return sql`
    select campaign_id, day,
      case when grouping(user_id) = 0 then 'user' when grouping(channel_id) = 0 then 'channel' else 'campaign' end,
      metric,
      case when grouping(user_id) = 0 then user_id when grouping(channel_id) = 0 then channel_id else 0 end,
      coalesce(dimension, ''), sum(count), sum(total)
    from (${source}) d
    where metric not like '%\_by\_hour'
    group by campaign_id, day, metric, grouping sets ((dimension), (user_id), (channel_id, dimension))
    union all
    select campaign_id, day, 'hour', replace(metric, '_by_hour', ''), 0, dimension, sum(count), 0
    from (${source}) d
    where metric like '%\_by\_hour'
    group by campaign_id, day, metric, dimension`;
}

/**
 * Adds some `analytics_daily` rows (`source`), or takes them off (`sign` -1), to their months in `analytics_monthly`.
 * A month's row whose count reaches 0 has no day left and is deleted by the caller.
 */
function addToMonths(source: SQL, sign: 1 | -1): SQL {
  return sql`
    insert into analytics_monthly as m (campaign_id, month, metric, user_id, channel_id, dimension, count, total)
    select campaign_id, date_trunc('month', day)::date, metric, user_id, channel_id, dimension,
      ${sql.raw(String(sign))} * sum(count), ${sql.raw(String(sign))} * sum(total)
    from (${source}) d
    group by 1, 2, 3, 4, 5, 6
    on conflict (campaign_id, month, metric, user_id, channel_id, dimension) do update
      set count = m.count + excluded.count, total = m.total + excluded.total`;
}

export const analyticsRepo = {
  /** Takes the recompute lock for the transaction; false when another node holds it. */
  async tryLock(tx: Executor): Promise<boolean> {
    const result = await tx.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(${RECOMPUTE_LOCK}) as locked`,
    );
    return Boolean(result.rows[0]?.locked);
  },

  /** Waits for the recompute lock (a rebuild must not give way). */
  async lock(tx: Executor): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${RECOMPUTE_LOCK})`);
  },

  async stateTimeZone(tx: Executor): Promise<string | null> {
    const result = await tx.execute<{ time_zone: string }>(sql`select time_zone from analytics_state where id = 1`);
    return result.rows[0]?.time_zone ?? null;
  },

  async saveState(tx: Executor, timeZone: string): Promise<void> {
    await tx.execute(sql`
      insert into analytics_state (id, time_zone, rebuilt_at) values (1, ${timeZone}, now())
      on conflict (id) do update set time_zone = excluded.time_zone, rebuilt_at = excluded.rebuilt_at`);
  },

  /**
   * Removes up to `limit` of the oldest marks and returns the local hours they touch (a UTC hour is one local hour,
   * or two where the zone's offset has half or quarter hours). A whole-campaign mark (a changed service-level time)
   * becomes a mark per hour the campaign has figures in, taken by the next batches.
   */
  async takeDirty(
    tx: Executor,
    timeZone: string,
    limit: number,
  ): Promise<{ targets: AnalyticsTarget[]; taken: number }> {
    const taken = await tx.execute<{ campaign_id: string; hour: Date }>(sql`
      delete from analytics_dirty where id in (select id from analytics_dirty order by hour, id limit ${limit})
      returning campaign_id, hour`);
    const whole = [
      ...new Set(taken.rows.filter((row) => !Number.isFinite(new Date(row.hour).getTime())).map((r) => r.campaign_id)),
    ];
    if (whole.length > 0) await this.markCampaigns(tx, whole.map(Number));
    const hours = taken.rows.filter((row) => Number.isFinite(new Date(row.hour).getTime()));
    if (hours.length === 0) return { targets: [], taken: taken.rows.length };
    const local = await tx.execute<{ campaign_id: string; hour: string }>(sql`
      select distinct x.campaign_id, to_char(l.hour, 'YYYY-MM-DD HH24:00:00') as hour
      from unnest(${`{${hours.map((row) => row.campaign_id).join(',')}}`}::bigint[],
        ${`{${hours.map((row) => new Date(row.hour).toISOString()).join(',')}}`}::timestamptz[]) as x(campaign_id, utc)
      cross join lateral (values (date_trunc('hour', x.utc at time zone ${timeZone})),
        (date_trunc('hour', (x.utc + interval '59 minutes 59 seconds') at time zone ${timeZone}))) l(hour)`);
    return {
      targets: local.rows.map((row) => ({ campaignId: Number(row.campaign_id), hour: row.hour })),
      taken: taken.rows.length,
    };
  },

  /** Marks every hour the campaigns have raw rows in (a rebuild of those campaigns). */
  async markCampaigns(tx: Executor, campaignIds: readonly number[] | 'all'): Promise<void> {
    const ids = campaignIds === 'all' ? null : `{${campaignIds.join(',')}}`;
    const ofCampaign = (column: SQL) => (ids === null ? sql`true` : sql`${column} = any(${ids}::bigint[])`);
    await tx.execute(sql`
      insert into analytics_dirty (campaign_id, hour)
      select campaign_id, hour from (
        select campaign_id, date_trunc('hour', created_at, 'UTC') as hour from tickets where ${ofCampaign(sql`campaign_id`)}
        union select campaign_id, date_trunc('hour', closed_at, 'UTC') from tickets
          where closed_at is not null and ${ofCampaign(sql`campaign_id`)}
        union select t.campaign_id, date_trunc('hour', m.created_at, 'UTC') from messages m
          join tickets t on t.id = m.ticket_id where ${ofCampaign(sql`t.campaign_id`)}
        union select t.campaign_id, date_trunc('hour', k.created_at, 'UTC') from ticket_tasks k
          join tickets t on t.id = k.ticket_id where ${ofCampaign(sql`t.campaign_id`)}
        union select coalesce(s.campaign_id, 0), h from agent_status_log s
          cross join lateral generate_series(
            date_trunc('hour', greatest(s.created_at - make_interval(secs => s.duration_seconds),
              s.created_at - interval '7 days'), 'UTC'),
            date_trunc('hour', s.created_at, 'UTC'), interval '1 hour') h
          where ${ofCampaign(sql`coalesce(s.campaign_id, 0)`)}
      ) hours`);
  },

  /** Refreshes the planner's statistics of the figures' tables (after a rebuild rewrote them all). */
  async refreshStatistics(db: Executor): Promise<void> {
    await db.execute(
      sql`analyze analytics_hourly, analytics_daily, analytics_monthly, analytics_campaign_daily, analytics_campaign_monthly`,
    );
  },

  /** Forgets every figure and mark (a rebuild starts here, in the same transaction as markCampaigns('all')). */
  async clear(tx: Executor): Promise<void> {
    await tx.execute(sql`delete from analytics_hourly`);
    await tx.execute(sql`delete from analytics_daily`);
    await tx.execute(sql`delete from analytics_monthly`);
    await tx.execute(sql`delete from analytics_campaign_daily`);
    await tx.execute(sql`delete from analytics_campaign_monthly`);
    await tx.execute(sql`delete from analytics_dirty`);
  },

  /** Replaces the figures of the targets with what the raw rows say now. */
  async recompute(tx: Executor, timeZone: string, targets: readonly AnalyticsTarget[]): Promise<void> {
    if (targets.length === 0) return;
    const campaignIds = `{${targets.map((target) => target.campaignId).join(',')}}`;
    const hours = `{${targets.map((target) => `"${target.hour}"`).join(',')}}`;
    await tx.execute(sql`
      delete from analytics_hourly a using unnest(${campaignIds}::bigint[], ${hours}::timestamp[]) as x(campaign_id, hour)
      where a.campaign_id = x.campaign_id and a.hour = x.hour`);
    const targetRows = sql`
      select x.campaign_id, x.hour,
        (x.hour at time zone ${timeZone}) - interval '1 hour' as from_utc,
        ((x.hour + interval '1 hour') at time zone ${timeZone}) + interval '1 hour' as to_utc
      from unnest(${campaignIds}::bigint[], ${hours}::timestamp[]) as x(campaign_id, hour)`;
    for (const statement of metricStatements(targetRows, timeZone)) await tx.execute(statement);
    // The days of those hours, summed again from every hour of each day.
    const days = sql`select distinct x.campaign_id, x.hour::date as day
      from unnest(${campaignIds}::bigint[], ${hours}::timestamp[]) as x(campaign_id, hour)`;
    // The days' old rows leave their months as they are deleted; their new rows join them below.
    await tx.execute(sql`
      with days as (${days}),
      removed as (
        delete from analytics_daily d using days where d.campaign_id = days.campaign_id and d.day = days.day
        returning d.*
      )
      ${addToMonths(sql`select * from removed`, -1)}`);
    await tx.execute(sql`
      insert into analytics_daily (campaign_id, day, metric, user_id, channel_id, dimension, count, total)
      with days as (${days}),
      hourly as (
        select h.* from analytics_hourly h
        join days on h.campaign_id = days.campaign_id and h.hour >= days.day and h.hour < days.day + 1
      )
      select campaign_id, hour::date, metric, user_id, channel_id, dimension, sum(count), sum(total)
      from hourly group by 1, 2, 3, 4, 5, 6
      union all
      select campaign_id, hour::date, metric || '_by_hour', user_id, 0,
        case when metric = 'messages' then dimension || '|' else '' end || extract(hour from hour)::int,
        sum(count), 0
      from hourly where metric in ('messages', 'tasks') group by 1, 2, 3, 4, 5, 6`);
    await tx.execute(sql`
      with days as (${days})
      ${addToMonths(
        sql`select a.* from analytics_daily a join days on a.campaign_id = days.campaign_id
        and a.day = days.day`,
        1,
      )}`);
    await tx.execute(sql`
      with months as (select distinct campaign_id, date_trunc('month', day)::date as month from (${days}) x)
      delete from analytics_monthly m using months
      where m.campaign_id = months.campaign_id and m.month = months.month and m.count = 0`);
    // The campaign dashboard's projections of those days, then of their months.
    await tx.execute(sql`
      with days as (${days})
      delete from analytics_campaign_daily c using days where c.campaign_id = days.campaign_id and c.day = days.day`);
    await tx.execute(sql`
      insert into analytics_campaign_daily (campaign_id, day, projection, metric, key_id, dimension, count, total)
      with days as (${days})
      ${campaignProjection(sql`select a.* from analytics_daily a join days on a.campaign_id = days.campaign_id
        and a.day = days.day`)}`);
    const months = sql`select distinct campaign_id, date_trunc('month', day)::date as month from (${days}) x`;
    await tx.execute(sql`
      with months as (${months})
      delete from analytics_campaign_monthly m using months
      where m.campaign_id = months.campaign_id and m.month = months.month`);
    await tx.execute(sql`
      insert into analytics_campaign_monthly (campaign_id, month, projection, metric, key_id, dimension, count, total)
      with months as (${months})
      select c.campaign_id, months.month, c.projection, c.metric, c.key_id, c.dimension, sum(c.count), sum(c.total)
      from analytics_campaign_daily c
      join months on c.campaign_id = months.campaign_id and c.day >= months.month
        and c.day < (months.month + interval '1 month')::date
      group by 1, 2, 3, 4, 5, 6`);
  },

  /** Figures summed over local hours [from, to), by metric, dimension, agent, channel and campaign. */
  async figures(db: Executor, filter: FiguresFilter): Promise<AnalyticsFigure[]> {
    const conditions: SQL[] = [sql`hour >= ${filter.from}::timestamp`, sql`hour < ${filter.to}::timestamp`];
    if (filter.campaignIds) conditions.push(sql`campaign_id = any(${`{${filter.campaignIds.join(',')}}`}::bigint[])`);
    if (filter.userId !== undefined) conditions.push(sql`user_id = ${filter.userId}`);
    if (filter.metrics) conditions.push(sql`metric = any(${`{${filter.metrics.join(',')}}`}::text[])`);
    const bucket = filter.groupBy === 'day' ? sql`to_char(hour, 'YYYY-MM-DD')` : sql`''`;
    const result = await db.execute<{
      metric: string;
      dimension: string;
      user_id: string;
      channel_id: string;
      campaign_id: string;
      bucket: string;
      count: string;
      total: number;
    }>(sql`
      select metric, dimension, user_id, channel_id, campaign_id, ${bucket} as bucket,
        sum(count) as count, sum(total) as total
      from analytics_hourly where ${sql.join(conditions, sql` and `)}
      group by metric, dimension, user_id, channel_id, campaign_id, bucket
      order by metric, dimension, user_id, channel_id, campaign_id, bucket`);
    return result.rows.map((row) => ({
      metric: row.metric,
      dimension: row.dimension,
      userId: Number(row.user_id),
      channelId: Number(row.channel_id),
      campaignId: Number(row.campaign_id),
      ...(filter.groupBy === 'day' ? { day: row.bucket } : {}),
      count: Number(row.count),
      total: Number(row.total),
    }));
  },
};

/** The figures one dashboard shows, summed four ways in one pass over the hours (GROUPING SETS). */
export interface DashboardFigureRow {
  set: 'campaign' | 'user' | 'channel' | 'hour';
  metric: string;
  dimension: string;
  campaignId: number;
  userId: number;
  channelId: number;
  hourOfDay: number;
  count: number;
  total: number;
}

export interface DashboardScope {
  /** The local days, both included ('YYYY-MM-DD'). */
  from: string;
  to: string;
  /** null: every campaign (the caller sees all, or asked for one agent's own figures wherever they are). */
  campaignIds: readonly number[] | null;
  userId?: number;
}

const idArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

const previousDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * A period of days ([from, to], both included) as the calendar months wholly inside it (their first days) and the
 * day ranges before and after them.
 */
export function splitByMonths(from: string, to: string): { months: string[]; days: [string, string][] } {
  // The first day of the month after the one `day` is in ('2026-01-31' → '2026-02-01').
  const monthAfter = (day: string) =>
    new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 1)).toISOString().slice(0, 10);
  const months: string[] = [];
  let month = from.endsWith('-01') ? from : monthAfter(from);
  while (previousDay(monthAfter(month)) <= to) {
    months.push(month);
    month = monthAfter(month);
  }
  if (months.length === 0) return { months, days: [[from, to]] };
  const days: [string, string][] = [];
  if (from < months[0]) days.push([from, previousDay(months[0])]);
  if (month <= to) days.push([month, to]);
  return { months, days };
}

export const dashboardRepo = {
  /**
   * Every campaign's figures of a period, from the campaign projections: whole months from the monthly rows, the
   * other days from the daily ones (the campaign dashboard: no single agent).
   */
  async campaignFigures(db: Executor, scope: Omit<DashboardScope, 'userId'>): Promise<DashboardFigureRow[]> {
    const campaigns = scope.campaignIds ? sql`and campaign_id = any(${idArray(scope.campaignIds)}::bigint[])` : sql``;
    const { months, days } = splitByMonths(scope.from, scope.to);
    const parts: SQL[] = days.map(
      ([first, last]) => sql`
        select projection, metric, key_id, dimension, campaign_id, count, total from analytics_campaign_daily
        where day >= ${first}::date and day <= ${last}::date ${campaigns}`,
    );
    if (months.length > 0) {
      parts.push(sql`
        select projection, metric, key_id, dimension, campaign_id, count, total from analytics_campaign_monthly
        where month = any(${`{${months.join(',')}}`}::date[]) ${campaigns}`);
    }
    const result = await db.execute<{
      projection: DashboardFigureRow['set'];
      metric: string;
      key_id: string;
      dimension: string;
      campaign_id: string;
      count: string;
      total: number;
    }>(sql`
      select projection, metric, key_id, dimension, case when projection = 'campaign' then campaign_id else 0 end
          as campaign_id, sum(count) as count, sum(total) as total
      from (${sql.join(parts, sql` union all `)}) p
      group by 1, 2, 3, 4, 5`);
    return result.rows.map((row) => {
      const keyId = Number(row.key_id);
      // 'in|13' for messages, '13' for tasks.
      const [dimension, hour] =
        row.projection === 'hour'
          ? row.dimension.includes('|')
            ? row.dimension.split('|')
            : ['', row.dimension]
          : [row.dimension, '0'];
      return {
        set: row.projection,
        metric: row.metric,
        dimension,
        campaignId: Number(row.campaign_id),
        userId: row.projection === 'user' ? keyId : 0,
        channelId: row.projection === 'channel' ? keyId : 0,
        hourOfDay: Number(hour),
        count: Number(row.count),
        total: Number(row.total),
      };
    });
  },

  async figures(db: Executor, scope: DashboardScope): Promise<DashboardFigureRow[]> {
    if (scope.userId === undefined) return this.campaignFigures(db, scope);
    // One agent's rows: whole months from the monthly sums, the days around them from the days.
    const conditions: SQL[] = [sql`user_id = ${scope.userId}`];
    if (scope.campaignIds) conditions.push(sql`campaign_id = any(${idArray(scope.campaignIds)}::bigint[])`);
    const owned = sql.join(conditions, sql` and `);
    const { months, days } = splitByMonths(scope.from, scope.to);
    const columns = sql`metric, dimension, campaign_id, user_id, channel_id, count, total`;
    const parts: SQL[] = days.map(
      ([first, last]) =>
        sql`select ${columns} from analytics_daily where ${owned} and day >= ${first}::date and day <= ${last}::date`,
    );
    if (months.length > 0) {
      parts.push(
        sql`select ${columns} from analytics_monthly where ${owned} and month = any(${`{${months.join(',')}}`}::date[])`,
      );
    }
    const source = sql`(${sql.join(parts, sql` union all `)}) f`;
    type Row = {
      set: DashboardFigureRow['set'];
      metric: string;
      dimension: string | null;
      campaign_id: string | null;
      user_id: string | null;
      channel_id: string | null;
      count: string;
      total: number;
    };
    const [grouped, byHour] = await Promise.all([
      db.execute<Row>(sql`
        select case when grouping(campaign_id) = 0 then 'campaign' when grouping(user_id) = 0 then 'user'
            else 'channel' end as set,
          metric, dimension, campaign_id, user_id, channel_id, sum(count) as count, sum(total) as total
        from ${source}
        where metric not like '%\_by\_hour'
        group by grouping sets ((metric, campaign_id, dimension), (metric, user_id), (metric, channel_id, dimension))`),
      db.execute<{ metric: string; dimension: string; count: string }>(sql`
        select metric, dimension, sum(count) as count from ${source}
        where metric in ('messages_by_hour', 'tasks_by_hour')
        group by metric, dimension`),
    ]);
    const rows: DashboardFigureRow[] = grouped.rows.map((row) => ({
      set: row.set,
      metric: row.metric,
      dimension: row.dimension ?? '',
      campaignId: Number(row.campaign_id ?? 0),
      userId: Number(row.user_id ?? 0),
      channelId: Number(row.channel_id ?? 0),
      hourOfDay: 0,
      count: Number(row.count),
      total: Number(row.total),
    }));
    for (const row of byHour.rows) {
      // 'in|13' for messages, '13' for tasks.
      const [dimension, hour] = row.dimension.includes('|') ? row.dimension.split('|') : ['', row.dimension];
      rows.push({
        set: 'hour',
        metric: row.metric.replace(/_by_hour$/, ''),
        dimension,
        campaignId: 0,
        userId: 0,
        channelId: 0,
        hourOfDay: Number(hour),
        count: Number(row.count),
        total: 0,
      });
    }
    return rows;
  },

  /** The newest tasks of the period (of one author, or in the campaigns), newest first. */
  async latestTasks(
    db: Executor,
    scope: { fromUtc: Date; toUtc: Date; campaignIds: readonly number[] | null; userId?: number; limit: number },
  ) {
    const result = await db.execute<{
      id: string;
      ticket_id: string;
      number: string;
      campaign: string;
      author: string | null;
      type: string | null;
      notes: string | null;
      created_at: Date;
    }>(sql`
      select k.id, k.ticket_id, t.number, c.name as campaign, u.name as author, e.name as type, k.notes, k.created_at
      from ticket_tasks k
      join tickets t on t.id = k.ticket_id
      join campaigns c on c.id = t.campaign_id
      left join users u on u.id = k.author_id
      left join catalogue_entries e on e.id = t.type_id
      where k.created_at >= ${scope.fromUtc.toISOString()}::timestamptz
        and k.created_at < ${scope.toUtc.toISOString()}::timestamptz
        ${scope.userId === undefined ? sql`` : sql`and k.author_id = ${scope.userId}`}
        ${scope.campaignIds ? sql`and t.campaign_id = any(${idArray(scope.campaignIds)}::bigint[])` : sql``}
      order by k.created_at desc, k.id desc
      limit ${scope.limit}`);
    return result.rows.map((row) => ({
      id: Number(row.id),
      ticketId: Number(row.ticket_id),
      ticketNumber: Number(row.number),
      campaign: row.campaign,
      author: row.author,
      type: row.type,
      notes: row.notes,
      createdAt: new Date(row.created_at).toISOString(),
    }));
  },

  async allCampaignIds(db: Executor): Promise<number[]> {
    const result = await db.execute<{ id: string }>(sql`select id from campaigns order by id`);
    return result.rows.map((row) => Number(row.id));
  },

  /** Names and targets of campaigns. */
  async campaigns(db: Executor, ids: readonly number[]) {
    if (ids.length === 0) return [];
    const result = await db.execute<{
      id: string;
      name: string;
      sl_seconds: number | null;
      sl_target: number | null;
      aht: number | null;
    }>(sql`
      select id, name, (config->>'serviceLevelSeconds')::int as sl_seconds,
        (config->>'serviceLevelTarget')::int as sl_target, (config->>'averageHandlingSeconds')::int as aht
      from campaigns where id = any(${idArray(ids)}::bigint[]) order by name, id`);
    return result.rows.map((row) => ({
      id: Number(row.id),
      name: row.name,
      serviceLevelSeconds: row.sl_seconds ?? 20,
      serviceLevelTarget: row.sl_target ?? 80,
      averageHandlingSeconds: row.aht ?? 300,
    }));
  },

  async names(db: Executor, table: 'users' | 'campaigns' | 'channels' | 'catalogue_entries', ids: readonly number[]) {
    if (ids.length === 0) return new Map<number, { name: string; type?: string }>();
    const source = sql.raw(table);
    const typeColumn = table === 'channels' ? sql`type` : sql`null`;
    const result = await db.execute<{ id: string; name: string; type: string | null }>(
      sql`select id, name, ${typeColumn} as type from ${source} where id = any(${idArray(ids)}::bigint[])`,
    );
    return new Map(
      result.rows.map((row) => [Number(row.id), { name: row.name, ...(row.type ? { type: row.type } : {}) }]),
    );
  },

  /** The campaigns' agents by their status now. */
  async agentsByStatus(db: Executor, campaignIds: readonly number[] | null) {
    const result = await db.execute<{ status: string; count: string }>(sql`
      select coalesce(s.status, 'D') as status, count(*) as count
      from (select distinct user_id from campaign_agent_channels
        ${campaignIds ? sql`where campaign_id = any(${idArray(campaignIds)}::bigint[])` : sql``}) a
      left join agent_states s on s.user_id = a.user_id
      group by 1 order by 1`);
    return result.rows.map((row) => ({ status: row.status, count: Number(row.count) }));
  },

  /** Tickets waiting for an agent now (the routing queue's own index). */
  async waitingNow(db: Executor, campaignIds: readonly number[] | null): Promise<number> {
    const result = await db.execute<{ count: string }>(sql`
      select count(*) as count from tickets
      where status <> 4 and assigned_user_id is null and transfer_to_user_id is null and transfer_to_campaign_id is null
        ${campaignIds ? sql`and campaign_id = any(${idArray(campaignIds)}::bigint[])` : sql``}`);
    return Number(result.rows[0]?.count ?? 0);
  },

  /** The agent's status now, and since when (not a logged period yet). */
  async currentStatus(db: Executor, userId: number) {
    const result = await db.execute<{ status: string; pause_reason: string | null; since: Date }>(
      sql`select status, pause_reason, since from agent_states where user_id = ${userId}`,
    );
    const row = result.rows[0];
    return row ? { status: row.pause_reason ?? row.status, since: new Date(row.since) } : null;
  },

  /** The agents of the campaigns (whose dashboards a supervisor of them may open). */
  async agentsOf(db: Executor, campaignIds: readonly number[] | null) {
    const result = await db.execute<{ id: string; name: string }>(sql`
      select u.id, u.name from users u
      where exists (select 1 from campaign_agent_channels a where a.user_id = u.id
        ${campaignIds ? sql`and a.campaign_id = any(${idArray(campaignIds)}::bigint[])` : sql``})
      order by u.name, u.id limit 1000`);
    return result.rows.map((row) => ({ id: Number(row.id), name: row.name }));
  },

  /** Whether the user serves any of the campaigns as an agent. */
  async isAgentOf(db: Executor, userId: number, campaignIds: readonly number[]): Promise<boolean> {
    if (campaignIds.length === 0) return false;
    const result = await db.execute(sql`
      select 1 from campaign_agent_channels where user_id = ${userId}
        and campaign_id = any(${idArray(campaignIds)}::bigint[]) limit 1`);
    return result.rows.length > 0;
  },

  /** Local wall-clock time in the zone → the instant (for the raw reads of a local range). */
  async instantOf(db: Executor, local: string, timeZone: string): Promise<Date> {
    const result = await db.execute<{ at: Date }>(sql`select (${local}::timestamp at time zone ${timeZone}) as at`);
    return new Date(result.rows[0].at);
  },

  /** Today's date where the business is. */
  async today(db: Executor, timeZone: string): Promise<string> {
    const result = await db.execute<{ day: string }>(
      sql`select to_char(now() at time zone ${timeZone}, 'YYYY-MM-DD') as day`,
    );
    return result.rows[0].day;
  },
};
