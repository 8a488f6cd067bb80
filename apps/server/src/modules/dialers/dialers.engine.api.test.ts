import fs from 'node:fs';
import path from 'node:path';
import { CALL_EVENTS, type CallEvent, DIALER_PROGRESS_EVENT, type DialerProgressEvent } from '@atiende/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile, signedIn, type TestApp } from '../../test/app.js';
import { type Actor, caller, collect, connect, deskCampaign, messagesOf, waitFor } from '../../test/desk.js';
import { accountsWith as accountsWithIn, byLastName, dialerRow as dialerRowIn } from '../../test/dialers.js';
import { listen, makeTone } from '../../test/tones.js';
import { startVoiceTest, telephonyLine, type VoiceTest } from '../../test/voice.js';
import type { CallWorker, CallWorkerOptions } from '../voice/voice.worker.js';
import { dialersRepo } from './dialers.repo.js';

// The dialing engine on the real telephony (issue #21 item 3): a dialer of 20 accounts with 2 channels and 2 tries.
// Three phones answer (call workers registered under their numbers), two ring without answering, fifteen are
// nobody's; the campaign's one agent is a call worker under their extension, who talks a second and hangs up.
const PORTS = {
  VOICE_WS_PORT: '18489',
  VOICE_SIP_PORT: '15470',
  VOICE_TURN_PORT: '13878',
  VOICE_RTPENGINE_PORT: '22632',
  VOICE_RTP_PORTS: '32400-32499',
  VOICE_RELAY_PORTS: '33400-33499',
  VOICE_WORKER_PORTS: '25200-25299',
  // One ring is a second here; a number not answered is tried again after 300 ms.
  VOICE_RING_MS: '1000',
  VOICE_RETRY_MS: '300',
};
const ANSWERING = ['+573201000001', '+573201000002', '+573201000003'];
const SILENT = ['+573201000004', '+573201000005'];
const NOBODY = Array.from({ length: 15 }, (_, index) => `+5732010001${String(index).padStart(2, '0')}`);

let t: TestApp;
let dir: string;
let admin: Actor;
let api: ReturnType<typeof caller>;
let campaignId: number;
let lineId: number;
const LINE = '+576015550100';
let voice: VoiceTest;
const worker = (name: string, tone: number, options: Partial<CallWorkerOptions> = {}) =>
  voice.worker(name, tone, { register: true, ...options });

const accountsWith = (lastName: string, phones: string[]) => accountsWithIn(t.ctx.db, campaignId, lastName, phones);
const dialerRow = (id: number) => dialerRowIn(t.ctx.db, id);

beforeAll(async () => {
  voice = await startVoiceTest({ ports: PORTS, firstWorkerPort: 15600, bridges: true, listen: true });
  ({ t, dir } = voice);
  api = caller(t);
  admin = await signedIn(t, 'admin');
  // The campaign's telephony line: answered dialer calls are recorded on it.
  ({ campaignId, channelId: lineId } = await deskCampaign(t, admin, {
    agents: [],
    ...telephonyLine(LINE),
  }));
  await t.ctx.db.execute(sql`update business set webrtc_enabled = true`);
}, 60_000);

afterAll(async () => {
  await voice?.stop();
});

