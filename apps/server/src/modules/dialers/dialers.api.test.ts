import { DIALER_PROGRESS_EVENT, type DialerProgressEvent } from '@atiende/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, multipartFile, postFile, signedIn, type TestApp } from '../../test/app.js';
import { createSiblingDatabase, type TestDatabase } from '../../test/database.js';
import { type Actor, caller, collect, connect, deskCampaign, settle, signedInWith, waitFor } from '../../test/desk.js';
import { accountsWith as accountsWithIn, byLastName } from '../../test/dialers.js';
import { isTelephonyConfigured } from './telephony.js';

let t: TestApp;
let api: ReturnType<typeof caller>;
let admin: Actor;
let supervisor: Actor;
let outsider: Actor;
let campaignId: number;
let otherCampaignId: number;
let database: TestDatabase;

/** A real (tiny) WAV: RIFF/WAVE header, fmt chunk (PCM, mono, 8 kHz, 16 bit) and 100 ms of silence. */
function wav(): Buffer {
  const samples = Buffer.alloc(1600);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}

/** An Ogg page header (capture pattern, version 0, first page) with a Vorbis identification packet's start. */
function ogg(): Buffer {
  const page = Buffer.alloc(28 + 30);
  page.write('OggS', 0, 'ascii');
  page[5] = 0x02;
  page[26] = 1;
  page[27] = 30;
  page[28] = 0x01;
  page.write('vorbis', 29, 'ascii');
  return page;
}

/** An MP3: an ID3v2.4 tag header, then one MPEG-1 layer III frame header (128 kbit/s, 44.1 kHz). */
function mp3(): Buffer {
  const tag = Buffer.from([0x49, 0x44, 0x33, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]);
  const frame = Buffer.alloc(417);
  frame[0] = 0xff;
  frame[1] = 0xfb;
  frame[2] = 0x90;
  frame[3] = 0x64;
  return Buffer.concat([tag, frame]);
}

/**
 * Customers of a campaign (linked as its accounts), each with the given phone (null: no phone contact), named
 * `lastName`; answers their ids in order.
 */
const accountsWith = (lastName: string, phones: (string | null)[], options: { campaign?: number | null } = {}) =>
  accountsWithIn(t.ctx.db, options.campaign === undefined ? campaignId : options.campaign, lastName, phones);

const body = (lastName: string, overrides: Record<string, unknown> = {}) => ({
  campaignId,
  label: `Cobranza ${lastName}`,
  type: 'call_campaign',
  channels: 10,
  parallels: 2,
  tries: 3,
  rings: 5,
  sendToQueue: true,
  accounts: byLastName(lastName),
  ...overrides,
});

let sequence = 0;
const uniqueName = (prefix: string) => `${prefix}${Date.now()}x${++sequence}`.replace(/\d/g, (d) => 'abcdefghij'[+d]);

async function createDialer(lastName: string, overrides: Record<string, unknown> = {}, actor = admin) {
  const created = await api.post('/api/v2/dialers', actor, body(lastName, overrides));
  expect(created.statusCode, created.body).toBe(201);
  return created.json().result;
}

async function dialerCount(): Promise<number> {
  const [row] = (await t.ctx.db.execute<{ n: string }>(sql`select count(*) as n from dialers`)).rows;
  return Number(row.n);
}

async function phonesOf(dialerId: number): Promise<string[]> {
  return (
    await t.ctx.db.execute<{ phone: string }>(
      sql`select phone from dialer_accounts where dialer_id = ${dialerId} order by phone`,
    )
  ).rows.map((row) => row.phone);
}

async function setStatus(dialerId: number, status: string, started = true) {
  await t.ctx.db.execute(sql`update dialers set status = ${status},
    started_at = ${started ? sql`coalesce(started_at, now())` : sql`null`} where id = ${dialerId}`);
}

/** Telephony as the voice layer reports it: the business's WebRTC switch and the daemons' node heartbeat. */
async function setTelephony(on: boolean, heartbeat: 'fresh' | 'stale' = 'fresh') {
  await t.ctx.db.execute(sql`update business set webrtc_enabled = ${on}`);
  const beat = on ? (heartbeat === 'fresh' ? sql`now()` : sql`now() - interval '5 minutes'`) : sql`null`;
  await t.ctx.db.execute(sql`insert into voice_settings (id, secret, heartbeat_at) values (1, ${'a'.repeat(64)}, ${beat})
    on conflict (id) do update set heartbeat_at = excluded.heartbeat_at`);
}

