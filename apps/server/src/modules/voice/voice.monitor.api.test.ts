import { CALL_MONITOR_EVENT, type CallMonitorEvent } from '@atiende/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../test/app.js';
import { createSiblingDatabase, type TestDatabase } from '../../test/database.js';
import {
  type Actor,
  caller,
  collect,
  connect,
  deskCampaign,
  settle,
  signedInWith,
  ticketOfMessage,
  waitFor,
} from '../../test/desk.js';
import { business } from '../business/business.schema.js';
import { campaignSupervisors } from '../campaigns/campaigns.schema.js';
import { newVoiceSecret } from './voice.credentials.js';
import { voiceRepo } from './voice.repo.js';
import { voiceCalls } from './voice.schema.js';

// The server's part of listen, whisper and barge: who may, and the relay of each browser's connection setup to the
// other one. The audio itself goes between two browsers (e2e/voice). A database of its own: the business's WebRTC
// switch and the telephony heartbeat, set here as a telephony node would, are global to one.
let t: TestApp;
let database: TestDatabase;
let api: ReturnType<typeof caller>;
let admin: Actor;
let supervisor: Actor;
let agent: Actor;
let noPermission: Actor;
let outsider: Actor;
let channelId: number;
let campaignId: number;

const OFFER = 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n';
const ANSWER = 'v=0\r\no=- 3 4 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n';

const start = (actor: Actor, agentId: number, mode = 'listen', locale = 'es') =>
  api.post(`/api/v2/supervision/agentes/${agentId}/monitor`, actor, { mode }, locale);
const signal = (actor: Actor, body: object, locale = 'es') => api.post('/api/v2/voice/monitor', actor, body, locale);

/** A call the agent answered, live: what the call center records when an agent picks up. */
async function liveCall(agentId: number): Promise<number> {
  const from = `+5731055${Math.floor(Math.random() * 1e5)}`;
  const providerMessageId = `monitor-${Date.now()}-${Math.random()}`;
  const sent = await api.post(`/api/v2/channels/${channelId}/inbound`, admin, {
    providerMessageId,
    from,
    text: 'Hola',
  });
  expect(sent.statusCode).toBeLessThan(300);
  const ticketId = await ticketOfMessage(t, channelId, providerMessageId);
  const [message] = (
    await t.ctx.db.execute(sql`select id from messages where provider_message_id = ${providerMessageId}`)
  ).rows as { id: string }[];
  const [row] = await t.ctx.db
    .insert(voiceCalls)
    .values({
      direction: 'inbound',
      sipCallId: `monitor-${providerMessageId}`,
      channelId,
      campaignId,
      ticketId,
      messageId: Number(message.id),
      customerNumber: from,
      channelNumber: '6015550100',
      status: 'connected',
      userId: agentId,
      startedAt: new Date(Date.now() - 20_000),
      answeredAt: new Date(Date.now() - 10_000),
    })
    .returning({ id: voiceCalls.id });
  return row.id;
}

const endCall = (callId: number) =>
  t.ctx.db
    .update(voiceCalls)
    .set({ status: 'completed', endedAt: new Date() })
    .where(and(eq(voiceCalls.id, callId), isNull(voiceCalls.endedAt)));

beforeAll(async () => {
  database = await createSiblingDatabase(inject('databaseUrl'));
  t = await createTestApp({ databaseUrl: database.url, listen: true });
  api = caller(t);
  admin = await signedIn(t, 'admin');
  supervisor = await signedIn(t, 'super');
  agent = await signedIn(t, 'agent');
  noPermission = await signedInWith(t, admin, ['ver-supervision-usuarios']);
  outsider = await signedInWith(t, admin, ['ver-supervision-usuarios', 'intervenir-llamadas']);
  ({ channelId, campaignId } = await deskCampaign(t, admin, {
    agents: [agent],
    supervisors: [supervisor, noPermission],
  }));
  await deskCampaign(t, admin, { agents: [], supervisors: [outsider] });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await database?.drop();
});

