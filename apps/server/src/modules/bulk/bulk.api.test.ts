import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ONE_PIXEL_PNG, signedIn, type TestApp } from '../../test/app.js';
import { type Actor, caller, deskCampaign, messagesOf, settle, signedInWith, waitFor } from '../../test/desk.js';
import { signedTwilioCall, startTwilioMessaging } from '../../test/twilio-messaging.js';
import { signWebhook, startWhatsappCloud, webhookBody } from '../../test/whatsapp-cloud.js';
import { cataloguesRepo } from '../catalogues/catalogues.repo.js';

const PHONE_NUMBER_ID = '1055598765';
const ACCESS_TOKEN = 'EAAG-bulk-token';
const APP_SECRET = 'bulk-app-secret';
const RATE = 25;

let t: TestApp;
let api: ReturnType<typeof caller>;
let admin: Actor;
let supervisor: Actor;
let cloud: Awaited<ReturnType<typeof startWhatsappCloud>>;
let twilio: Awaited<ReturnType<typeof startTwilioMessaging>>;
const ACCOUNT_SID = `AC${'3c'.repeat(16)}`;
const AUTH_TOKEN = 'bulk-twilio-token';
let channelId: number;
let campaignId: number;
let templateId: number;
let otherCampaignId: number;
let outsider: Actor;

/** `n` customers with a mobile number (one in `withoutPhone` has none), all with this last name. */
async function customers(lastName: string, n: number, options: { withoutPhone?: number } = {}): Promise<number[]> {
  const documents = await cataloguesRepo.idsByCode(t.ctx.db, 'tipo-documento');
  const contacts = await cataloguesRepo.idsByCode(t.ctx.db, 'tipo-dato-contacto');
  const documentType = [...documents.values()][0];
  const mobile = contacts.get('9') ?? contacts.get('2');
  const rows = (
    await t.ctx.db.execute<{ id: string }>(sql`
      insert into customers (identification_type_id, identification_number, first_name, last_name, search_text)
      select ${documentType}, ${`${lastName}-`} || g, 'Cliente' || g, ${lastName}, lower('cliente' || g || ' ' || ${lastName})
      from generate_series(1, ${n}) g
      returning id`)
  ).rows.map((row) => Number(row.id));
  const withPhone = rows.slice(0, n - (options.withoutPhone ?? 0));
  await t.ctx.db.execute(sql`
    insert into customer_contacts (customer_id, type_id, value, normalized_value)
    select c, ${mobile}, '+57 310 ' || c, '57310' || c from unnest(${`{${withPhone.join(',')}}`}::bigint[]) c`);
  return rows;
}

const accountsOf = (lastName: string) => ({
  conditions: {
    match: 'all',
    conditions: [{ field: 'customer.lastName', operator: 'equals', type: 'text', value: lastName }],
  },
});

const body = (lastName: string, overrides: Record<string, unknown> = {}) => ({
  name: `Promoción ${lastName}`,
  campaignId,
  channelId,
  whatsappTemplateId: templateId,
  templateValues: ['{{cliente.nombre}}', 'ABC-{{cliente.documento}}'],
  activeTickets: false,
  frequency: { kind: 'none' },
  accounts: accountsOf(lastName),
  ...overrides,
});

async function bulkOf(id: number) {
  return (await api.get(`/api/v2/bulk-messages/${id}`, admin)).json().result;
}

/** Runs the channel's dispatcher until the bulk message reaches a status (the jobs also run by themselves). */
async function until(id: number, statuses: string[], timeoutMs = 60_000) {
  return waitFor(
    async () => {
      const bulk = await bulkOf(id);
      return statuses.includes(bulk.status) ? bulk : null;
    },
    `bulk message ${id} to be ${statuses.join(' or ')}`,
    timeoutMs,
  );
}

function sendsTo(phones: Set<string>) {
  return cloud.sends.filter((call) => phones.has(String(call.body.to)));
}

function status(wamid: string, value: string, extra: Record<string, unknown> = {}) {
  return {
    id: wamid,
    status: value,
    timestamp: String(Math.floor(Date.now() / 1000)),
    recipient_id: '573100000000',
    ...extra,
  };
}

