import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NEW_INBOUND_EVENT, TICKET_EVENT, WEBCHAT_TYPING_EVENT } from '@atiende/contracts';
import Fastify from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipartFile, ONE_PIXEL_PNG, postFile, signedIn, type TestApp } from '../../test/app.js';
import { type Actor, caller, collect, connect, deskCampaign, settle, waitFor } from '../../test/desk.js';
import { widgetAssetRoutes } from './webchat.routes.js';

const SITE = 'https://www.tienda.test';
const CLOSE_MESSAGE = 'Gracias por escribirnos: esta conversación terminó.';

let t: TestApp;
let api: ReturnType<typeof caller>;
let admin: Actor;
let agent: Actor;
let supervisor: Actor;
let channelId: number;
let campaignId: number;
let widgetId: number;
let key: string;
const sockets: Socket[] = [];
const deskSockets: Socket[] = [];

interface VisitorMessage {
  id: number;
  direction: 0 | 1;
  text: string;
  senderName: string | null;
  clientMessageId: string | null;
  createdAt: string;
}

/** A call to the public visitor API as a browser on `origin` would make it. */
/** A public call as the visitor's browser makes it; a posted message's routing (in the background) is awaited. */
async function visitorCall(
  method: 'GET' | 'POST' | 'OPTIONS',
  path: string,
  options: { origin?: string | null; token?: string; payload?: object; locale?: string } = {},
) {
  const response = await visitorRequest(method, path, options);
  if (method === 'POST' && path === '/messages') {
    await t.services.inbound.idle();
    await t.services.routing.idle();
  }
  return response;
}

function visitorRequest(
  method: 'GET' | 'POST' | 'OPTIONS',
  path: string,
  options: { origin?: string | null; token?: string; payload?: object; locale?: string } = {},
) {
  const headers: Record<string, string> = {};
  const origin = options.origin === undefined ? SITE : options.origin;
  if (origin) headers.origin = origin;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.locale) headers['x-locale'] = options.locale;
  return t.app.inject({
    method,
    url: `/api/v2/public/widgets/${key}${path}`,
    headers,
    ...(method === 'POST' ? { payload: options.payload ?? {} } : {}),
  });
}

async function newVisitor(details: { name?: string; email?: string } = {}) {
  const answer = await visitorCall('POST', '/visitors', { payload: details });
  expect(answer.statusCode).toBe(200);
  return answer.json().result as { visitorToken: string; visitorId: string };
}

function visitorSocket(token: string, origin = SITE): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(`${t.url()}/visitor`, {
      auth: { token },
      extraHeaders: { origin },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  api = caller(t);
  admin = await signedIn(t, 'admin');
  agent = await signedIn(t, 'agent');
  supervisor = await signedIn(t, 'super');
  // Room for every conversation of the file: the agent sees the tickets routed to them.
  ({ channelId, campaignId } = await deskCampaign(t, admin, {
    agents: [agent],
    supervisors: [supervisor],
    config: {
      tasksPerAgent: 100,
      closeWithoutTask: true,
      closeWithoutCustomerInfo: true,
      closeMessage: CLOSE_MESSAGE,
    },
  }));
  await api.post('/api/v2/supervision/agente/estado', agent, { estado: 'A' });
  const email = await api.post('/api/v2/channels', admin, {
    name: `Correo ${Date.now()}`,
    type: 'email',
    direction: 'blended',
    config: {
      address: 'ventas@tienda.test',
      smtpHost: 'smtp.tienda.test',
      smtpPort: 587,
      smtpUser: 'ventas',
      smtpPassword: 'smtp-secret-password',
      imapHost: 'imap.tienda.test',
      imapPort: 993,
      imapUser: 'ventas',
      imapPassword: 'imap-secret-password',
    },
  });
  const telegram = await api.post('/api/v2/channels', admin, {
    name: `Telegram ${Date.now()}`,
    type: 'telegram',
    direction: 'blended',
    config: { botUsername: '@TiendaBot', botToken: 'telegram-secret-token' },
  });
  const created = await api.post('/api/v2/omni-widgets', admin, {
    name: `Widget chat ${Date.now()}`,
    allowedOrigins: [SITE],
    channelIds: [channelId, email.json().result.id, telegram.json().result.id],
  });
  expect(created.statusCode).toBe(201);
  widgetId = created.json().result.id;
  key = created.json().result.publicKey;
});