const act = (id: number, action: string, actor = admin, locale = 'es') =>
  api.post(`/api/v2/dialers/${id}/actions`, actor, { action }, locale);

beforeAll(async () => {
  // A database of this file's own: whether telephony is configured is global to one (the business's WebRTC switch
  // and the voice heartbeat), and files running beside it must not see it change.
  database = await createSiblingDatabase(inject('databaseUrl'));
  t = await createTestApp({ databaseUrl: database.url, listen: true });
  api = caller(t);
  admin = await signedIn(t, 'admin');
  supervisor = await signedIn(t, 'super');
  // A supervisor of another campaign only, holding the module's permission and no campaign administration.
  outsider = await signedInWith(t, admin, ['ver-configuracion-campana']);
  ({ campaignId } = await deskCampaign(t, admin, { agents: [], supervisors: [supervisor] }));
  ({ campaignId: otherCampaignId } = await deskCampaign(t, admin, { agents: [], supervisors: [outsider] }));
  await setTelephony(false);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await database?.drop();
});

describe('dialers: saving', () => {
  it('refuses invalid input with translated messages (es and en) and saves nothing', async () => {
    const before = await dialerCount();
    const empty = await api.post('/api/v2/dialers', admin, { accounts: {} });
    expect(empty.statusCode).toBe(422);
    const fields = Object.fromEntries(
      empty.json().result.fields.map((field: { field: string; message: string }) => [field.field, field.message]),
    );
    expect(fields).toMatchObject({
      campaignId: 'Elija una campaña que usted gestione',
      label: 'Escriba el nombre del marcador',
      type: 'Elija el tipo de marcador',
      channels: 'Los canales van de 1 a 500',
      parallels: 'Las llamadas en paralelo van de 1 a 10',
      tries: 'Los intentos van de 1 a 10',
      rings: 'Los timbres van de 1 a 20',
    });

    const outOfRange = await api.post(
      '/api/v2/dialers',
      admin,
      body('Nadie', { channels: 501, parallels: 0, tries: 11, rings: 21, label: 'Mal\u0000nombre' }),
      'en',
    );
    expect(outOfRange.statusCode).toBe(422);
    expect(outOfRange.json().result.fields).toEqual(
      expect.arrayContaining([
        { field: 'channels', message: 'Channels go from 1 to 500' },
        { field: 'parallels', message: 'Parallel calls go from 1 to 10' },
        { field: 'tries', message: 'Tries go from 1 to 10' },
        { field: 'rings', message: 'Rings go from 1 to 20' },
        { field: 'label', message: 'Contains characters that are not allowed' },
      ]),
    );

    // What a type needs: the extension to call, the audio to play.
    const extension = await api.post('/api/v2/dialers', admin, body('Nadie', { type: 'call_extension' }), 'en');
    expect(extension.json().result.fields).toEqual([{ field: 'extension', message: 'Enter the extension to call' }]);
    const badExtension = await api.post(
      '/api/v2/dialers',
      admin,
      body('Nadie', { type: 'call_extension', extension: '10a1' }),
    );
    expect(badExtension.json().result.fields).toEqual([
      { field: 'extension', message: 'Use solo números, * y # (hasta 20)' },
    ]);
    const audio = await api.post('/api/v2/dialers', admin, body('Nadie', { type: 'play_audio' }));
    expect(audio.json().result.fields).toEqual([
      { field: 'audio', message: 'Suba el audio que se reproduce (WAV, MP3 u OGG)' },
    ]);
    // A file named by a path outside the dialers' audio folder is not taken.
    const foreign = await api.post(
      '/api/v2/dialers',
      admin,
      body('Nadie', { type: 'play_audio', audio: { key: '../../etc/passwd', filename: 'a.wav' } }),
    );
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().result.fields).toEqual([
      { field: 'audio', message: 'El audio ya no está disponible; súbalo de nuevo' },
    ]);

    // Valid, but no account of the campaign matching the filters has a phone: nothing is saved, not even the dialer.
    const lastName = uniqueName('Sinfono');
    await accountsWith(lastName, [null, null, '12']);
    const nothing = await api.post('/api/v2/dialers', admin, body(lastName));
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().result.fields).toEqual([
      {
        field: 'accounts',
        message: 'Ninguna cuenta de la campaña que cumpla los filtros tiene un teléfono para marcar',
      },
    ]);
    expect(await dialerCount()).toBe(before);
    const [orphans] = (
      await t.ctx.db.execute<{ n: string }>(
        sql`select count(*) as n from dialer_accounts a where not exists (select 1 from dialers d where d.id = a.dialer_id)`,
      )
    ).rows;
    expect(Number(orphans.n)).toBe(0);
  });

  it('materialises the campaign’s accounts with a phone, one per phone in E.164, in the same save', async () => {
    const lastName = uniqueName('Cuentas');
    const [withSpaces, plain, , shared1, shared2, tooShort] = await accountsWith(lastName, [
      '+57 310 555 0001',
      '573105550002',
      null,
      '(+57) 310-555-0003',
      '+573105550003',
      '123',
    ]);
    // Same name, phone, but not an account of the campaign: left out.
    const [outside] = await accountsWith(lastName, ['+573105550009'], { campaign: otherCampaignId });

    const audience = await api.post('/api/v2/dialers/audience', supervisor, {
      campaignId,
      accounts: byLastName(lastName),
    });
    expect(audience.statusCode, audience.body).toBe(200);
    expect(audience.json().result).toEqual({ accounts: 3, withoutPhone: 2 });

    const candidates = await api.post('/api/v2/dialers/candidates', supervisor, {
      campaignId,
      accounts: byLastName(lastName),
      sizePerPage: 2,
    });
    expect(candidates.json().result.data.map((row: { customerId: number }) => row.customerId)).toEqual([
      withSpaces,
      plain,
    ]);
    expect(candidates.json().result.data[0].phone).toBe('+573105550001');
    expect(candidates.json().result.hasMore).toBe(true);

    const dialer = await createDialer(lastName, {}, supervisor);
    expect(dialer).toMatchObject({
      status: 'created',
      type: 'call_campaign',
      channels: 10,
      parallels: 2,
      tries: 3,
      rings: 5,
      sendToQueue: true,
      campaign: { id: campaignId },
      counts: { registries: 3, new: 3, executed: 0, success: 0, failed: 0 },
      telephonyConfigured: false,
      startedAt: null,
    });
    expect(await phonesOf(dialer.id)).toEqual(['+573105550001', '+573105550002', '+573105550003']);
    const rows = (
      await t.ctx.db.execute<{ customer_id: string; status: string; attempts: number }>(
        sql`select customer_id, status, attempts from dialer_accounts where dialer_id = ${dialer.id}`,
      )
    ).rows;
    expect(rows.every((row) => row.status === 'new' && Number(row.attempts) === 0)).toBe(true);
    const customers = rows.map((row) => Number(row.customer_id));
    expect(customers).toEqual(expect.arrayContaining([withSpaces, plain]));
    expect(customers.filter((id) => id === shared1 || id === shared2)).toHaveLength(1);
    expect(customers).not.toContain(tooShort);
    expect(customers).not.toContain(outside);

    // Selected accounts only.
    const selected = await createDialer(lastName, {
      accounts: { ...byLastName(lastName), sendTo: 'selected', customerIds: [plain] },
    });
    expect(selected.counts.registries).toBe(1);
    expect(await phonesOf(selected.id)).toEqual(['+573105550002']);

    // Its accounts, a keyset page at a time, with their dialing state.
    const page = await api.get(`/api/v2/dialers/${dialer.id}/accounts?sizePerPage=2`, admin);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().result.hasMore).toBe(true);
    expect(page.json().result.data[0]).toMatchObject({
      customer: { id: withSpaces, name: `Cliente0 ${lastName}` },
      phone: '+573105550001',
      status: 'new',
      attempts: 0,
      lastOutcome: null,
      lastAttemptAt: null,
    });
    const rest = await api.get(
      `/api/v2/dialers/${dialer.id}/accounts?sizePerPage=2&after=${page.json().result.data[1].id}`,
      admin,
    );
    expect(rest.json().result).toMatchObject({
      hasMore: false,
      data: [expect.objectContaining({ phone: '+573105550003' })],
    });
    const failedOnly = await api.get(`/api/v2/dialers/${dialer.id}/accounts?status=failed`, admin);
    expect(failedOnly.json().result.data).toEqual([]);
  });

  it('lists dialers newest first a keyset page at a time, with counters kept on the dialer, filtered', async () => {
    const lastName = uniqueName('Lista');
    await accountsWith(lastName, ['+573105551001', '+573105551002']);
    const first = await createDialer(lastName, { label: 'Primero' });
    const second = await createDialer(lastName, { label: 'Segundo' });
    const third = await createDialer(lastName, { label: 'Tercero' });
    await setStatus(second.id, 'paused');

    const page = await api.get(`/api/v2/dialers?campaignId=${campaignId}&sizePerPage=2`, admin);
    expect(page.statusCode, page.body).toBe(200);
    const result = page.json().result;
    expect(result.telephonyConfigured).toBe(false);
    expect(result.hasMore).toBe(true);
    expect(result.data.map((row: { id: number }) => row.id)).toEqual([third.id, second.id]);
    expect(result.data[0]).toMatchObject({
      campaign: { id: campaignId, name: expect.stringContaining('Campaña') },
      counts: { registries: 2, new: 2, executed: 0, success: 0, failed: 0 },
      createdBy: { id: admin.id },
    });
    const next = await api.get(`/api/v2/dialers?campaignId=${campaignId}&sizePerPage=2&after=${second.id}`, admin);
    expect(next.json().result.data[0].id).toBe(first.id);

    // Filtered by status (and campaign): only the paused one of this campaign.
    const paused = await api.get(`/api/v2/dialers?campaignId=${campaignId}&status=paused`, admin);
    expect(paused.json().result.data.map((row: { id: number }) => row.id)).toContain(second.id);
    expect(paused.json().result.data.every((row: { status: string }) => row.status === 'paused')).toBe(true);
    // A status that is not one is a bad query.
    expect((await api.get('/api/v2/dialers?status=dialing', admin)).statusCode).toBe(400);
  });
});

