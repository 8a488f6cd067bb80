import { randomBytes } from 'node:crypto';
import { TICKET_EVENT } from '@atiende/contracts';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../test/app.js';
import { type Actor, caller, collect, connect, deskCampaign, PROBE, probeTicketEvent, settle } from '../test/desk.js';
import {
  createEventLog,
  createEventLogWriter,
  EVENT_RETENTION_MINUTES,
  type EventLog,
  type EventLogWriter,
  type Stamp,
} from './event-log.js';
import { createLogger } from './logger.js';

let t: TestApp;
let admin: Actor;

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  admin = await signedIn(t, 'admin');
});

afterAll(async () => {
  await t?.close();
});

/** What a client asks `resume` with, and what it gets back: the replayed events, or a resync. */
async function resume(socket: Socket, from: object, wait = 300) {
  const replayed = collect<{ casoId: number; seq: number; at: number }>(socket, PROBE);
  const resyncs = collect<{ lastSeq: number }>(socket, 'resync');
  socket.emit('resume', from);
  await settle(wait);
  return { replayed, resyncs };
}

/** A stamp the log gave at once or after waiting for a block. */
const stamped = async (stamp: Stamp | Promise<Stamp>) => stamp;

/** An event log of its own on the app's database, as another process has (its own blocks, its own writer). */
function processLog(writer?: EventLogWriter): { log: EventLog; writer: EventLogWriter } {
  const own = writer ?? createEventLogWriter(String(t.ctx.db.$client.options.connectionString));
  return { log: createEventLog(t.ctx.db, createLogger('silent'), own), writer: own };
}

