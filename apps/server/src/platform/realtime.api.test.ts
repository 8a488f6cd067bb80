import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../test/app.js';
import { type Actor, collect, connect, deskCampaign, settle } from '../test/desk.js';

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
    socket.on('probe', (payload: { n: number; seq: number }) => {
      if (seen.has(payload.seq)) return;
      seen.add(payload.seq);
      lastSeq = Math.max(lastSeq, payload.seq);
      delivered.push(payload.n);
    });
    socket.on('connect', () => {
      if (lastSeq > 0) socket.emit('resume', { lastSeq });
    });

    await t.ctx.realtime.toUser(user.id, 'probe', { n: 1 });
    await settle(200);
    expect(delivered).toEqual([1]);

    // Cut the transport: the client notices and reconnects by itself.
    const reconnected = new Promise<void>((resolve) => socket.io.once('reconnect', () => resolve()));
    socket.io.engine.close();
    for (let n = 2; n <= 6; n += 1) await t.ctx.realtime.toUser(user.id, 'probe', { n });
    await reconnected;
    await settle(400);
    await t.ctx.realtime.toUser(user.id, 'probe', { n: 7 });
    await settle(200);
    expect(delivered).toEqual([1, 2, 3, 4, 5, 6, 7]);
    socket.close();
  });

  it('tells a client to reload when its gap can no longer be replayed', async () => {
    const user = await signedIn(t, 'agent');
    const socket = await connect(t, user);
    const probes = collect<{ seq: number }>(socket, 'probe');
    await t.ctx.realtime.toUser(user.id, 'probe', { n: 1 });
    await t.ctx.realtime.toUser(user.id, 'probe', { n: 2 });
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
    await t.ctx.realtime.toCampaign(campaignId, 'CasoActualizadoEvent', { tipo: 'abierto', casoId: 1 });
    await settle(200);
    expect(got).toHaveLength(1);
    expect(leaked).toHaveLength(0);
    mine.close();
    theirs.close();
  });
});
