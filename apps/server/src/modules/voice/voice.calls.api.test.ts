import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { CALL_EVENTS, SUPERVISION_EVENT } from '@atiende/contracts';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type TestApp } from '../../test/app.js';
import { type Actor, caller, collect, connect, deskCampaign, waitFor } from '../../test/desk.js';
import { listen } from '../../test/tones.js';
import { startVoiceTest, telephonyLine, type VoiceTest } from '../../test/voice.js';
import { routerKey } from './voice.files.js';
import { announcementAudio, WAITING_TONE_HZ } from './voice.media.js';
import type { CallWorkerOptions } from './voice.worker.js';

// The telephony channel end to end on the real daemons: a customer's phone (a call worker) dials the channel's
// number; Kamailio asks Atiende's call router, a bridge answers, the caller hears the waiting audio while the
// campaign's agent (a call worker registered under the agent's extension) rings; once answered each side hears the
// other's tone, and the call is recorded in the customer's ticket with its outcome and duration.
const PORTS = {
  VOICE_WS_PORT: '18389',
  VOICE_SIP_PORT: '15370',
  VOICE_TURN_PORT: '13778',
  VOICE_RTPENGINE_PORT: '22532',
  VOICE_RTP_PORTS: '32300-32399',
  VOICE_RELAY_PORTS: '33300-33399',
  VOICE_WORKER_PORTS: '25000-25099',
};
const NUMBER = '+34910000001';
const exec = promisify(execFile);

let t: TestApp;
let dir: string;
let admin: Actor;
let api: ReturnType<typeof caller>;
let channelId: number;
let campaignId: number;
const sockets: Socket[] = [];
let voice: VoiceTest;
const worker = (name: string, tone: number, options: Partial<CallWorkerOptions> = {}) =>
  voice.worker(name, tone, options);

/** An agent of the campaign with an extension, signed in (available), and their phone registered. */
async function agentWithPhone(extension: string, tone: number) {
  const agent = await signedIn(t, 'agent');
  await t.ctx.db.execute(`update users set extension = '${extension}' where id = ${agent.id}` as never);
  await t.ctx.db.execute(
    `insert into campaign_agent_channels (campaign_id, user_id, channel_id) values (${campaignId}, ${agent.id}, ${channelId})` as never,
  );
  // Waiting for work (E), as the desk reports once the agent is ready.
  await t.ctx.db.execute(
    `insert into agent_states (user_id, status) values (${agent.id}, 'E') on conflict (user_id) do update set status = 'E'` as never,
  );
  const phone = await worker(extension, tone, { register: true });
  const socket = await connect(t, agent);
  sockets.push(socket);
  return { agent, phone, socket };
}

async function callRow(sipCallId: string) {
  const result = await t.ctx.db.execute<Record<string, unknown>>(
    `select * from voice_calls where sip_call_id = '${sipCallId.replace(/'/g, "''")}'` as never,
  );
  return result.rows[0] as Record<string, unknown> | undefined;
}

async function agentStatus(userId: number) {
  const result = await t.ctx.db.execute<{ status: string }>(
    `select status from agent_states where user_id = ${userId}` as never,
  );
  return result.rows[0]?.status;
}

/** The dominant frequency of a stretch of a recording. */
async function heard(file: string, from: number, seconds: number) {
  const part = path.join(dir, `${path.basename(file)}-${from}.wav`);
  await exec('sox', [file, part, 'trim', String(from), String(seconds)]);
  return listen(part);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  voice = await startVoiceTest({ ports: PORTS, firstWorkerPort: 15500, listen: true, bridges: true });
  ({ t, dir } = voice);
  api = caller(t);
  admin = await signedIn(t, 'admin');
  ({ channelId, campaignId } = await deskCampaign(t, admin, {
    agents: [],
    ...telephonyLine(NUMBER),
  }));
}, 60_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await voice?.stop();
});