describe('sequenced realtime', () => {
  it('replays exactly what a client missed during a network cut', async () => {
    const user = await signedIn(t, 'agent');
    const socket = await connect(t, user, { reconnection: true });
    // The client's bookkeeping, as the web app does it: the newest event by time, duplicates dropped.
    const delivered: number[] = [];
    const seen = new Set<number>();
    let newest = { lastSeq: 0, lastAt: 0 };
    socket.on(PROBE, (payload: { casoId: number; seq: number; at: number }) => {
      if (seen.has(payload.seq)) return;
      seen.add(payload.seq);
      if (payload.at > newest.lastAt) newest = { lastSeq: payload.seq, lastAt: payload.at };
      delivered.push(payload.casoId);
    });
    socket.on('connect', () => {
      if (newest.lastSeq > 0) socket.emit('resume', newest);
    });

    await t.ctx.realtime.toUser(user.id, PROBE, { casoId: 1 });
    await settle(200);
    expect(delivered).toEqual([1]);

    // Cut the transport: the client notices and reconnects by itself.
    const reconnected = new Promise<void>((resolve) => socket.io.once('reconnect', () => resolve()));
    socket.io.engine.close();
    for (let n = 2; n <= 6; n += 1) await t.ctx.realtime.toUser(user.id, PROBE, { casoId: n });
    await reconnected;
    await settle(400);
    await t.ctx.realtime.toUser(user.id, PROBE, { casoId: 7 });
    await settle(200);
    expect(delivered).toEqual([1, 2, 3, 4, 5, 6, 7]);
    socket.close();
  });

  it('tells a client to reload when its gap can no longer be replayed', async () => {
    const user = await signedIn(t, 'agent');
    const socket = await connect(t, user);
    const probes = collect<{ seq: number; at: number }>(socket, PROBE);
    await t.ctx.realtime.toUser(user.id, PROBE, { casoId: 1 });
    await t.ctx.realtime.toUser(user.id, PROBE, { casoId: 2 });
    await settle(200);
    const [first] = probes;
    // Older than what is kept, or not a time at all: nothing exact can be replayed.
    const retention = EVENT_RETENTION_MINUTES * 60_000;
    for (const lastAt of [first.at - retention - 60_000, 'yesterday', null]) {
      const { replayed, resyncs } = await resume(socket, { lastSeq: first.seq, lastAt });
      expect(resyncs).toEqual([{ lastSeq: first.seq }]);
      expect(replayed).toEqual([]);
    }
    // A client of the previous version, whose last event was pruned.
    await t.ctx.db.execute(`delete from realtime_events where id = ${first.seq}` as never);
    const { resyncs } = await resume(socket, { lastSeq: first.seq });
    expect(resyncs).toEqual([{ lastSeq: first.seq }]);
    socket.close();
  });

  it('replays from the time a client sends; a time from the future counts as now', async () => {
    const user = await signedIn(t, 'agent');
    const socket = await connect(t, user);
    const probes = collect<{ casoId: number; seq: number; at: number }>(socket, PROBE);
    for (let n = 1; n <= 3; n += 1) await t.ctx.realtime.toUser(user.id, PROBE, { casoId: n });
    await settle(200);
    const live = probes.slice();
    expect(live.map((probe) => probe.casoId)).toEqual([1, 2, 3]);
    // An hour ahead (a node's clock far off): read from now, less the overlap, not from an hour on.
    const fromTheFuture = await resume(socket, { lastSeq: 1, lastAt: Date.now() + 3_600_000 });
    expect(fromTheFuture.resyncs).toEqual([]);
    expect(fromTheFuture.replayed.map((probe) => probe.casoId)).toEqual([1, 2, 3]);
    // From two seconds before the client's newest on: the client drops what it has by seq.
    await t.ctx.db.execute(
      `update realtime_events set created_at = created_at - interval '1 minute' where id = ${live[0].seq}` as never,
    );
    const { replayed } = await resume(socket, { lastSeq: live[1].seq, lastAt: live[1].at });
    expect(replayed).toEqual(live.slice(1));
    socket.close();
  });

  it('still serves a client of the previous version, which resumes with lastSeq alone', async () => {
    const user = await signedIn(t, 'agent');
    const socket = await connect(t, user);
    const probes = collect<{ casoId: number; seq: number; at: number }>(socket, PROBE);
    await t.ctx.realtime.toUser(user.id, PROBE, { casoId: 1 });
    await settle(200);
    socket.disconnect();
    for (let n = 2; n <= 4; n += 1) await t.ctx.realtime.toUser(user.id, PROBE, { casoId: n });
    socket.connect();
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    // The anchor is the time the row of its last sequence was written.
    const { replayed, resyncs } = await resume(socket, { lastSeq: probes[0].seq });
    expect(resyncs).toEqual([]);
    expect(replayed.map((probe) => probe.casoId)).toEqual([1, 2, 3, 4]);
    expect(replayed[0]).toEqual(probes[0]);
    socket.close();
  });

  it('never lets a client join a room by naming it', async () => {
    const agent = await signedIn(t, 'agent');
    const outsider = await signedIn(t, 'agent');
    const { campaignId } = await deskCampaign(t, admin, { agents: [agent] });
    const mine = await connect(t, agent);
    const theirs = await connect(t, outsider);
    const got = collect(mine, 'CasoActualizadoEvent');
    const leaked = collect(theirs, 'CasoActualizadoEvent');
    for (const attempt of ['join', 'subscribe', 'resume']) {
      theirs.emit(attempt, `notificacion-campana-${campaignId}`);
      theirs.emit(attempt, { room: `notificacion-campana-${campaignId}`, lastSeq: 1 });
    }
    await settle(200);
    await t.ctx.realtime.toCampaign(campaignId, TICKET_EVENT, probeTicketEvent(campaignId, 1));
    await settle(200);
    expect(got).toHaveLength(1);
    expect(leaked).toHaveLength(0);
    mine.close();
    theirs.close();
  });
});

