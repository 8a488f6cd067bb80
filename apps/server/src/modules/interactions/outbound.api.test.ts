import fs from 'node:fs';
import { REALTIME_EVENTS } from '@atiende/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ONE_PIXEL_PNG, postFile, signedIn, type TestApp } from '../../test/app.js';
import {
  type Actor,
  caller,
  collect,
  connect,
  deskCampaign,
  messagesOf,
  settle,
  signedInWith,
} from '../../test/desk.js';
import type { OutboundDelivery } from './adapters.js';

let t: TestApp;
let api: ReturnType<typeof caller>;
let admin: Actor;
let agent: Actor;
let outsider: Actor;
let channelId: number;
let campaignId: number;
const delivered: OutboundDelivery[] = [];
let failNext = false;

async function conversation(channel = channelId) {
  const from = `out-${Date.now()}-${Math.random()}`;
  const result = (
    await api.post(`/api/v2/channels/${channel}/inbound`, admin, {
      providerMessageId: `in-${from}`,
      from,
      text: 'Hola',
    })
  ).json().result;
  return { ...result, from };
}

async function waitForStatus(ticketId: number, messageId: number, status: number) {
  for (let i = 0; i < 50; i += 1) {
    const message = (await messagesOf(t, admin, ticketId)).find((entry) => entry.id === messageId);
    if (message?.deliveryStatus === status) return message;
    await settle(200);
  }
  throw new Error(`message ${messageId} never reached status ${status}`);
}

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  api = caller(t);
  admin = await signedIn(t, 'admin');
  agent = await signedIn(t, 'agent');
  outsider = await signedIn(t, 'agent');
  ({ channelId, campaignId } = await deskCampaign(t, admin, {
    agents: [agent],
    config: { closeWithoutTask: true, closeWithoutCustomerInfo: true, allowAllTickets: true },
  }));
  await deskCampaign(t, admin, { agents: [outsider] });
  // A provider that records what it is asked to send (the real web-chat and e-mail adapters have their own tests).
  t.services.outbound.registerAdapter('webchat', {
    async send(delivery) {
      if (failNext) throw new Error('provider unavailable');
      delivered.push(delivery);
      return { providerMessageId: `provider-${delivery.message.id}` };
    },
  });
});

afterAll(async () => {
  await t?.close();
});

