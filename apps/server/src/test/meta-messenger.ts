import type { AddressInfo } from 'node:net';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';

export interface MessengerCall {
  path: string;
  authorization: string | undefined;
  /** `recipient` and `message` as objects, whether sent as JSON or as multipart fields. */
  body: { recipient?: { id?: string }; message?: Record<string, unknown>; messaging_type?: string };
  file: { filename: string; type: string; content: Buffer } | null;
}

/**
 * A local server that speaks the parts of Meta's Messenger Platform (Graph v21.0) Atiende uses for Messenger and
 * Instagram: send a message (JSON, or multipart with `filedata`), read a profile; plus a "CDN" serving customers'
 * files registered by the test. It records sends and can fail the next ones with a Graph error.
 */
export async function startMessengerPlatform(options: { accessToken: string; port?: number }) {
  const app = Fastify({ logger: false });
  await app.register(multipart);
  const sends: MessengerCall[] = [];
  const profiles = new Map<string, Record<string, string>>();
  const cdn = new Map<string, { content: Buffer; type: string }>();
  const failures: { status: number; code: number; message: string }[] = [];
  let sequence = 0;
  const authorized = (header: string | undefined) => header === `Bearer ${options.accessToken}`;
  const graphError = (code: number, message: string) => ({ error: { message, type: 'OAuthException', code } });

  app.post('/v21.0/:accountId/messages', async (request, reply) => {
    if (!authorized(request.headers.authorization)) return reply.code(401).send(graphError(190, 'Invalid token'));
    const call: MessengerCall = {
      path: request.url,
      authorization: request.headers.authorization,
      body: {},
      file: null,
    };
    if (request.isMultipart()) {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          call.file = { filename: part.filename, type: part.mimetype, content: await part.toBuffer() };
        } else {
          const value = String(part.value);
          (call.body as Record<string, unknown>)[part.fieldname] = value.startsWith('{') ? JSON.parse(value) : value;
        }
      }
    } else {
      call.body = request.body as MessengerCall['body'];
    }
    sends.push(call);
    const failure = failures.shift();
    if (failure) return reply.code(failure.status).send(graphError(failure.code, failure.message));
    sequence += 1;
    return { recipient_id: call.body.recipient?.id, message_id: `m_out${sequence}` };
  });

  app.get('/v21.0/:userId', async (request, reply) => {
    if (!authorized(request.headers.authorization)) return reply.code(401).send(graphError(190, 'Invalid token'));
    const profile = profiles.get((request.params as { userId: string }).userId);
    return profile ?? reply.code(400).send(graphError(100, 'Unsupported get request'));
  });

  app.get('/cdn/:name', async (request, reply) => {
    const file = cdn.get((request.params as { name: string }).name);
    return file ? reply.type(file.type).send(file.content) : reply.code(404).send('not found');
  });

  await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  const url = () => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    url,
    sends,
    setProfile(userId: string, profile: Record<string, string>) {
      profiles.set(userId, profile);
    },
    /** A customer's file on the "CDN"; returns the link a webhook would carry. */
    addCdnFile(name: string, content: Buffer, type: string) {
      cdn.set(name, { content, type });
      return `${url()}/cdn/${name}`;
    },
    failNextSend(status: number, code: number, message: string) {
      failures.push({ status, code, message });
    },
    close: () => app.close(),
  };
}
