import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../test/app.js';
import { createSiblingDatabase, type TestDatabase } from '../../test/database.js';
import { DEMO_PASSWORD, seedDemoData } from './demo.seed.js';

// The demo a fresh `npm start` creates, with its 30 days of history: the dashboards have something to show.

let t: TestApp;
let database: TestDatabase;
beforeAll(async () => {
  database = await createSiblingDatabase(inject('databaseUrl'));
  t = await createTestApp({ databaseUrl: database.url });
  await seedDemoData(t.ctx.db, 'http://localhost:3000', 30);
  await t.services.analytics.recompute();
}, 120_000);
afterAll(async () => {
  await t?.close();
  await database?.drop();
});

const dashboard = async (email: string, path: string) => {
  const { body } = await login(t.app, email, DEMO_PASSWORD);
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v2/analytics/${path}`,
    headers: { authorization: `Bearer ${body.result.token}` },
  });
  expect(response.statusCode).toBe(200);
  return response.json().result;
};

describe('the demo data', () => {
  it('has a business rule and an SLA rule on "Servicio al cliente", once however often it is seeded', async () => {
    await seedDemoData(t.ctx.db, 'http://localhost:3000', 0);
    const { body } = await login(t.app, 'supervisor@atiende.test', DEMO_PASSWORD);
    const headers = { authorization: `Bearer ${body.result.token}` };
    const rules = (await t.app.inject({ method: 'GET', url: '/api/v2/business-rules', headers })).json().result.data;
    expect(rules.map((rule: { name: string; campaign: { name: string } }) => [rule.name, rule.campaign.name])).toEqual([
      ['Reclamos con prioridad alta', 'Servicio al cliente'],
    ]);
    const slas = (await t.app.inject({ method: 'GET', url: '/api/v2/sla-rules', headers })).json().result.data;
    expect(slas.map((rule: { name: string }) => rule.name)).toEqual(['Tiempos de atención']);
  });

  it('has the shop’s bot: published, without problems, answering no channel, once however often it is seeded', async () => {
    await seedDemoData(t.ctx.db, 'http://localhost:3000', 0);
    const { body } = await login(t.app, 'admin@atiende.test', DEMO_PASSWORD);
    const headers = { authorization: `Bearer ${body.result.token}` };
    const bots = (await t.app.inject({ method: 'GET', url: '/api/v2/bots', headers })).json().result.data;
    expect(bots.map((bot: { name: string }) => bot.name)).toEqual(['Asistente de Tienda Demo']);
    const [bot] = bots;
    expect(bot).toMatchObject({ enabled: true, channels: [], publishedVersion: { number: 1 } });
    // Its flow passes the publishing checks, and it greets a tester with the menu.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v2/bots/${bot.id}/versions/${bot.publishedVersion.id}/publish`,
      headers,
    });
    expect(again.statusCode, again.body).toBe(200);
    const version = (
      await t.app.inject({ method: 'GET', url: `/api/v2/bots/${bot.id}/versions/${bot.publishedVersion.id}`, headers })
    ).json().result;
    const tried = await t.app.inject({
      method: 'POST',
      url: '/api/v2/bots/try',
      headers,
      payload: { flow: version.flow, state: { waitingAt: null, variables: { 'cliente.nombre': 'Ana' }, retries: 0 } },
    });
    expect(tried.json().result.outputs.map((output: { text: string }) => output.text)).toEqual([
      '¡Hola Ana! Soy el asistente virtual de Tienda Demo.',
      '¿En qué le puedo ayudar?',
    ]);
  });

  it('has a knowledge base: public help on the /kb site, agents’ scripts inside, once however often it is seeded', async () => {
    await seedDemoData(t.ctx.db, 'http://localhost:3000', 0);
    const { body } = await login(t.app, 'agente@atiende.test', DEMO_PASSWORD);
    const headers = { authorization: `Bearer ${body.result.token}` };
    const categories = (await t.app.inject({ method: 'GET', url: '/api/v2/knowledge-base/categories', headers })).json()
      .result.data;
    expect(
      categories.map((category: { name: string; sections: number }) => [category.name, category.sections]),
    ).toEqual([
      ['Atención al cliente', 1],
      ['Compras y pagos', 2],
    ]);
    const hits = (await t.app.inject({ method: 'GET', url: '/api/v2/knowledge-base/search?q=factura', headers })).json()
      .result;
    expect(hits[0]).toMatchObject({ publicUrl: expect.stringContaining('/kb/es/articles/') });
    const site = await t.app.inject({ method: 'GET', url: '/kb/es' });
    expect(site.body).toContain('Envíos y devoluciones');
    expect(site.body).not.toContain('Guiones para agentes');
  });

  it('has the customer-satisfaction survey on "Servicio al cliente" with 40 answers, once however often it is seeded', async () => {
    await seedDemoData(t.ctx.db, 'http://localhost:3000', 0);
    const { body } = await login(t.app, 'supervisor@atiende.test', DEMO_PASSWORD);
    const headers = { authorization: `Bearer ${body.result.token}` };
    const surveys = (await t.app.inject({ method: 'GET', url: '/api/v2/surveys', headers })).json().result.data;
    expect(surveys.map((survey: { name: string; responses: number }) => [survey.name, survey.responses])).toEqual([
      ['Satisfacción del cliente', 40],
    ]);
    const survey = (await t.app.inject({ method: 'GET', url: `/api/v2/surveys/${surveys[0].id}`, headers })).json()
      .result;
    expect(survey.campaigns.map((campaign: { name: string }) => campaign.name)).toEqual(['Servicio al cliente']);
    expect(survey.questions.map((question: { type: string }) => question.type)).toEqual([
      'csat',
      'nps',
      'radio',
      'textarea',
    ]);
    const analysis = (
      await t.app.inject({ method: 'GET', url: `/api/v2/surveys/${surveys[0].id}/analysis`, headers })
    ).json().result;
    expect(analysis.responses).toBe(40);
    expect(analysis.perDay.length).toBeGreaterThan(20);
    expect(analysis.questions[0].satisfaction).toBeGreaterThan(50);
    const page = await t.app.inject({ method: 'GET', url: new URL(survey.publicUrl).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('¿Qué tan satisfecho quedó con la atención?');
  });

  it('holds 30 days of work in both campaigns: the campaign dashboard shows it', async () => {
    const figures = await dashboard('supervisor@atiende.test', 'campaign-dashboard?preset=last30Days');
    expect(figures.campaigns.map((campaign: { name: string }) => campaign.name)).toEqual([
      'Servicio al cliente',
      'Ventas',
    ]);
    for (const campaign of figures.campaigns) {
      expect(campaign.handled).toBeGreaterThan(300);
      // Most answers in time, not all: the service level is worth looking at.
      expect(campaign.serviceLevelPercent).toBeGreaterThan(60);
      expect(campaign.serviceLevelPercent).toBeLessThan(95);
      expect(campaign.averageHandlingSeconds).toBeGreaterThan(180);
    }
    expect(figures.interactionsByChannel.length).toBe(2);
    const busyHours = figures.interactionsByHour.filter((hour: { incoming: number }) => hour.incoming > 0);
    expect(busyHours.length).toBeGreaterThanOrEqual(10);
    expect(figures.latestTasks.length).toBe(10);
  });

  it('gives each demo agent a day of statuses and pauses', async () => {
    const figures = await dashboard('agente@atiende.test', 'user-dashboard?preset=last7Days');
    const statuses = figures.statusTime.map((entry: { status: string }) => entry.status);
    expect(statuses).toEqual(expect.arrayContaining(['G', 'E', 'ALMUERZO', 'DESCANSO', 'D']));
    expect(figures.totals.handled).toBeGreaterThan(50);
  });

  it('programs the supervisor’s weekly productivity report, and runs it on Monday at 07:00 with last week’s figures', async () => {
    const { body } = await login(t.app, 'supervisor@atiende.test', DEMO_PASSWORD);
    const headers = { authorization: `Bearer ${body.result.token}` };
    const list = (await t.app.inject({ method: 'GET', url: '/api/v2/reports/programmed', headers })).json().result;
    expect(list.map((report: { name: string }) => report.name)).toEqual(['Productividad semanal']);
    const [programmed] = list;
    expect(programmed.campaigns).toHaveLength(2);
    // A second seed changes nothing.
    await seedDemoData(t.ctx.db, 'http://localhost:3000', 0);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v2/reports/programmed', headers })).json().result,
    ).toHaveLength(1);
    // Run now as if it were its hour: last week's productivity has a row per agent and day worked.
    // (A minute ago: the database's clock keeps microseconds, the scheduler's milliseconds.)
    await t.ctx.db.$client.query(
      `update programmed_reports set next_run_at = now() - interval '1 minute' where id = $1`,
      [programmed.id],
    );
    expect(await t.services.reports.runDue()).toBe(1);
    const generated = (await t.app.inject({ method: 'GET', url: '/api/v2/reports/generated', headers })).json().result
      .data[0];
    const start = Date.now();
    let report = generated;
    while (report.status !== 'generated' && report.status !== 'failed' && Date.now() - start < 30_000) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      report = (await t.app.inject({ method: 'GET', url: `/api/v2/reports/generated/${generated.id}`, headers })).json()
        .result;
    }
    expect(report.status).toBe('generated');
    expect(report.rows).toBeGreaterThan(5);
  });
});