describe('rooms follow permission changes at once, without a reconnect', () => {
  const probe = (campaignId: number, n: number) =>
    t.ctx.realtime.toCampaign(campaignId, TICKET_EVENT, probeTicketEvent(campaignId, n));

  it('an agent removed from a campaign stops hearing it as soon as the change is answered; an added one starts', async () => {
    const { put } = caller(t);
    const agent = await signedIn(t, 'agent');
    const first = await deskCampaign(t, admin, { agents: [agent] });
    const second = await deskCampaign(t, admin, { agents: [] });
    const socket = await connect(t, agent);
    const disconnects = collect(socket, 'disconnect');
    const heard = collect<{ casoId: number }>(socket, 'CasoActualizadoEvent');
    await probe(first.campaignId, 1);
    await probe(second.campaignId, 2);
    await settle(200);
    expect(heard.map((event) => event.casoId)).toEqual([1]);

    const membership = (channelId: number, agents: Actor[]) => ({
      name: `Campaña ${channelId}`,
      type: 'inbound',
      channelIds: [channelId],
      agents: agents.map((member) => ({ userId: member.id, channelIds: [channelId] })),
      config: { ticketCombination: 'customer-channel' },
    });
    expect(
      (await put(`/api/v2/campaigns/${first.campaignId}`, admin, membership(first.channelId, []))).statusCode,
    ).toBe(200);
    expect(
      (await put(`/api/v2/campaigns/${second.campaignId}`, admin, membership(second.channelId, [agent]))).statusCode,
    ).toBe(200);
    // Right after the answers: no wait for a reconnect (there is none).
    await probe(first.campaignId, 3);
    await probe(second.campaignId, 4);
    await settle(200);
    expect(heard.map((event) => event.casoId)).toEqual([1, 4]);
    expect(disconnects).toHaveLength(0);
    expect(socket.connected).toBe(true);
    socket.close();
  });

  it('a role that gains or loses ver-todos-casos moves its users’ sockets in and out of every campaign', async () => {
    const { post, put } = caller(t);
    const role = await post('/api/v2/roles', admin, { name: `vigia-${Date.now()}`, label: 'Vigía' });
    const roleId = role.json().result.id as number;
    const base = ['ver-menu-casos', 'ver-caso'];
    expect((await put(`/api/v2/roles/${roleId}/permissions`, admin, { permissions: base })).statusCode).toBe(200);
    const watcher = await signedIn(t, 'agent');
    await t.ctx.db.execute(`update user_roles set role_id = ${roleId} where user_id = ${watcher.id}` as never);
    const { campaignId } = await deskCampaign(t, admin, { agents: [] });
    const socket = await connect(t, watcher);
    const heard = collect<{ casoId: number }>(socket, 'CasoActualizadoEvent');

    await probe(campaignId, 1);
    const widen = await put(`/api/v2/roles/${roleId}/permissions`, admin, {
      permissions: [...base, 'ver-todos-casos'],
    });
    expect(widen.statusCode).toBe(200);
    await probe(campaignId, 2);
    const narrow = await put(`/api/v2/roles/${roleId}/permissions`, admin, { permissions: base });
    expect(narrow.statusCode).toBe(200);
    await probe(campaignId, 3);
    await settle(200);
    expect(heard.map((event) => event.casoId)).toEqual([2]);
    socket.close();
  });
});

describe('the event log across processes', () => {
  it('replays by time: an event of another process written after the anchor comes back, though its id is lower', async () => {
    const room = `user:replay-${randomBytes(4).toString('hex')}`;
    const early = processLog();
    const before = await stamped(early.log.append(room, 'e', { n: 'before' }));
    // `late` reserves its block after `early` has its own: all its ids are above early's.
    const late = processLog();
    const anchor = await stamped(late.log.append(room, 'e', { n: 'anchor' }));
    expect(anchor.seq).toBeGreaterThan(before.seq);
    await settle(20);
    const after = await stamped(early.log.append(room, 'e', { n: 'after' }));
    expect(after.seq).toBeLessThan(anchor.seq);
    await Promise.all([early.log.close(), late.log.close()]);
    // Long before the anchor (beyond the overlap): not replayed.
    await t.ctx.db.execute(
      `update realtime_events set created_at = created_at - interval '1 minute' where id = ${before.seq}` as never,
    );
    const reader = processLog();
    const missed = await reader.log.since([room], { lastSeq: anchor.seq, lastAt: anchor.at });
    expect(missed).toEqual([
      { seq: anchor.seq, at: anchor.at, event: 'e', payload: { n: 'anchor' } },
      { seq: after.seq, at: after.at, event: 'e', payload: { n: 'after' } },
    ]);
    await reader.log.close();
  });

  it('waits for the writes this process has in flight before it reads', async () => {
    const room = `user:inflight-${randomBytes(4).toString('hex')}`;
    const real = createEventLogWriter(String(t.ctx.db.$client.options.connectionString));
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The INSERT reaches PostgreSQL only once released.
    const slow: EventLogWriter = {
      async query<R>(text: string, values: unknown[]) {
        if (text.startsWith('insert')) await held;
        return real.query<R>(text, values);
      },
      end: () => real.end(),
    };
    const { log } = processLog(slow);
    const seen = await stamped(log.append(room, 'e', { n: 1 }));
    const missed = await stamped(log.append(room, 'e', { n: 2 }));
    let answered = false;
    const replay = log.since([room], { lastSeq: seen.seq, lastAt: seen.at }).then((events) => {
      answered = true;
      return events;
    });
    await settle(200);
    expect(answered).toBe(false);
    release();
    expect(await replay).toEqual([
      { seq: seen.seq, at: seen.at, event: 'e', payload: { n: 1 } },
      { seq: missed.seq, at: missed.at, event: 'e', payload: { n: 2 } },
    ]);
    await log.close();
  });
});