describe('call monitoring (listen, whisper, barge): who may', () => {
  it('needs telephony, the permission, an agent of the supervisor’s campaigns and a live call', async () => {
    await t.ctx.db.update(business).set({ webrtcEnabled: true });
    const notConfigured = await start(supervisor, agent.id, 'listen', 'en');
    expect(notConfigured.statusCode).toBe(409);
    expect(notConfigured.json()).toMatchObject({
      code: 'VOICE.NOT_CONFIGURED',
      message: 'Telephony is not configured',
    });

    // What a running telephony node keeps in the database: its heartbeat and the installation's secret.
    await voiceRepo.secret(t.ctx.db, newVoiceSecret());
    await voiceRepo.beat(t.ctx.db, true);
    for (const [locale, message] of [
      ['es', 'El agente no está en una llamada'],
      ['en', 'The agent is not on a call'],
    ]) {
      const idle = await start(supervisor, agent.id, 'listen', locale);
      expect(idle.statusCode).toBe(409);
      expect(idle.json()).toMatchObject({ code: 'VOICE.NO_LIVE_CALL', message });
    }

    const callId = await liveCall(agent.id);
    expect((await start(noPermission, agent.id)).statusCode).toBe(403);
    expect((await start(agent, agent.id)).statusCode).toBe(403);
    // Another campaign's supervisor does not learn the agent exists.
    expect((await start(outsider, agent.id)).statusCode).toBe(404);
    expect((await start(supervisor, 999_999)).statusCode).toBe(404);
    const badMode = await start(supervisor, agent.id, 'record', 'en');
    expect(badMode.statusCode).toBe(422);

    const session = await start(supervisor, agent.id, 'whisper');
    expect(session.statusCode).toBe(200);
    const result = session.json().result;
    expect(result).toMatchObject({ agentId: agent.id, callId, mode: 'whisper' });
    expect(result.iceServers).toHaveLength(1);
    expect(result.iceServers[0].urls).toMatch(/^turn:.+\?transport=udp$/);
    expect(result.iceServers[0].username).toMatch(new RegExp(`^\\d+:monitor-${supervisor.id}$`));
    await endCall(callId);
  });
});