describe('the telephony channel', () => {
  it('a caller waits with audio, an agent answers, both hear each other, and hang-up records the call', async () => {
    const { agent, phone, socket } = await agentWithPhone('3101', 880);
    const incoming = collect<Record<string, unknown>>(socket, CALL_EVENTS.incoming);
    const connected = collect<Record<string, unknown>>(socket, CALL_EVENTS.connected);
    const ended = collect<Record<string, unknown>>(socket, CALL_EVENTS.ended);
    const customer = await worker('+573001112233', 440);
    // A supervisor of every campaign watches the agents.
    const supervisorSocket = await connect(t, admin);
    sockets.push(supervisorSocket);
    const supervision = collect<{ kind: string; userId?: number; call?: Record<string, unknown> | null }>(
      supervisorSocket,
      SUPERVISION_EVENT,
    );

    await customer.dial(NUMBER);
    const ringing = await phone.next('CALL_INCOMING', { since: 0, timeoutMs: 15_000 });
    const sipCallId = (await customer.next('CALL_ESTABLISHED', { since: 0 })).id as string;
    // Recorded before the agent answers: the customer's ticket, the call ringing the agent, who is told who calls.
    const ringingRow = await waitFor(async () => {
      const row = await callRow(sipCallId);
      return row?.status === 'ringing' ? row : null;
    }, 'the call to ring the agent');
    await waitFor(() => incoming.length > 0, 'incoming_call');
    expect(incoming[0]).toMatchObject({
      casoId: Number(ringingRow.ticket_id),
      numero: '+573001112233',
      estado: 'ringing',
    });
    expect(ringing.peeruri).toContain('atiende-bridge');

    // The caller hears the waiting audio while the agent's phone rings; then the agent answers.
    await sleep(2500);
    await phone.command('accept');
    await phone.next('CALL_ESTABLISHED', { since: 0 });
    await waitFor(() => connected.length > 0, 'call_connected');
    expect(await agentStatus(agent.id)).toBe('G');
    // Supervision shows the call the agent talks on, on the page's list and live.
    const onCall = {
      direction: 'inbound',
      customerNumber: '+573001112233',
      ticket: { id: Number(ringingRow.ticket_id) },
    };
    const listed = (await api.get('/api/v2/supervision/agentes', admin)).json().result as {
      id: number;
      call: unknown;
    }[];
    expect(listed.find((row) => row.id === agent.id)?.call).toMatchObject(onCall);
    const callEvents = () => supervision.filter((event) => event.kind === 'call' && event.userId === agent.id);
    await waitFor(() => callEvents().length > 0, 'the call to reach supervision');
    expect(callEvents()[0].call).toMatchObject(onCall);
    await sleep(3000);
    await customer.command('hangup');
    await phone.next('CALL_CLOSED', { since: 0 });
    await waitFor(() => ended.length > 0, 'call_ended');

    const row = await waitFor(async () => {
      const current = await callRow(sipCallId);
      return current?.status === 'completed' ? current : null;
    }, 'the call to be completed');
    expect(row).toMatchObject({ direction: 'inbound', ended_by: 'customer', customer_number: '+573001112233' });
    expect(Number(row.user_id)).toBe(agent.id);
    expect(row.duration_seconds).toBeGreaterThanOrEqual(2);
    expect(row.wait_seconds).toBeGreaterThanOrEqual(2);
    expect(ended[0]).toMatchObject({ estado: 'completed', duracion: row.duration_seconds });
    await waitFor(async () => (await agentStatus(agent.id)) === 'E', 'the agent to be waiting again');
    await waitFor(() => callEvents().length === 2, 'the call’s end to reach supervision');
    expect(callEvents()[1].call).toBeNull();
    const after = (await api.get('/api/v2/supervision/agentes', admin)).json().result as {
      id: number;
      call: unknown;
    }[];
    expect(after.find((row) => row.id === agent.id)?.call).toBeNull();

    // The ticket is the agent's and its timeline shows the call with its outcome.
    const ticket = (await api.get(`/api/v2/tickets/${row.ticket_id}`, admin)).json().result;
    const owner = await t.ctx.db.execute<{ assigned_user_id: string }>(
      `select assigned_user_id from tickets where id = ${row.ticket_id}` as never,
    );
    expect(Number(owner.rows[0].assigned_user_id)).toBe(agent.id);
    const message = ticket.interactions[0].messages[0];
    expect(message.call).toMatchObject({
      status: 'completed',
      customerNumber: '+573001112233',
      agent: { id: agent.id },
      durationSeconds: row.duration_seconds,
      missedOffers: 0,
    });

    // What each side heard: the waiting audio, then the agent; the agent heard the customer.
    const customerHeard = customer.lastRecording() as string;
    const waiting = await heard(customerHeard, 0.3, 1.5);
    expect(Math.abs(waiting.hertz - WAITING_TONE_HZ)).toBeLessThan(50);
    const talking = await heard(customerHeard, 3.5, 1.5);
    expect(Math.abs(talking.hertz - 880)).toBeLessThan(60);
    const agentHeard = await listen(phone.lastRecording() as string);
    expect(Math.abs(agentHeard.hertz - 440)).toBeLessThan(60);
    expect(agentHeard.amplitude).toBeGreaterThan(0.1);
    await waitFor(() => t.services.voice.calls()?.bridges.busy === 0, 'the bridge to be free again');
  }, 90_000);

  it('a rejected offer goes to the next agent and is recorded as missed; a caller who leaves is abandoned', async () => {
    const first = await agentWithPhone('3102', 660);
    const second = await agentWithPhone('3103', 770);
    // The agent of the first test is paused: only these two take calls.
    await t.ctx.db.execute(
      `update agent_states set status = 'P' where user_id not in (${first.agent.id}, ${second.agent.id})` as never,
    );
    const rejectedEvents = new Map([
      [first.agent.id, collect<Record<string, unknown>>(first.socket, CALL_EVENTS.rejected)],
      [second.agent.id, collect<Record<string, unknown>>(second.socket, CALL_EVENTS.rejected)],
    ]);
    const customer = await worker('+573004445566', 440);
    await customer.dial(NUMBER);
    const sipCallId = (await customer.next('CALL_ESTABLISHED', { since: 0 })).id as string;
    // Whoever rings first rejects; the other answers.
    const rung = await Promise.race([
      first.phone.next('CALL_INCOMING', { since: 0, timeoutMs: 15_000 }).then(() => first),
      second.phone.next('CALL_INCOMING', { since: 0, timeoutMs: 15_000 }).then(() => second),
    ]);
    const other = rung === first ? second : first;
    await rung.phone.command('hangup');
    await other.phone.next('CALL_INCOMING', { since: 0, timeoutMs: 15_000 });
    await other.phone.command('accept');
    await other.phone.next('CALL_ESTABLISHED', { since: 0 });
    await waitFor(() => rejectedEvents.get(rung.agent.id)?.length, 'call_rejected to the agent who rejected');
    expect(rejectedEvents.get(other.agent.id)).toEqual([]);
    await other.phone.command('hangup');
    const row = await waitFor(async () => {
      const current = await callRow(sipCallId);
      return current?.status === 'completed' ? current : null;
    }, 'the call to be completed');
    expect(row.ended_by).toBe('agent');
    expect(Number(row.user_id)).toBe(other.agent.id);
    expect(row.offers).toEqual([
      expect.objectContaining({ userId: rung.agent.id, result: 'rejected' }),
      expect.objectContaining({ userId: other.agent.id, result: 'answered' }),
    ]);
    await customer.next('CALL_CLOSED', { since: 0 });

    // Nobody available: the caller waits with audio, then hangs up.
    await t.ctx.db.execute(`update agent_states set status = 'P'` as never);
    const impatient = await worker('+573007778899', 440);
    await waitFor(() => t.services.voice.calls()?.bridges.busy === 0, 'the bridge to be free again');
    await impatient.dial(NUMBER);
    const abandonedId = (await impatient.next('CALL_ESTABLISHED', { since: 0 })).id as string;
    await sleep(1500);
    await impatient.command('hangup');
    const abandoned = await waitFor(async () => {
      const current = await callRow(abandonedId);
      return current?.status === 'abandoned' ? current : null;
    }, 'the call to be abandoned');
    expect(abandoned).toMatchObject({ user_id: null, ended_by: 'customer', duration_seconds: null });
    expect(abandoned.wait_seconds).toBeGreaterThanOrEqual(1);
  }, 90_000);

  it('outside its hours a caller hears the channel’s message and is let go: recorded out of hours, nobody rings', async () => {
    const closedNumber = '+34910000002';
    const closed = await deskCampaign(t, admin, {
      agents: [],
      ...telephonyLine(closedNumber),
      // Switched on with no opening slot: closed all the time.
      businessHours: { enabled: true, timezone: 'America/Bogota', days: [] },
    });
    const unavailable = 'Gracias por llamar. Estamos cerrados; le devolveremos la llamada mañana a primera hora.';
    await t.ctx.db.execute(
      `update channels set unavailable_message = '${unavailable}' where id = ${closed.channelId}` as never,
    );
    // An available agent of that campaign, whose phone must not ring.
    const agent = await signedIn(t, 'agent');
    await t.ctx.db.execute(`update users set extension = '3104' where id = ${agent.id}` as never);
    await t.ctx.db.execute(
      `insert into campaign_agent_channels (campaign_id, user_id, channel_id) values (${closed.campaignId}, ${agent.id}, ${closed.channelId})` as never,
    );
    await t.ctx.db.execute(
      `insert into agent_states (user_id, status) values (${agent.id}, 'E') on conflict (user_id) do update set status = 'E'` as never,
    );
    const agentPhone = await worker('3104', 880, { register: true });
    const agentSocket = await connect(t, agent);
    sockets.push(agentSocket);
    const offered = collect<Record<string, unknown>>(agentSocket, CALL_EVENTS.incoming);

    await waitFor(() => t.services.voice.calls()?.bridges.busy === 0, 'the bridges to be free');
    const customer = await worker('+573009990001', 440);
    await customer.dial(closedNumber);
    const sipCallId = (await customer.next('CALL_ESTABLISHED', { since: 0 })).id as string;
    // Atiende hangs up once the message is over.
    await customer.next('CALL_CLOSED', { since: 0, timeoutMs: 30_000 });
    const row = await waitFor(async () => {
      const current = await callRow(sipCallId);
      return current?.status === 'out_of_hours' ? current : null;
    }, 'the call to be recorded out of hours');
    expect(row).toMatchObject({ user_id: null, ended_by: 'system', duration_seconds: null });
    expect(Number(row.campaign_id)).toBe(closed.campaignId);

    // What the caller heard is the spoken message: as long as it, and not silence.
    const spoken = await announcementAudio(path.join(voice.dir, 'expected'), unavailable, 'es');
    const expected = await listen(spoken);
    const heardByCaller = await listen(customer.lastRecording() as string);
    expect(expected.seconds).toBeGreaterThan(3);
    expect(Math.abs(heardByCaller.seconds - expected.seconds)).toBeLessThan(2);
    expect(heardByCaller.amplitude).toBeGreaterThan(0.02);
    expect(agentPhone.events.some((event) => event.type === 'CALL_INCOMING')).toBe(false);
    expect(offered).toEqual([]);

    // The call waits in the customer's ticket for a call back, with no text auto-reply beside it.
    const ticket = (await api.get(`/api/v2/tickets/${row.ticket_id}`, admin)).json().result;
    const messages = ticket.interactions.flatMap((interaction: { messages: unknown[] }) => interaction.messages);
    expect(messages).toHaveLength(1);
    expect(messages[0].call).toMatchObject({ status: 'out_of_hours', customerNumber: '+573009990001', agent: null });
  }, 60_000);

  it('refuses a number of no channel, and its router answers only the registrar', async () => {
    const caller = await worker('+573000000001', 440);
    await caller.dial('+34910009999');
    expect((await caller.next('CALL_CLOSED', { since: 0 })).param).toMatch(/404/);
    const routerPort = Number(PORTS.VOICE_RTPENGINE_PORT) + 2;
    const query = `did=${encodeURIComponent(NUMBER)}&from=1&call=x`;
    expect((await fetch(`http://127.0.0.1:${routerPort}/route/wrong?${query}`)).status).toBe(403);
    const secret = (
      await t.ctx.db.execute<{ secret: string }>('select secret from voice_settings where id = 1' as never)
    ).rows[0].secret;
    const unknown = await fetch(`http://127.0.0.1:${routerPort}/route/${routerKey(secret)}?did=123456&from=1&call=y`);
    expect(unknown.status).toBe(404);
  });
});
