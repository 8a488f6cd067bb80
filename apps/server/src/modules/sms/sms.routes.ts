import { EMPTY_TWIML, idParamSchema } from '@atiende/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ApiTag, file, refusals } from '../../platform/http/openapi.js';
import type { SmsChannel, TwilioCall } from './sms.service.js';

/** Twilio's webhook calls weigh a few kilobytes; a generous cap still refuses floods. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;
const FORM = 'application/x-www-form-urlencoded';
const twiml = file('Empty TwiML: Twilio sends nothing back', ['text/xml'], z.string());

/**
 * Twilio's calls to one SMS channel (public: each proves itself with `X-Twilio-Signature`): `/webhooks/sms/:id` for
 * the customers' messages and `/webhooks/sms/:id/status` for the status callbacks of Atiende's own. The signature
 * covers the public URL Twilio called and the form's exact parameters, so this scope keeps the form body as text.
 */
export async function smsRoutes(app: FastifyInstance, sms: SmsChannel): Promise<void> {
  await app.register(async (scoped) => {
    scoped.removeContentTypeParser(FORM);
    scoped.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    const api = scoped.withTypeProvider<ZodTypeProvider>();
    const tags: ApiTag[] = ['SMS'];

    /** The call as Twilio signed it: the path it called (with its query) and the raw form. */
    const callOf = (request: FastifyRequest): TwilioCall => {
      const signature = request.headers['x-twilio-signature'];
      return {
        path: request.url,
        signature: typeof signature === 'string' ? signature : undefined,
        body: request.body,
      };
    };
    const answer = (reply: FastifyReply) => reply.type('text/xml; charset=utf-8').send(EMPTY_TWIML);

    api.post(
      '/webhooks/sms/:id',
      {
        config: { public: true },
        schema: {
          tags,
          operationId: 'receiveSmsMessage',
          summary: 'Twilio’s inbound SMS/MMS webhook of a channel (proven by X-Twilio-Signature)',
          params: idParamSchema,
          consumes: [FORM],
          response: { 200: twiml, ...refusals(403) },
        },
      },
      async (request, reply) => {
        await sms.receive(request.params.id, callOf(request));
        return answer(reply);
      },
    );

    api.post(
      '/webhooks/sms/:id/status',
      {
        config: { public: true },
        schema: {
          tags,
          operationId: 'receiveSmsStatus',
          summary: 'Twilio’s status callback of a message the channel sent (proven by X-Twilio-Signature)',
          params: idParamSchema,
          consumes: [FORM],
          response: { 200: twiml, ...refusals(403) },
        },
      },
      async (request, reply) => {
        await sms.status(request.params.id, callOf(request));
        return answer(reply);
      },
    );
  });
}