afterAll(async () => {
  for (const socket of [...sockets, ...deskSockets]) socket.disconnect();
  await t?.close();
});

describe('public widget API', () => {
  it('gives the allowed site the buttons and look, with CORS for that origin only and no secrets', async () => {
    const answer = await visitorCall('GET', '');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe(SITE);
    expect(answer.headers.vary).toContain('Origin');
    const config = answer.json().result;
    expect(config).toMatchObject({ publicKey: key, style: 'floating', position: 'bottom-right', chat: {} });
    expect(
      config.channels.map((channel: { type: string; link: string | null }) => [channel.type, channel.link]),
    ).toEqual([
      ['webchat', null],
      ['email', 'mailto:ventas@tienda.test'],
      ['telegram', 'https://t.me/TiendaBot'],
    ]);
    for (const secret of ['smtp-secret-password', 'imap-secret-password', 'telegram-secret-token', 'smtp.tienda']) {
      expect(answer.body).not.toContain(secret);
    }

    // The help center: one more link button, to the public knowledge base.
    const widget = (await api.get(`/api/v2/omni-widgets/${widgetId}`, admin)).json().result;
    const withHelp = await api.put(`/api/v2/omni-widgets/${widgetId}`, admin, {
      name: widget.name,
      allowedOrigins: widget.allowedOrigins,
      channelIds: widget.channels.map((channel: { id: number }) => channel.id),
      helpCenter: true,
    });
    expect(withHelp.json().result.helpCenter).toBe(true);
    const helped = (await visitorCall('GET', '')).json().result;
    expect(helped.channels.at(-1)).toEqual({
      id: 0,
      type: 'helpCenter',
      name: 'Centro de ayuda',
      link: 'http://localhost:3000/kb',
    });
    await api.put(`/api/v2/omni-widgets/${widgetId}`, admin, {
      name: widget.name,
      allowedOrigins: widget.allowedOrigins,
      channelIds: widget.channels.map((channel: { id: number }) => channel.id),
    });

    const preflight = await visitorCall('OPTIONS', '/messages');
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(SITE);
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('authorization');
    expect(String(preflight.headers['access-control-allow-methods'])).toContain('POST');
  });

  it('refuses other origins, calls without an Origin, and unknown widgets', async () => {
    for (const origin of ['https://evil.test', 'http://www.tienda.test', null]) {
      const answer = await visitorCall('GET', '', { origin });
      expect(answer.statusCode).toBe(403);
      expect(answer.json().message).toBe('Este sitio no puede usar el widget');
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    }
    const english = await visitorCall('POST', '/visitors', { origin: 'https://evil.test', locale: 'en' });
    expect(english.json().message).toBe('This site may not use the widget');
    expect((await visitorCall('OPTIONS', '/visitors', { origin: 'https://evil.test' })).statusCode).toBe(403);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/v2/public/widgets/no-such-widget',
      headers: { origin: SITE },
    });
    expect(unknown.statusCode).toBe(404);
    // A visitor socket from another site is refused at the handshake.
    const { visitorToken } = await newVisitor();
    await expect(visitorSocket(visitorToken, 'https://evil.test')).rejects.toThrow('UNAUTHENTICATED');
    await expect(visitorSocket('not-a-token')).rejects.toThrow('UNAUTHENTICATED');
  });

  it('a visitor writes: a ticket and an interaction in the campaign, announced live to who may see it', async () => {
    // New-inbound events go to the campaign's readers (its supervisors) and to the assignee.
    const watch = await connect(t, supervisor);
    const desk = await connect(t, agent);
    deskSockets.push(watch, desk);
    const arrivals = collect<{ casoId: number; newRegistroCanal: number }>(watch, NEW_INBOUND_EVENT);
    const assigned = collect<{ tipo: string; casoId: number; asignado: number }>(desk, TICKET_EVENT);
    const agentArrivals = collect<{ casoId: number }>(desk, NEW_INBOUND_EVENT);
    const typing = collect<{ casoId: number }>(desk, WEBCHAT_TYPING_EVENT);
    const visitor = await newVisitor({ name: 'Lucía Visitante', email: 'Lucia@Correo.test' });
    expect(visitor.visitorId).toMatch(/^wv-[a-f0-9]{24}$/);
    const sent = await visitorCall('POST', '/messages', {
      token: visitor.visitorToken,
      payload: { text: '  Hola, ¿tienen envíos a Cali?  ', clientMessageId: 'client-0001' },
    });
    expect(sent.statusCode).toBe(201);
    const message = sent.json().result as VisitorMessage;
    expect(message).toMatchObject({
      direction: 0,
      text: 'Hola, ¿tienen envíos a Cali?',
      senderName: 'Lucía Visitante',
      clientMessageId: 'client-0001',
    });
    const event = await waitFor(() => arrivals.at(-1), 'NuevoRegistroCanalEvent');
    const ticket = (await api.get(`/api/v2/tickets/${event.casoId}`, admin)).json().result;
    expect(ticket.campaign.id).toBe(campaignId);
    const interaction = ticket.interactions.find((item: { id: number }) => item.id === event.newRegistroCanal);
    expect(interaction).toMatchObject({ contactValue: visitor.visitorId, channel: { id: channelId } });
    expect(interaction.messages.map((item: { id: number }) => item.id)).toEqual([message.id]);
    // The new customer got the visitor's e-mail as a contact datum.
    expect(ticket.customer.identificationNumber).toBe(visitor.visitorId);
    const customer = (await api.get(`/api/v2/customers/${ticket.customer.id}`, admin)).json().result;
    expect(customer.contacts.map((contact: { value: string }) => contact.value)).toEqual(
      expect.arrayContaining([visitor.visitorId, 'lucia@correo.test']),
    );

    // Routing hands it to the available agent, who hears the next message and the visitor typing.
    const assignment = await waitFor(
      () => assigned.find((item) => item.tipo === 'asignado' && item.casoId === event.casoId),
      'assignment',
    );
    expect(assignment.asignado).toBe(agent.id);
    await visitorCall('POST', '/messages', {
      token: visitor.visitorToken,
      payload: { text: 'Es para un regalo', clientMessageId: 'client-0002' },
    });
    await waitFor(() => agentArrivals.find((item) => item.casoId === event.casoId), 'second message to the agent');
    const socket = await visitorSocket(visitor.visitorToken);
    socket.emit('typing');
    const notice = await waitFor(() => typing.at(-1), 'webchat-typing');
    expect(notice.casoId).toBe(event.casoId);
  });

  it('an agent replies: the visitor socket gets it, and the history has both messages after a reload', async () => {
    const mario = `Mario ${Date.now()}`;
    const visitor = await newVisitor({ name: mario });
    const socket = await visitorSocket(visitor.visitorToken);
    const received = collect<VisitorMessage>(socket, 'message');
    const typing = collect<{ senderName: string }>(socket, 'typing');
    const sent = (
      await visitorCall('POST', '/messages', {
        token: visitor.visitorToken,
        payload: { text: 'Necesito ayuda con mi pedido', clientMessageId: 'mario-0001' },
      })
    ).json().result as VisitorMessage;
    // The visitor's own message reaches their other tabs too.
    await waitFor(() => received.find((item) => item.id === sent.id), 'own message echo');
    const ticketId = (
      await api.get(`/api/v2/caso/pendientes?filter=all&searchText=${encodeURIComponent(mario)}`, admin)
    )
      .json()
      .result.casosPendientes.find((item: { remitente: string }) => item.remitente === mario)?.caso_id as number;
    expect(ticketId).toBeTruthy();

    const typingAnswer = await api.post(`/api/v2/tickets/${ticketId}/webchat-typing`, agent);
    expect(typingAnswer.json().result).toEqual({ visitors: 1 });
    await waitFor(() => typing.at(-1), 'agent typing');

    const reply = await api.post(`/api/v2/tickets/${ticketId}/messages`, agent, { text: 'Con gusto, ¿cuál es?' });
    expect(reply.statusCode).toBe(201);
    const replyId = reply.json().result.id as number;
    const live = await waitFor(() => received.find((item) => item.id === replyId), 'agent reply');
    expect(live).toMatchObject({ direction: 1, text: 'Con gusto, ¿cuál es?', clientMessageId: null });
    expect(live.senderName).toBeTruthy();

    // The delivery was recorded as delivered through the web-chat adapter.
    for (let i = 0; i < 30; i += 1) {
      const view = (await api.get(`/api/v2/tickets/${ticketId}`, admin)).json().result;
      const stored = view.interactions
        .flatMap((item: { messages: { id: number; deliveryStatus: number }[] }) => item.messages)
        .find((item: { id: number }) => item.id === replyId);
      if (stored.deliveryStatus === 2) break;
      if (i === 29) throw new Error(`reply status stayed ${stored.deliveryStatus}`);
      await settle(100);
    }

    socket.disconnect();
    const history = await visitorCall('GET', '/messages', { token: visitor.visitorToken });
    expect(history.statusCode).toBe(200);
    const messages = history.json().result.messages as VisitorMessage[];
    expect(messages.map((item) => [item.direction, item.text])).toEqual([
      [0, 'Necesito ayuda con mi pedido'],
      [1, 'Con gusto, ¿cuál es?'],
    ]);
    expect(history.json().result.hasMore).toBe(false);
    expect((await visitorCall('GET', '/messages', {})).statusCode).toBe(401);
  });

  it('an agent’s file reaches the visitor, who alone may download it', async () => {
    const name = `Archivo ${Date.now()}`;
    const visitor = await newVisitor({ name });
    const socket = await visitorSocket(visitor.visitorToken);
    const received = collect<VisitorMessage & { attachments: { id: number; name: string }[] }>(socket, 'message');
    await visitorCall('POST', '/messages', {
      token: visitor.visitorToken,
      payload: { text: '¿Me envía la factura?', clientMessageId: 'file-00001' },
    });
    const ticketId = (await api.get(`/api/v2/caso/pendientes?filter=all&searchText=${encodeURIComponent(name)}`, admin))
      .json()
      .result.casosPendientes.find((item: { cliente: string }) => item.cliente === name)?.caso_id as number;
    const upload = async (content: Buffer, fileName: string) => {
      const answer = await postFile(t, `/api/v2/tickets/${ticketId}/attachments`, agent, content, fileName);
      return Math.max(...answer.json().result.attachments.map((item: { id: number }) => item.id));
    };
    const invoice = Buffer.from('%PDF-1.4\n% factura\n%%EOF\n');
    const invoiceId = await upload(invoice, 'factura.pdf');
    const internalId = await upload(ONE_PIXEL_PNG, 'interno.png');
    const reply = await api.post(`/api/v2/tickets/${ticketId}/messages`, agent, {
      text: 'Aquí está',
      attachmentIds: [invoiceId],
    });
    expect(reply.statusCode).toBe(201);
    const replyId = reply.json().result.id as number;
    const live = await waitFor(() => received.find((item) => item.id === replyId), 'the reply with its file');
    expect(live.attachments).toEqual([
      { id: invoiceId, name: 'factura.pdf', contentType: 'application/pdf', size: invoice.length },
    ]);
    const history = (await visitorCall('GET', '/messages', { token: visitor.visitorToken })).json().result;
    expect(history.messages.at(-1).attachments).toEqual(live.attachments);

    const path = `/messages/${replyId}/attachments/${invoiceId}`;
    const download = await visitorCall('GET', path, { token: visitor.visitorToken });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(invoice)).toBe(true);
    expect(download.headers['content-disposition']).toBe("attachment; filename*=UTF-8''factura.pdf");
    expect(download.headers['access-control-allow-origin']).toBe(SITE);
    // Only the visitor of that conversation, from the allowed site, and only the message's own files.
    const stranger = await newVisitor();
    expect((await visitorCall('GET', path, { token: stranger.visitorToken })).statusCode).toBe(404);
    expect((await visitorCall('GET', path, {})).statusCode).toBe(401);
    expect(
      (await visitorCall('GET', path, { token: visitor.visitorToken, origin: 'https://evil.test' })).statusCode,
    ).toBe(403);
    expect(
      (await visitorCall('GET', `/messages/${replyId}/attachments/${internalId}`, { token: visitor.visitorToken }))
        .statusCode,
    ).toBe(404);
    socket.disconnect();
  });

  it('a visitor sends a file: checked by content, kept once on the ticket, shown to the agent', async () => {
    const name = `Adjuntos ${Date.now()}`;
    const visitor = await newVisitor({ name });
    const upload = (
      content: Buffer,
      fileName: string,
      clientMessageId: string,
      options: { token?: string; origin?: string } = {},
    ) => {
      const file = multipartFile(content, fileName, 'application/octet-stream');
      return t.app.inject({
        method: 'POST',
        url: `/api/v2/public/widgets/${key}/messages/file?clientMessageId=${clientMessageId}`,
        headers: {
          origin: options.origin ?? SITE,
          ...(options.token === '' ? {} : { authorization: `Bearer ${options.token ?? visitor.visitorToken}` }),
          ...file.headers,
        },
        payload: file.payload,
      });
    };
    const pdf = Buffer.from('%PDF-1.4\n% comprobante\n%%EOF\n');
    // Who reads the campaign's tickets hears the message, then that its files were kept (they come after it): an open
    // ticket view reloads on the second (a live update the agent's view missed before).
    const watcher = await connect(t, supervisor);
    deskSockets.push(watcher);
    const changes = collect<{ casoId: number; messageId: number; change: string }>(watcher, 'message-changed');
    const first = await upload(pdf, 'comprobante de pago.pdf', 'file-up-0001');
    expect(first.statusCode, first.body).toBe(201);
    await waitFor(
      () => changes.find((event) => event.messageId === first.json().result.id && event.change === 'files'),
      'the files of the message announced',
    );
    const again = await upload(pdf, 'comprobante de pago.pdf', 'file-up-0001');
    expect(again.statusCode).toBe(200);
    expect(again.json().result.id).toBe(first.json().result.id);
    const message = first.json().result as VisitorMessage & { attachments: { id: number; name: string }[] };
    expect(message).toMatchObject({
      direction: 0,
      clientMessageId: 'file-up-0001',
      text: '📎 comprobante de pago.pdf',
    });
    expect(message.attachments).toEqual([
      { id: expect.any(Number), name: 'comprobante de pago.pdf', contentType: 'application/pdf', size: pdf.length },
    ]);
    await t.services.inbound.idle();
    const ticketId = (
      await api.get(`/api/v2/caso/pendientes?filter=all&notify=pending&searchText=${encodeURIComponent(name)}`, admin)
    )
      .json()
      .result.casosPendientes.find((item: { cliente: string }) => item.cliente === name)?.caso_id as number;
    const view = (await api.get(`/api/v2/tickets/${ticketId}`, admin)).json().result;
    expect(view.attachments).toHaveLength(1);
    expect(view.interactions[0].messages[0].attachments[0].id).toBe(message.attachments[0].id);
    // The visitor may download their own file again.
    const own = await visitorCall('GET', `/messages/${message.id}/attachments/${message.attachments[0].id}`, {
      token: visitor.visitorToken,
    });
    expect(own.rawPayload.equals(pdf)).toBe(true);

    const executable = await upload(
      Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0, 0, 0]),
      'programa.exe',
      'file-up-0002',
    );
    expect(executable.statusCode).toBe(415);
    expect((await upload(pdf, 'x.pdf', 'file-up-0003', { token: '' })).statusCode).toBe(401);
    expect((await upload(pdf, 'x.pdf', 'file-up-0004', { origin: 'https://evil.test' })).statusCode).toBe(403);
    expect((await api.get(`/api/v2/tickets/${ticketId}`, admin)).json().result.attachments).toHaveLength(1);
  });

  it('a visitor who gives the e-mail of a known customer joins that customer: no duplicate', async () => {
    const stamp = Date.now();
    const email = `paola.${stamp}@correo.test`;
    const first = await newVisitor({ name: `Paola ${stamp}`, email });
    await visitorCall('POST', '/messages', {
      token: first.visitorToken,
      payload: { text: 'Primera visita', clientMessageId: `join-a-${stamp}` },
    });
    // Another browser (a new visitor), the same person: the same e-mail, written in capitals.
    const second = await newVisitor({ name: `Paola ${stamp}`, email: email.toUpperCase() });
    expect(second.visitorId).not.toBe(first.visitorId);
    await visitorCall('POST', '/messages', {
      token: second.visitorToken,
      payload: { text: 'Vuelvo desde el celular', clientMessageId: `join-b-${stamp}` },
    });
    const customerOf = async (contact: string) =>
      (
        await t.ctx.db.execute<{ customer_id: string }>(
          `select customer_id from interactions where contact_value = '${contact}'` as never,
        )
      ).rows.map((row) => Number(row.customer_id));
    const [firstCustomer] = await customerOf(first.visitorId);
    expect(firstCustomer).toBeGreaterThan(0);
    expect(await customerOf(second.visitorId)).toEqual([firstCustomer]);
    const withEmail = await t.ctx.db.execute<{ n: number }>(
      `select count(distinct customer_id)::int as n from customer_contacts where normalized_value = '${email}'` as never,
    );
    expect(withEmail.rows[0].n).toBe(1);
    // The second browser's id is now one of the customer's contacts: its next messages find them directly.
    const contacts = await t.ctx.db.execute<{ value: string }>(
      `select value from customer_contacts where customer_id = ${firstCustomer}` as never,
    );
    expect(contacts.rows.map((row) => row.value)).toEqual(expect.arrayContaining([second.visitorId, email]));
  });

  it('closing tells the visitor the conversation ended; writing again opens a new ticket linked to the closed one', async () => {
    const stamp = Date.now();
    const visitor = await newVisitor({ name: `Cierre ${stamp}` });
    const socket = await visitorSocket(visitor.visitorToken);
    const received = collect<VisitorMessage>(socket, 'message');
    const first = await visitorCall('POST', '/messages', {
      token: visitor.visitorToken,
      payload: { text: 'Hola, una consulta', clientMessageId: `close-a-${stamp}` },
    });
    const ticketOf = async () =>
      (
        await t.ctx.db.execute<{ ticket_id: string }>(
          `select ticket_id from interactions where contact_value = '${visitor.visitorId}' order by id` as never,
        )
      ).rows.map((row) => Number(row.ticket_id));
    const [closedId] = await ticketOf();
    expect(first.statusCode).toBe(201);
    expect((await api.post(`/api/v2/tickets/${closedId}/close`, agent, {})).statusCode).toBe(200);
    const farewell = await waitFor(
      () => received.find((message) => message.direction === 1 && message.text === CLOSE_MESSAGE),
      'the close message',
    );
    expect(farewell.senderName).toBeTruthy();

    await visitorCall('POST', '/messages', {
      token: visitor.visitorToken,
      payload: { text: 'Otra pregunta', clientMessageId: `close-b-${stamp}` },
    });
    const tickets = await ticketOf();
    expect(tickets).toHaveLength(2);
    const reopened = tickets[1];
    expect(reopened).not.toBe(closedId);
    const view = (await api.get(`/api/v2/tickets/${reopened}`, admin)).json().result;
    expect(view.related.map((item: { id: number }) => item.id)).toEqual([closedId]);
    expect(view.status).toBe(0);
    socket.disconnect();
  });

  it('the global search finds a ticket by what the visitor wrote, accents and case aside, only for who may see it', async () => {
    const stamp = Date.now();
    const visitor = await newVisitor({ name: `Búsqueda ${stamp}` });
    const words = `Zx${stamp}`;
    await visitorCall('POST', '/messages', {
      token: visitor.visitorToken,
      payload: {
        text: `Hola.\n¿Tienen la CAFETERA   Moka Exprés ${words} en rojo?`,
        clientMessageId: `search-${stamp}`,
      },
    });
    const search = (actor: Actor, text: string) =>
      api.get(`/api/v2/infogeneral?searchText=${encodeURIComponent(text)}`, actor);
    const found = await search(agent, `cafetera moka expres ${words.toLowerCase()}`);
    expect(found.statusCode).toBe(200);
    const hits = found.json().result.mensajes;
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ direccion: 0, remitente: `Búsqueda ${stamp}`, campana: expect.any(String) });
    expect(hits[0].fragmento).toContain(`CAFETERA Moka Exprés ${words}`);
    // Words match as the beginnings of words, in any order.
    const prefixes = await search(agent, `${words.slice(0, -3).toLowerCase()} expr CAFET`);
    expect(prefixes.json().result.mensajes.map((hit: { id: number }) => hit.id)).toEqual([hits[0].id]);
    expect((await search(agent, `${words} afetera`)).json().result.mensajes).toEqual([]);
    // The campaign's supervisor finds it too; an agent of another campaign does not.
    expect((await search(supervisor, words)).json().result.mensajes).toHaveLength(1);
    const stranger = await signedIn(t, 'agent');
    await deskCampaign(t, admin, { agents: [stranger] });
    const theirs = await search(stranger, words);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().result.mensajes).toEqual([]);
    // Fewer than three characters do not search messages.
    expect((await search(agent, 'zx')).json().result.mensajes).toEqual([]);
  });

  it('a retried clientMessageId is stored once', async () => {
    const visitor = await newVisitor();
    const payload = { text: 'Mensaje con reintento', clientMessageId: 'retry-000001' };
    const first = await visitorCall('POST', '/messages', { token: visitor.visitorToken, payload });
    const second = await visitorCall('POST', '/messages', { token: visitor.visitorToken, payload });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json().result.id).toBe(first.json().result.id);
    const history = (await visitorCall('GET', '/messages', { token: visitor.visitorToken })).json().result;
    expect(history.messages).toHaveLength(1);
    // Another visitor using the same client id is a different message.
    const other = await newVisitor();
    const theirs = await visitorCall('POST', '/messages', { token: other.visitorToken, payload });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().result.id).not.toBe(first.json().result.id);
  });

  it('a known token returns the same visitor; a token of another widget does not', async () => {
    const visitor = await newVisitor({ name: 'Ana' });
    const again = await visitorCall('POST', '/visitors', {
      token: visitor.visitorToken,
      payload: { email: 'ana@correo.test' },
    });
    expect(again.json().result).toMatchObject({
      visitorToken: visitor.visitorToken,
      visitorId: visitor.visitorId,
      name: 'Ana',
      email: 'ana@correo.test',
    });
    const invalid = await visitorCall('POST', '/visitors', { token: 'forged', payload: { name: 'Ana' } });
    expect(invalid.json().result.visitorId).not.toBe(visitor.visitorId);
    const badEmail = await visitorCall('POST', '/visitors', { payload: { email: 'no es correo' } });
    expect(badEmail.statusCode).toBe(422);
  });

  it('a second visitor never receives the first visitor’s messages', async () => {
    const primero = `Primero ${Date.now()}`;
    const first = await newVisitor({ name: primero });
    const second = await newVisitor({ name: 'Segundo' });
    const firstSocket = await visitorSocket(first.visitorToken);
    const secondSocket = await visitorSocket(second.visitorToken);
    const firstSeen = collect<VisitorMessage>(firstSocket, 'message');
    const secondSeen = collect<VisitorMessage>(secondSocket, 'message');
    await visitorCall('POST', '/messages', {
      token: first.visitorToken,
      payload: { text: 'Soy el primero', clientMessageId: 'first-00001' },
    });
    const ticketId = (
      await api.get(`/api/v2/caso/pendientes?filter=all&searchText=${encodeURIComponent(primero)}`, admin)
    )
      .json()
      // By customer: the latest sender may already be an automatic answer (out of hours) sent in the background.
      .result.casosPendientes.find((item: { cliente: string }) => item.cliente === primero)?.caso_id as number;
    const reply = await api.post(`/api/v2/tickets/${ticketId}/messages`, agent, { text: 'Solo para el primero' });
    await waitFor(() => firstSeen.find((item) => item.id === reply.json().result.id), 'reply to the first visitor');
    await settle(300);
    expect(secondSeen).toEqual([]);
    const secondHistory = (await visitorCall('GET', '/messages', { token: second.visitorToken })).json().result;
    expect(secondHistory.messages).toEqual([]);
    // The first visitor's token does not read through another widget.
    const otherWidget = await api.post('/api/v2/omni-widgets', admin, {
      name: `Otro widget ${Date.now()}`,
      allowedOrigins: [SITE],
      channelIds: [channelId],
    });
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: `/api/v2/public/widgets/${otherWidget.json().result.publicKey}/messages`,
      headers: { origin: SITE, authorization: `Bearer ${first.visitorToken}` },
    });
    expect(elsewhere.statusCode).toBe(401);
  });

  it('a disabled widget answers 409 to the allowed site', async () => {
    const current = (await api.get(`/api/v2/omni-widgets/${widgetId}`, admin)).json().result;
    const visitor = await newVisitor();
    const body = {
      name: current.name,
      enabled: false,
      allowedOrigins: current.allowedOrigins,
      channelIds: current.channels.map((channel: { id: number }) => channel.id),
    };
    expect((await api.put(`/api/v2/omni-widgets/${widgetId}`, admin, body)).statusCode).toBe(200);
    try {
      for (const [method, path] of [
        ['GET', ''],
        ['POST', '/visitors'],
        ['GET', '/messages'],
      ] as const) {
        const answer = await visitorCall(method, path, { token: visitor.visitorToken });
        expect(answer.statusCode).toBe(409);
        expect(answer.json().message).toBe('El widget está deshabilitado');
        expect(answer.headers['access-control-allow-origin']).toBe(SITE);
      }
      const sent = await visitorCall('POST', '/messages', {
        token: visitor.visitorToken,
        payload: { text: 'hola', clientMessageId: 'disabled-01' },
        locale: 'en',
      });
      expect(sent.statusCode).toBe(409);
      expect(sent.json().message).toBe('The widget is disabled');
      await expect(visitorSocket(visitor.visitorToken)).rejects.toThrow('UNAUTHENTICATED');
    } finally {
      await api.put(`/api/v2/omni-widgets/${widgetId}`, admin, { ...body, enabled: true });
    }
  });

  it('serves the embed script to any site, and the demo shop page only with demo data', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'atiende-widget-'));
    fs.writeFileSync(path.join(dist, 'widget.js'), '(function(){})();');
    const assets = Fastify();
    await widgetAssetRoutes(assets, { ...t.ctx, config: { ...t.ctx.config, demoData: true } }, dist);
    try {
      const script = await assets.inject({ method: 'GET', url: '/widget.js' });
      expect(script.statusCode).toBe(200);
      expect(script.headers['content-type']).toContain('application/javascript');
      expect(script.headers['cache-control']).toBe('public, max-age=300');
      expect(script.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect((await assets.inject({ method: 'GET', url: '/widget-io.js' })).statusCode).toBe(404);
      // No demo widget yet: no demo page.
      expect((await assets.inject({ method: 'GET', url: '/demo/site' })).statusCode).toBe(404);
      const demo = await api.post('/api/v2/omni-widgets', admin, {
        name: 'Widget del sitio',
        allowedOrigins: ['http://localhost:3000'],
        channelIds: [channelId],
      });
      const page = await assets.inject({ method: 'GET', url: '/demo/site' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Tienda Demo');
      expect(page.body).toContain(
        `<script src="/widget.js" data-atiende-widget="${demo.json().result.publicKey}" async></script>`,
      );
      // The out-of-hours sample page embeds its own demo widget, and says what it shows.
      expect((await assets.inject({ method: 'GET', url: '/demo/after-hours' })).statusCode).toBe(404);
      const afterHours = await api.post('/api/v2/omni-widgets', admin, {
        name: 'Widget fuera de horario',
        allowedOrigins: ['http://localhost:3000'],
        channelIds: [channelId],
      });
      const night = await assets.inject({ method: 'GET', url: '/demo/after-hours' });
      expect(night.statusCode).toBe(200);
      expect(night.body).toContain('Fuera de horario');
      expect(night.body).toContain(`data-atiende-widget="${afterHours.json().result.publicKey}"`);
      expect(page.body).toContain('href="/demo/after-hours"');
    } finally {
      await assets.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
    // The app under test has no demo data: no demo page.
    expect((await t.app.inject({ method: 'GET', url: '/demo/site' })).statusCode).toBe(404);
  });

  it('a widget serving several sites answers each with its own origin, and no other', async () => {
    const sites = ['http://localhost:3000', 'http://127.0.0.1:3000'];
    const both = await api.post('/api/v2/omni-widgets', admin, {
      name: `Widget dos sitios ${Date.now()}`,
      allowedOrigins: sites,
      channelIds: [channelId],
    });
    expect(both.statusCode).toBe(201);
    const url = `/api/v2/public/widgets/${both.json().result.publicKey}`;
    for (const site of sites) {
      const answer = await t.app.inject({ method: 'GET', url, headers: { origin: site } });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['access-control-allow-origin']).toBe(site);
    }
    const other = await t.app.inject({ method: 'GET', url, headers: { origin: 'http://localhost:3001' } });
    expect(other.statusCode).toBe(403);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('a same-origin page (no Origin header on GET) is recognised by Sec-Fetch-Site', async () => {
    const own = await api.post('/api/v2/omni-widgets', admin, {
      name: `Widget propio ${Date.now()}`,
      allowedOrigins: ['http://localhost:3000'],
      channelIds: [channelId],
    });
    const url = `/api/v2/public/widgets/${own.json().result.publicKey}`;
    const sameOrigin = await t.app.inject({ method: 'GET', url, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(sameOrigin.statusCode).toBe(200);
    const crossSite = await t.app.inject({ method: 'GET', url, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.statusCode).toBe(403);
  });
});