describe('dialers: editing', () => {
  it('edits only while not calling, and chooses the accounts again only while it never started', async () => {
    const lastName = uniqueName('Editar');
    const [one, two, three] = await accountsWith(lastName, ['+573105552001', '+573105552002', '+573105552003']);
    const dialer = await createDialer(lastName);
    expect(dialer.counts.registries).toBe(3);
    const edit = (overrides: Record<string, unknown>, locale = 'es') =>
      api.put(`/api/v2/dialers/${dialer.id}`, admin, body(lastName, overrides), locale);

    // Created: the settings change, the same accounts stay (no new rows).
    const idsBefore = (
      await t.ctx.db.execute<{ id: string }>(sql`select id from dialer_accounts where dialer_id = ${dialer.id}`)
    ).rows.map((row) => Number(row.id));
    const renamed = await edit({ label: 'Renombrado', rings: 8 });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().result).toMatchObject({ label: 'Renombrado', rings: 8, counts: { registries: 3 } });
    const idsAfter = (
      await t.ctx.db.execute<{ id: string }>(sql`select id from dialer_accounts where dialer_id = ${dialer.id}`)
    ).rows.map((row) => Number(row.id));
    expect(idsAfter.sort()).toEqual(idsBefore.sort());

    // Created and another choice of accounts: chosen again in the same save.
    const narrowed = await edit({
      accounts: { ...byLastName(lastName), sendTo: 'selected', customerIds: [one, three] },
    });
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    expect(narrowed.json().result.counts).toEqual({ registries: 2, new: 2, executed: 0, success: 0, failed: 0 });
    expect(await phonesOf(dialer.id)).toEqual(['+573105552001', '+573105552003']);
    // A choice that reaches nobody is refused and leaves the accounts as they were.
    const nobody = await edit({ label: 'Intento fallido', accounts: byLastName(`${lastName}Nadie`) });
    expect(nobody.statusCode).toBe(422);
    expect(await phonesOf(dialer.id)).toEqual(['+573105552001', '+573105552003']);
    expect((await api.get(`/api/v2/dialers/${dialer.id}`, admin)).json().result.label).toBe(`Cobranza ${lastName}`);

    // Running or paused: no edit at all.
    for (const status of ['running', 'paused', 'initialization']) {
      await setStatus(dialer.id, status);
      const refused = await edit({ label: 'No' }, 'en');
      expect(refused.statusCode, status).toBe(409);
      expect(refused.json().message).toBe('A running or paused dialer cannot be edited; stop it first');
    }

    // Stopped after a start: its settings change, its accounts do not.
    await setStatus(dialer.id, 'stopped');
    const settings = await edit({
      label: 'Detenido',
      tries: 5,
      accounts: { ...byLastName(lastName), sendTo: 'selected', customerIds: [one, three] },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json().result).toMatchObject({ label: 'Detenido', tries: 5, status: 'stopped' });
    const locked = await edit({ accounts: { ...byLastName(lastName), sendTo: 'selected', customerIds: [two] } });
    expect(locked.statusCode).toBe(422);
    expect(locked.json().result.fields).toEqual([
      {
        field: 'accounts',
        message: 'Las cuentas de un marcador que ya se inició no cambian; cree un marcador nuevo para otras cuentas',
      },
    ]);
    expect(await phonesOf(dialer.id)).toEqual(['+573105552001', '+573105552003']);
    for (const status of ['finalized', 'failed']) {
      await setStatus(dialer.id, status);
      const edited = await edit({
        label: `Editado ${status}`,
        accounts: { ...byLastName(lastName), sendTo: 'selected', customerIds: [three, one] },
      });
      expect(edited.statusCode, status).toBe(200);
    }
  });
});