describe('the dialing engine', () => {
  it('calls 20 accounts two at a time, retries the unanswered, hands answers to the agent and finalizes', async () => {
    // The campaign's agent, available, whose phone answers and hangs up after a second of talking.
    const agent = await signedIn(t, 'agent');
    await t.ctx.db.execute(sql`update users set extension = '3201' where id = ${agent.id}`);
    const channel = (
      await t.ctx.db.execute<{ channel_id: string }>(
        sql`select channel_id from campaign_channels where campaign_id = ${campaignId} limit 1`,
      )
    ).rows[0].channel_id;
    await t.ctx.db.execute(sql`insert into campaign_agent_channels (campaign_id, user_id, channel_id)
      values (${campaignId}, ${agent.id}, ${channel})`);
    await t.ctx.db.execute(sql`insert into agent_states (user_id, status) values (${agent.id}, 'E')
      on conflict (user_id) do update set status = 'E'`);
    let agentPhone: CallWorker | null = null;
    agentPhone = await worker('3201', 440, {
      autoAnswer: true,
      onEvent: (event) => {
        if (event.type === 'CALL_ESTABLISHED') setTimeout(() => void agentPhone?.command('hangup'), 2500);
      },
    });
    for (const phone of ANSWERING) await worker(phone, 880, { autoAnswer: true });
    for (const phone of SILENT) await worker(phone, 660, { autoAnswer: false });

    const lastName = 'Marcado';
    await accountsWith(lastName, [...ANSWERING, ...SILENT, ...NOBODY]);
    const created = await api.post('/api/v2/dialers', admin, {
      campaignId,
      label: 'Cobranza diciembre',
      type: 'call_campaign',
      channels: 2,
      parallels: 2,
      tries: 2,
      rings: 1,
      // Answers wait for the one agent while they talk on another.
      sendToQueue: true,
      accounts: byLastName(lastName),
    });
    expect(created.statusCode, created.body).toBe(201);
    const dialerId = created.json().result.id as number;
    expect((await dialerRow(dialerId)).accounts_total).toBe(20);
    // The author's screens follow the run live; the agent's softphone is told of each call it takes.
    const socket = await connect(t, admin);
    const progress = collect<DialerProgressEvent>(socket, DIALER_PROGRESS_EVENT);
    const agentSocket = await connect(t, agent);
    const connected = collect<CallEvent>(agentSocket, CALL_EVENTS.connected);
    const started = await api.post(`/api/v2/dialers/${dialerId}/actions`, admin, { action: 'start' });
    expect(started.statusCode, started.body).toBe(200);

    const finished = await waitFor(
      async () => {
        const row = await dialerRow(dialerId);
        return row.status === 'finalized' ? row : null;
      },
      'the dialer to call every account',
      90_000,
    );
    expect(finished).toMatchObject({ accounts_success: 3, accounts_failed: 17, accounts_new: 0, accounts_executed: 0 });
    // Progress came as the calls went: counters that only grow, ending with the finalized dialer's.
    await waitFor(() => progress.at(-1)?.status === 'finalized', 'the last progress event');
    socket.disconnect();
    const mine = progress.filter((event) => event.dialerId === dialerId);
    expect(mine.at(-1)?.counts).toEqual({ registries: 20, new: 0, executed: 0, success: 3, failed: 17 });
    expect(mine.filter((event) => event.status === 'running').length).toBeGreaterThanOrEqual(2);
    const settled = mine.map((event) => event.counts.success + event.counts.failed);
    expect(settled).toEqual([...settled].sort((a, b) => a - b));

    // Each answered call is the customer's: an outgoing call in their ticket of the campaign, on its telephony line,
    // owned by the agent who took it; the agent's call events named the ticket. Unanswered numbers leave no ticket.
    const recorded = (
      await t.ctx.db.execute<{
        ticket_id: string;
        ticket_number: string;
        status: string;
        user_id: string;
        assigned_user_id: string;
        customer_number: string;
        channel_id: string;
        phones: string;
      }>(sql`
        select vc.ticket_id, t.number as ticket_number, vc.status, vc.user_id, t.assigned_user_id,
          vc.customer_number, vc.channel_id,
          (select string_agg(cc.value, ',') from customer_contacts cc where cc.customer_id = t.customer_id) as phones
        from voice_calls vc join tickets t on t.id = vc.ticket_id
        where vc.campaign_id = ${campaignId} and vc.direction = 'outbound' order by vc.customer_number`)
    ).rows;
    expect(recorded.map((call) => call.customer_number)).toEqual([...ANSWERING].sort());
    for (const call of recorded) {
      expect(call).toMatchObject({ status: 'completed', channel_id: String(lineId) });
      expect([Number(call.user_id), Number(call.assigned_user_id)]).toEqual([agent.id, agent.id]);
      expect(call.phones).toContain(call.customer_number);
    }
    await waitFor(() => connected.length === 3, 'the agent to be told of the three calls');
    agentSocket.disconnect();
    expect(connected.map((event) => event.casoId).sort()).toEqual(
      recorded.map((call) => Number(call.ticket_id)).sort(),
    );
    expect(connected.map((event) => event.numeroCaso).sort()).toEqual(
      recorded.map((call) => Number(call.ticket_number)).sort(),
    );
    const timeline = await messagesOf(t, admin, Number(recorded[0].ticket_id));
    expect(timeline.find((message) => message.call)?.call).toMatchObject({
      direction: 'outbound',
      status: 'completed',
      customerNumber: recorded[0].customer_number,
      channelNumber: LINE,
      agent: { id: agent.id },
    });

    const accounts = (
      await t.ctx.db.execute<{ phone: string; status: string; attempts: number; last_outcome: string }>(
        sql`select phone, status, attempts, last_outcome from dialer_accounts where dialer_id = ${dialerId}`,
      )
    ).rows;
    const byPhone = new Map(accounts.map((account) => [account.phone, account]));
    for (const phone of ANSWERING) expect(byPhone.get(phone)).toMatchObject({ status: 'success', attempts: 1 });
    // Not answered: tried again, then failed after the second try.
    for (const phone of SILENT)
      expect(byPhone.get(phone)).toMatchObject({ status: 'failed', attempts: 2, last_outcome: 'no_answer' });
    for (const phone of NOBODY) expect(byPhone.get(phone)).toMatchObject({ status: 'failed', attempts: 2 });

    // Every try is an attempt row; answered ones reached the agent.
    const attempts = (
      await t.ctx.db.execute<{ outcome: string; agent_id: string | null; started_at: Date; ended_at: Date }>(
        sql`select outcome, agent_id, started_at, ended_at from dialer_attempts where dialer_id = ${dialerId}`,
      )
    ).rows;
    expect(attempts).toHaveLength(3 + 2 * 2 + 15 * 2);
    const answered = attempts.filter((attempt) => attempt.outcome === 'answered');
    expect(answered).toHaveLength(3);
    for (const attempt of answered) expect(Number(attempt.agent_id)).toBe(agent.id);
    expect(attempts.filter((attempt) => attempt.outcome === 'no_answer')).toHaveLength(4);
    // Never more than 2 calls at once (channels 2; parallels 2 × one agent), by the attempts' own times.
    const moments = attempts.map((attempt) => new Date(attempt.started_at).getTime());
    const most = Math.max(
      ...moments.map(
        (moment) =>
          attempts.filter(
            (attempt) =>
              new Date(attempt.started_at).getTime() <= moment && new Date(attempt.ended_at).getTime() > moment,
          ).length,
      ),
    );
    expect(most).toBeLessThanOrEqual(2);
    expect(most).toBeGreaterThanOrEqual(1);
    // The agent heard the customers' phones, who heard the agent.
    expect(Math.abs((await listen(agentPhone.lastRecording() as string)).hertz - 880)).toBeLessThan(60);
    const firstPhone = voice.workers.find((started) => started.options.user === ANSWERING[0]) as CallWorker;
    await firstPhone.next('CALL_CLOSED', { since: 0 });
    const customerHeard = await listen(firstPhone.lastRecording() as string);
    expect(customerHeard.amplitude).toBeGreaterThan(0.1);
  }, 120_000);

  it('without sendToQueue a customer nobody can take at once is let go and called again; with it, they wait', async () => {
    // A campaign of its own, whose one agent the test makes busy (paused) while a customer's phone rings.
    const { campaignId: ownCampaign, channelId: ownLine } = await deskCampaign(t, admin, {
      agents: [],
      ...telephonyLine('+576015550200'),
    });
    const agent = await signedIn(t, 'agent');
    await t.ctx.db.execute(sql`update users set extension = '3202' where id = ${agent.id}`);
    await t.ctx.db.execute(sql`insert into campaign_agent_channels (campaign_id, user_id, channel_id)
      values (${ownCampaign}, ${agent.id}, ${ownLine})`);
    const setStatus = (status: string) =>
      t.ctx.db.execute(sql`insert into agent_states (user_id, status) values (${agent.id}, ${status})
        on conflict (user_id) do update set status = ${status}`);
    await setStatus('E');
    let agentPhone: CallWorker | null = null;
    agentPhone = await worker('3202', 440, {
      autoAnswer: true,
      onEvent: (event) => {
        if (event.type === 'CALL_ESTABLISHED') setTimeout(() => void agentPhone?.command('hangup'), 1500);
      },
    });
    const attemptsOf = async (dialerId: number) =>
      (
        await t.ctx.db.execute<{ outcome: string | null }>(
          sql`select outcome from dialer_attempts where dialer_id = ${dialerId} order by id`,
        )
      ).rows.map((row) => row.outcome);

    const dial = async (phone: string, lastName: string, sendToQueue: boolean) => {
      const customer = await worker(phone, 880, { autoAnswer: false });
      await accountsWithIn(t.ctx.db, ownCampaign, lastName, [phone]);
      const created = await api.post('/api/v2/dialers', admin, {
        campaignId: ownCampaign,
        label: `Cola ${sendToQueue}`,
        type: 'call_campaign',
        channels: 1,
        parallels: 1,
        tries: 2,
        rings: 15,
        sendToQueue,
        accounts: byLastName(lastName),
      });
      expect(created.statusCode, created.body).toBe(201);
      const dialerId = created.json().result.id as number;
      const since = customer.events.length;
      expect((await api.post(`/api/v2/dialers/${dialerId}/actions`, admin, { action: 'start' })).statusCode).toBe(200);
      await customer.next('CALL_INCOMING', { since, timeoutMs: 15_000 });
      // The only agent goes on a pause while the customer's phone rings; then the customer answers.
      await setStatus('P');
      const answeredAt = customer.events.length;
      await customer.command('accept');
      await customer.next('CALL_ESTABLISHED', { since: answeredAt });
      return { customer, dialerId, answeredAt };
    };

    // Without sendToQueue: nobody can take it now, so the customer is let go at once (no waiting music for
    // nobody), the try counts as dropped, and the account waits for its next try.
    const free = await dial('+573201000010', 'SinCola', false);
    await free.customer.next('CALL_CLOSED', { since: free.answeredAt, timeoutMs: 5_000 });
    await waitFor(
      async () => (await attemptsOf(free.dialerId)).length === 1 && (await attemptsOf(free.dialerId))[0] !== null,
      'the first try to settle',
    );
    expect(await attemptsOf(free.dialerId)).toEqual(['dropped']);
    expect(await dialerRow(free.dialerId)).toMatchObject({ accounts_new: 1, accounts_success: 0 });
    const missed = await t.ctx.db.execute<{ status: string }>(
      sql`select status from voice_calls where campaign_id = ${ownCampaign} and customer_number = '+573201000010'`,
    );
    expect(missed.rows.map((row) => row.status)).toEqual(['missed']);
    // The agent is back: the second try reaches them.
    const again = free.customer.events.length;
    await setStatus('E');
    await free.customer.next('CALL_INCOMING', { since: again, timeoutMs: 15_000 });
    await free.customer.command('accept');
    await waitFor(async () => (await dialerRow(free.dialerId)).status === 'finalized', 'the dialer to finish', 30_000);
    expect(await attemptsOf(free.dialerId)).toEqual(['dropped', 'answered']);
    expect(await dialerRow(free.dialerId)).toMatchObject({ accounts_success: 1 });

    // With sendToQueue: the customer waits, with audio, until the agent is free, and the first try succeeds.
    await waitFor(async () => {
      const rows = await t.ctx.db.execute(
        sql`select 1 from voice_calls where user_id = ${agent.id} and ended_at is null`,
      );
      return rows.rows.length === 0;
    }, 'the agent to be off the phone');
    const queued = await dial('+573201000011', 'ConCola', true);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(queued.customer.events.slice(queued.answeredAt).some((event) => event.type === 'CALL_CLOSED')).toBe(false);
    const waiting = await t.ctx.db.execute<{ status: string }>(
      sql`select status from voice_calls where campaign_id = ${ownCampaign} and customer_number = '+573201000011'`,
    );
    expect(waiting.rows.map((row) => row.status)).toEqual(['waiting']);
    await setStatus('E');
    await waitFor(
      async () => (await dialerRow(queued.dialerId)).status === 'finalized',
      'the queued call to be taken',
      30_000,
    );
    expect(await attemptsOf(queued.dialerId)).toEqual(['answered']);
    const heard = await listen(queued.customer.lastRecording() as string);
    expect(heard.amplitude).toBeGreaterThan(0.001);
  }, 120_000);

  it('plays a play-audio dialer’s file to whoever answers, then hangs up', async () => {
    const audio = multipartFile(
      fs.readFileSync(await makeTone(path.join(dir, 'mensaje.wav'), 1200, 2)),
      'mensaje.wav',
      'audio/wav',
    );
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/v2/dialers/audio',
      payload: audio.payload,
      headers: { ...admin.headers, ...audio.headers },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const phone = voice.workers.find((started) => started.options.user === ANSWERING[0]) as CallWorker;
    const lastName = 'Audio';
    await accountsWith(lastName, [ANSWERING[0]]);
    const before = phone.events.length;
    const created = await api.post('/api/v2/dialers', admin, {
      campaignId,
      label: 'Aviso de corte',
      type: 'play_audio',
      channels: 1,
      parallels: 1,
      tries: 1,
      rings: 3,
      sendToQueue: false,
      audio: { key: uploaded.json().result.key, filename: 'mensaje.wav' },
      accounts: byLastName(lastName),
    });
    expect(created.statusCode, created.body).toBe(201);
    const dialerId = created.json().result.id as number;
    expect((await api.post(`/api/v2/dialers/${dialerId}/actions`, admin, { action: 'play' })).statusCode).toBe(200);
    await phone.next('CALL_CLOSED', { since: before, timeoutMs: 20_000 });
    await waitFor(async () => (await dialerRow(dialerId)).status === 'finalized', 'the audio dialer to finish');
    expect(await dialerRow(dialerId)).toMatchObject({ accounts_success: 1 });
    const heard = await listen(phone.lastRecording() as string);
    expect(Math.abs(heard.hertz - 1200)).toBeLessThan(80);
    expect(heard.seconds).toBeGreaterThan(1.5);
  }, 60_000);

  it('a node that stopped mid-call loses no try: its calls are recorded failed and their accounts called again', async () => {
    const lastName = 'Interrumpido';
    await accountsWith(lastName, ['+573201000900', '+573201000901']);
    const created = await api.post('/api/v2/dialers', admin, {
      campaignId,
      label: 'Interrumpido',
      type: 'call_campaign',
      channels: 1,
      parallels: 1,
      tries: 1,
      rings: 1,
      sendToQueue: false,
      accounts: byLastName(lastName),
    });
    const dialerId = created.json().result.id as number;
    // As a node that died during two calls leaves it: both accounts executed, their attempts open.
    await t.ctx.db.execute(sql`update dialers set status = 'paused' where id = ${dialerId}`);
    const claimed = await dialersRepo.claimDue(t.ctx.db, dialerId, 2);
    expect(claimed.map((account) => account.attempt)).toEqual([1, 1]);
    expect(await dialerRow(dialerId)).toMatchObject({ accounts_new: 0, accounts_executed: 2 });
    await t.ctx.db.execute(sql`update dialers set tries = 2 where id = ${dialerId}`);
    await t.ctx.db.execute(sql`update dialer_accounts set attempts = 2 where id = ${claimed[1].accountId}`);

    expect(await dialersRepo.recoverInterrupted(t.ctx.db)).toBe(2);
    const accounts = (
      await t.ctx.db.execute<{ id: string; status: string; attempts: number }>(
        sql`select id, status, attempts from dialer_accounts where dialer_id = ${dialerId} order by id`,
      )
    ).rows;
    // The tries stay counted: one left for the first, none for the second.
    expect(accounts.map((account) => [account.status, account.attempts])).toEqual([
      ['new', 1],
      ['failed', 2],
    ]);
    expect(await dialerRow(dialerId)).toMatchObject({ accounts_new: 1, accounts_executed: 0, accounts_failed: 1 });
    const open = await t.ctx.db.execute(
      sql`select 1 from dialer_attempts where dialer_id = ${dialerId} and (ended_at is null or outcome <> 'failed')`,
    );
    expect(open.rows).toHaveLength(0);
  });
});
