import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { twilioSignature } from '../modules/sms/sms.webhook.js';

export interface TwilioSend {
  accountSid: string;
  /** The HTTP basic credentials the call carried (`AccountSid:AuthToken`), decoded. */
  credentials: string;
  fields: Record<string, string>;
  sid: string;
  /** When it arrived (epoch ms): rate limits are measured here. */
  at: number;
}

/** A Twilio id: two letters and 32 hexadecimal digits. */
export const twilioSid = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

/**
 * A local server that speaks the parts of Twilio's Programmable Messaging API Atiende uses: `POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json` (form fields, HTTP basic auth) and customers' MMS media behind
 * the same credentials. It records every send, can fail the next ones with a Twilio error, and serves media the test
 * registers.
 */
export async function startTwilioMessaging(options: { accountSid: string; authToken: string }) {
  const app = Fastify({ logger: false });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  const sends: TwilioSend[] = [];
  const media = new Map<string, { content: Buffer; contentType: string }>();
  const mediaRequests: { id: string; credentials: string | null }[] = [];
  const failures: { status: number; code: number; message: string }[] = [];
  const expected = `${options.accountSid}:${options.authToken}`;
  /** Where each accepted message's first status ("sent") goes: its StatusCallback, moved to the node that answers now. */
  let statusTarget: ((callback: string) => string) | null = null;
  /** Sends whose connection breaks before the message is taken (never recorded), then after (recorded). */
  let lostBeforeArrival = 0;
  let lostAnswers = 0;

  function reportSent(send: TwilioSend) {
    const callback = send.fields.StatusCallback;
    if (!statusTarget || !callback) return;
    const target = statusTarget;
    const params = { AccountSid: send.accountSid, MessageSid: send.sid, MessageStatus: 'sent', To: send.fields.To };
    // Like Twilio, a moment after the answer (or after the connection broke), again until a node takes it.
    const post = (tries: number) => {
      const url = target(callback);
      const { body, signature } = signedTwilioCall(url, options.authToken, params);
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
        body,
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

  const credentialsOf = (header: string | undefined) =>
    header?.startsWith('Basic ') ? Buffer.from(header.slice(6), 'base64').toString('utf8') : null;
  const unauthorized = { code: 20003, message: 'Authenticate', more_info: 'https://www.twilio.com/docs/errors/20003' };

  app.post('/2010-04-01/Accounts/:accountSid/Messages.json', async (request, reply) => {
    const { accountSid } = request.params as { accountSid: string };
    const credentials = credentialsOf(request.headers.authorization) ?? '';
    if (credentials !== expected || accountSid !== options.accountSid) {
      return reply.code(401).send({ ...unauthorized, status: 401 });
    }
    if (lostBeforeArrival > 0) {
      lostBeforeArrival -= 1;
      reply.hijack();
      request.raw.socket.destroy();
      return;
    }
    const fields = (request.body ?? {}) as Record<string, string>;
    const sid = twilioSid('SM');
    const send = { accountSid, credentials, fields, sid, at: Date.now() };
    sends.push(send);
    const failure = failures.shift();
    if (failure) {
      return reply.code(failure.status).send({ code: failure.code, message: failure.message, status: failure.status });
    }
    reportSent(send);
    if (lostAnswers > 0) {
      lostAnswers -= 1;
      reply.hijack();
      request.raw.socket.destroy();
      return;
    }
    return reply.code(201).send({
      sid,
      account_sid: accountSid,
      to: fields.To,
      from: fields.From ?? null,
      messaging_service_sid: fields.MessagingServiceSid ?? null,
      body: fields.Body,
      status: 'queued',
      num_segments: '1',
      error_code: null,
      error_message: null,
      api_version: '2010-04-01',
    });
  });

  app.get('/2010-04-01/Accounts/:accountSid/Messages/:messageSid/Media/:mediaSid', async (request, reply) => {
    const { mediaSid } = request.params as { mediaSid: string };
    const credentials = credentialsOf(request.headers.authorization);
    mediaRequests.push({ id: mediaSid, credentials });
    if (credentials !== expected) return reply.code(401).send({ ...unauthorized, status: 401 });
    const file = media.get(mediaSid);
    if (!file)
      return reply.code(404).send({ code: 20404, message: 'The requested resource was not found', status: 404 });
    return reply.type(file.contentType).send(file.content);
  });

  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = () => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    url,
    sends,
    mediaRequests,
    /** A customer's media: the URL Twilio's webhook names it by. */
    addMedia(messageSid: string, content: Buffer, contentType: string): string {
      const mediaSid = twilioSid('ME');
      media.set(mediaSid, { content, contentType });
      return `${url()}/2010-04-01/Accounts/${options.accountSid}/Messages/${messageSid}/Media/${mediaSid}`;
    },
    /**
     * Post each accepted message's "sent" status callback, signed, to where `target` moves its StatusCallback (the
     * node that answers now); null stops.
     */
    reportStatusesTo(target: ((callback: string) => string) | null) {
      statusTarget = target;
    },
    /** The next `count` sends break their connection before the message is taken: nothing is recorded or reported. */
    loseBeforeArrival(count: number) {
      lostBeforeArrival = count;
    },
    /** The next `count` sends are taken (recorded, reported) but their connection breaks before the answer. */
    loseAnswers(count: number) {
      lostAnswers = count;
    },
    /** The next send answers this Twilio error. */
    failNext(status: number, code: number, message: string) {
      failures.push({ status, code, message });
    },
    close: () => app.close(),
  };
}

/** A form as Twilio posts it to `url`, with the `X-Twilio-Signature` its auth token makes (or the one given). */
export function signedTwilioCall(url: string, authToken: string, params: Record<string, string>) {
  const body = new URLSearchParams(params).toString();
  return {
    body,
    signature: twilioSignature(authToken, url, [...new URLSearchParams(body).entries()]),
  };
}
