import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../test/app.js';
import { createSiblingDatabase, type TestDatabase } from '../../test/database.js';
import { type Actor, caller, signedInWith, waitFor } from '../../test/desk.js';
import { cataloguesRepo } from '../catalogues/catalogues.repo.js';
import { nextRunAt } from './reports.schedule.js';

// Reports end to end on the API: scope (campaigns supervised, an agent's own work), validation in both languages,
// the durable job and its file (rows equal to SQL over the same data), 200,000 rows in bounded memory, a programmed
// report at its hour on a controlled clock (and its mail), and the 30-day retention.

let t: TestApp;
let database: TestDatabase;
const query = <R extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
  t.ctx.db.$client.query<R>(text, values);

interface Seeded {
  campaignIds: number[];
  agentIds: number[];
  customerId: number;
}
let seeded: Seeded;

/** Rows of a downloaded workbook's first sheet, as text (the header included). */
async function sheetRows(content: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0].eachRow((row) => {
    rows.push(
      (row.values as ExcelJS.CellValue[]).slice(1).map((value) => {
        if (value instanceof Date) return value.toISOString();
        return value === null || value === undefined ? '' : String(value);
      }),
    );
  });
  return rows;
}

async function seed(): Promise<Seeded> {
  const documentType = (await cataloguesRepo.idsByCode(t.ctx.db, 'tipo-documento')).get('CC');
  const stamp = `${Date.now()}`;
  const campaignIds: number[] = [];
  for (const name of ['Reportes A', 'Reportes B']) {
    const row = await query<{ id: string }>(
      `insert into campaigns (name, type, config) values ($1, 'inbound', '{"serviceLevelSeconds": 60}'::jsonb) returning id`,
      [`${name} ${stamp}`],
    );
    campaignIds.push(Number(row.rows[0].id));
  }
  const users = await query<{ id: string }>(
    `insert into users (name, username, email, password_hash)
     select 'Agente reportes ' || g, 'agrep' || g || '-' || $1, 'agrep' || g || '-' || $1 || '@test.atiende', 'x'
     from generate_series(1, 2) g returning id`,
    [stamp],
  );
  const agentIds = users.rows.map((row) => Number(row.id));
  // Memberships are per channel.
  const channel = await query<{ id: string }>(
    `insert into channels (name, type, direction, business_hours) values ($1, 'webchat', 'inbound', '{}'::jsonb) returning id`,
    [`Reportes ${stamp}`],
  );
  const channelId = Number(channel.rows[0].id);
  for (const agentId of agentIds) {
    await query('insert into campaign_agent_channels (campaign_id, user_id, channel_id) values ($1, $2, $3)', [
      campaignIds[0],
      agentId,
      channelId,
    ]);
  }
  const customer = await query<{ id: string }>(
    `insert into customers (identification_type_id, identification_number, first_name, last_name)
     values ($1, $2, 'Rosa', 'Reportes') returning id`,
    [documentType, stamp.slice(-12)],
  );
  const customerId = Number(customer.rows[0].id);
  // March 2026 (Bogota, UTC-5): 30 tickets in A over two days, alternately assigned; 5 in B.
  await query(
    `insert into tickets (description, campaign_id, customer_id, assigned_user_id, status, created_at, first_response_at)
     select 'Caso ' || g, $1, $2, case when g % 2 = 0 then $3::bigint else $4::bigint end, g % 5,
       timestamptz '2026-03-10 05:00:00+00' + g * interval '90 minutes',
       timestamptz '2026-03-10 05:00:00+00' + g * interval '90 minutes' + interval '30 seconds'
     from generate_series(0, 29) g`,
    [campaignIds[0], customerId, agentIds[0], agentIds[1]],
  );
  await query(
    `insert into tickets (description, campaign_id, customer_id, created_at)
     select 'Otro ' || g, $1, $2, timestamptz '2026-03-10 12:00:00+00' + g * interval '1 hour'
     from generate_series(1, 5) g`,
    [campaignIds[1], customerId],
  );
  await query(
    `insert into ticket_tasks (ticket_id, author_id, values, notes, created_at)
     select t.id, t.assigned_user_id, '{}'::jsonb, 'Gestión de ' || t.description, t.created_at + interval '5 minutes'
     from tickets t where t.campaign_id = $1`,
    [campaignIds[0]],
  );
  await query(
    `insert into agent_status_log (user_id, status, previous_status, duration_seconds, campaign_id, created_at)
     select $1, case when g % 2 = 0 then 'A' else 'Almuerzo' end, case when g % 2 = 0 then 'Almuerzo' else 'A' end,
       600, $2, timestamptz '2026-03-10 14:00:00+00' + g * interval '10 minutes'
     from generate_series(1, 6) g`,
    [agentIds[0], campaignIds[0]],
  );
  return { campaignIds, agentIds, customerId };
}

