import type { AddressInfo } from 'node:net';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';

export interface BotCall {
  method: string;
  fields: Record<string, unknown>;
  file: { field: string; filename: string; content: Buffer } | null;
}

/**
 * A local server that speaks the parts of the Telegram Bot API Atiende uses (`/bot{token}/{method}` and
 * `/file/bot{token}/{path}`): it records every call, can fail the next ones with a Bot API error, and serves
 * customers' files registered by the test.
 */
export async function startTelegramBot(options: { token: string; port?: number }) {
  const app = Fastify({ logger: false });
  await app.register(multipart);
  const calls: BotCall[] = [];
  const files = new Map<string, { path: string; content: Buffer }>();
  const failures: { code: number; description: string }[] = [];
  let sequence = 100;

  app.post('/bot:token/:method', async (request, reply) => {
    const { token, method } = request.params as { token: string; method: string };
    if (token !== options.token)
      return reply.code(401).send({ ok: false, error_code: 401, description: 'Unauthorized' });
    const call: BotCall = { method, fields: {}, file: null };
    if (request.isMultipart()) {
      for await (const part of request.parts()) {
        if (part.type === 'file')
          call.file = { field: part.fieldname, filename: part.filename, content: await part.toBuffer() };
        else call.fields[part.fieldname] = part.value;
      }
    } else {
      call.fields = (request.body ?? {}) as Record<string, unknown>;
    }
    calls.push(call);
    const failure = failures.shift();
    if (failure)
      return reply.code(failure.code).send({ ok: false, error_code: failure.code, description: failure.description });
    if (method === 'getFile') {
      const file = files.get(String(call.fields.file_id));
      if (!file)
        return reply.code(400).send({ ok: false, error_code: 400, description: 'Bad Request: invalid file_id' });
      return {
        ok: true,
        result: { file_id: call.fields.file_id, file_size: file.content.length, file_path: file.path },
      };
    }
    if (method === 'setWebhook') return { ok: true, result: true, description: 'Webhook was set' };
    sequence += 1;
    return {
      ok: true,
      result: { message_id: sequence, date: Math.floor(Date.now() / 1000), chat: { id: call.fields.chat_id } },
    };
  });

  app.get('/file/bot:token/*', async (request, reply) => {
    const { token } = request.params as { token: string };
    const path = (request.params as { '*': string })['*'];
    const file = [...files.values()].find((candidate) => candidate.path === path);
    if (token !== options.token || !file) return reply.code(404).send('not found');
    return reply.type('application/octet-stream').send(file.content);
  });

  await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  return {
    url: () => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    calls,
    /** A file a customer sent: Atiende finds it by the file id of the update. */
    addFile(fileId: string, content: Buffer) {
      files.set(fileId, { path: `documents/file_${files.size + 1}`, content });
    },
    /** The next call answers this Bot API error. */
    failNext(code: number, description: string) {
      failures.push({ code, description });
    },
    close: () => app.close(),
  };
}