async function deliver(payload: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v2/webhooks/whatsapp/${channelId}`,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWebhook(payload, APP_SECRET) },
    payload,
  });
}

beforeAll(async () => {
  cloud = await startWhatsappCloud({ accessToken: ACCESS_TOKEN });
  twilio = await startTwilioMessaging({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
  // Unconfirmed sends are looked at again after a second (the scheduler's pass is run by hand here).
  t = await createTestApp({
    listen: true,
    allowOutbound: [cloud.url(), twilio.url()],
    env: { BULK_INTERRUPTED_AFTER_MS: '1000' },
  });
  api = caller(t);
  admin = await signedIn(t, 'admin');
  supervisor = await signedIn(t, 'super');
  // A supervisor of another campaign only (no campaign administration: sees only the campaigns they work in).
  outsider = await signedInWith(t, admin, [
    'ver-mensaje-masivo',
    'agregar-mensaje-masivo',
    'editar-mensaje-masivo',
    'ver-botones-mensaje-masivo',
  ]);
  ({ channelId, campaignId } = await deskCampaign(t, admin, {
    agents: [],
    supervisors: [supervisor],
    channelType: 'whatsapp',
    channelConfig: {
      phoneNumberId: PHONE_NUMBER_ID,
      businessAccountId: '2000000077',
      accessToken: ACCESS_TOKEN,
      appSecret: APP_SECRET,
      verifyToken: 'bulk-verify',
      apiBaseUrl: cloud.url(),
      sendRatePerSecond: RATE,
    },
  }));
  ({ campaignId: otherCampaignId } = await deskCampaign(t, admin, { agents: [], supervisors: [outsider] }));
  const [row] = (
    await t.ctx.db.execute<{ id: string }>(sql`
      insert into whatsapp_templates (channel_id, name, language, category, header_type, body, examples, buttons_type,
        buttons, status)
      values (${channelId}, 'promo_codigo', 'es', 'MARKETING', 'none', 'Hola {{1}}, tu código es {{2}}.',
        '["Ana", "X1"]'::jsonb, 'none', '[]'::jsonb, 'approved')
      returning id`)
  ).rows;
  templateId = Number(row.id);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await cloud?.close();
  await twilio?.close();
});

describe('bulk messaging: the wizard’s answers', () => {
  it('offers the caller’s campaigns with their bulk channels and approved templates', async () => {
    const options = (await api.get('/api/v2/bulk-messages/options', supervisor)).json().result;
    const campaign = options.campaigns.find((entry: { id: number }) => entry.id === campaignId);
    expect(campaign.channels).toEqual([
      expect.objectContaining({
        id: channelId,
        type: 'whatsapp',
        templates: [expect.objectContaining({ id: templateId, name: 'promo_codigo', variables: 2 })],
      }),
    ]);
    // Another supervisor's campaign is not offered; a role without the module's permissions is refused.
    expect(options.campaigns.some((entry: { id: number }) => entry.id === otherCampaignId)).toBe(false);
    const agent = await signedInWith(t, admin, ['ver-menu-casos']);
    expect((await api.get('/api/v2/bulk-messages/options', agent)).statusCode).toBe(403);
  });

  it('counts the audience: recipients, without a contact for the channel, opted out', async () => {
    const lastName = `Conteo${Date.now()}`;
    const ids = await customers(lastName, 6, { withoutPhone: 1 });
    await t.ctx.db.execute(sql`update customers set bulk_opt_out_at = now() where id = ${ids[0]}`);
    const counted = await api.post('/api/v2/bulk-messages/audience', supervisor, {
      campaignId,
      channelId,
      accounts: accountsOf(lastName),
    });
    expect(counted.statusCode, counted.body).toBe(200);
    expect(counted.json().result).toEqual({ recipients: 4, withoutContact: 1, optedOut: 1 });

    const page = await api.post('/api/v2/bulk-messages/accounts', supervisor, {
      campaignId,
      channelId,
      accounts: accountsOf(lastName),
      sizePerPage: 3,
    });
    expect(page.json().result.data).toHaveLength(3);
    expect(page.json().result.hasMore).toBe(true);
    const rest = await api.post('/api/v2/bulk-messages/accounts', supervisor, {
      campaignId,
      channelId,
      accounts: accountsOf(lastName),
      sizePerPage: 3,
      after: page.json().result.data[2].customerId,
    });
    expect(rest.json().result).toMatchObject({
      hasMore: false,
      data: [expect.objectContaining({ customerId: ids[4] })],
    });

    // Filters other than the customer's are refused; a campaign outside the caller's too.
    const ticketField = await api.post(
      '/api/v2/bulk-messages/audience',
      supervisor,
      {
        campaignId,
        channelId,
        accounts: {
          conditions: {
            match: 'all',
            conditions: [{ field: 'ticket.priority', operator: 'equals', type: 'enum', value: 1 }],
          },
        },
      },
      'en',
    );
    expect(ticketField.statusCode).toBe(422);
    expect(JSON.stringify(ticketField.json().result.fields)).toContain('Account filters use customer fields only');
    const foreign = await api.post('/api/v2/bulk-messages/audience', outsider, {
      campaignId,
      channelId,
      accounts: accountsOf(lastName),
    });
    expect(foreign.statusCode).toBe(422);
  });

  it('refuses what a saved bulk message could not send, with translated errors', async () => {
    const lastName = `Invalido${Date.now()}`;
    const noTemplate = await api.post(
      '/api/v2/bulk-messages',
      supervisor,
      body(lastName, { whatsappTemplateId: null }),
    );
    expect(noTemplate.statusCode).toBe(422);
    expect(noTemplate.json().result.fields).toEqual([
      expect.objectContaining({
        field: 'whatsappTemplateId',
        message: 'Elija una plantilla de WhatsApp aprobada del canal',
      }),
    ]);
    const wrongCount = await api.post(
      '/api/v2/bulk-messages',
      supervisor,
      body(lastName, { templateValues: ['{{cliente.nombre}}'] }),
      'en',
    );
    expect(wrongCount.statusCode).toBe(422);
    expect(wrongCount.json().result.fields[0].message).toBe('Enter a value for each of the template’s variables');
    const unknown = await api.post(
      '/api/v2/bulk-messages',
      supervisor,
      body(lastName, { templateValues: ['{{agente.nombre}}', 'x'] }),
    );
    expect(unknown.statusCode).toBe(422);
    expect(JSON.stringify(unknown.json().result.fields)).toContain('Usa una variable que no existe');
    const past = await api.post(
      '/api/v2/bulk-messages',
      supervisor,
      body(lastName, { frequency: { kind: 'programmed', at: '2020-01-01T08:00:00Z' } }),
    );
    expect(past.statusCode).toBe(422);
    const outside = await api.post('/api/v2/bulk-messages', outsider, body(lastName));
    expect(outside.statusCode).toBe(422);
    const viewer = await signedInWith(t, admin, ['ver-mensaje-masivo']);
    expect((await api.post('/api/v2/bulk-messages', viewer, body(lastName))).statusCode).toBe(403);
    const [{ n }] = (
      await t.ctx.db.execute<{ n: number }>(
        sql`select count(*)::int as n from bulk_messages where name like ${`%${lastName}`}`,
      )
    ).rows;
    expect(n).toBe(0);
  });
});

describe('bulk messaging: a run', () => {
  it('messages every matching account exactly once, never faster than the channel’s rate, and pauses', async () => {
    const lastName = `Envio${Date.now()}`;
    const ids = await customers(lastName, 120, { withoutPhone: 2 });
    const preview = (
      await api.post('/api/v2/bulk-messages/audience', supervisor, {
        campaignId,
        channelId,
        accounts: accountsOf(lastName),
      })
    ).json().result;
    expect(preview.recipients).toBe(118);

    const created = await api.post('/api/v2/bulk-messages', supervisor, body(lastName));
    expect(created.statusCode, created.body).toBe(201);
    const bulk = created.json().result;
    expect(bulk).toMatchObject({ status: 'created', percent: 0, channel: { id: channelId, type: 'whatsapp' } });
    // Saved means final: nothing but the enabled switch changes it.
    expect((await api.put(`/api/v2/bulk-messages/${bulk.id}`, supervisor, body(lastName))).statusCode).toBe(404);
    expect(
      (await api.post(`/api/v2/bulk-messages/${bulk.id}/actions`, supervisor, { action: 'pause' })).statusCode,
    ).toBe(409);
    // Another campaign's supervisor does not see it.
    expect((await api.get(`/api/v2/bulk-messages/${bulk.id}`, outsider)).statusCode).toBe(404);
    expect((await api.post(`/api/v2/bulk-messages/${bulk.id}/actions`, outsider, { action: 'start' })).statusCode).toBe(
      404,
    );

    const started = await api.post(`/api/v2/bulk-messages/${bulk.id}/actions`, supervisor, { action: 'start' });
    expect(started.statusCode, started.body).toBe(200);
    const running = await until(bulk.id, ['running']);
    expect(running.progress.total).toBe(118);
    // Pause once some went out: nothing more is sent while paused.
    await waitFor(async () => (await bulkOf(bulk.id)).progress.sent >= 20, 'twenty sent');
    expect(
      (await api.post(`/api/v2/bulk-messages/${bulk.id}/actions`, supervisor, { action: 'pause' })).statusCode,
    ).toBe(200);
    await waitFor(async () => (await bulkOf(bulk.id)).progress.sending === 0, 'in-flight sends settled');
    const phones = new Set(ids.map((id) => `57310${id}`));
    const whilePaused = sendsTo(phones).length;
    await settle(1500);
    expect(sendsTo(phones).length).toBe(whilePaused);
    expect((await bulkOf(bulk.id)).status).toBe('paused');

    expect(
      (await api.post(`/api/v2/bulk-messages/${bulk.id}/actions`, supervisor, { action: 'start' })).statusCode,
    ).toBe(200);
    const done = await until(bulk.id, ['finalized']);
    expect(done.progress).toMatchObject({ total: 118, new: 0, sending: 0, sent: 118, failed: 0 });
    expect(done.percent).toBe(100);

    // Exactly once per recipient, with the template filled per customer.
    const sends = sendsTo(phones);
    expect(sends).toHaveLength(118);
    expect(new Set(sends.map((call) => call.body.to)).size).toBe(118);
    const first = sends.find((call) => call.body.to === `57310${ids[0]}`);
    expect(first?.body).toMatchObject({
      type: 'template',
      template: {
        name: 'promo_codigo',
        language: { code: 'es' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Cliente1' },
              { type: 'text', text: `ABC-${lastName}-1` },
            ],
          },
        ],
      },
    });
    // The rate, as the provider saw it: no window of one second holds more than RATE sends.
    const times = sends.map((call) => call.at).sort((a, b) => a - b);
    let busiest = 0;
    for (let start = 0, end = 0; end < times.length; end += 1) {
      while (times[end] - times[start] >= 1000) start += 1;
      busiest = Math.max(busiest, end - start + 1);
    }
    expect(busiest).toBeLessThanOrEqual(RATE);
  }, 120_000);

  it('moves recipients forward with the provider’s statuses, links replies and honours opt-out words', async () => {
    const lastName = `Estados${Date.now()}`;
    const ids = await customers(lastName, 3);
    const bulk = (await api.post('/api/v2/bulk-messages', supervisor, body(lastName))).json().result;
    await api.post(`/api/v2/bulk-messages/${bulk.id}/actions`, supervisor, { action: 'start' });
    await until(bulk.id, ['finalized']);
    const recipients = (await api.get(`/api/v2/bulk-messages/${bulk.id}/recipients`, supervisor)).json().result.data;
    expect(recipients).toHaveLength(3);
    const [a, b, c] = recipients as { id: number; contact: string; customer: { id: number } }[];
    const wamidOf = async (recipientId: number) =>
      (
        await t.ctx.db.execute<{ provider_message_id: string }>(
          sql`select provider_message_id from bulk_recipients where id = ${recipientId}`,
        )
      ).rows[0].provider_message_id;
    const [wa, wb, wc] = [await wamidOf(a.id), await wamidOf(b.id), await wamidOf(c.id)];

    // Delivered then read; a late "sent" does not take it back; a failure after delivery is ignored.
    expect((await deliver(webhookBody(PHONE_NUMBER_ID, { statuses: [status(wa, 'delivered')] }))).statusCode).toBe(200);
    await deliver(webhookBody(PHONE_NUMBER_ID, { statuses: [status(wa, 'read')] }));
    await deliver(webhookBody(PHONE_NUMBER_ID, { statuses: [status(wa, 'sent')] }));
    await deliver(webhookBody(PHONE_NUMBER_ID, { statuses: [status(wb, 'delivered')] }));
    await deliver(
      webhookBody(PHONE_NUMBER_ID, {
        statuses: [status(wb, 'failed', { errors: [{ code: 131026, title: 'Message undeliverable' }] })],
      }),
    );
    await deliver(
      webhookBody(PHONE_NUMBER_ID, {
        statuses: [status(wc, 'failed', { errors: [{ code: 131026, title: 'Message undeliverable' }] })],
      }),
    );
    const after = (await api.get(`/api/v2/bulk-messages/${bulk.id}/recipients`, supervisor)).json().result.data;
    expect(after.map((recipient: { status: string }) => recipient.status)).toEqual(['read', 'delivered', 'failed']);
    expect((await bulkOf(bulk.id)).progress).toMatchObject({ sent: 0, delivered: 1, read: 1, failed: 1 });

    // The first customer answers "baja": the reply lands as a ticket linked to the recipient, and they opt out.
    const from = `57310${ids[0]}`;
    const reply = await deliver(
      webhookBody(PHONE_NUMBER_ID, {
        contacts: [{ waId: from, name: 'Cliente1' }],
        messages: [
          {
            from,
            id: `wamid.in${Date.now()}`,
            timestamp: String(Math.floor(Date.now() / 1000)),
            type: 'text',
            text: { body: ' Baja ' },
          },
        ],
      }),
    );
    expect(reply.statusCode).toBe(200);
    await waitFor(
      async () =>
        (await api.get(`/api/v2/bulk-messages/${bulk.id}/recipients`, supervisor)).json().result.data[0].repliedAt,
      'the reply to be linked',
    );
    const linked = (await api.get(`/api/v2/bulk-messages/${bulk.id}/recipients`, supervisor)).json().result.data[0];
    expect(linked.ticketId).toEqual(expect.any(Number));
    const [ticket] = (
      await t.ctx.db.execute<{ campaign_id: string }>(
        sql`select campaign_id from tickets where id = ${linked.ticketId}`,
      )
    ).rows;
    expect(Number(ticket.campaign_id)).toBe(campaignId);
    expect((await bulkOf(bulk.id)).progress.replied).toBe(1);
    const [optedOut] = (
      await t.ctx.db.execute<{ at: string | null }>(
        sql`select bulk_opt_out_at as at from customers where id = ${ids[0]}`,
      )
    ).rows;
    expect(optedOut.at).not.toBeNull();
    // The business's own words count too (its profile's opt-out words), any case and accents aside.
    await t.ctx.db.execute(sql`update business set opt_out_words = '["BAJA", "NO MAS"]'::jsonb`);
    try {
      const secondPhone = `57310${ids[1]}`;
      await deliver(
        webhookBody(PHONE_NUMBER_ID, {
          contacts: [{ waId: secondPhone, name: 'Cliente2' }],
          messages: [
            {
              from: secondPhone,
              id: `wamid.in2${Date.now()}`,
              timestamp: String(Math.floor(Date.now() / 1000)),
              type: 'text',
              text: { body: 'No más' },
            },
          ],
        }),
      );
      await waitFor(async () => {
        const [row] = (
          await t.ctx.db.execute<{ at: string | null }>(
            sql`select bulk_opt_out_at as at from customers where id = ${ids[1]}`,
          )
        ).rows;
        return row.at !== null;
      }, 'the business’s own opt-out word to count');
    } finally {
      await t.ctx.db.execute(
        sql`update business set opt_out_words = '["STOP", "BAJA", "CANCELAR", "UNSUBSCRIBE"]'::jsonb`,
      );
    }

    // Repeating reaches the one who did not opt out only; "repeat failed" only the failed one.
    const phones = new Set(ids.map((id) => `57310${id}`));
    const before = sendsTo(phones).length;
    expect(
      (await api.post(`/api/v2/bulk-messages/${bulk.id}/actions`, supervisor, { action: 'repeat' })).statusCode,
    ).toBe(200);
    const second = await until(bulk.id, ['finalized']);
    expect(second.progress).toMatchObject({ run: 2, total: 1, sent: 1 });
    expect(
      sendsTo(phones)
        .slice(before)
        .map((call) => call.body.to),
    ).not.toContain(from);
    const failedRun = await api.post(`/api/v2/bulk-messages/${bulk.id}/actions`, supervisor, {
      action: 'repeatFailed',
    });
    expect(failedRun.statusCode).toBe(200);
    const third = await until(bulk.id, ['finalized']);
    // The failed one of run 2: none.
    expect(third.progress).toMatchObject({ run: 3, total: 0 });

    // The results as a workbook (run 1), refused to another campaign's supervisor.
    const exported = await t.app.inject({
      method: 'GET',
      url: `/api/v2/bulk-messages/${bulk.id}/export?run=1`,
      headers: supervisor.headers,
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(2).getCell(4).value).toBe('Leído');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v2/bulk-messages/${bulk.id}/export`, headers: outsider.headers }))
        .statusCode,
    ).toBe(404);
  }, 120_000);

  it('messages each recipient once when answers are lost: a status settles a send, none means it never arrived', async () => {
    const lastName = `Perdidos${Date.now()}`;
    const ids = await customers(lastName, 40);
    const phones = new Set(ids.map((id) => `57310${id}`));
    cloud.reportStatusesTo({
      url: `${t.url()}/api/v2/webhooks/whatsapp/${channelId}`,
      appSecret: APP_SECRET,
      phoneNumberId: PHONE_NUMBER_ID,
    });
    try {
      // Two requests break before Meta takes them; three more are taken but their answers never come back.
      cloud.loseBeforeArrival(2);
      cloud.loseAnswers(3);
      const bulk = (await api.post('/api/v2/bulk-messages', supervisor, body(lastName))).json().result;
      await api.post(`/api/v2/bulk-messages/${bulk.id}/actions`, supervisor, { action: 'start' });
      // The three are settled by their first status (their reference); the two stay unconfirmed.
      const waiting = await waitFor(async () => {
        const current = await bulkOf(bulk.id);
        return current.progress.new === 0 && current.progress.sent === 38 ? current : null;
      }, 'every send but the two lost ones confirmed');
      expect(waiting).toMatchObject({ status: 'running', progress: { sending: 2, failed: 0 } });
      // No status came for them within the grace time: the provider never had them, so they go again.
      await settle(1100);
      await t.services.bulk.tick();
      const done = await until(bulk.id, ['finalized']);
      expect(done.progress).toMatchObject({ total: 40, sent: 40, sending: 0, failed: 0 });
      const sends = sendsTo(phones);
      expect(sends).toHaveLength(40);
      expect(new Set(sends.map((call) => call.body.to)).size).toBe(40);
      expect(sends.every((call) => String(call.body.biz_opaque_callback_data).startsWith('bulk:'))).toBe(true);
    } finally {
      cloud.reportStatusesTo(null);
    }
  }, 90_000);

  it('with active tickets, each recipient’s message opens a ticket of its own with the message as sent', async () => {
    const lastName = `Activos${Date.now()}`;
    const ids = await customers(lastName, 3);
    const bulk = (await api.post('/api/v2/bulk-messages', supervisor, body(lastName, { activeTickets: true }))).json()
      .result;
    await api.post(`/api/v2/bulk-messages/${bulk.id}/actions`, supervisor, { action: 'start' });
    await until(bulk.id, ['finalized']);
    const tickets = (
      await t.ctx.db.execute<{
        id: string;
        customer_id: string;
        campaign_id: string;
        channel_id: string;
        description: string;
        last_message_direction: number;
      }>(sql`select id, customer_id, campaign_id, channel_id, description, last_message_direction from tickets
        where customer_id = any(${`{${ids.join(',')}}`}::bigint[]) order by customer_id`)
    ).rows;
    expect(tickets.map((ticket) => Number(ticket.customer_id))).toEqual(ids);
    for (const ticket of tickets) {
      expect(ticket).toMatchObject({
        campaign_id: String(campaignId),
        channel_id: String(channelId),
        description: bulk.name,
        last_message_direction: 1,
      });
    }
    const recipients = (await api.get(`/api/v2/bulk-messages/${bulk.id}/recipients`, supervisor)).json().result.data;
    expect(recipients.map((recipient: { ticketId: number }) => recipient.ticketId).sort()).toEqual(
      tickets.map((ticket) => Number(ticket.id)).sort(),
    );
    const [message] = await messagesOf(t, supervisor, Number(tickets[0].id));
    expect(message).toMatchObject({ direction: 1, senderName: bulk.name });
    expect(message.text).toContain('ABC-');
  });

  it('lists bulk messages of the caller’s campaigns with keyset pages, and switches one off', async () => {
    const lastName = `Lista${Date.now()}`;
    const first = (
      await api.post('/api/v2/bulk-messages', supervisor, body(lastName, { name: `A ${lastName}` }))
    ).json().result;
    const second = (
      await api.post('/api/v2/bulk-messages', supervisor, body(lastName, { name: `B ${lastName}` }))
    ).json().result;
    const page = (await api.get(`/api/v2/bulk-messages?searchText=${lastName}&sizePerPage=1`, supervisor)).json()
      .result;
    expect(page).toMatchObject({ hasMore: true, data: [expect.objectContaining({ id: second.id })] });
    const next = (
      await api.get(`/api/v2/bulk-messages?searchText=${lastName}&sizePerPage=1&after=${second.id}`, supervisor)
    ).json().result;
    expect(next).toMatchObject({ hasMore: false, data: [expect.objectContaining({ id: first.id })] });
    expect((await api.get(`/api/v2/bulk-messages?searchText=${lastName}`, outsider)).json().result.data).toEqual([]);

    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/v2/bulk-messages/${first.id}`,
      headers: supervisor.headers,
      payload: { enabled: false },
    });
    expect(off.json().result.enabled).toBe(false);
    const refused = await api.post(`/api/v2/bulk-messages/${first.id}/actions`, supervisor, { action: 'start' }, 'en');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('The bulk message is switched off; switch it on first');
    const viewer = await signedInWith(t, admin, ['ver-mensaje-masivo']);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/v2/bulk-messages/${first.id}`,
          headers: viewer.headers,
          payload: { enabled: true },
        })
      ).statusCode,
    ).toBe(403);
    expect((await api.post(`/api/v2/bulk-messages/${first.id}/actions`, viewer, { action: 'start' })).statusCode).toBe(
      403,
    );
    // Saving's helpers need agregar-mensaje-masivo; reading needs the module's view permissions.
    const audienceQuery = { campaignId, channelId, accounts: accountsOf(lastName) };
    expect((await api.post('/api/v2/bulk-messages/audience', viewer, audienceQuery)).statusCode).toBe(403);
    expect(
      (await api.post('/api/v2/bulk-messages/accounts', viewer, { ...audienceQuery, sizePerPage: 5 })).statusCode,
    ).toBe(403);
    const stranger = await signedInWith(t, admin, ['ver-menu-casos']);
    for (const url of [
      '/api/v2/bulk-messages',
      `/api/v2/bulk-messages/${first.id}`,
      `/api/v2/bulk-messages/${first.id}/recipients`,
      `/api/v2/bulk-messages/${first.id}/export`,
    ]) {
      expect((await api.get(url, stranger)).statusCode, url).toBe(403);
    }
  });
});