describe('call monitoring: the setup goes to the other browser only', () => {
  it('relays offer, answer, mode and end between supervisor and agent, refuses everyone else and stops with the call', async () => {
    const callId = await liveCall(agent.id);
    const sockets = await Promise.all([connect(t, supervisor), connect(t, agent), connect(t, outsider)]);
    const [toSupervisor, toAgent, toOutsider] = sockets.map((socket) =>
      collect<CallMonitorEvent>(socket, CALL_MONITOR_EVENT),
    );
    try {
      const { sessionId } = (await start(supervisor, agent.id, 'listen')).json().result;

      expect((await signal(supervisor, { kind: 'offer', sessionId, sdp: OFFER, mode: 'listen' })).statusCode).toBe(200);
      const offer = await waitFor(
        () => toAgent.find((event) => event.kind === 'offer'),
        'the offer to reach the agent',
      );
      expect(offer).toMatchObject({ sessionId, sdp: OFFER, mode: 'listen', from: { id: supervisor.id } });
      expect(offer.kind === 'offer' && offer.iceServers[0].username).toMatch(new RegExp(`:monitor-${agent.id}$`));
      // Never replayed: no sequence number.
      expect(offer).not.toHaveProperty('seq');

      // Only the agent answers, only the supervisor offers or changes the mode.
      expect((await signal(supervisor, { kind: 'answer', sessionId, sdp: ANSWER })).statusCode).toBe(403);
      expect((await signal(agent, { kind: 'offer', sessionId, sdp: OFFER, mode: 'barge' })).statusCode).toBe(403);
      expect((await signal(agent, { kind: 'mode', sessionId, mode: 'barge' })).statusCode).toBe(403);
      expect((await signal(agent, { kind: 'answer', sessionId, sdp: ANSWER })).statusCode).toBe(200);
      const answer = await waitFor(
        () => toSupervisor.find((event) => event.kind === 'answer'),
        'the answer to reach the supervisor',
      );
      expect(answer).toMatchObject({ sessionId, sdp: ANSWER, from: { id: agent.id } });

      expect((await signal(supervisor, { kind: 'mode', sessionId, mode: 'barge' })).statusCode).toBe(200);
      await waitFor(() => toAgent.find((event) => event.kind === 'mode' && event.mode === 'barge'), 'the mode');

      // Someone else's session, a forged one, a description with control characters.
      expect((await signal(outsider, { kind: 'end', sessionId })).statusCode).toBe(404);
      const [body, mac] = sessionId.split('.');
      const forgedBody = Buffer.from(
        JSON.stringify([outsider.id, ...JSON.parse(Buffer.from(body, 'base64url').toString()).slice(1)]),
      ).toString('base64url');
      const forged = await signal(
        outsider,
        { kind: 'offer', sessionId: `${forgedBody}.${mac}`, sdp: OFFER, mode: 'listen' },
        'en',
      );
      expect(forged.statusCode).toBe(404);
      expect(forged.json()).toMatchObject({
        code: 'VOICE.MONITOR_SESSION_OVER',
        message: 'The intervention is over: start it again',
      });
      const hostile = await signal(
        supervisor,
        { kind: 'offer', sessionId, sdp: `${OFFER}\u0000a=x`, mode: 'listen' },
        'en',
      );
      expect(hostile.statusCode).toBe(422);
      expect(JSON.stringify(hostile.json())).toContain('sdp');

      // The call ended: the supervisor can no longer act on it, but either side may still close the session.
      await endCall(callId);
      const late = await signal(supervisor, { kind: 'mode', sessionId, mode: 'whisper' });
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ code: 'VOICE.NO_LIVE_CALL' });
      expect((await signal(agent, { kind: 'end', sessionId })).statusCode).toBe(200);
      await waitFor(() => toSupervisor.find((event) => event.kind === 'end'), 'the end to reach the supervisor');

      await settle(200);
      expect(toOutsider).toEqual([]);
      // Each side got only the other's steps.
      expect(toAgent.every((event) => event.from.id === supervisor.id)).toBe(true);
      expect(toSupervisor.every((event) => event.from.id === agent.id)).toBe(true);

      // The agent's audit trail: who took part in which call, how, and who ended it (refused steps left nothing).
      const audit = await api.get(`/api/v2/users/${agent.id}/audit`, admin);
      expect(audit.statusCode).toBe(200);
      type Entry = { action: string; actor: { id: number }; changes: { monitoredCall?: { value: number } } };
      const monitoring = (audit.json().result as Entry[])
        .filter((entry) => entry.action.startsWith('call-monitor-') && entry.changes.monitoredCall?.value === callId)
        .reverse();
      expect(monitoring).toEqual([
        expect.objectContaining({
          action: 'call-monitor-started',
          actor: expect.objectContaining({ id: supervisor.id }),
          changes: { monitorMode: { value: 'listen' }, monitoredCall: { value: callId } },
        }),
        expect.objectContaining({
          action: 'call-monitor-mode',
          actor: expect.objectContaining({ id: supervisor.id }),
          changes: { monitorMode: { value: 'barge' }, monitoredCall: { value: callId } },
        }),
        expect.objectContaining({
          action: 'call-monitor-ended',
          actor: expect.objectContaining({ id: agent.id }),
          changes: { monitoredCall: { value: callId } },
        }),
      ]);
    } finally {
      for (const socket of sockets) socket.disconnect();
    }
  });

  it('stops when the supervisor no longer supervises the agent’s campaign', async () => {
    const callId = await liveCall(agent.id);
    const watcher = await signedInWith(t, admin, ['ver-supervision-usuarios', 'intervenir-llamadas']);
    await t.ctx.db.insert(campaignSupervisors).values({ campaignId, userId: watcher.id });
    const { sessionId } = (await start(watcher, agent.id)).json().result;
    expect((await signal(watcher, { kind: 'mode', sessionId, mode: 'whisper' })).statusCode).toBe(200);
    await t.ctx.db
      .delete(campaignSupervisors)
      .where(and(eq(campaignSupervisors.campaignId, campaignId), eq(campaignSupervisors.userId, watcher.id)));
    expect((await signal(watcher, { kind: 'mode', sessionId, mode: 'barge' })).statusCode).toBe(404);
    expect((await start(watcher, agent.id)).statusCode).toBe(404);
    await endCall(callId);
  });
});