beforeAll(async () => {
  // A database of its own: 200,000 tickets are seeded here, and the business's time zone is read.
  database = await createSiblingDatabase(inject('databaseUrl'));
  t = await createTestApp({ databaseUrl: database.url });
  seeded = await seed();
}, 120_000);

afterAll(async () => {
  await t?.close();
  await database?.drop();
});

const march = (campaigns: number[], extra: Record<string, unknown> = {}) => ({
  name: 'Casos de marzo',
  type: 'tickets',
  campaigns,
  preset: 'custom',
  sinceDate: '2026-03-10',
  sinceTime: '00:00',
  untilDate: '2026-03-12',
  untilTime: '00:00',
  ...extra,
});

async function generated(actor: Actor, id: number) {
  return waitFor(
    async () => {
      const report = (await caller(t).get(`/api/v2/reports/generated/${id}`, actor)).json().result;
      return report.status === 'generated' || report.status === 'failed' ? report : null;
    },
    `report ${id}`,
    60_000,
  );
}

async function download(actor: Actor, id: number) {
  return t.app.inject({ method: 'GET', url: `/api/v2/reports/generated/${id}/file`, headers: actor.headers });
}

/** A supervisor of some campaigns only (the built-in supervisor role sees every ticket). */
const campaignSupervisor = async () => signedInWith(t, await signedIn(t, 'admin'), ['generar-reporte']);