describe('bulk messaging: complete WhatsApp templates', () => {
  it('sends a media-header template with its image uploaded once, and refuses chat templates', async () => {
    const image = ONE_PIXEL_PNG;
    const stored = await t.ctx.storage.save('plantillas-whatsapp', 'png', image);
    const inserted = (
      await t.ctx.db.execute<{ id: string; type: string }>(sql`
        insert into whatsapp_templates (channel_id, name, language, type, category, header_type, media_path,
          media_filename, media_content_type, media_size, body, examples, buttons_type, buttons, quick_replies, status)
        values
          (${channelId}, ${`oferta_imagen_${Date.now()}`}, 'es', 'template', 'MARKETING', 'image', ${stored},
            'oferta.png', 'image/png', ${image.length}, 'Hola {{1}}, mira la oferta.', '["Ana"]'::jsonb,
            'quickReplies', '[{"kind":"quickReply","text":"Me interesa"}]'::jsonb, '[]'::jsonb, 'approved'),
          (${channelId}, ${`menu_chat_${Date.now()}`}, 'es', 'text', null, 'none', null, null, null, null,
            'Hola {{1}}', '["Ana"]'::jsonb, 'none', '[]'::jsonb, '["Sí","No"]'::jsonb, 'approved')
        returning id, type`)
    ).rows;
    const mediaTemplateId = Number(inserted.find((row) => row.type === 'template')?.id);
    const chatTemplateId = Number(inserted.find((row) => row.type === 'text')?.id);

    // The wizard offers Meta's templates only, with what its preview shows: the header's file and the buttons.
    const options = (await api.get('/api/v2/bulk-messages/options', supervisor)).json().result;
    const offered = options.campaigns
      .find((entry: { id: number }) => entry.id === campaignId)
      .channels[0].templates.map((entry: { id: number }) => entry);
    expect(offered.map((entry: { id: number }) => entry.id)).not.toContain(chatTemplateId);
    expect(offered.find((entry: { id: number }) => entry.id === mediaTemplateId)).toMatchObject({
      headerType: 'image',
      media: { filename: 'oferta.png', contentType: 'image/png', url: `whatsapp-templates/${mediaTemplateId}/media` },
      buttons: [{ text: 'Me interesa' }],
    });
    const preview = await api.get(`/api/v2/whatsapp-templates/${mediaTemplateId}/media`, supervisor);
    expect(preview.statusCode).toBe(200);
    expect(preview.rawPayload.equals(image)).toBe(true);

    const lastName = `Imagen${Date.now()}`;
    await customers(lastName, 5);
    const chat = await api.post(
      '/api/v2/bulk-messages',
      supervisor,
      body(lastName, { whatsappTemplateId: chatTemplateId, templateValues: ['{{cliente.nombre}}'] }),
    );
    expect(chat.statusCode).toBe(422);
    expect(chat.json().result.fields).toEqual([
      { field: 'whatsappTemplateId', message: 'Los envíos masivos usan plantillas aprobadas por Meta' },
    ]);

    const uploadsBefore = cloud.uploads.length;
    const created = await api.post(
      '/api/v2/bulk-messages',
      supervisor,
      body(lastName, { whatsappTemplateId: mediaTemplateId, templateValues: ['{{cliente.nombre}}'] }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const bulk = created.json().result;
    await api.post(`/api/v2/bulk-messages/${bulk.id}/actions`, supervisor, { action: 'start' });
    await until(bulk.id, ['finalized']);
    const sends = cloud.sends.filter(
      (entry) =>
        (entry.body.template as { name?: string } | undefined)?.name ===
        offered.find((entry: { id: number }) => entry.id === mediaTemplateId).name,
    );
    expect(sends).toHaveLength(5);
    // One upload serves every recipient: each send names the same media id in its header.
    const newUploads = cloud.uploads.slice(uploadsBefore);
    expect(newUploads).toHaveLength(1);
    expect(newUploads[0].content.equals(image)).toBe(true);
    // The audit log: who created and started it (run 1), for those who see it and hold the audit permission.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v2/bulk-messages/${bulk.id}`,
      headers: supervisor.headers,
      payload: { enabled: false },
    });
    const audit = await api.get(`/api/v2/bulk-messages/${bulk.id}/audit`, admin);
    expect(audit.statusCode, audit.body).toBe(200);
    const entries = audit.json().result as {
      action: string;
      changes: Record<string, unknown>;
      actor: { id: number };
    }[];
    expect(entries.map((entry) => entry.action)).toEqual(['disabled', 'bulk-start', 'created']);
    expect(entries[1].changes).toEqual({ run: { value: 1 } });
    expect(entries[2].changes).toMatchObject({
      name: { from: null, to: created.json().result.name },
      channel: { from: null, to: { id: channelId } },
      whatsappTemplate: { from: null, to: { id: mediaTemplateId } },
      frequency: { from: null, to: 'none' },
    });
    expect(entries[2].actor).toMatchObject({ id: supervisor.id });
    expect((await api.get(`/api/v2/bulk-messages/${bulk.id}/audit`, outsider)).statusCode).toBe(403);
    const auditor = await signedInWith(t, admin, ['ver-auditoria']);
    expect((await api.get(`/api/v2/bulk-messages/${bulk.id}/audit`, auditor)).statusCode).toBe(404);

    for (const send of sends) {
      const components = (send.body.template as { components: Record<string, unknown>[] }).components;
      expect(components[0]).toEqual({
        type: 'header',
        parameters: [{ type: 'image', image: { id: newUploads[0].id } }],
      });
      expect(components[1]).toMatchObject({ type: 'body' });
    }
  });
});