describe('agent replies', () => {
  it('stores the reply as queued, delivers it through the channel adapter and reports each status live', async () => {
    const { ticketId, interactionId, from } = await conversation();
    const socket = await connect(t, agent);
    const statuses = collect<{ casoId: number; messageId: number; deliveryStatus: number }>(
      socket,
      REALTIME_EVENTS.messageStatus,
    );
    const sent = await api.post(`/api/v2/tickets/${ticketId}/messages`, agent, {
      text: 'Buenos días <b>Ana</b>\n¿En qué le ayudo?',
    });
    expect(sent.statusCode).toBe(201);
    const message = sent.json().result;
    expect(message).toMatchObject({
      direction: 1,
      deliveryStatus: 0,
      html: 'Buenos días &#60;b&#62;Ana&#60;/b&#62;<br>¿En qué le ayudo?',
    });
    await waitForStatus(ticketId, message.id, 1);
    const delivery = delivered.find((entry) => entry.message.id === message.id);
    expect(delivery?.interaction.id).toBe(interactionId);
    expect(delivery?.interaction.contactValue).toBe(from);
    expect(delivery?.thread.map((entry) => entry.providerMessageId)).toEqual([`in-${from}`]);
    await settle(200);
    expect(statuses.filter((event) => event.messageId === message.id).map((event) => event.deliveryStatus)).toEqual([
      0, 1,
    ]);

    // The first answer counts for the service level and clears the unread mark.
    const view = (await api.get(`/api/v2/tickets/${ticketId}`, admin)).json().result;
    expect(view.firstResponseAt).not.toBeNull();
    expect(view.unread).toBe(false);
    socket.close();
  });

  it('moves delivery reports forward only, whatever order they arrive in', async () => {
    const { ticketId } = await conversation();
    const message = (await api.post(`/api/v2/tickets/${ticketId}/messages`, admin, { text: 'Estado' })).json().result;
    await waitForStatus(ticketId, message.id, 1);
    const report = (status: string) =>
      api.post(`/api/v2/channels/${channelId}/delivery-reports`, admin, {
        providerMessageId: `provider-${message.id}`,
        status,
      });
    expect((await report('read')).json().result.updated).toBe(true);
    expect((await report('delivered')).json().result.updated).toBe(false);
    expect((await report('sent')).json().result.updated).toBe(false);
    expect((await report('failed')).json().result.updated).toBe(false);
    expect((await messagesOf(t, admin, ticketId)).find((entry) => entry.id === message.id)?.deliveryStatus).toBe(3);
    const unknown = await api.post(`/api/v2/channels/${channelId}/delivery-reports`, admin, {
      providerMessageId: 'nobody',
      status: 'read',
    });
    expect(unknown.json().result.updated).toBe(false);
    expect((await report('bogus')).statusCode).toBe(422);
  });

  it('retries a failing provider and marks the message failed after the last attempt', async () => {
    const { ticketId } = await conversation();
    failNext = true;
    try {
      const message = (await api.post(`/api/v2/tickets/${ticketId}/messages`, admin, { text: 'Falla' })).json().result;
      // A middle attempt throws, so pg-boss retries it later.
      await expect(
        t.services.outbound.deliver(message.id, { retryCount: 1, retryLimit: 6, lastAttempt: false }),
      ).rejects.toThrow('provider unavailable');
      await t.services.outbound.deliver(message.id, { retryCount: 6, retryLimit: 6, lastAttempt: true });
      expect((await messagesOf(t, admin, ticketId)).find((entry) => entry.id === message.id)?.deliveryStatus).toBe(4);
    } finally {
      failNext = false;
    }
  });

  it('fails messages of channel types that cannot send yet, with the reason', async () => {
    const { channelId: counterChannel } = await deskCampaign(t, admin, { agents: [], channelType: 'inPerson' });
    const { ticketId } = await conversation(counterChannel);
    const message = (await api.post(`/api/v2/tickets/${ticketId}/messages`, admin, { text: 'En persona' })).json()
      .result;
    await waitForStatus(ticketId, message.id, 4);
  });

  it('refuses empty replies, closed tickets and tickets outside the scope', async () => {
    const { ticketId } = await conversation();
    const empty = await api.post(`/api/v2/tickets/${ticketId}/messages`, agent, { text: '  ' }, 'en');
    expect(empty.statusCode).toBe(422);
    expect(JSON.stringify(empty.json())).toContain('Write a message');
    const emptyEs = await api.post(`/api/v2/tickets/${ticketId}/messages`, agent, { html: '<p> </p>' }, 'es');
    expect(JSON.stringify(emptyEs.json())).toContain('Escriba un mensaje');
    expect((await api.post(`/api/v2/tickets/${ticketId}/messages`, outsider, { text: 'Hola' })).statusCode).toBe(404);
    const foreign = await conversation();
    const wrongInteraction = await api.post(`/api/v2/tickets/${ticketId}/messages`, admin, {
      text: 'Hola',
      interactionId: foreign.interactionId,
    });
    expect(wrongInteraction.statusCode).toBe(422);
    expect((await api.post(`/api/v2/tickets/${ticketId}/close`, admin, {})).statusCode).toBe(200);
    expect((await api.post(`/api/v2/tickets/${ticketId}/messages`, admin, { text: 'Tarde' })).statusCode).toBe(409);
  });

  it('answers outside business hours with the channel unavailable message, once per conversation', async () => {
    const channel = await api.post('/api/v2/channels', admin, {
      name: `Cerrado ${Date.now()}`,
      type: 'webchat',
      direction: 'inbound',
      businessHours: { enabled: true, timezone: 'America/Bogota', days: [] },
      unavailableMessage: 'Nuestro horario es de lunes a viernes.',
    });
    expect(channel.statusCode).toBe(201);
    const closedChannel = channel.json().result.id;
    await api.post('/api/v2/campaigns', admin, {
      name: `Fuera de horario ${Date.now()}`,
      type: 'inbound',
      channelIds: [closedChannel],
      config: { ticketCombination: 'customer-channel' },
    });
    const from = `night-${Date.now()}`;
    const first = (
      await api.post(`/api/v2/channels/${closedChannel}/inbound`, admin, {
        providerMessageId: `n1-${from}`,
        from,
        text: 'Hola',
      })
    ).json().result;
    expect(first.outsideHours).toBe(true);
    await api.post(`/api/v2/channels/${closedChannel}/inbound`, admin, {
      providerMessageId: `n2-${from}`,
      from,
      text: '¿Hola?',
    });
    await t.services.inbound.idle();
    const outgoing = (await messagesOf(t, admin, first.ticketId)).filter((message) => message.direction === 1);
    expect(outgoing.map((message) => message.text)).toEqual(['Nuestro horario es de lunes a viernes.']);
  });
});

describe('a reply and a customer message at the same moment', () => {
  it('never deadlock: both lock the ticket before its conversation', async () => {
    const { ticketId, from } = await conversation();
    const deadlocks = async () =>
      Number(
        (await t.ctx.db.$client.query('select deadlocks from pg_stat_database where datname = current_database()'))
          .rows[0].deadlocks,
      );
    const before = await deadlocks();
    const statuses: number[] = [];
    for (let n = 0; n < 60; n += 1) {
      const pair = await Promise.all([
        api.post(`/api/v2/channels/${channelId}/inbound`, admin, {
          providerMessageId: `race-${from}-${n}`,
          from,
          text: `Otra ${n}`,
        }),
        api.post(`/api/v2/tickets/${ticketId}/messages`, admin, { text: `Respuesta ${n}` }),
      ]);
      statuses.push(...pair.map((response) => response.statusCode));
    }
    expect(statuses.filter((status) => status >= 300)).toEqual([]);
    expect(await deadlocks()).toBe(before);
    const thread = await messagesOf(t, admin, ticketId);
    expect(thread.filter((message) => message.text?.startsWith('Otra '))).toHaveLength(60);
  });
});

