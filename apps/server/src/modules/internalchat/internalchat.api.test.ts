import {
  INTERNAL_CHAT_EVENT,
  INTERNAL_CHAT_READ_EVENT,
  type InternalChatContact,
  type InternalChatMessage,
} from '@atiende/contracts';
import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, createTestApp, signedIn, type TestApp } from '../../test/app.js';
import { business } from '../business/business.schema.js';
import { users } from '../users/users.schema.js';

type Actor = Awaited<ReturnType<typeof signedIn>>;
let t: TestApp;
let ana: Actor;
let beto: Actor;
let carla: Actor;
const sockets: Socket[] = [];
let chatWasEnabled = true;

const send = (actor: Actor, payload: object, locale = 'es') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/internalchat/sendMessage',
    headers: { ...actor.headers, 'x-locale': locale },
    payload,
  });
const markRead = (actor: Actor, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v2/internalchat/marcarLeidos', headers: actor.headers, payload });
const getMessages = (actor: Actor, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/v2/internalchat/getMessages${query}`, headers: actor.headers });

async function contactsOf(actor: Actor): Promise<InternalChatContact[]> {
  const response = await getMessages(actor);
  expect(response.statusCode).toBe(200);
  return response.json().result.contacts;
}

async function conversation(actor: Actor, otherId: number, extra = ''): Promise<InternalChatMessage[]> {
  const response = await getMessages(actor, `?userId=${otherId}${extra}`);
  expect(response.statusCode).toBe(200);
  return response.json().result.messages;
}

function connect(token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(t.url(), { auth: { token }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}

const setChatEnabled = (enabled: boolean) => t.ctx.db.update(business).set({ internalChat: enabled });

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  // Other suites may leave the business flag off: on for this file, then back as it was.
  const [row] = await t.ctx.db.select({ internalChat: business.internalChat }).from(business);
  chatWasEnabled = row?.internalChat ?? true;
  await setChatEnabled(true);
  ana = await signedIn(t, 'agent');
  beto = await signedIn(t, 'agent');
  carla = await signedIn(t, 'super');
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  if (t) await setChatEnabled(chatWasEnabled);
  await t?.close();
});

describe('internal chat', () => {
  it('a message reaches the recipient live (and the sender’s other tabs), never a third user', async () => {
    const betoSocket = await connect(beto.token);
    const anaSocket = await connect(ana.token);
    const carlaSocket = await connect(carla.token);
    const strays: unknown[] = [];
    carlaSocket.on(INTERNAL_CHAT_EVENT, (payload) => strays.push(payload));
    const received = new Promise<InternalChatMessage>((resolve) => betoSocket.once(INTERNAL_CHAT_EVENT, resolve));
    const echoed = new Promise<InternalChatMessage>((resolve) => anaSocket.once(INTERNAL_CHAT_EVENT, resolve));

    const response = await send(ana, { mensaje: '  Hola Beto,\r\n¿tienes un minuto?  ', usuario_destino_id: beto.id });
    expect(response.statusCode).toBe(201);
    const sent = response.json();
    expect(sent.message).toBe('Mensaje enviado');
    expect(sent.result).toMatchObject({
      message: 'Hola Beto,\n¿tienes un minuto?',
      sourceId: ana.id,
      destinationId: beto.id,
      chatId: `${Math.min(ana.id, beto.id)}-${Math.max(ana.id, beto.id)}`,
      direction: 'out',
      estado: 0,
    });

    const live = await received;
    expect(live).toMatchObject({ id: sent.result.id, direction: 'in', sourceId: ana.id, estado: 0 });
    expect(live.sourceName).toBe(sent.result.sourceName);
    expect(live.sourceName).toMatch(/^Test User/);
    expect(await echoed).toMatchObject({ id: sent.result.id, direction: 'out' });

    // Something else for Carla arrives after the stray would have: proof that nothing was delivered to her.
    const carlaGets = new Promise<InternalChatMessage>((resolve) => carlaSocket.once(INTERNAL_CHAT_EVENT, resolve));
    await send(beto, { mensaje: 'Hola Carla', usuario_destino_id: carla.id });
    expect((await carlaGets).message).toBe('Hola Carla');
    expect(strays).toHaveLength(1);
  });

  it('lists every enabled person with unread counts, latest conversation first', async () => {
    const dan = await buildUser(t, { name: 'Aaron Sin Mensajes' });
    const off = await buildUser(t, { name: 'Aaron Deshabilitado' });
    await t.ctx.db.update(users).set({ enabled: false }).where(eq(users.id, off.id));
    await send(ana, { mensaje: 'Otro más', usuario_destino_id: beto.id });
    await send(carla, { mensaje: 'Beto, revisa la cola', usuario_destino_id: beto.id });

    const contacts = await contactsOf(beto);
    const ids = contacts.map((contact) => contact.id);
    expect(ids).not.toContain(beto.id);
    expect(ids).not.toContain(off.id);
    expect(ids).toContain(dan.id);
    // Carla wrote last, then Ana; people without messages come after them.
    expect(ids.slice(0, 2)).toEqual([carla.id, ana.id]);
    expect(contacts[0]).toMatchObject({ unread: 1, avatarUrl: null, lastMessageAt: expect.any(String) });
    expect(contacts[1]).toMatchObject({ id: ana.id, unread: 2 });
    expect(contacts.find((contact) => contact.id === dan.id)).toMatchObject({ unread: 0, lastMessageAt: null });

    // Ana's unread counts: only what others sent her (nothing yet); Beto is her latest conversation.
    const anaContacts = await contactsOf(ana);
    expect(anaContacts[0]).toMatchObject({ id: beto.id, unread: 0 });
  });

  it('pages a conversation newest first by id, each page oldest → newest, direction relative to the reader', async () => {
    const eva = await signedIn(t, 'agent');
    const fede = await signedIn(t, 'agent');
    for (let index = 1; index <= 5; index += 1) {
      const from = index % 2 === 0 ? fede : eva;
      const to = from === eva ? fede : eva;
      expect((await send(from, { mensaje: `m${index}`, usuario_destino_id: to.id })).statusCode).toBe(201);
    }
    const latest = await conversation(eva, fede.id, '&limit=2');
    expect(latest.map((message) => message.message)).toEqual(['m4', 'm5']);
    expect(latest.map((message) => message.direction)).toEqual(['in', 'out']);
    const older = await conversation(eva, fede.id, `&limit=2&before=${latest[0].id}`);
    expect(older.map((message) => message.message)).toEqual(['m2', 'm3']);
    const oldest = await conversation(eva, fede.id, `&limit=2&before=${older[0].id}`);
    expect(oldest.map((message) => message.message)).toEqual(['m1']);
    // Fede sees the same conversation from the other side; other pairs' messages never leak in.
    const fedeView = await conversation(fede, eva.id);
    expect(fedeView.map((message) => [message.message, message.direction])).toEqual([
      ['m1', 'in'],
      ['m2', 'out'],
      ['m3', 'in'],
      ['m4', 'out'],
      ['m5', 'in'],
    ]);
    expect(await conversation(ana, eva.id)).toEqual([]);
    expect((await getMessages(eva, '?userId=999999999')).statusCode).toBe(404);
    expect((await getMessages(eva, '?userId=abc')).statusCode).toBe(400);
  });

  it('the reader marks a conversation read; the sender hears it; nobody else may mark it', async () => {
    const anaSocket = await connect(ana.token);
    const readEvent = new Promise((resolve) => anaSocket.once(INTERNAL_CHAT_READ_EVENT, resolve));

    const intruder = await markRead(carla, { destinationId: beto.id, sourceId: ana.id });
    expect(intruder.statusCode).toBe(403);
    expect(intruder.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Solo el destinatario puede marcar los mensajes como leídos',
    });
    expect((await contactsOf(beto)).find((contact) => contact.id === ana.id)?.unread).toBe(2);

    const response = await markRead(beto, { destinationId: beto.id, sourceId: ana.id });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toEqual({ updated: 2 });
    expect(await readEvent).toMatchObject({ readerId: beto.id, sourceId: ana.id });

    const contacts = await contactsOf(beto);
    expect(contacts.find((contact) => contact.id === ana.id)?.unread).toBe(0);
    expect(contacts.find((contact) => contact.id === carla.id)?.unread).toBe(1);
    const seenByAna = await conversation(ana, beto.id);
    expect(seenByAna.every((message) => message.estado === 1)).toBe(true);
    // Marking again changes nothing.
    expect((await markRead(beto, { destinationId: beto.id, sourceId: ana.id })).json().result).toEqual({ updated: 0 });
  });

  it('refuses messages to oneself (es and en), to unknown or disabled users, and empty text', async () => {
    const es = await send(ana, { mensaje: 'Hola yo', usuario_destino_id: ana.id });
    expect(es.statusCode).toBe(422);
    expect(es.json()).toMatchObject({
      statusResult: false,
      message: 'No puede enviarse mensajes a sí mismo',
      result: { fields: [{ field: 'usuario_destino_id', message: 'No puede enviarse mensajes a sí mismo' }] },
    });
    const en = await send(ana, { mensaje: 'Hi me', usuario_destino_id: ana.id }, 'en');
    expect(en.statusCode).toBe(422);
    expect(en.json().message).toBe('You cannot send messages to yourself');

    const unknown = await send(ana, { mensaje: 'Hola', usuario_destino_id: 999999999 }, 'en');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe('The user does not exist or is disabled');
    const disabled = await buildUser(t);
    await t.ctx.db.update(users).set({ enabled: false }).where(eq(users.id, disabled.id));
    expect((await send(ana, { mensaje: 'Hola', usuario_destino_id: disabled.id })).json().message).toBe(
      'El usuario no existe o está deshabilitado',
    );

    expect((await send(ana, { mensaje: '   ', usuario_destino_id: beto.id })).statusCode).toBe(422);
    const controls = await send(ana, { mensaje: '\u0007\u0000', usuario_destino_id: beto.id }, 'en');
    expect(controls.statusCode).toBe(422);
    expect(controls.json().message).toBe('Type a message');
    expect((await send(ana, { mensaje: 'x'.repeat(4001), usuario_destino_id: beto.id })).statusCode).toBe(422);
  });

  it('keeps markup as literal text and strips control characters', async () => {
    const text = '<script>alert("x")</script><b onclick="y()">hola</b>\tfin\u0000\u200b';
    const response = await send(ana, { mensaje: text, usuario_destino_id: carla.id });
    expect(response.statusCode).toBe(201);
    const stored = '<script>alert("x")</script><b onclick="y()">hola</b>fin\u200b';
    expect(response.json().result.message).toBe(stored);
    const messages = await conversation(carla, ana.id);
    expect(messages.at(-1)?.message).toBe(stored);
    expect(response.headers['content-type']).toMatch(/application\/json/);
  });

  it('answers 401 without a session', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/v2/internalchat/getMessages' });
    expect(list.statusCode).toBe(401);
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/v2/internalchat/sendMessage',
      payload: { mensaje: 'Hola', usuario_destino_id: ana.id },
    });
    expect(post.statusCode).toBe(401);
    const read = await t.app.inject({
      method: 'POST',
      url: '/api/v2/internalchat/marcarLeidos',
      payload: { destinationId: ana.id, sourceId: beto.id },
    });
    expect(read.statusCode).toBe(401);
  });

  it('answers 409 CHAT.DISABLED everywhere while the business turns the chat off', async () => {
    await setChatEnabled(false);
    try {
      const responses = [
        await getMessages(ana),
        await getMessages(ana, `?userId=${beto.id}`),
        await send(ana, { mensaje: 'Hola', usuario_destino_id: beto.id }),
        await markRead(ana, { destinationId: ana.id, sourceId: beto.id }),
      ];
      for (const response of responses) {
        expect(response.statusCode).toBe(409);
        expect(response.json()).toMatchObject({ code: 'CHAT.DISABLED', message: 'El chat interno está desactivado' });
      }
    } finally {
      await setChatEnabled(true);
    }
    expect((await getMessages(ana)).statusCode).toBe(200);
  });
});