describe('dialers: actions', () => {
  it('pauses and stops without telephony; starting, restarting and repeating answer 409 until it is configured', async () => {
    const lastName = uniqueName('Acciones');
    await accountsWith(lastName, ['+573105553001', '+573105553002']);
    const dialer = await createDialer(lastName);

    // Not applicable to the status.
    const pause = await act(dialer.id, 'pause', admin, 'en');
    expect(pause.statusCode).toBe(409);
    expect(pause.json()).toMatchObject({
      code: 'DIALERS.ACTION_NOT_ALLOWED',
      message: 'This action does not apply to the dialer’s current status',
    });
    // Play is for play-audio dialers only.
    expect((await act(dialer.id, 'play')).json().code).toBe('DIALERS.ACTION_NOT_ALLOWED');

    // Telephony is not configured: a start is refused in both languages and nothing changes.
    const start = await act(dialer.id, 'start');
    expect(start.statusCode).toBe(409);
    expect(start.json()).toMatchObject({
      code: 'DIALERS.TELEPHONY_NOT_CONFIGURED',
      message: 'La telefonía no está configurada',
    });
    expect((await act(dialer.id, 'start', admin, 'en')).json().message).toBe('Telephony is not configured');
    const still = (await api.get(`/api/v2/dialers/${dialer.id}`, admin)).json().result;
    expect(still).toMatchObject({ status: 'created', startedAt: null, telephonyConfigured: false });

    // Running (the voice layer would have started it): pause and stop need no telephony.
    await setStatus(dialer.id, 'running');
    const paused = await act(dialer.id, 'pause');
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().result.status).toBe('paused');
    // Resuming is a start: refused too.
    expect((await act(dialer.id, 'start')).json().code).toBe('DIALERS.TELEPHONY_NOT_CONFIGURED');
    const stopped = await act(dialer.id, 'stop');
    expect(stopped.json().result).toMatchObject({ status: 'stopped', finishedAt: expect.any(String) });
    expect((await act(dialer.id, 'restart')).json().code).toBe('DIALERS.TELEPHONY_NOT_CONFIGURED');
    expect((await act(dialer.id, 'stop')).json().code).toBe('DIALERS.ACTION_NOT_ALLOWED');
    await setStatus(dialer.id, 'finalized');
    expect((await act(dialer.id, 'repeat')).json().code).toBe('DIALERS.TELEPHONY_NOT_CONFIGURED');
    expect((await act(dialer.id, 'repeatFailed')).json().code).toBe('DIALERS.TELEPHONY_NOT_CONFIGURED');
    expect((await api.get(`/api/v2/dialers/${dialer.id}`, admin)).json().result.status).toBe('finalized');

    // Both must hold: WebRTC on and a telephony node that answered lately (its heartbeat).
    await setTelephony(true);
    try {
      expect(await isTelephonyConfigured(t.ctx)).toBe(true);
      await setTelephony(true, 'stale');
      expect(await isTelephonyConfigured(t.ctx)).toBe(false);
      await t.ctx.db.execute(sql`update voice_settings set heartbeat_at = now()`);
      await t.ctx.db.execute(sql`update business set webrtc_enabled = false`);
      expect(await isTelephonyConfigured(t.ctx)).toBe(false);
    } finally {
      await setTelephony(false);
    }
  });

  it('tells the campaign’s supervisors and the author each action’s outcome live, and nobody outside the campaign', async () => {
    const lastName = uniqueName('EnVivo');
    await accountsWith(lastName, ['+573105558001', '+573105558002']);
    const dialer = await createDialer(lastName);
    const sockets = await Promise.all([admin, supervisor, outsider].map((actor) => connect(t, actor)));
    try {
      const [author, ofCampaign, ofAnother] = sockets.map((socket) =>
        collect<DialerProgressEvent>(socket, DIALER_PROGRESS_EVENT),
      );
      await setStatus(dialer.id, 'running');
      expect((await act(dialer.id, 'pause')).statusCode).toBe(200);
      const expected = {
        dialerId: dialer.id,
        status: 'paused',
        counts: { registries: 2, new: 2, executed: 0, success: 0, failed: 0 },
      };
      await waitFor(() => author.length > 0 && ofCampaign.length > 0, 'the progress to reach the campaign');
      expect(ofCampaign.at(-1)).toMatchObject(expected);
      expect(author.at(-1)).toMatchObject(expected);
      // A refused action changes nothing and says nothing.
      expect((await act(dialer.id, 'pause')).statusCode).toBe(409);
      expect((await act(dialer.id, 'stop')).statusCode).toBe(200);
      await waitFor(() => ofCampaign.at(-1)?.status === 'stopped', 'the stop to reach the campaign');
      await settle();
      expect(ofCampaign.map((event) => event.status)).toEqual(['paused', 'stopped']);
      expect(ofAnother).toEqual([]);
    } finally {
      for (const socket of sockets) socket.disconnect();
    }
  });

  it('runs the whole machine once telephony is configured, with the counters following the accounts', async () => {
    const lastName = uniqueName('Maquina');
    await accountsWith(lastName, ['+573105554001', '+573105554002', '+573105554003']);
    const dialer = await createDialer(lastName);
    const counts = async () => (await api.get(`/api/v2/dialers/${dialer.id}`, admin)).json().result.counts;
    await setTelephony(true);
    try {
      const started = await act(dialer.id, 'start');
      expect(started.statusCode, started.body).toBe(200);
      expect(started.json().result).toMatchObject({
        status: 'running',
        telephonyConfigured: true,
        startedAt: expect.any(String),
        finishedAt: null,
      });
      expect((await act(dialer.id, 'pause')).json().result.status).toBe('paused');
      expect((await act(dialer.id, 'start')).json().result.status).toBe('running');
      expect((await act(dialer.id, 'stop')).json().result.status).toBe('stopped');
      expect((await act(dialer.id, 'start')).json().result.status).toBe('running');

      // What the dialing engine would record: one answered, one failed after its tries, one called once.
      const ids = (
        await t.ctx.db.execute<{ id: string }>(
          sql`select id from dialer_accounts where dialer_id = ${dialer.id} order by phone`,
        )
      ).rows.map((row) => Number(row.id));
      await t.ctx.db.execute(sql`update dialer_accounts set status = 'success', attempts = 1, last_outcome = 'answered',
        last_attempt_at = now() where id = ${ids[0]}`);
      await t.ctx.db.execute(sql`update dialer_accounts set status = 'failed', attempts = 3, last_outcome = 'no_answer',
        last_attempt_at = now() where id = ${ids[1]}`);
      await t.ctx.db.execute(sql`update dialer_accounts set status = 'executed', attempts = 1, last_outcome = 'busy',
        last_attempt_at = now() where id = ${ids[2]}`);
      await t.ctx.db.execute(sql`update dialers set status = 'finalized', accounts_new = 0, accounts_success = 1,
        accounts_failed = 1, accounts_executed = 1 where id = ${dialer.id}`);

      // Repeat failed: only the failed account back to new, with no tries; the counters move with it.
      const failedAgain = await act(dialer.id, 'repeatFailed');
      expect(failedAgain.json().result).toMatchObject({
        status: 'running',
        counts: { registries: 3, new: 1, executed: 1, success: 1, failed: 0 },
      });
      const account = (await api.get(`/api/v2/dialers/${dialer.id}/accounts?status=new`, admin)).json().result.data;
      expect(account).toEqual([expect.objectContaining({ id: ids[1], attempts: 0, lastOutcome: 'no_answer' })]);

      // Repeat: every account not successful.
      await t.ctx.db.execute(sql`update dialers set status = 'finalized' where id = ${dialer.id}`);
      expect((await act(dialer.id, 'repeat')).json().result.counts).toEqual({
        registries: 3,
        new: 2,
        executed: 0,
        success: 1,
        failed: 0,
      });

      // Restart: all of them, their outcomes forgotten.
      await act(dialer.id, 'stop');
      const restarted = await act(dialer.id, 'restart');
      expect(restarted.json().result).toMatchObject({
        status: 'running',
        counts: { registries: 3, new: 3, executed: 0, success: 0, failed: 0 },
      });
      const reset = (
        await t.ctx.db.execute<{ attempts: number; last_outcome: string | null }>(
          sql`select attempts, last_outcome from dialer_accounts where dialer_id = ${dialer.id}`,
        )
      ).rows;
      expect(reset.every((row) => Number(row.attempts) === 0 && row.last_outcome === null)).toBe(true);

      // The counters agree with the accounts counted one by one (the view's chart).
      const stats = (await api.get(`/api/v2/dialers/${dialer.id}/stats`, admin)).json().result;
      const kept = await counts();
      expect(stats.accountsByStatus).toEqual({
        new: kept.new,
        executed: kept.executed,
        success: kept.success,
        failed: kept.failed,
      });

      // A start with nothing left to call finishes at once.
      await act(dialer.id, 'stop');
      await t.ctx.db.execute(sql`update dialer_accounts set status = 'success' where dialer_id = ${dialer.id}`);
      await t.ctx.db.execute(sql`update dialers set accounts_new = 0, accounts_success = 3 where id = ${dialer.id}`);
      expect((await act(dialer.id, 'start')).json().result).toMatchObject({
        status: 'finalized',
        finishedAt: expect.any(String),
      });
    } finally {
      await setTelephony(false);
    }
  });

  it('charts attempts per hour and accounts by state from the tables (empty until calls are placed)', async () => {
    const lastName = uniqueName('Graficas');
    await accountsWith(lastName, ['+573105555001', '+573105555002']);
    const dialer = await createDialer(lastName);
    const empty = (await api.get(`/api/v2/dialers/${dialer.id}/stats`, admin)).json().result;
    expect(empty).toEqual({ attemptsPerHour: [], accountsByStatus: { new: 2, executed: 0, success: 0, failed: 0 } });

    const [account] = (
      await t.ctx.db.execute<{ id: string }>(sql`select id from dialer_accounts where dialer_id = ${dialer.id} limit 1`)
    ).rows;
    await t.ctx.db.execute(sql`
      insert into dialer_attempts (dialer_id, account_id, attempt, started_at, outcome)
      values (${dialer.id}, ${account.id}, 1, '2026-03-02T10:05:00Z', 'no_answer'),
        (${dialer.id}, ${account.id}, 2, '2026-03-02T10:40:00Z', 'answered'),
        (${dialer.id}, ${account.id}, 3, '2026-03-02T12:10:00Z', 'busy'),
        (${dialer.id}, ${account.id}, 1, '2026-02-20T09:00:00Z', 'answered')`);
    const stats = (await api.get(`/api/v2/dialers/${dialer.id}/stats`, admin)).json().result;
    // The latest 48 hours with attempts: the old one is left out.
    expect(stats.attemptsPerHour).toEqual([
      { hour: '2026-03-02T10:00:00.000Z', attempts: 2, answered: 1 },
      { hour: '2026-03-02T12:00:00.000Z', attempts: 1, answered: 0 },
    ]);
  });
});

