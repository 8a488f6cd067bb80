import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';

/** What the fake Graph API received: one entry per call Atiende made. */
export interface GraphCall {
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
  /** When it arrived (epoch ms): rate limits are measured here. */
  at: number;
}

export interface UploadedMedia {
  id: string;
  filename: string;
  type: string;
  content: Buffer;
}

/**
 * A local server that speaks the parts of the WhatsApp Cloud API (Graph, v21.0) Atiende uses: send a message, upload
 * media, look media up and download it. It records every call, can fail the next sends with a Graph error, and
 * serves customer media registered by the test. `sign` makes the X-Hub-Signature-256 Meta would send.
 */
export async function startWhatsappCloud(options: { accessToken: string; port?: number }) {
  const app = Fastify({ logger: false });
  await app.register(multipart);
  const sends: GraphCall[] = [];
  const uploads: UploadedMedia[] = [];
  const customerMedia = new Map<string, { content: Buffer; mimeType: string }>();
  const failures: { status: number; code: number; message: string }[] = [];
  const templates = new Map<string, { body: Record<string, unknown>; status: string; reason: string | null }>();
  const templateFailures: { status: number; code: number; message: string }[] = [];
  let sequence = 0;
  const uploadSessions = new Map<string, { appId: string; filename: string; length: number; type: string }>();
  /** Template samples uploaded for Meta's review, with the handle each got. */
  const reviewUploads: { handle: string; appId: string; filename: string; type: string; content: Buffer }[] = [];
  /** Sends whose connection breaks before the message is taken (never recorded), then after (recorded). */
  let lostBeforeArrival = 0;
  let lostAnswers = 0;
  /** Where Meta would post each accepted message's first status ("sent", with its biz_opaque_callback_data). */
  let statusWebhook: { url: string | (() => string); appSecret: string; phoneNumberId: string } | null = null;

  function reportSent(id: string, to: string, callbackData: unknown) {
    if (!statusWebhook) return;
    const { url: target, appSecret, phoneNumberId } = statusWebhook;
    const payload = webhookBody(phoneNumberId, {
      statuses: [
        {
          id,
          status: 'sent',
          timestamp: String(Math.floor(Date.now() / 1000)),
          recipient_id: to,
          ...(typeof callbackData === 'string' ? { biz_opaque_callback_data: callbackData } : {}),
        },
      ],
    });
    // Like Meta, a moment after the answer (or after the connection broke), again until it is taken.
    const post = (tries: number) => {
      fetch(typeof target === 'string' ? target : target(), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWebhook(payload, appSecret) },
        body: payload,
      })
        .then((response) => {
          if (!response.ok && tries > 1) setTimeout(() => post(tries - 1), 500);
        })
        .catch(() => {
          if (tries > 1) setTimeout(() => post(tries - 1), 500);
        });
    };
    setTimeout(() => post(60), 30);
  }

  const authorized = (header: string | undefined) => header === `Bearer ${options.accessToken}`;
  const graphError = (code: number, message: string) => ({ error: { message, type: 'OAuthException', code } });

  app.post('/v21.0/:phoneNumberId/messages', async (request, reply) => {
    if (!authorized(request.headers.authorization)) return reply.code(401).send(graphError(190, 'Invalid token'));
    if (lostBeforeArrival > 0) {
      lostBeforeArrival -= 1;
      reply.hijack();
      request.raw.socket.destroy();
      return;
    }
    sends.push({
      path: request.url,
      authorization: request.headers.authorization,
      body: request.body as never,
      at: Date.now(),
    });
    const failure = failures.shift();
    if (failure) return reply.code(failure.status).send(graphError(failure.code, failure.message));
    sequence += 1;
    const to = (request.body as { to?: string }).to ?? '';
    reportSent(
      `wamid.out${sequence}`,
      to,
      (request.body as { biz_opaque_callback_data?: unknown }).biz_opaque_callback_data,
    );
    if (lostAnswers > 0) {
      lostAnswers -= 1;
      reply.hijack();
      request.raw.socket.destroy();
      return;
    }
    return {
      messaging_product: 'whatsapp',
      contacts: [{ input: to, wa_id: to }],
      messages: [{ id: `wamid.out${sequence}` }],
    };
  });

  app.post('/v21.0/:phoneNumberId/media', async (request, reply) => {
    if (!authorized(request.headers.authorization)) return reply.code(401).send(graphError(190, 'Invalid token'));
    const fields: Record<string, string> = {};
    let file: { filename: string; content: Buffer } | null = null;
    for await (const part of request.parts()) {
      if (part.type === 'file') file = { filename: part.filename, content: await part.toBuffer() };
      else fields[part.fieldname] = String(part.value);
    }
    if (!file || fields.messaging_product !== 'whatsapp') return reply.code(400).send(graphError(100, 'Bad upload'));
    sequence += 1;
    const id = `media-out-${sequence}`;
    uploads.push({ id, filename: file.filename, type: fields.type ?? '', content: file.content });
    return { id };
  });

  // Graph's resumable upload (a template's media sample): a session on the app, then the bytes with `file_offset`.
  app.addContentTypeParser(
    ['image/jpeg', 'image/png', 'application/pdf', 'video/mp4'],
    { parseAs: 'buffer', bodyLimit: 20 * 1024 * 1024 },
    (_request, body, done) => done(null, body),
  );
  app.post('/v21.0/:appId/uploads', async (request, reply) => {
    if (!authorized(request.headers.authorization)) return reply.code(401).send(graphError(190, 'Invalid token'));
    const query = request.query as { file_name?: string; file_length?: string; file_type?: string };
    if (!query.file_length || !query.file_type) return reply.code(400).send(graphError(100, 'Invalid parameter'));
    sequence += 1;
    const id = `upload:session${sequence}`;
    uploadSessions.set(id, {
      appId: (request.params as { appId: string }).appId,
      filename: query.file_name ?? '',
      length: Number(query.file_length),
      type: query.file_type,
    });
    return { id: `${id}?sig=ARZ${sequence}` };
  });
  app.post('/v21.0/:session', async (request, reply) => {
    const { session } = request.params as { session: string };
    const known = uploadSessions.get(session);
    if (!known) return reply.code(404).send(graphError(100, 'Unknown upload session'));
    // The bytes go with "OAuth <token>", not Bearer, and say where they start.
    if (request.headers.authorization !== `OAuth ${options.accessToken}`) {
      return reply.code(401).send(graphError(190, 'Invalid OAuth access token'));
    }
    const content = request.body as Buffer;
    if (request.headers.file_offset !== '0' || !Buffer.isBuffer(content) || content.length !== known.length) {
      return reply.code(400).send(graphError(100, 'Invalid upload'));
    }
    sequence += 1;
    const handle = `4::handle${sequence}`;
    reviewUploads.push({ handle, appId: known.appId, filename: known.filename, type: known.type, content });
    return { h: handle };
  });

  app.post('/v21.0/:businessAccountId/message_templates', async (request, reply) => {
    if (!authorized(request.headers.authorization)) return reply.code(401).send(graphError(190, 'Invalid token'));
    const failure = templateFailures.shift();
    if (failure) return reply.code(failure.status).send(graphError(failure.code, failure.message));
    const body = request.body as { name?: string; language?: string; category?: string; components?: unknown[] };
    if (!body.name || !body.language || !body.category || !Array.isArray(body.components)) {
      return reply.code(400).send(graphError(100, 'Invalid parameter'));
    }
    sequence += 1;
    const id = `tmpl-${sequence}`;
    templates.set(id, { body: body as Record<string, unknown>, status: 'PENDING', reason: null });
    return { id, status: 'PENDING', category: body.category };
  });

  app.get('/v21.0/:mediaId', async (request, reply) => {
    if (!authorized(request.headers.authorization)) return reply.code(401).send(graphError(190, 'Invalid token'));
    const { mediaId } = request.params as { mediaId: string };
    const template = templates.get(mediaId);
    if (template) {
      return {
        id: mediaId,
        name: template.body.name,
        language: template.body.language,
        status: template.status,
        ...(template.reason ? { rejected_reason: template.reason } : {}),
      };
    }
    const media = customerMedia.get(mediaId);
    if (!media) return reply.code(404).send(graphError(100, 'Unknown media'));
    return {
      url: `${url()}/lookaside/${mediaId}`,
      mime_type: media.mimeType,
      file_size: media.content.length,
      id: mediaId,
    };
  });

  app.get('/lookaside/:mediaId', async (request, reply) => {
    if (!authorized(request.headers.authorization)) return reply.code(401).send('unauthorized');
    const media = customerMedia.get((request.params as { mediaId: string }).mediaId);
    if (!media) return reply.code(404).send('not found');
    return reply.type(media.mimeType).send(media.content);
  });

  await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  const url = () => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  return {
    url,
    sends,
    uploads,
    /** A file a customer sent: Atiende finds it by the media id of the webhook. */
    addCustomerMedia(mediaId: string, content: Buffer, mimeType: string) {
      customerMedia.set(mediaId, { content, mimeType });
    },
    reviewUploads,
    /** Templates submitted for review, by Meta id. */
    templates,
    /** Meta's review outcome, as the template lookup will report it (`APPROVED`, `REJECTED` with a reason). */
    setTemplateStatus(id: string, status: string, reason: string | null = null) {
      const template = templates.get(id);
      if (template) Object.assign(template, { status, reason });
    },
    /** The next template submission answers this Graph error. */
    failNextTemplate(status: number, code: number, message: string) {
      templateFailures.push({ status, code, message });
    },
    /** The next `count` sends break their connection before the message is taken: nothing is recorded or reported. */
    loseBeforeArrival(count: number) {
      lostBeforeArrival = count;
    },
    /** The next `count` sends are taken (recorded, reported) but their connection breaks before the answer. */
    loseAnswers(count: number) {
      lostAnswers = count;
    },
    /** Post each accepted message's "sent" status to Atiende's webhook, as Meta does (null: stop). */
    reportStatusesTo(target: { url: string | (() => string); appSecret: string; phoneNumberId: string } | null) {
      statusWebhook = target;
    },
    /** The next send answers this Graph error. */
    failNextSend(status: number, code: number, message: string) {
      failures.push({ status, code, message });
    },
    close: () => app.close(),
  };
}

export function signWebhook(body: string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
}

/** A webhook call as Meta sends it for one phone number: customer messages (with their profile) and statuses. */
export function webhookBody(
  phoneNumberId: string,
  content: {
    contacts?: { waId: string; name: string }[];
    messages?: Record<string, unknown>[];
    statuses?: Record<string, unknown>[];
  },
): string {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'waba-1',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '573001112233', phone_number_id: phoneNumberId },
              ...(content.contacts
                ? {
                    contacts: content.contacts.map((contact) => ({
                      wa_id: contact.waId,
                      profile: { name: contact.name },
                    })),
                  }
                : {}),
              ...(content.messages ? { messages: content.messages } : {}),
              ...(content.statuses ? { statuses: content.statuses } : {}),
            },
          },
        ],
      },
    ],
  });
}