describe('replies with files', () => {
  const upload = (ticketId: number, actor: Actor, content: Buffer, name: string) =>
    postFile(t, `/api/v2/tickets/${ticketId}/attachments`, actor, content, name);
  const newestAttachment = (ticket: { attachments: { id: number }[] }) =>
    Math.max(...ticket.attachments.map((attachment) => attachment.id));

  it('sends the ticket’s uploaded files with the reply: on the message, to the adapter and in the timeline', async () => {
    const { ticketId } = await conversation();
    const pdf = Buffer.from('%PDF-1.4\n% cotización\n');
    const first = await upload(ticketId, agent, pdf, 'cotización.pdf');
    expect(first.statusCode).toBe(201);
    const pdfId = newestAttachment(first.json().result);
    const imageId = newestAttachment((await upload(ticketId, agent, ONE_PIXEL_PNG, 'foto.png')).json().result);

    // Files alone are a reply; the same id twice is one file.
    const sent = await api.post(`/api/v2/tickets/${ticketId}/messages`, agent, {
      attachmentIds: [pdfId, imageId, pdfId],
    });
    expect(sent.statusCode).toBe(201);
    const message = sent.json().result;
    expect(message.attachments).toEqual([
      {
        id: pdfId,
        name: 'cotización.pdf',
        contentType: 'application/pdf',
        size: pdf.length,
        url: `/api/v2/tickets/${ticketId}/attachments/${pdfId}`,
      },
      expect.objectContaining({ id: imageId, name: 'foto.png', contentType: 'image/png' }),
    ]);
    await waitForStatus(ticketId, message.id, 1);
    const delivery = delivered.find((entry) => entry.message.id === message.id);
    expect(delivery?.message.attachments?.map((file) => file.name)).toEqual(['cotización.pdf', 'foto.png']);
    const stored = t.ctx.storage.absolutePath(delivery?.message.attachments?.[0].path ?? '');
    expect(stored && fs.readFileSync(stored).equals(pdf)).toBe(true);

    const view = (await api.get(`/api/v2/tickets/${ticketId}`, admin)).json().result;
    const shown = view.interactions[0].messages.find((entry: { id: number }) => entry.id === message.id);
    expect(shown.attachments.map((file: { id: number }) => file.id)).toEqual([pdfId, imageId]);
    const pending = (
      await api.get(`/api/v2/caso/pendientes?campana=${campaignId}&filter=all&notify=pending`, agent)
    ).json().result.casosPendientes as { caso_id: number; contenido: string }[];
    expect(pending.find((item) => item.caso_id === ticketId)?.contenido).toContain('cotización.pdf');
    const download = await api.get(shown.attachments[0].url, admin);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
  });

  it('refuses another ticket’s files, too many files, and users without the permission', async () => {
    const { ticketId } = await conversation();
    const other = await conversation();
    const foreignId = newestAttachment((await upload(other.ticketId, admin, ONE_PIXEL_PNG, 'ajeno.png')).json().result);
    for (const locale of ['es', 'en'] as const) {
      const foreign = await api.post(
        `/api/v2/tickets/${ticketId}/messages`,
        agent,
        { text: 'Adjunto', attachmentIds: [foreignId] },
        locale,
      );
      expect(foreign.statusCode).toBe(422);
      expect(JSON.stringify(foreign.json())).toContain(
        locale === 'es' ? 'no son adjuntos de este caso' : 'are not attachments of this ticket',
      );
    }
    const tooMany = await api.post(`/api/v2/tickets/${ticketId}/messages`, agent, {
      text: 'Muchos',
      attachmentIds: Array.from({ length: 11 }, (_, index) => index + 1),
    });
    expect(tooMany.statusCode).toBe(422);
    expect(JSON.stringify(tooMany.json())).toContain('como máximo 10 archivos');
    const readOnly = await signedInWith(t, admin, ['ver-caso']);
    const ownId = newestAttachment((await upload(ticketId, admin, ONE_PIXEL_PNG, 'propio.png')).json().result);
    expect(
      (await api.post(`/api/v2/tickets/${ticketId}/messages`, readOnly, { attachmentIds: [ownId] })).statusCode,
    ).toBe(403);
    expect((await upload(ticketId, readOnly, ONE_PIXEL_PNG, 'x.png')).statusCode).toBe(403);
    // Nothing half-saved: the refused replies left no message.
    expect((await messagesOf(t, admin, ticketId)).filter((entry) => entry.direction === 1)).toHaveLength(0);
  });
});

describe('campaign isolation', () => {
  it('sends delivery events only to the campaign of the ticket', async () => {
    const theirs = await connect(t, outsider);
    const leaked = collect(theirs, REALTIME_EVENTS.messageStatus);
    const { ticketId } = await conversation();
    const message = (await api.post(`/api/v2/tickets/${ticketId}/messages`, admin, { text: 'Privado' })).json().result;
    await waitForStatus(ticketId, message.id, 1);
    expect(leaked).toHaveLength(0);
    expect(campaignId).toBeGreaterThan(0);
    theirs.close();
  });
});
