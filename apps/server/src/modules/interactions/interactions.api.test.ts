import { NEW_INBOUND_EVENT, TICKET_EVENT } from '@atiende/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../test/app.js';
import { type Actor, caller, collect, connect, deskCampaign, settle } from '../../test/desk.js';

let t: TestApp;
let admin: Actor;
let agent: Actor;
let outsider: Actor;
let channelId: number;
let campaignId: number;
let api: ReturnType<typeof caller>;

const inbound = (payload: object, actor: Actor = admin, channel = channelId, locale = 'es') =>
  api.post(`/api/v2/channels/${channel}/inbound`, actor, payload, locale);

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  api = caller(t);
  admin = await signedIn(t, 'admin');
  agent = await signedIn(t, 'agent');
  outsider = await signedIn(t, 'agent');
  ({ channelId, campaignId } = await deskCampaign(t, admin, { agents: [agent] }));
  await deskCampaign(t, admin, { agents: [outsider] });
});

afterAll(async () => {
  await t?.close();
});

describe('inbound pipeline', () => {
  it('records a new sender as customer, ticket, interaction and message; the ticket view shows the history', async () => {
    const from = `visitor-${Date.now()}`;
    const first = await inbound({
      providerMessageId: `m-${from}-1`,
      from,
      senderName: 'Ana Pérez',
      text: 'Hola\nnecesito ayuda',
    });
    expect(first.statusCode).toBe(201);
    const result = first.json().result;
    expect(result).toMatchObject({ duplicate: false, newTicket: true, campaignId });
    const second = await inbound({
      providerMessageId: `m-${from}-2`,
      from,
      senderName: 'Ana Pérez',
      text: '¿Hay alguien?',
    });
    expect(second.json().result).toMatchObject({
      ticketId: result.ticketId,
      interactionId: result.interactionId,
      newTicket: false,
    });

    const view = (await api.get(`/api/v2/tickets/${result.ticketId}`, admin)).json().result;
    expect(view.description).toBe('Hola');
    expect(view.customer.fullName).toContain('Ana');
    expect(view.unread).toBe(true);
    expect(view.interactions).toHaveLength(1);
    const [interaction] = view.interactions;
    expect(interaction).toMatchObject({ registro_canal_id: result.interactionId, contactValue: from });
    expect(interaction.channel).toMatchObject({ id: channelId, typeCode: 9 });
    expect(interaction.messages.map((message: { text: string }) => message.text)).toEqual([
      'Hola\nnecesito ayuda',
      '¿Hay alguien?',
    ]);
    expect(interaction.messages[0].html).toBe('Hola<br>necesito ayuda');
  });

  it('a channel disabled or a rule changed through the API applies to the very next message', async () => {
    const own = await deskCampaign(t, admin, { agents: [] });
    const from = `rules-${Date.now()}`;
    const send = (n: number) =>
      inbound({ providerMessageId: `rules-${from}-${n}`, from, text: `Mensaje ${n}` }, admin, own.channelId);
    const first = await send(1);
    expect(first.statusCode).toBe(201);
    // The campaign stops combining messages into one ticket: the next message opens another.
    const campaign = (await api.get(`/api/v2/campaigns/${own.campaignId}`, admin)).json().result;
    const body = {
      name: campaign.name,
      type: campaign.type,
      channelIds: [own.channelId],
      agents: [],
      supervisorIds: [],
      config: { ...campaign.config, ticketCombination: 'none' },
    };
    expect((await api.put(`/api/v2/campaigns/${own.campaignId}`, admin, body)).statusCode).toBe(200);
    const second = await send(2);
    expect(second.json().result.ticketId).not.toBe(first.json().result.ticketId);

    const channel = (await api.get(`/api/v2/channels/${own.channelId}`, admin)).json().result;
    const channelBody = { name: channel.name, type: channel.type, direction: channel.direction, enabled: false };
    expect((await api.put(`/api/v2/channels/${own.channelId}`, admin, channelBody)).statusCode).toBe(200);
    const refused = await send(3);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('CHANNEL.DISABLED');
  });

  it('stores a provider message once however often it is delivered', async () => {
    const payload = { providerMessageId: `dup-${Date.now()}`, from: `dup-${Date.now()}`, text: 'Una vez' };
    const answers = [await inbound(payload), await inbound(payload), await inbound(payload)];
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 200, 200]);
    const ids = new Set(answers.map((answer) => answer.json().result.messageId));
    expect(ids.size).toBe(1);
    const view = (await api.get(`/api/v2/tickets/${answers[0].json().result.ticketId}`, admin)).json().result;
    expect(view.interactions[0].messages).toHaveLength(1);
  });

  it('records exactly one message per provider id when 1,000 arrive at once (duplicates included)', async () => {
    const stamp = Date.now();
    const deliveries = Array.from({ length: 1000 }, (_, index) => ({
      providerMessageId: `burst-${stamp}-${index % 800}`,
      from: `burst-${stamp}-${index % 40}@example.com`,
      text: `Mensaje ${index % 800}`,
    }));
    const answers = await Promise.all(deliveries.map((payload) => inbound(payload)));
    expect(answers.every((answer) => answer.statusCode === 201 || answer.statusCode === 200)).toBe(true);
    const created = answers.filter((answer) => answer.statusCode === 201);
    expect(created).toHaveLength(800);
    expect(new Set(created.map((answer) => answer.json().result.messageId)).size).toBe(800);
    // One open ticket per sender: 40 senders, 40 tickets, never two for the same conversation.
    expect(new Set(created.map((answer) => answer.json().result.ticketId)).size).toBe(40);
  }, 60_000);

  it('joins the same thread by thread key and sanitises inbound HTML', async () => {
    const from = `thread-${Date.now()}@example.com`;
    const first = await inbound({
      providerMessageId: `t1-${from}`,
      from,
      threadKey: `<root-${from}>`,
      html: '<p onclick="alert(1)">Hola <a href="javascript:alert(1)">aquí</a><script>alert(1)</script><svg onload="alert(1)"></svg><img src="http://evil.test/x.png"></p>',
    });
    expect(first.statusCode).toBe(201);
    const view = (await api.get(`/api/v2/tickets/${first.json().result.ticketId}`, admin)).json().result;
    const html: string = view.interactions[0].messages[0].html;
    expect(html).not.toMatch(/script|onclick|onload|javascript:|<svg|<img/i);
    expect(html).toContain('Hola');
    const reply = await inbound({
      providerMessageId: `t2-${from}`,
      from,
      threadKey: `<root-${from}>`,
      text: 'Re: hola',
    });
    expect(reply.json().result.ticketId).toBe(first.json().result.ticketId);
  });

  it('answers bad input with translated errors, and checks permission and the channel', async () => {
    const bad = await inbound({ from: '' }, admin, channelId, 'en');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('The data sent is not valid');
    const badEs = await inbound({ from: '' }, admin, channelId, 'es');
    expect(badEs.statusCode).toBe(422);
    expect(badEs.json().message).not.toBe(bad.json().message);
    expect((await inbound({ providerMessageId: 'x', from: 'y' }, agent)).statusCode).toBe(403);
    expect((await inbound({ providerMessageId: 'x', from: 'y' }, admin, 99_999_999)).statusCode).toBe(404);
    // A channel no campaign serves cannot take messages.
    const lonely = (
      await api.post('/api/v2/channels', admin, { name: `Solo ${Date.now()}`, type: 'webchat', direction: 'inbound' })
    ).json().result.id;
    const orphan = await inbound({ providerMessageId: 'o', from: 'o' }, admin, lonely, 'en');
    expect(orphan.statusCode).toBe(409);
    expect(orphan.json().message).toBe('No enabled campaign serves this channel');
  });

  it('announces new inbound records only to who may see the ticket', async () => {
    // A campaign of its own, so its queue holds only this test's tickets.
    const worker = await signedIn(t, 'agent');
    const own = await deskCampaign(t, admin, { agents: [worker] });
    const send = (payload: object) => inbound(payload, admin, own.channelId);
    const mine = await connect(t, worker);
    const theirs = await connect(t, outsider);
    const supervisorView = await connect(t, admin);
    try {
      const seen = collect<{
        casoId: number;
        newRegistroCanal: number;
        item: { caso_id: number; asignado: number | null };
      }>(mine, NEW_INBOUND_EVENT);
      const assigned = collect<{ tipo: string; casoId: number; asignado: number }>(mine, TICKET_EVENT);
      const watched = collect<{ casoId: number }>(supervisorView, NEW_INBOUND_EVENT);
      const leaked = collect(theirs, NEW_INBOUND_EVENT);
      const leakedTickets = collect(theirs, TICKET_EVENT);

      // Nobody has the new ticket yet: the agent (who sees only their own tickets) hears nothing, the admin does.
      const from = `live-${Date.now()}`;
      const first = (await send({ providerMessageId: `live-${from}`, from, text: 'En vivo' })).json().result;
      await settle();
      expect(seen).toHaveLength(0);
      expect(watched.map((event) => event.casoId)).toContain(first.ticketId);

      // The agent becomes available: routing gives them the ticket, and the next message reaches them.
      await t.services.inbound.idle();
      await api.post('/api/v2/supervision/agente/estado', worker, { estado: 'A' });
      await settle();
      expect(assigned.some((event) => event.tipo === 'asignado' && event.casoId === first.ticketId)).toBe(true);
      const second = (await send({ providerMessageId: `live2-${from}`, from, text: 'Sigo aquí' })).json().result;
      await settle();
      expect(second.ticketId).toBe(first.ticketId);
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatchObject({ casoId: first.ticketId, newRegistroCanal: first.interactionId });
      expect(seen[0].item).toMatchObject({ caso_id: first.ticketId, asignado: worker.id });
      expect(leaked).toHaveLength(0);
      expect(leakedTickets).toHaveLength(0);
    } finally {
      mine.close();
      theirs.close();
      supervisorView.close();
    }
  });

  it('moves interactions with a merge: the target keeps the conversation', async () => {
    const a = `merge-a-${Date.now()}`;
    const b = `merge-b-${Date.now()}`;
    const source = (await inbound({ providerMessageId: a, from: a, text: 'Origen' })).json().result;
    const target = (await inbound({ providerMessageId: b, from: b, text: 'Destino' })).json().result;
    const targetNumber = (await api.get(`/api/v2/tickets/${target.ticketId}`, admin)).json().result.number;
    const merged = await api.post(`/api/v2/tickets/${source.ticketId}/merge`, admin, { targetNumber, confirm: true });
    expect(merged.statusCode).toBe(200);
    const view = (await api.get(`/api/v2/tickets/${target.ticketId}`, admin)).json().result;
    expect(view.interactions.map((interaction: { contactValue: string }) => interaction.contactValue).sort()).toEqual(
      [a, b].sort(),
    );
  });
});