describe('dialers: play audio', () => {
  it('takes WAV, Ogg and MP3 by their content, refuses a renamed text, and plays only on play-audio dialers', async () => {
    const upload = (content: Buffer, name: string, type = 'audio/wav', locale = 'es') => {
      const file = multipartFile(content, name, type);
      return t.app.inject({
        method: 'POST',
        url: '/api/v2/dialers/audio',
        payload: file.payload,
        headers: { ...admin.headers, ...file.headers, 'x-locale': locale },
      });
    };
    const wavUpload = await upload(wav(), 'saludo.wav');
    expect(wavUpload.statusCode, wavUpload.body).toBe(201);
    expect(wavUpload.json().result).toMatchObject({
      key: expect.stringMatching(/^dialers\/audio\/[a-f0-9]{24}\.wav$/),
      filename: 'saludo.wav',
      contentType: 'audio/wav',
      size: wav().length,
    });
    // The name does not decide: an Ogg called .mp3 is an Ogg.
    const oggUpload = await upload(ogg(), 'mensaje.mp3', 'audio/mpeg');
    expect(oggUpload.json().result).toMatchObject({ contentType: 'audio/ogg', filename: 'mensaje.mp3.ogg' });
    expect((await upload(mp3(), 'aviso.mp3', 'audio/mpeg')).json().result.contentType).toBe('audio/mpeg');
    // A text file renamed .wav is refused, in both languages.
    const text = Buffer.from('esto no es un audio, solo texto con nombre de audio\n');
    const fake = await upload(text, 'falso.wav');
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toBe('El audio debe ser un archivo WAV, MP3 u OGG');
    expect((await upload(text, 'falso.wav', 'audio/wav', 'en')).json().message).toBe(
      'The audio must be a WAV, MP3 or OGG file',
    );
    // An image is not an audio either (the platform's upload reader is the same).
    expect((await postFile(t, '/api/v2/dialers/audio', admin, Buffer.from('GIF89a....'), 'x.ogg')).statusCode).toBe(
      415,
    );

    const lastName = uniqueName('Audio');
    await accountsWith(lastName, ['+573105556001']);
    const dialer = await createDialer(lastName, {
      type: 'play_audio',
      audio: { key: wavUpload.json().result.key, filename: 'Saludo de bienvenida.wav' },
    });
    expect(dialer.audio).toMatchObject({
      filename: 'Saludo de bienvenida.wav',
      contentType: 'audio/wav',
      url: `dialers/${dialer.id}/audio`,
    });
    const file = await api.get(`/api/v2/dialers/${dialer.id}/audio`, admin);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('audio/wav');
    expect(file.rawPayload.equals(wav())).toBe(true);

    // Play: for play-audio dialers, refused without telephony like any start.
    expect((await act(dialer.id, 'play')).json().code).toBe('DIALERS.TELEPHONY_NOT_CONFIGURED');
    await setTelephony(true);
    try {
      expect((await act(dialer.id, 'play')).json().result.status).toBe('running');
    } finally {
      await setTelephony(false);
    }

    // Another type drops the audio; a call-extension dialer keeps its extension.
    await act(dialer.id, 'stop');
    const changed = await api.put(
      `/api/v2/dialers/${dialer.id}`,
      admin,
      body(lastName, { type: 'call_extension', extension: '1001' }),
    );
    expect(changed.json().result).toMatchObject({ type: 'call_extension', extension: '1001', audio: null });
  });
});

