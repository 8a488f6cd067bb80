import dns from 'node:dns';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../test/app.js';
import { type Actor, caller, deskCampaign, messagesOf, waitFor } from '../../test/desk.js';
import { createEmailChannel } from '../email/email.service.js';
import { channelsRepo } from './channels.repo.js';

/** What a provider-like server received: enough to tell which secret reached it. */
interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
}

/**
 * A local HTTP server that answers like the Graph API (a message id for a send) and the Bot API (ok for any
 * method), and records every request with its Authorization header and body.
 */
async function providerServer() {
  const received: Received[] = [];
  let sequence = 0;
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        authorization: request.headers.authorization,
        body,
      });
      sequence += 1;
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify(
          request.url?.startsWith('/bot')
            ? { ok: true, result: true }
            : { messaging_product: 'whatsapp', messages: [{ id: `wamid.${port}.${sequence}` }] },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    port,
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A local TCP server that only counts who connected (an IMAP or SMTP server no one should reach). */
async function tcpServer() {
  const state = { connections: 0 };
  const server = net.createServer((socket) => {
    state.connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    state,
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const REFUSED_ADDRESS = {
  es: 'Atiende no se conecta a direcciones locales, privadas o reservadas',
  en: 'Atiende does not connect to local, private or reserved addresses',
};

let t: TestApp;
let api: ReturnType<typeof caller>;
let admin: Actor;
let agent: Actor;
let graphA: Awaited<ReturnType<typeof providerServer>>;
let graphB: Awaited<ReturnType<typeof providerServer>>;
let unlisted: Awaited<ReturnType<typeof providerServer>>;
let mailbox: Awaited<ReturnType<typeof tcpServer>>;
/** The test's DNS: `*.rebind.test` points at a public address until the test re-points it at this machine. */
const rebind = { toLoopback: false };
let sequence = 0;
const unique = (prefix: string) => {
  sequence += 1;
  return `${prefix}-${Date.now()}-${sequence}`;
};

beforeAll(async () => {
  graphA = await providerServer();
  graphB = await providerServer();
  unlisted = await providerServer();
  mailbox = await tcpServer();
  t = await createTestApp({
    listen: true,
    // Exactly the local servers that play providers, as an operator lists them; the rebinding name by name only.
    allowOutbound: [graphA.url, graphB.url, `graph.rebind.test:${unlisted.port}`],
    lookup: async (hostname) =>
      hostname.endsWith('.rebind.test')
        ? [{ address: rebind.toLoopback ? '127.0.0.1' : '93.184.216.34', family: 4 }]
        : dns.promises.lookup(hostname, { all: true }),
  });
  api = caller(t);
  admin = await signedIn(t, 'admin');
  agent = await signedIn(t, 'agent');
});

afterAll(async () => {
  await t?.close();
  await Promise.all([graphA?.close(), graphB?.close(), unlisted?.close(), mailbox?.close()]);
});

const whatsappConfig = (apiBaseUrl: string, accessToken: string) => ({
  phoneNumberId: '1098765',
  businessAccountId: '2098765',
  accessToken,
  appSecret: 'app-secret',
  verifyToken: 'verify-token',
  apiBaseUrl,
});

const emailConfig = (host: string, port: number) => ({
  address: 'soporte@tienda.test',
  smtpHost: host,
  smtpPort: port,
  smtpUser: 'soporte',
  smtpPassword: 'clave-smtp',
  imapHost: host,
  imapPort: port,
  imapUser: 'soporte',
  imapPassword: 'clave-imap',
});

/** Every field error of a 422 answer, by field. */
const fieldsOf = (response: { json(): { result: { fields: { field: string; message: string }[] } } }) =>
  Object.fromEntries(response.json().result.fields.map((field) => [field.field, field.message]));

/** An agent's reply on a new ticket of the channel; resolves with the message once its delivery settled. */
async function replyOn(channelId: number, from: string, settled: 1 | 4) {
  const received = await t.services.inbound.receive(channelId, {
    providerMessageId: unique('in'),
    from,
    text: 'Hola',
    subject: 'Hola',
  });
  const sent = (await api.post(`/api/v2/tickets/${received.ticketId}/messages`, agent, { text: 'Respuesta' })).json()
    .result as { id: number };
  return waitFor(
    async () => {
      const message = (await messagesOf(t, admin, received.ticketId)).find((entry) => entry.id === sent.id);
      return message?.deliveryStatus === settled ? message : null;
    },
    `the reply ${settled === 1 ? 'sent' : 'failed'}`,
  );
}

/** The channel as the API shows it now, in a language. */
const channelView = async (channelId: number, locale = 'es') =>
  (await api.get(`/api/v2/channels/${channelId}`, admin, locale)).json().result;

/** The body of `PUT /channels/:id` that keeps everything but the given configuration values. */
async function editBody(channelId: number, config: Record<string, unknown>) {
  const channel = await channelView(channelId);
  return {
    name: channel.name,
    type: channel.type,
    direction: channel.direction,
    enabled: channel.enabled,
    config: { ...channel.config, ...config },
    businessHours: channel.businessHours,
    unavailableMessage: channel.unavailableMessage,
  };
}

describe('outbound policy on channels', () => {
  it('refuses loopback, private and metadata targets when a channel is saved, in Spanish and English', async () => {
    const name = unique('Correo interno');
    const mail = { name, type: 'email', direction: 'inbound', config: emailConfig('localhost', 993) };
    mail.config.smtpHost = '169.254.169.254';
    const es = await api.post('/api/v2/channels', admin, mail);
    expect(es.statusCode).toBe(422);
    expect(es.json().message).toBe('Se encontró un error en la configuración del canal');
    expect(fieldsOf(es)).toEqual({ 'config.imapHost': REFUSED_ADDRESS.es, 'config.smtpHost': REFUSED_ADDRESS.es });
    const en = await api.post('/api/v2/channels', admin, mail, 'en');
    expect(fieldsOf(en)).toEqual({ 'config.imapHost': REFUSED_ADDRESS.en, 'config.smtpHost': REFUSED_ADDRESS.en });

    const refusedUrls: [string, string][] = [
      [`http://127.0.0.1:${mailbox.port}/`, REFUSED_ADDRESS.es],
      ['https://10.0.0.8/', REFUSED_ADDRESS.es],
      ['https://[::ffff:169.254.169.254]/', REFUSED_ADDRESS.es],
      ['https://0.0.0.0/', REFUSED_ADDRESS.es],
      [
        'https://graph.attacker.example/',
        'Este servidor no está permitido para el proveedor; el operador puede permitirlo en OUTBOUND_ALLOWED_HOSTS',
      ],
      ['http://graph.facebook.com/', 'La dirección debe empezar por https://'],
    ];
    for (const [apiBaseUrl, message] of refusedUrls) {
      const refused = await api.post('/api/v2/channels', admin, {
        name,
        type: 'whatsapp',
        direction: 'inbound',
        config: whatsappConfig(apiBaseUrl, 'token'),
      });
      expect([apiBaseUrl, refused.statusCode, fieldsOf(refused)]).toEqual([
        apiBaseUrl,
        422,
        { 'config.apiBaseUrl': message },
      ]);
    }
    const saved = await api.get(`/api/v2/channels?searchText=${encodeURIComponent(name)}`, admin);
    expect(saved.json().result.total).toBe(0);

    // Meta's own host, and the local server the operator listed, are fine.
    for (const apiBaseUrl of ['https://graph.facebook.com', graphA.url]) {
      const created = await api.post('/api/v2/channels', admin, {
        name: unique('WhatsApp'),
        type: 'whatsapp',
        direction: 'inbound',
        config: whatsappConfig(apiBaseUrl, 'token'),
      });
      expect(created.statusCode, created.body).toBe(201);
    }
  });

  it('refuses at connect a name that pointed elsewhere when it was saved (DNS rebinding)', async () => {
    rebind.toLoopback = false;
    const { channelId: mailChannel } = await deskCampaign(t, admin, {
      agents: [agent],
      channelType: 'email',
      channelConfig: emailConfig('mail.rebind.test', mailbox.port),
      config: { allowAllTickets: true, tasksPerAgent: 100 },
    });
    const { channelId: graphChannel } = await deskCampaign(t, admin, {
      agents: [agent],
      channelType: 'whatsapp',
      channelConfig: whatsappConfig(`http://graph.rebind.test:${unlisted.port}`, 'token-rebind'),
      config: { allowAllTickets: true, tasksPerAgent: 100 },
    });
    rebind.toLoopback = true;

    const email = createEmailChannel(t.ctx, t.services.inbound);
    try {
      await expect(email.poller.pollNow(mailChannel)).rejects.toThrow(/refused/);
    } finally {
      await email.stop();
    }
    expect((await channelView(mailChannel)).lastError).toBe(
      'IMAP: Atiende no se conectó a mail.rebind.test: no está permitido o apunta a una dirección local, privada o reservada',
    );
    await replyOn(mailChannel, 'cliente@cliente.test', 4);
    expect((await channelView(mailChannel, 'en')).lastError).toBe(
      'SMTP: Atiende did not connect to mail.rebind.test: it is not allowed or points to a local, private or reserved address',
    );
    expect(mailbox.state.connections).toBe(0);

    await replyOn(graphChannel, '573001112233', 4);
    expect((await channelView(graphChannel)).lastError).toBe(
      'Graph API: Atiende no se conectó a graph.rebind.test: no está permitido o apunta a una dirección local, privada o reservada',
    );
    expect(unlisted.received).toHaveLength(0);
  });

  it('refuses a provider URL stored before the policy, and answers in its own words', async () => {
    const { channelId } = await deskCampaign(t, admin, {
      agents: [agent],
      channelType: 'telegram',
      channelConfig: { botUsername: '@TiendaBot', botToken: 'bot-token', apiBaseUrl: graphA.url },
    });
    const channel = await channelsRepo.find(t.ctx.db, channelId);
    await channelsRepo.update(t.ctx.db, channelId, {
      config: { ...channel?.config, apiBaseUrl: 'http://169.254.169.254/latest' },
    });
    const refused = await api.post(`/api/v2/channels/${channelId}/telegram-webhook`, admin, {}, 'en');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'TELEGRAM.REFUSED',
      message:
        'Atiende did not connect to 169.254.169.254: it is not allowed or points to a local, private or reserved address',
    });
  });

  it('never sends a secret saved for one host to another: a changed host needs its secret again', async () => {
    const { channelId } = await deskCampaign(t, admin, {
      agents: [agent],
      channelType: 'whatsapp',
      channelConfig: whatsappConfig(graphA.url, 'token-for-a'),
      config: { allowAllTickets: true, tasksPerAgent: 100 },
    });
    await replyOn(channelId, '573004445566', 1);
    expect(graphA.received.at(-1)?.authorization).toBe('Bearer token-for-a');

    const moved = await api.put(
      `/api/v2/channels/${channelId}`,
      admin,
      await editBody(channelId, { apiBaseUrl: graphB.url }),
    );
    expect(moved.statusCode).toBe(422);
    expect(fieldsOf(moved)).toEqual({
      'config.accessToken': 'Escriba de nuevo este secreto: cambió el servidor al que se envía',
    });
    expect((await channelView(channelId)).config.apiBaseUrl).toBe(graphA.url);

    const withToken = await api.put(
      `/api/v2/channels/${channelId}`,
      admin,
      await editBody(channelId, { apiBaseUrl: graphB.url, accessToken: 'token-for-b' }),
    );
    expect(withToken.statusCode, withToken.body).toBe(200);
    // The secrets Atiende never sends anywhere (they check Meta's calls to Atiende) stay.
    expect(withToken.json().result.secretsSet).toEqual(['accessToken', 'appSecret', 'verifyToken']);
    await replyOn(channelId, '573004445567', 1);
    expect(graphB.received.at(-1)?.authorization).toBe('Bearer token-for-b');
    expect(JSON.stringify(graphB.received)).not.toContain('token-for-a');
  });

  it('clears an optional secret bound to the old host, so the new one never gets it', async () => {
    const { channelId } = await deskCampaign(t, admin, {
      agents: [agent],
      channelType: 'telegram',
      channelConfig: { botUsername: '@TiendaBot', botToken: 'bot-a', apiBaseUrl: graphA.url },
    });
    expect((await api.post(`/api/v2/channels/${channelId}/telegram-webhook`, admin)).statusCode).toBe(200);
    const first = graphA.received.at(-1);
    expect(first?.url).toBe('/botbot-a/setWebhook');
    const oldSecret = JSON.parse(first?.body ?? '{}').secret_token as string;
    expect(oldSecret).toMatch(/^[A-Za-z0-9_-]{20,}$/);

    const moved = await api.put(
      `/api/v2/channels/${channelId}`,
      admin,
      await editBody(channelId, { apiBaseUrl: graphB.url, botToken: 'bot-b' }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().result.secretsSet).toEqual(['botToken']);
    expect((await api.post(`/api/v2/channels/${channelId}/telegram-webhook`, admin)).statusCode).toBe(200);
    const second = graphB.received.at(-1);
    expect(second?.url).toBe('/botbot-b/setWebhook');
    expect(JSON.parse(second?.body ?? '{}').secret_token).not.toBe(oldSecret);
    expect(JSON.stringify(graphB.received)).not.toContain(oldSecret);
    expect(JSON.stringify(graphB.received)).not.toContain('bot-a');
  });

  it('asks again only for the password of the mail server that changed', async () => {
    const created = await api.post('/api/v2/channels', admin, {
      name: unique('Correo'),
      type: 'email',
      direction: 'inbound',
      config: emailConfig('mail.example.com', 993),
    });
    expect(created.statusCode, created.body).toBe(201);
    const channelId = created.json().result.id as number;
    const newImap = await api.put(
      `/api/v2/channels/${channelId}`,
      admin,
      await editBody(channelId, { imapHost: 'imap.example.com' }),
    );
    expect(fieldsOf(newImap)).toEqual({
      'config.imapPassword': 'Escriba de nuevo este secreto: cambió el servidor al que se envía',
    });
    const newPort = await api.put(`/api/v2/channels/${channelId}`, admin, await editBody(channelId, { smtpPort: 465 }));
    expect(fieldsOf(newPort)).toEqual({
      'config.smtpPassword': 'Escriba de nuevo este secreto: cambió el servidor al que se envía',
    });
    const renamed = await api.put(`/api/v2/channels/${channelId}`, admin, {
      ...(await editBody(channelId, {})),
      name: unique('Correo renombrado'),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().result.secretsSet).toEqual(['imapPassword', 'smtpPassword']);
  });
});
