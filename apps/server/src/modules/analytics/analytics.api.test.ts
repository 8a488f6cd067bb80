import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../test/app.js';
import { createSiblingDatabase, type TestDatabase } from '../../test/database.js';
import { signedInWith } from '../../test/desk.js';
import { cataloguesRepo } from '../catalogues/catalogues.repo.js';
import { type AnalyticsFigure, analyticsRepo } from './analytics.repo.js';

// The dashboards' hourly figures against independent SQL over the raw rows: per local day of the business's time
// zone (America/Bogota, UTC-5, the default; and Asia/Kolkata, UTC+5:30, where a UTC hour spans two local hours),
// after a late change to an hour already computed, and after a rebuild from scratch.

let t: TestApp;
let database: TestDatabase;
const query = <R extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
  t.ctx.db.$client.query<R>(text, values);

/** A small deterministic generator: the same data set on every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

interface Seeded {
  campaignIds: number[];
  userIds: number[];
  channelIds: number[];
  /** Local days the data covers, in both zones tested. */
  from: string;
  to: string;
}

/**
 * Three days of tickets (some answered, some closed, around local midnight on purpose), their messages and tasks,
 * and agent status periods that cross midnight, in two campaigns of the test's own.
 */
async function seed(): Promise<Seeded> {
  const next = random(20261126);
  const documentType = (await cataloguesRepo.idsByCode(t.ctx.db, 'tipo-documento')).get('CC');
  const caseType = [...(await cataloguesRepo.idsByCode(t.ctx.db, 'tipo-caso')).values()][0] ?? null;
  const stamp = `${Date.now()}${Math.floor(next() * 1e6)}`;
  const channelIds: number[] = [];
  for (const type of ['webchat', 'whatsapp']) {
    const row = await query<{ id: string }>(
      `insert into channels (name, type, direction, business_hours) values ($1, $2, 'inbound', '{}'::jsonb) returning id`,
      [`Analytics ${type} ${stamp}`, type],
    );
    channelIds.push(Number(row.rows[0].id));
  }
  const campaignIds: number[] = [];
  for (const [index, seconds] of [30, 120].entries()) {
    const row = await query<{ id: string }>(
      `insert into campaigns (name, type, config) values ($1, 'inbound', $2::jsonb) returning id`,
      [`Analytics ${index} ${stamp}`, JSON.stringify({ serviceLevelSeconds: seconds })],
    );
    campaignIds.push(Number(row.rows[0].id));
  }
  const users = await query<{ id: string }>(
    `insert into users (name, username, email, password_hash)
     select 'Analista ' || g, 'analista' || g || '-' || $1, 'analista' || g || '-' || $1 || '@test.atiende', 'x'
     from generate_series(1, 3) g returning id`,
    [stamp],
  );
  const userIds = users.rows.map((row) => Number(row.id));
  const customer = await query<{ id: string }>(
    `insert into customers (identification_type_id, identification_number, first_name, last_name)
     values ($1, $2, 'Ana', 'Analítica') returning id`,
    [documentType, stamp.slice(-12)],
  );
  const customerId = Number(customer.rows[0].id);

  // 2026-03-10 00:00 UTC onwards: midnight in Bogota is 05:00 UTC, in Kolkata 18:30 UTC the day before.
  const base = Date.UTC(2026, 2, 10, 0, 0, 0);
  const hour = 3_600_000;
  for (let index = 0; index < 160; index += 1) {
    // A third of the tickets within half an hour of one of the two zones' midnights.
    const near = index % 3 === 0;
    const day = Math.floor(next() * 3);
    const createdAt = new Date(
      near
        ? base + day * 24 * hour + (next() < 0.5 ? 5 : 18.5) * hour + (next() - 0.5) * hour
        : base + next() * 3 * 24 * hour,
    );
    const campaignId = campaignIds[index % 2];
    const channelId = channelIds[Math.floor(next() * 2)];
    const assignee = next() < 0.85 ? userIds[Math.floor(next() * 3)] : null;
    const answered = assignee !== null && next() < 0.8;
    const firstResponseAt = answered ? new Date(createdAt.getTime() + next() * 240_000) : null;
    const closed = answered && next() < 0.6;
    const closedAt = closed ? new Date(createdAt.getTime() + next() * 10 * hour) : null;
    const status = closed ? 4 : answered ? 1 : Math.floor(next() * 3);
    const ticket = await query<{ id: string }>(
      `insert into tickets (description, campaign_id, channel_id, customer_id, assigned_user_id, status, type_id,
         created_at, opened_at, first_response_at, closed_at)
       values ('Caso de prueba', $1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
      [
        campaignId,
        channelId,
        customerId,
        assignee,
        status,
        next() < 0.5 ? caseType : null,
        createdAt,
        answered ? new Date(createdAt.getTime() + 5_000) : null,
        firstResponseAt,
        closedAt,
      ],
    );
    const ticketId = Number(ticket.rows[0].id);
    const interaction = await query<{ id: string }>(
      `insert into interactions (ticket_id, channel_id, customer_id, contact_value, created_at, last_message_at)
       values ($1, $2, $3, 'visitante', $4, $4) returning id`,
      [ticketId, channelId, customerId, createdAt],
    );
    const messages = 1 + Math.floor(next() * 4);
    for (let message = 0; message < messages; message += 1) {
      const outgoing = message > 0 && assignee !== null && next() < 0.5;
      await query(
        `insert into messages (interaction_id, ticket_id, channel_id, direction, body_html, body_text, author_id, created_at)
         values ($1, $2, $3, $4, 'hola', 'hola', $5, $6)`,
        [
          Number(interaction.rows[0].id),
          ticketId,
          channelId,
          outgoing ? 1 : 0,
          outgoing ? assignee : null,
          new Date(createdAt.getTime() + message * next() * 2 * hour),
        ],
      );
    }
    if (assignee !== null && next() < 0.5) {
      await query(
        `insert into ticket_tasks (ticket_id, author_id, values, created_at) values ($1, $2, '{}'::jsonb, $3)`,
        [ticketId, assignee, new Date(createdAt.getTime() + next() * 3 * hour)],
      );
    }
  }
  // Each agent's day: periods of 10 minutes to 7 hours, back to back, in one of the campaigns.
  for (const [index, userId] of userIds.entries()) {
    let at = base + index * 1_800_000;
    const end = base + 3 * 24 * hour;
    const statuses = ['A', 'E', 'G', 'Almuerzo', 'D'];
    while (at < end) {
      const seconds = Math.round(600 + next() * 7 * 3600);
      at += seconds * 1000;
      await query(
        `insert into agent_status_log (user_id, status, previous_status, duration_seconds, campaign_id, created_at)
         values ($1, 'A', $2, $3, $4, $5)`,
        [userId, statuses[Math.floor(next() * statuses.length)], seconds, campaignIds[index % 2], new Date(at)],
      );
    }
  }
  return { campaignIds, userIds, channelIds, from: '2026-03-09 00:00:00', to: '2026-03-14 00:00:00' };
}

/** What the figures say, per local day, metric and dimension, as comparable lines. */
function lines(figures: readonly AnalyticsFigure[], pick: (figure: AnalyticsFigure) => string[]): string[] {
  const sums = new Map<string, { count: number; total: number }>();
  for (const figure of figures) {
    const key = [figure.day ?? '', figure.metric, ...pick(figure)].join(' | ');
    const sum = sums.get(key) ?? { count: 0, total: 0 };
    sum.count += figure.count;
    sum.total += figure.total;
    sums.set(key, sum);
  }
  return [...sums.entries()]
    .filter(([, sum]) => sum.count > 0)
    .map(([key, sum]) => `${key} | ${sum.count} | ${Math.round(sum.total)}`)
    .sort();
}

/** The same figures straight from the raw rows, per local day (independent of the hourly buckets). */
async function expectedLines(seeded: Seeded, timeZone: string): Promise<string[]> {
  const day = (column: string) => `to_char(${column} at time zone $2, 'YYYY-MM-DD')`;
  const rows = await query<{
    day: string;
    metric: string;
    user_id: string;
    dimension: string;
    n: string;
    total: string;
  }>(
    `with c as (select unnest($1::bigint[]) as id)
     select ${day('t.created_at')} as day, 'tickets' as metric, coalesce(t.assigned_user_id, 0) as user_id,
       t.status::text as dimension, count(*) as n, 0 as total
     from tickets t join c on c.id = t.campaign_id group by 1, 2, 3, 4
     union all
     select ${day('t.created_at')}, 'tickets_answered', coalesce(t.assigned_user_id, 0),
       case when extract(epoch from t.first_response_at - t.created_at) <= (k.config->>'serviceLevelSeconds')::int
         then 'in_sl' else 'late' end,
       count(*), round(sum(extract(epoch from t.first_response_at - t.created_at)))
     from tickets t join campaigns k on k.id = t.campaign_id join c on c.id = t.campaign_id
     where t.first_response_at is not null group by 1, 2, 3, 4
     union all
     select ${day('t.closed_at')}, 'tickets_closed', coalesce(t.assigned_user_id, 0), '', count(*),
       round(sum(extract(epoch from t.closed_at - coalesce(t.opened_at, t.created_at))))
     from tickets t join c on c.id = t.campaign_id where t.status = 4 group by 1, 2, 3, 4
     union all
     select ${day('m.created_at')}, 'messages',
       case when m.direction = 1 then coalesce(m.author_id, 0) else coalesce(t.assigned_user_id, 0) end,
       case when m.direction = 1 then 'out' else 'in' end, count(*), 0
     from messages m join tickets t on t.id = m.ticket_id join c on c.id = t.campaign_id group by 1, 2, 3, 4
     union all
     select ${day('k.created_at')}, 'tasks', coalesce(k.author_id, 0), coalesce(t.type_id::text, ''), count(*), 0
     from ticket_tasks k join tickets t on t.id = k.ticket_id join c on c.id = t.campaign_id group by 1, 2, 3, 4`,
    [seeded.campaignIds, timeZone],
  );
  // Time in status per local day: each period cut at the zone's midnights (whole seconds; the figures count the
  // periods that touch a day, which a sum over hours cannot, so only the seconds are compared).
  const status = await query<{ day: string; user_id: string; status: string; seconds: string }>(
    `with periods as (
       select s.user_id, coalesce(s.previous_status, '') as status,
         s.created_at - make_interval(secs => s.duration_seconds) as starts, s.created_at as ends
       from agent_status_log s where s.campaign_id = any($1::bigint[])
     ), days as (
       select d::date as day, (d::date::timestamp at time zone $2) as day_start,
         ((d::date + 1)::timestamp at time zone $2) as day_end
       from generate_series(date '2026-03-08', date '2026-03-15', interval '1 day') d
     )
     select to_char(days.day, 'YYYY-MM-DD') as day, p.user_id, p.status,
       round(sum(extract(epoch from least(p.ends, days.day_end) - greatest(p.starts, days.day_start)))) as seconds
     from periods p join days on p.starts < days.day_end and p.ends > days.day_start
     group by 1, 2, 3`,
    [seeded.campaignIds, timeZone],
  );
  return [
    ...rows.rows.map(
      (row) =>
        `${row.day} | ${row.metric} | ${row.user_id} | ${row.dimension} | ${row.n} | ${Math.round(Number(row.total))}`,
    ),
    ...status.rows.map((row) => `${row.day} | agent_status | ${row.user_id} | ${row.status} | ${row.seconds}`),
  ].sort();
}

const userAndDimension = (figure: AnalyticsFigure) => [String(figure.userId), figure.dimension];

/** Figures of the seeded campaigns per local day, in the shape expectedLines gives (status periods: seconds only). */
function comparable(figures: readonly AnalyticsFigure[]): string[] {
  const statusFree = lines(
    figures.filter((figure) => figure.metric !== 'agent_status'),
    userAndDimension,
  );
  const status = lines(
    figures.filter((figure) => figure.metric === 'agent_status'),
    userAndDimension,
  ).map((line) => line.replace(/ \| \d+ \| (\d+)$/, ' | $1'));
  return [...statusFree, ...status].sort();
}

// A database of its own: the figures follow the business's time zone, which another file changes for a moment.
beforeAll(async () => {
  database = await createSiblingDatabase(inject('databaseUrl'));
  t = await createTestApp({ databaseUrl: database.url });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await database?.drop();
});

describe('dashboard figures', () => {
  let seeded: Seeded;

  beforeAll(async () => {
    seeded = await seed();
  });

  const figuresByDay = () =>
    t.services.analytics.figures({
      from: seeded.from,
      to: seeded.to,
      campaignIds: seeded.campaignIds,
      groupBy: 'day',
    });

  it('equal the raw rows per local day in the business time zone (Bogota), after a late change and a rebuild', async () => {
    await t.services.analytics.recompute();
    const expected = await expectedLines(seeded, 'America/Bogota');
    expect(expected.length).toBeGreaterThan(40);
    expect(comparable(await figuresByDay())).toEqual(expected);

    // A late message for an hour computed long ago, a ticket answered and another closed now: marked by their own
    // transactions, folded in by the next pass.
    const [ticket] = (
      await query<{ id: string; channel_id: string }>(
        `select id, channel_id from tickets where campaign_id = $1 and first_response_at is null
         and assigned_user_id is not null order by id limit 1`,
        [seeded.campaignIds[0]],
      )
    ).rows;
    const interaction = await query<{ id: string }>('select id from interactions where ticket_id = $1', [ticket.id]);
    await query(
      `insert into messages (interaction_id, ticket_id, channel_id, direction, body_html, body_text, created_at)
       values ($1, $2, $3, 0, 'tarde', 'tarde', '2026-03-10 04:59:59+00')`,
      [interaction.rows[0].id, ticket.id, ticket.channel_id],
    );
    await query(`update tickets set first_response_at = created_at + interval '10 seconds', status = 1 where id = $1`, [
      ticket.id,
    ]);
    await query(
      `update tickets set status = 4, closed_at = created_at + interval '2 hours'
       where id = (select id from tickets where campaign_id = $1 and status <> 4 order by id desc limit 1)`,
      [seeded.campaignIds[1]],
    );
    const stale = comparable(await figuresByDay());
    const afterChange = await expectedLines(seeded, 'America/Bogota');
    expect(stale).not.toEqual(afterChange);
    const pass = await t.services.analytics.recompute();
    expect(pass.hours).toBeGreaterThan(0);
    expect(comparable(await figuresByDay())).toEqual(afterChange);

    // A changed service-level time re-decides which answers were in time, for every hour of the campaign.
    await query(`update campaigns set config = config || '{"serviceLevelSeconds": 90}'::jsonb where id = $1`, [
      seeded.campaignIds[0],
    ]);
    await t.services.analytics.recompute();
    const afterSla = await expectedLines(seeded, 'America/Bogota');
    expect(afterSla).not.toEqual(afterChange);
    expect(comparable(await figuresByDay())).toEqual(afterSla);

    // A rebuild from the raw rows gives the same rows, hour by hour and day by day.
    const hourly = async () =>
      (
        await query<{ line: string }>(
          `select concat_ws(' | ', campaign_id, hour, metric, user_id, channel_id, dimension, count, round(total::numeric, 3))
             as line
           from analytics_hourly where campaign_id = any($1::bigint[])
           union all
           select concat_ws(' | ', 'day', campaign_id, day, metric, user_id, channel_id, dimension, count,
             round(total::numeric, 3))
           from analytics_daily where campaign_id = any($1::bigint[]) order by 1`,
          [seeded.campaignIds],
        )
      ).rows.map((row) => row.line);
    const incremental = await hourly();
    expect(incremental.some((line) => line.startsWith('day | '))).toBe(true);
    await t.services.analytics.rebuild();
    expect(await hourly()).toEqual(incremental);
  });

  it('cut days at the zone’s own midnight where a UTC hour spans two local hours (Kolkata, UTC+5:30)', async () => {
    // Computed and read in one transaction that is rolled back: the business keeps its own zone.
    const rolledBack = new Error('rolled back');
    let figures: AnalyticsFigure[] = [];
    let expected: string[] = [];
    await t.ctx.db
      .transaction(async (tx) => {
        await analyticsRepo.lock(tx);
        // What the Bogota hours said goes; every hour of the campaigns is computed in Kolkata's.
        await tx.execute(
          sql`delete from analytics_hourly where campaign_id = any(${`{${seeded.campaignIds.join(',')}}`}::bigint[])`,
        );
        await analyticsRepo.markCampaigns(tx, seeded.campaignIds);
        const { targets } = await analyticsRepo.takeDirty(tx, 'Asia/Kolkata', 1_000_000);
        await analyticsRepo.recompute(tx, 'Asia/Kolkata', targets);
        figures = await analyticsRepo.figures(tx, {
          from: seeded.from,
          to: seeded.to,
          campaignIds: seeded.campaignIds,
          groupBy: 'day',
        });
        throw rolledBack;
      })
      .catch((error: unknown) => {
        if (error !== rolledBack) throw error;
      });
    expected = await expectedLines(seeded, 'Asia/Kolkata');
    expect(comparable(figures)).toEqual(expected);
    // Half-hour buckets really were involved: a Kolkata day starts at 18:30 UTC.
    expect(expected.some((line) => line.startsWith('2026-03-10'))).toBe(true);
  });
});

describe('the dashboards’ API', () => {
  let seeded: Seeded;
  const range = { preset: 'custom', from: '2026-03-09', to: '2026-03-13' };
  const get = (url: string, headers: Record<string, string>, query: Record<string, string | number> = {}) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v2/analytics/${url}?${new URLSearchParams(
        Object.entries({ ...range, ...query }).map(([key, value]): [string, string] => [key, String(value)]),
      )}`,
      headers,
    });

  beforeAll(async () => {
    seeded = await seed();
    await t.services.analytics.recompute();
  });

  /** The raw truth for a set of campaigns (and an agent), days 2026-03-09..13 in Bogota. */
  async function raw(campaignIds: number[], userId?: number) {
    const ofUser = userId === undefined ? '' : `and t.assigned_user_id = ${Number(userId)}`;
    const bounds = `t.created_at >= '2026-03-09 00:00:00'::timestamp at time zone 'America/Bogota'
      and t.created_at < '2026-03-14 00:00:00'::timestamp at time zone 'America/Bogota'`;
    const tickets = await query<{ status: number; n: string }>(
      `select t.status, count(*) as n from tickets t where t.campaign_id = any($1::bigint[]) and ${bounds} ${ofUser}
       group by 1 order by 1`,
      [campaignIds],
    );
    const inTime = await query<{ n: string }>(
      `select count(*) as n from tickets t join campaigns c on c.id = t.campaign_id
       where t.campaign_id = any($1::bigint[]) and ${bounds} ${ofUser}
         and t.first_response_at - t.created_at <= make_interval(secs => (c.config->>'serviceLevelSeconds')::int)`,
      [campaignIds],
    );
    return {
      ticketsByStatus: tickets.rows.map((row) => ({ status: row.status, count: Number(row.n) })),
      answeredInTime: Number(inTime.rows[0].n),
    };
  }

  /** A supervisor of some campaigns only (the built-in role sees every ticket, hence every campaign). */
  const campaignSupervisor = async () =>
    signedInWith(t, await signedIn(t, 'admin'), ['ver-dashboard-campana', 'ver-dashboard-usuario']);

  it('show a campaign’s figures to who supervises it, and refuse campaigns they do not', async () => {
    const supervisor = await campaignSupervisor();
    await query('insert into campaign_supervisors (campaign_id, user_id) values ($1, $2)', [
      seeded.campaignIds[0],
      supervisor.id,
    ]);
    const own = await get('campaign-dashboard', supervisor.headers, { campaigns: seeded.campaignIds[0] });
    expect(own.statusCode).toBe(200);
    const dashboard = own.json().result;
    const truth = await raw([seeded.campaignIds[0]]);
    expect(dashboard.ticketsByStatus).toEqual(truth.ticketsByStatus);
    expect(dashboard.campaigns.map((campaign: { campaignId: number }) => campaign.campaignId)).toEqual([
      seeded.campaignIds[0],
    ]);
    expect(dashboard.totals.answeredInTime).toBe(truth.answeredInTime);
    expect(dashboard.range).toEqual({ ...range, timeZone: 'America/Bogota' });
    expect(dashboard.interactionsByHour).toHaveLength(24);

    // Without naming campaigns: only the supervised one; naming the other: refused, nothing shown.
    const scoped = (await get('campaign-dashboard', supervisor.headers)).json().result;
    expect(scoped.campaigns.map((campaign: { campaignId: number }) => campaign.campaignId)).toEqual([
      seeded.campaignIds[0],
    ]);
    expect((await get('campaign-dashboard', supervisor.headers, { campaigns: seeded.campaignIds[1] })).statusCode).toBe(
      403,
    );
    expect(
      (await get('campaign-dashboard', supervisor.headers, { campaigns: seeded.campaignIds.join(',') })).statusCode,
    ).toBe(403);

    // Who sees every ticket sees both, and the sum of both.
    const admin = await signedIn(t, 'admin');
    const both = (await get('campaign-dashboard', admin.headers, { campaigns: seeded.campaignIds.join(',') })).json()
      .result;
    expect(both.ticketsByStatus).toEqual((await raw(seeded.campaignIds)).ticketsByStatus);
    // An agent holds no campaign dashboard permission.
    const agent = await signedIn(t, 'agent');
    expect((await get('campaign-dashboard', agent.headers)).statusCode).toBe(403);
  });

  it('read whole months from the monthly figures with the same result as day by day', async () => {
    const admin = await signedIn(t, 'admin');
    const campaigns = seeded.campaignIds.join(',');
    const byDays = (await get('campaign-dashboard', admin.headers, { campaigns })).json().result;
    // February 20 to April 5: March whole (monthly rows) and the days around it.
    const byMonths = (
      await get('campaign-dashboard', admin.headers, { campaigns, from: '2026-02-20', to: '2026-04-05' })
    ).json().result;
    const { range: _days, ...dayFigures } = byDays;
    const { range: _months, ...monthFigures } = byMonths;
    // Sums added in another order may differ in the last bits of a double.
    const rounded = (value: unknown) =>
      JSON.parse(JSON.stringify(value, (_key, item) => (typeof item === 'number' ? Number(item.toFixed(6)) : item)));
    expect(rounded(monthFigures)).toEqual(rounded(dayFigures));
    expect(byDays.ticketsByStatus).toEqual((await raw(seeded.campaignIds)).ticketsByStatus);
    const march = await query<{ n: string }>(
      `select count(*) as n from analytics_campaign_monthly where month = '2026-03-01' and campaign_id = any($1::bigint[])`,
      [seeded.campaignIds],
    );
    expect(Number(march.rows[0].n)).toBeGreaterThan(0);

    // An agent's dashboard too: March from the monthly sums (kept by differences) equals March day by day.
    const [agent] = seeded.userIds;
    const agentDays = (await get('user-dashboard', admin.headers, { user: agent })).json().result;
    const agentMonths = (
      await get('user-dashboard', admin.headers, { user: agent, from: '2026-02-20', to: '2026-04-05' })
    ).json().result;
    const { range: _agentDays, ...agentDayFigures } = agentDays;
    const { range: _agentMonths, ...agentMonthFigures } = agentMonths;
    expect(rounded(agentMonthFigures)).toEqual(rounded(agentDayFigures));
    // After the late change and the rebuild above, every month equals its days summed afresh.
    const drift = await query<{ n: string }>(
      `select count(*) as n from (
         select campaign_id, date_trunc('month', day)::date as month, metric, user_id, channel_id, dimension,
           sum(count) as count, sum(total) as total
         from analytics_daily group by 1, 2, 3, 4, 5, 6) d
       full join analytics_monthly m using (campaign_id, month, metric, user_id, channel_id, dimension)
       where m.count is distinct from d.count or abs(coalesce(m.total, 0) - coalesce(d.total, 0)) > 0.001`,
    );
    expect(Number(drift.rows[0].n)).toBe(0);
  });

  it('show an agent their own figures, and another agent’s only to who supervises them', async () => {
    const agent = await signedIn(t, 'agent');
    const mine = await get('user-dashboard', agent.headers);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().result.user.id).toBe(agent.id);
    // Another agent's figures: refused to an agent, and to a supervisor of campaigns the agent does not serve.
    const [seededAgent] = seeded.userIds;
    expect((await get('user-dashboard', agent.headers, { user: seededAgent })).statusCode).toBe(403);
    const supervisor = await campaignSupervisor();
    expect((await get('user-dashboard', supervisor.headers, { user: seededAgent })).statusCode).toBe(403);

    // Once the agent serves the supervisor's campaign, the supervisor sees the agent's figures in it.
    await query('insert into campaign_supervisors (campaign_id, user_id) values ($1, $2)', [
      seeded.campaignIds[0],
      supervisor.id,
    ]);
    await query('insert into campaign_agent_channels (campaign_id, channel_id, user_id) values ($1, $2, $3)', [
      seeded.campaignIds[0],
      seeded.channelIds[0],
      seededAgent,
    ]);
    const theirs = await get('user-dashboard', supervisor.headers, { user: seededAgent });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().result.ticketsByStatus).toEqual(
      (await raw([seeded.campaignIds[0]], seededAgent)).ticketsByStatus,
    );
    expect(theirs.json().result.statusTime.length).toBeGreaterThan(0);
    const agents = (await get('user-dashboard/agents', supervisor.headers)).json().result;
    expect(agents.map((entry: { id: number }) => entry.id)).toEqual(
      expect.arrayContaining([supervisor.id, seededAgent]),
    );
    // Not outside the supervised campaign.
    expect(
      (await get('user-dashboard', supervisor.headers, { user: seededAgent, campaigns: seeded.campaignIds[1] }))
        .statusCode,
    ).toBe(403);
  });

  it('download what a widget shows as a workbook, in the caller’s language, under the same rules', async () => {
    const admin = await signedIn(t, 'admin');
    const campaigns = seeded.campaignIds.join(',');
    const dashboard = (await get('campaign-dashboard', admin.headers, { campaigns })).json().result;
    const sheetOf = async (response: { rawPayload: Buffer }) => {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0];
      return {
        name: sheet.name,
        rows: sheet
          .getSheetValues()
          .filter(Boolean)
          .map((row) => (row as unknown[]).slice(1)),
      };
    };
    const byStatus = await get('campaign-dashboard/download', admin.headers, { campaigns, widget: 'ticketsByStatus' });
    expect(byStatus.statusCode).toBe(200);
    expect(byStatus.headers['content-disposition']).toBe(
      'attachment; filename="ticketsByStatus-2026-03-09-2026-03-13.xlsx"',
    );
    const names = ['Nuevo', 'Abierto', 'Escalado', 'Transferido', 'Cerrado'];
    expect(await sheetOf(byStatus)).toEqual({
      name: 'Casos por estado',
      rows: [
        ['Estado', 'Casos'],
        ...dashboard.ticketsByStatus.map((row: { status: number; count: number }) => [names[row.status], row.count]),
      ],
    });
    const byHour = await get(
      'campaign-dashboard/download',
      { ...admin.headers, 'x-locale': 'en' },
      { campaigns, widget: 'interactionsByHour' },
    );
    const hours = await sheetOf(byHour);
    expect(hours.rows[0]).toEqual(['Hour', 'Incoming', 'Outgoing']);
    expect(hours.rows.slice(1)).toEqual(
      dashboard.interactionsByHour.map((row: { hour: number; incoming: number; outgoing: number }) => [
        `${String(row.hour).padStart(2, '0')}:00`,
        row.incoming,
        row.outgoing,
      ]),
    );
    const latest = await sheetOf(
      await get('campaign-dashboard/download', admin.headers, { campaigns, widget: 'latestTasks' }),
    );
    expect(latest.rows.length - 1).toBe(dashboard.latestTasks.length);
    expect(latest.rows[1][0]).toBe(dashboard.latestTasks[0].ticketNumber);

    // The same scope as the dashboard; a widget the dashboard does not have is a wrong query.
    const agent = await signedIn(t, 'agent');
    expect((await get('campaign-dashboard/download', agent.headers, { widget: 'ticketsByStatus' })).statusCode).toBe(
      403,
    );
    expect(
      (await get('user-dashboard/download', agent.headers, { user: seeded.userIds[0], widget: 'statusTime' }))
        .statusCode,
    ).toBe(403);
    expect((await get('user-dashboard/download', agent.headers, { widget: 'ticketsByUser' })).statusCode).toBe(400);
    const own = await get('user-dashboard/download', agent.headers, { widget: 'statusTime' });
    expect(own.statusCode).toBe(200);
    expect((await sheetOf(own)).rows[0]).toEqual(['Estado', 'Segundos']);
  });

  it('answer a bad period with translated field messages (400: the query is wrong)', async () => {
    const agent = await signedIn(t, 'agent');
    const missing = await get('user-dashboard', { ...agent.headers, 'x-locale': 'en' }, { from: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().result.fields).toEqual([{ field: 'from', message: 'Choose the date for a custom period' }]);
    const reversed = await get('user-dashboard', agent.headers, { from: '2026-03-10', to: '2026-03-01' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().result.fields).toEqual([
      { field: 'to', message: 'La fecha final no puede ser anterior a la inicial' },
    ]);
    const tooLong = await get('user-dashboard', agent.headers, { from: '2024-01-01', to: '2026-03-01' });
    expect(tooLong.json().result.fields[0].field).toBe('to');
    expect((await get('user-dashboard', agent.headers, { preset: 'someday' })).statusCode).toBe(400);
  });
});