describe('dialers: who may see and act', () => {
  it('403 without ver-configuracion-campana; 404 for a dialer of a campaign outside the caller’s', async () => {
    const lastName = uniqueName('Alcance');
    await accountsWith(lastName, ['+573105557001']);
    const dialer = await createDialer(lastName);

    const agent = await signedIn(t, 'agent');
    for (const response of [
      await api.get('/api/v2/dialers', agent),
      await api.get(`/api/v2/dialers/${dialer.id}`, agent),
      await api.get('/api/v2/dialers/options', agent),
      await api.post('/api/v2/dialers', agent, body(lastName)),
      await act(dialer.id, 'stop', agent),
    ]) {
      expect(response.statusCode).toBe(403);
    }

    // A supervisor of another campaign: the dialer does not exist for them, and is not listed.
    for (const response of [
      await api.get(`/api/v2/dialers/${dialer.id}`, outsider),
      await api.get(`/api/v2/dialers/${dialer.id}/accounts`, outsider),
      await api.get(`/api/v2/dialers/${dialer.id}/stats`, outsider),
      await api.put(`/api/v2/dialers/${dialer.id}`, outsider, body(lastName)),
      await act(dialer.id, 'pause', outsider),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    const listed = (await api.get('/api/v2/dialers?sizePerPage=100', outsider)).json().result.data;
    expect(listed.some((row: { id: number }) => row.id === dialer.id)).toBe(false);
    // Its options offer only its own campaign, and it cannot save a dialer in ours.
    const options = (await api.get('/api/v2/dialers/options', outsider)).json().result;
    expect(options.campaigns.map((campaign: { id: number }) => campaign.id)).toEqual([otherCampaignId]);
    const refused = await api.post('/api/v2/dialers', outsider, body(lastName));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().result.fields).toEqual([
      { field: 'campaignId', message: 'Elija una campaña que usted gestione' },
    ]);
    // The campaign's own supervisor sees it.
    expect((await api.get(`/api/v2/dialers/${dialer.id}`, supervisor)).statusCode).toBe(200);
  });
});
