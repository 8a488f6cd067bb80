import { CODES, type Envelope } from '@atiende/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MessageKey } from '../i18n/messages.js';
import { translate } from '../i18n/messages.js';

/** Builds the spec's success envelope, translated for this request. */
export function success<T>(
  request: FastifyRequest,
  result: T,
  options: { code?: string; messageKey?: MessageKey; params?: Record<string, string | number> } = {},
): Envelope<T> {
  return {
    statusResult: true,
    status: 'OK',
    code: options.code ?? CODES.OK,
    message: translate(request.locale, options.messageKey ?? 'ok', options.params),
    result,
  };
}

export function sendEnvelope<T>(reply: FastifyReply, statusCode: number, envelope: Envelope<T>): FastifyReply {
  return reply.code(statusCode).send(envelope);
}
