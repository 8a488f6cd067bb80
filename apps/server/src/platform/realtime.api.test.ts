import { TICKET_EVENT } from '@atiende/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../test/app.js';
import { type Actor, caller, collect, connect, deskCampaign, PROBE, probeTicketEvent, settle } from '../test/desk.js';

let t: TestApp;
let admin: Actor;

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  admin = await signedIn(t, 'admin');
});

afterAll(async () => {
  await t?.close();
});

describe('sequenced realtime', () => {
  it('replays exactly what a client missed during a network cut', async () => {
    const user = await signedIn(t, 'agent');
    const socket = await connect(t, user, { reconnection: true });
    // The client's bookkeeping, as the web app does it: highest seq seen, duplicates dropped.
    const delivered: number[] = [];
    const seen = new Set<number>();
    let lastSeq = 0;
    socket.on(PROBE, (payload: { casoId: number; seq: number }) => {
      if (seen.has(payload.seq)) return;
      seen.add(payload.seq);
      lastSeq = Math.max(lastSeq, payload.seq);
      delivered.push(payload.casoId);
    });
    socket.on('connect', () => {
      if (lastSeq > 0) socket.emit('resume', { lastSeq });
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
    const probes = collect<{ seq: number }>(socket, PROBE);
    await t.ctx.realtime.toUser(user.id, PROBE, { casoId: 1 });
    await t.ctx.realtime.toUser(user.id, PROBE, { casoId: 2 });
    await settle(200);
    const resync = new Promise<{ lastSeq: number }>((resolve) => socket.once('resync', resolve));
    // The event the client last saw was pruned: nothing exact can be replayed.
    await t.ctx.db.execute(`delete from realtime_events where id = ${probes[0].seq}` as never);
    socket.emit('resume', { lastSeq: probes[0].seq });
    expect((await resync).lastSeq).toBe(probes[0].seq);
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