describe('bulk messaging: SMS through Twilio', () => {
  it('sends at the channel’s rate, pauses and resumes, follows status callbacks forward only and honours STOP', async () => {
    const SMS_RATE = 20;
    const { channelId: smsChannelId, campaignId: smsCampaignId } = await deskCampaign(t, admin, {
      agents: [],
      supervisors: [supervisor],
      channelType: 'sms',
      channelConfig: {
        accountSid: ACCOUNT_SID,
        authToken: AUTH_TOKEN,
        sender: '+15005550006',
        apiBaseUrl: twilio.url(),
        sendRatePerSecond: SMS_RATE,
      },
    });
    const signed = (path: string, params: Record<string, string>) => {
      const call = signedTwilioCall(`${t.ctx.config.publicUrl}${path}`, AUTH_TOKEN, params);
      return t.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': call.signature },
        payload: call.body,
      });
    };
    const lastName = `Sms${Date.now()}`;
    const ids = await customers(lastName, 41);
    // Mobile numbers as long as real ones (a short test number is not a phone number for Twilio, rightly).
    const phone = (id: number) => `57310${String(id).padStart(7, '0')}`;
    await t.ctx.db.execute(sql`
      update customer_contacts set value = '+57 310 ' || lpad(customer_id::text, 7, '0'),
        normalized_value = '57310' || lpad(customer_id::text, 7, '0')
      where customer_id = any(${`{${ids.join(',')}}`}::bigint[])`);
    await t.ctx.db.execute(sql`update customers set bulk_opt_out_at = now() where id = ${ids[40]}`);
    const audienceQuery = { campaignId: smsCampaignId, channelId: smsChannelId, accounts: accountsOf(lastName) };
    const audience = (await api.post('/api/v2/bulk-messages/audience', supervisor, audienceQuery)).json().result;
    expect(audience).toEqual({ recipients: 40, withoutContact: 0, optedOut: 1 });

    const created = await api.post('/api/v2/bulk-messages', supervisor, {
      name: `Aviso SMS ${lastName}`,
      campaignId: smsCampaignId,
      channelId: smsChannelId,
      message: 'Hola {{cliente.nombre}}, su pedido está listo. Responda STOP para no recibir más.',
      activeTickets: false,
      frequency: { kind: 'none' },
      accounts: accountsOf(lastName),
    });
    expect(created.statusCode, created.body).toBe(201);
    const bulk = created.json().result;
    const before = twilio.sends.length;
    const ours = () => twilio.sends.slice(before);
    await api.post(`/api/v2/bulk-messages/${bulk.id}/actions`, supervisor, { action: 'start' });
    await waitFor(() => ours().length >= 5, 'the first SMS');
    expect(
      (await api.post(`/api/v2/bulk-messages/${bulk.id}/actions`, supervisor, { action: 'pause' })).statusCode,
    ).toBe(200);
    await until(bulk.id, ['paused']);
    await settle(1500);
    const atPause = ours().length;
    await settle(1500);
    expect(ours().length).toBe(atPause);
    expect(atPause).toBeLessThan(40);
    await api.post(`/api/v2/bulk-messages/${bulk.id}/actions`, supervisor, { action: 'start' });
    const finished = await until(bulk.id, ['finalized']);
    const failedOnes = (await api.get(`/api/v2/bulk-messages/${bulk.id}/recipients?status=failed`, supervisor)).json()
      .result.data;
    expect(finished.progress, JSON.stringify(failedOnes.slice(0, 3))).toMatchObject({ total: 40, sent: 40, failed: 0 });

    // Each once, filled for its customer, with the reference on its status callback; never over the rate.
    const sends = ours();
    expect(new Set(sends.map((send) => send.fields.To)).size).toBe(40);
    expect(sends).toHaveLength(40);
    expect(sends.map((send) => send.fields.To)).not.toContain(`+${phone(ids[40])}`);
    const first = sends.find((send) => send.fields.To === `+${phone(ids[0])}`);
    expect(first?.fields.Body).toBe('Hola Cliente1, su pedido está listo. Responda STOP para no recibir más.');
    expect(first?.fields.StatusCallback).toMatch(/\/api\/v2\/webhooks\/sms\/\d+\/status\?ref=bulk%3A\d+$/);
    const times = sends.map((send) => send.at).sort((a, b) => a - b);
    let busiest = 0;
    for (let start = 0, end = 0; end < times.length; end += 1) {
      while (times[end] - times[start] >= 1000) start += 1;
      busiest = Math.max(busiest, end - start + 1);
    }
    expect(busiest).toBeLessThanOrEqual(SMS_RATE);

    // Twilio's callbacks move the recipient forward, never back.
    const statusOf = async () =>
      (
        (await api.get(`/api/v2/bulk-messages/${bulk.id}/recipients?sizePerPage=100`, supervisor)).json().result
          .data as { contact: string; status: string }[]
      ).find((recipient) => recipient.contact.replace(/\D/g, '') === phone(ids[0]))?.status;
    const callbackPath = new URL(first?.fields.StatusCallback ?? '').pathname;
    const callbackQuery = new URL(first?.fields.StatusCallback ?? '').search;
    const report = (status: string) =>
      signed(`${callbackPath}${callbackQuery}`, {
        AccountSid: ACCOUNT_SID,
        MessageSid: first?.sid ?? '',
        MessageStatus: status,
        To: first?.fields.To ?? '',
      });
    expect((await report('delivered')).statusCode).toBe(200);
    await waitFor(async () => (await statusOf()) === 'delivered', 'the recipient delivered');
    expect((await report('sent')).statusCode).toBe(200);
    await settle(200);
    expect(await statusOf()).toBe('delivered');
    // A forged callback stores nothing.
    const forged = await t.app.inject({
      method: 'POST',
      url: `${callbackPath}${callbackQuery}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'bm90IGl0' },
      payload: new URLSearchParams({
        AccountSid: ACCOUNT_SID,
        MessageSid: first?.sid ?? '',
        MessageStatus: 'failed',
      }).toString(),
    });
    expect(forged.statusCode).toBe(403);
    expect(await statusOf()).toBe('delivered');

    // The second customer answers STOP by SMS: marked, and left out of the next run.
    const reply = await signed(`/api/v2/webhooks/sms/${smsChannelId}`, {
      AccountSid: ACCOUNT_SID,
      MessageSid: `SM${'ab'.repeat(16)}`,
      From: `+${phone(ids[1])}`,
      To: '+15005550006',
      Body: 'stop',
      NumMedia: '0',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    await waitFor(async () => {
      const [row] = (
        await t.ctx.db.execute<{ at: string | null }>(
          sql`select bulk_opt_out_at as at from customers where id = ${ids[1]}`,
        )
      ).rows;
      return row.at !== null;
    }, 'the STOP to opt the customer out');
    const again = (await api.post('/api/v2/bulk-messages/audience', supervisor, audienceQuery)).json().result;
    expect(again).toEqual({ recipients: 39, withoutContact: 0, optedOut: 2 });
  });
});