describe('reports', () => {
  it('refuse who lacks the permission, and ask for at least one campaign (es and en)', async () => {
    const { post } = caller(t);
    const without = await signedInWith(t, await signedIn(t, 'admin'), ['ver-dashboard-usuario']);
    expect((await post('/api/v2/reports', without, march(seeded.campaignIds))).statusCode).toBe(403);
    expect((await caller(t).get('/api/v2/reports/generated', without)).statusCode).toBe(403);

    const admin = await signedIn(t, 'admin');
    const none = await post('/api/v2/reports', admin, march([]));
    expect(none.statusCode).toBe(422);
    expect(JSON.stringify(none.json())).toContain('Seleccione al menos una campaña');
    const english = await post('/api/v2/reports', admin, march([]), 'en');
    expect(JSON.stringify(english.json())).toContain('Select at least one campaign');
    const backwards = await post('/api/v2/reports', admin, march(seeded.campaignIds, { untilDate: '2026-03-01' }));
    expect(backwards.statusCode).toBe(422);
    // Nothing was stored by the refusals.
    expect((await caller(t).get('/api/v2/reports/generated', admin)).json().result.data).toEqual([]);
  });

  it('generate a tickets report whose rows equal the data, downloadable by its owner only', async () => {
    const supervisor = await campaignSupervisor();
    await query('insert into campaign_supervisors (campaign_id, user_id) values ($1, $2)', [
      seeded.campaignIds[0],
      supervisor.id,
    ]);
    const { post, get } = caller(t);
    const options = (await get(`/api/v2/reports/options?campaigns=${seeded.campaignIds.join(',')}`, supervisor)).json()
      .result;
    expect(options.campaigns.map((campaign: { id: number }) => campaign.id)).toEqual([seeded.campaignIds[0]]);
    // The campaign's agents, and its supervisors (who may take tickets too).
    expect(options.agents.map((agent: { id: number }) => agent.id).sort()).toEqual(
      [...seeded.agentIds, supervisor.id].sort(),
    );
    expect(options.selfOnly).toBe(false);
    // A campaign they do not supervise: refused, nothing stored.
    expect((await post('/api/v2/reports', supervisor, march([seeded.campaignIds[1]]))).statusCode).toBe(403);

    const created = await post('/api/v2/reports', supervisor, march([seeded.campaignIds[0]]));
    expect(created.statusCode).toBe(201);
    const report = await generated(supervisor, created.json().result.id);
    expect(report.status).toBe('generated');
    expect(report.downloaded).toBe(false);
    // Bogota: [2026-03-10 05:00 UTC, 2026-03-12 05:00 UTC).
    expect(report.config.since).toBe('2026-03-10T05:00:00.000Z');
    expect(report.config.until).toBe('2026-03-12T05:00:00.000Z');
    const truth = await query<{ number: string }>(
      `select number from tickets where campaign_id = $1 and created_at >= $2 and created_at < $3 order by created_at, id`,
      [seeded.campaignIds[0], report.config.since, report.config.until],
    );
    expect(report.rows).toBe(truth.rows.length);

    const file = await download(supervisor, report.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('Casos de marzo.xlsx');
    const rows = await sheetRows(file.rawPayload);
    expect(rows[0].slice(0, 3)).toEqual(['Número', 'Campaña', 'Estado']);
    expect(rows.slice(1).map((row) => row[0])).toEqual(truth.rows.map((row) => row.number));
    // First ticket: created 05:00 UTC = 00:00 on the business's clock, written as that wall time.
    expect(rows[1][11]).toBe('2026-03-10T00:00:00.000Z');
    expect((await get(`/api/v2/reports/generated/${report.id}`, supervisor)).json().result.downloaded).toBe(true);

    // Another user with the same permission: as if it did not exist.
    const other = await campaignSupervisor();
    expect((await get(`/api/v2/reports/generated/${report.id}`, other)).statusCode).toBe(404);
    expect((await download(other, report.id)).statusCode).toBe(404);
    expect((await caller(t).delete(`/api/v2/reports/generated/${report.id}`, other)).statusCode).toBe(404);
    const list = (await get('/api/v2/reports/generated', other)).json().result;
    expect(list.data).toEqual([]);
  });

  it('limit an agent who supervises nothing to their own work', async () => {
    const agent = await campaignSupervisor();
    await query(
      'insert into campaign_agent_channels (campaign_id, user_id, channel_id) select $1, $2, channel_id from campaign_agent_channels where campaign_id = $1 limit 1',
      [seeded.campaignIds[0], agent.id],
    );
    await query(
      `update tickets set assigned_user_id = $1 where id = (select min(id) from tickets where campaign_id = $2)`,
      [agent.id, seeded.campaignIds[0]],
    );
    const { post, get } = caller(t);
    const options = (await get(`/api/v2/reports/options?campaigns=${seeded.campaignIds[0]}`, agent)).json().result;
    expect(options.selfOnly).toBe(true);
    expect(options.agents.map((entry: { id: number }) => entry.id)).toEqual([agent.id]);
    expect(
      (await post('/api/v2/reports', agent, march([seeded.campaignIds[0]], { agents: [seeded.agentIds[0]] })))
        .statusCode,
    ).toBe(403);
    const created = await post('/api/v2/reports', agent, march([seeded.campaignIds[0]]));
    const report = await generated(agent, created.json().result.id);
    expect(report.config.agents.map((entry: { id: number }) => entry.id)).toEqual([agent.id]);
    expect(report.rows).toBe(1);
  });

  it('generate every report type over the same data', async () => {
    const admin = await signedIn(t, 'admin');
    await t.services.analytics.recompute();
    const { post } = caller(t);
    const counts: Record<string, number> = {};
    for (const type of ['tasks', 'interactions', 'agentStatus', 'agentProductivity', 'serviceLevel']) {
      const created = await post('/api/v2/reports', admin, march([seeded.campaignIds[0]], { type, name: type }));
      expect(created.statusCode, created.body).toBe(201);
      const report = await generated(admin, created.json().result.id);
      expect(report.status, type).toBe('generated');
      const rows = await sheetRows((await download(admin, report.id)).rawPayload);
      expect(rows.length - 1, type).toBe(report.rows);
      counts[type] = report.rows;
      if (type === 'serviceLevel') {
        // Every ticket answered in 30 s, within the campaign's 60 s: 100 % in each hour.
        const sum = (column: number) => rows.slice(1).reduce((total, row) => total + Number(row[column]), 0);
        expect(sum(2)).toBe(30);
        expect(sum(4)).toBe(30);
        expect(new Set(rows.slice(1).map((row) => row[5]))).toEqual(new Set(['100']));
      }
    }
    expect(counts.tasks).toBe(30);
    expect(counts.interactions).toBe(0);
    expect(counts.agentStatus).toBe(6);
    // Two agents over two local days (the second agent's tickets fall on both days too).
    expect(counts.agentProductivity).toBeGreaterThanOrEqual(2);
    // One row per local hour with tickets: 30 tickets 90 minutes apart.
    expect(counts.serviceLevel).toBe(30);
  });

  it('mark a report failed, with the spec’s advice, when its last attempt fails', async () => {
    const admin = await signedIn(t, 'admin');
    const created = (await caller(t).post('/api/v2/reports', admin, march([seeded.campaignIds[0]]))).json().result;
    await generated(admin, created.id);
    // A report whose time zone no longer exists (as a broken row would be): the job's last attempt records it.
    await query(
      `update generated_reports set status = 'created', config = jsonb_set(config, '{timeZone}', '"Nowhere/Gone"')
       where id = $1`,
      [created.id],
    );
    await t.services.reports.generate(created.id, { retryCount: 2, retryLimit: 2, lastAttempt: true });
    const failed = (await caller(t).get(`/api/v2/reports/generated/${created.id}`, admin)).json().result;
    expect(failed.status).toBe('failed');
    expect(failed.error).toContain('consulte al soporte técnico');
    expect((await download(admin, created.id)).statusCode).toBe(409);
  });

  it('write 200,000 rows in bounded memory', async () => {
    const admin = await signedIn(t, 'admin');
    const started = Date.now();
    const lap = (what: string) => console.log(`${what}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // Seeded without the tables' triggers (the dashboards' change marks are not what this test is about).
    const client = await t.ctx.db.$client.connect();
    try {
      await client.query('begin');
      await client.query(`set local session_replication_role = replica`);
      await client.query(
        `insert into tickets (description, campaign_id, customer_id, created_at)
         select 'Volumen ' || g, $1, $2, timestamptz '2026-05-01 05:00:00+00' + g * interval '10 seconds'
         from generate_series(1, 200000) g`,
        [seeded.campaignIds[1], seeded.customerId],
      );
      await client.query('commit');
      await client.query('analyze tickets');
    } finally {
      client.release();
    }
    lap('seeded');
    // What stays on the heap, measured after a full collection every 2 seconds while the report is written (the
    // API project runs with --expose-gc): the rows held as objects would take several hundred MB.
    const collect = () => {
      (globalThis as { gc?: () => void }).gc?.();
      return process.memoryUsage().heapUsed;
    };
    const baseline = collect();
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, collect());
    }, 2_000);
    try {
      const created = await caller(t).post(
        '/api/v2/reports',
        admin,
        march([seeded.campaignIds[1]], { name: 'Volumen', sinceDate: '2026-05-01', untilDate: '2026-05-31' }),
      );
      const report = await waitFor(
        async () => {
          const row = (await caller(t).get(`/api/v2/reports/generated/${created.json().result.id}`, admin)).json()
            .result;
          return row.status === 'generated' || row.status === 'failed' ? row : null;
        },
        'the 200,000-row report',
        240_000,
      );
      lap('generated');
      expect(report.status).toBe('generated');
      expect(report.rows).toBe(200_000);
      const growth = (peak - baseline) / 1024 / 1024;
      console.log(
        `200,000-row report: retained heap growth ${growth.toFixed(1)} MB, file ${(report.size / 1e6).toFixed(1)} MB`,
      );
      expect(typeof (globalThis as { gc?: unknown }).gc).toBe('function');
      expect(growth).toBeLessThan(48);
      // Read back with exceljs's streaming reader: exactly the header and the rows.
      const file = await download(admin, report.id);
      const target = path.join(t.outbox, '..', 'volume.xlsx');
      fs.writeFileSync(target, file.rawPayload);
      let count = 0;
      let last = '';
      const reader = new ExcelJS.stream.xlsx.WorkbookReader(target, { worksheets: 'emit', sharedStrings: 'cache' });
      for await (const sheet of reader) {
        for await (const row of sheet) {
          count += 1;
          last = String((row as ExcelJS.Row).getCell(11).value);
        }
      }
      lap('read back');
      expect(count).toBe(200_001);
      expect(last).toBe('Volumen 200000');
    } finally {
      clearInterval(sampler);
    }
  }, 300_000);

  it('run a programmed report at its hour (controlled clock), mail it, and keep its file 30 days', async () => {
    const admin = await signedIn(t, 'admin');
    const { post, get, put } = caller(t);
    const body = {
      name: 'Semanal',
      type: 'tickets',
      campaigns: [seeded.campaignIds[0]],
      preset: 'lastWeek',
      periodicity: 'weekly',
      weekday: 1,
      hour: 7,
      recipients: ['jefa@empresa.test'],
    };
    expect((await post('/api/v2/reports/programmed', admin, { ...body, weekday: null })).statusCode).toBe(422);
    expect(
      (await post('/api/v2/reports/programmed', admin, { ...body, recipients: ['no-es-correo'] })).statusCode,
    ).toBe(422);
    const created = await post('/api/v2/reports/programmed', admin, body);
    expect(created.statusCode, created.body).toBe(201);
    const programmed = created.json().result;
    const next = new Date(programmed.nextRunAt);
    // Monday 07:00 in Bogota is 12:00 UTC.
    expect(next.getUTCDay()).toBe(1);
    expect(next.getUTCHours()).toBe(12);
    const other = await campaignSupervisor();
    expect((await put(`/api/v2/reports/programmed/${programmed.id}`, other, body)).statusCode).toBe(404);

    // A minute before: nothing; at its hour: one report for the week before, and the next run a week later.
    expect(await t.services.reports.runDue(new Date(next.getTime() - 60_000))).toBe(0);
    expect(await t.services.reports.runDue(next)).toBe(1);
    expect(await t.services.reports.runDue(next)).toBe(0);
    const after = (await get('/api/v2/reports/programmed', admin)).json().result[0];
    expect(new Date(after.nextRunAt).getTime()).toBe(next.getTime() + 7 * 86_400_000);
    expect(after.nextRunAt).toBe(
      nextRunAt({ periodicity: 'weekly', weekday: 1, monthDay: null, hour: 7 }, next, 'America/Bogota').toISOString(),
    );
    const list = (await get('/api/v2/reports/generated', admin)).json().result.data;
    const run = list.find((entry: { programmedId: number | null }) => entry.programmedId === programmed.id);
    expect(run).toBeTruthy();
    const report = await generated(admin, run.id);
    expect(report.status).toBe('generated');
    const weekStart = new Date(report.config.since);
    expect(weekStart.getTime()).toBe(next.getTime() - 7 * 86_400_000 - 7 * 3_600_000);

    // Mailed with the file attached.
    const mail = await waitFor(() => {
      const files = fs.existsSync(t.outbox) ? fs.readdirSync(t.outbox).filter((name) => name.endsWith('.eml')) : [];
      const texts = files.map((name) => fs.readFileSync(path.join(t.outbox, name), 'utf8'));
      return texts.find((text) => text.includes('jefa@empresa.test'));
    }, 'the programmed report mail');
    expect(mail).toContain('Semanal.xlsx');

    // 30 days later the file is deleted and the row says so.
    const expiry = new Date(report.expiresAt);
    expect(expiry.getTime() - new Date(report.createdAt).getTime()).toBe(30 * 86_400_000);
    const stored = await query<{ file_path: string }>('select file_path from generated_reports where id = $1', [
      report.id,
    ]);
    expect(fs.existsSync(stored.rows[0].file_path)).toBe(true);
    await t.services.reports.purgeExpired(new Date(expiry.getTime() - 1000));
    expect(fs.existsSync(stored.rows[0].file_path)).toBe(true);
    expect(await t.services.reports.purgeExpired(expiry)).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(stored.rows[0].file_path)).toBe(false);
    const expired = (await get(`/api/v2/reports/generated/${report.id}`, admin)).json().result;
    expect(expired.deletedAt).toBe(expiry.toISOString());
    expect((await download(admin, report.id)).statusCode).toBe(410);
  });
});
