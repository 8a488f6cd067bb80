import { CODES, type Envelope, type FieldError } from '@atiende/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { isDatabaseUnavailable } from '../db/errors.js';
import { isMessageKey, type MessageKey, translate } from '../i18n/messages.js';
import { isInvalidTextIssue, translateIssues } from '../i18n/validation.js';
import { AppError } from './errors.js';

/**
 * Invalid input: a body is 422 (the content is wrong), a query or path parameter is 400 (the request is wrong),
 * except characters that are not text (NUL, control characters, lone surrogates), refused as content (422) anywhere.
 */
export class RequestValidationError extends Error {
  constructor(
    readonly issues: readonly z.core.$ZodIssue[],
    readonly part: string = 'body',
  ) {
    super('validation');
  }
}

function errorEnvelope(
  request: FastifyRequest,
  code: string,
  messageKey: MessageKey,
  params?: Record<string, string | number>,
  fields?: FieldError[],
): Envelope<{ fields: FieldError[] } | null> {
  return {
    statusResult: false,
    status: 'ERROR',
    code,
    message: translate(request.locale, messageKey, params),
    result: fields ? { fields } : null,
  };
}

/** Maps Fastify's own failures (body parsing, limits) to our codes and translated messages. */
const FRAMEWORK_ERRORS: Record<string, { status: number; code: string; key: MessageKey }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: CODES.BAD_REQUEST, key: 'errors.malformedJson' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: CODES.BAD_REQUEST, key: 'errors.malformedJson' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: CODES.PAYLOAD_TOO_LARGE, key: 'errors.payloadTooLarge' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: CODES.BAD_REQUEST, key: 'errors.unsupportedMediaType' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: CODES.BAD_REQUEST, key: 'errors.badRequest' },
};

export function registerErrorHandling(
  app: FastifyInstance,
  onRouteNotFound: (request: FastifyRequest, reply: FastifyReply) => unknown,
) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const fields = error.fields?.map((field) => ({
        field: field.field,
        message: isMessageKey(field.message) ? translate(request.locale, field.message) : field.message,
      }));
      return reply
        .code(error.statusCode)
        .send(errorEnvelope(request, error.code, error.messageKey, error.params, fields));
    }
    const validation = error instanceof RequestValidationError ? error : (error.cause as unknown);
    if (validation instanceof RequestValidationError) {
      const fields = translateIssues(validation.issues, request.locale);
      const status = validation.part === 'body' || validation.issues.some(isInvalidTextIssue) ? 422 : 400;
      return reply.code(status).send(errorEnvelope(request, CODES.VALIDATION, 'errors.validation', {}, fields));
    }
    if (error.statusCode === 429) {
      return reply.code(429).send(errorEnvelope(request, CODES.RATE_LIMITED, 'errors.rateLimited'));
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (known) return reply.code(known.status).send(errorEnvelope(request, known.code, known.key));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send(errorEnvelope(request, CODES.BAD_REQUEST, 'errors.badRequest'));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send(errorEnvelope(request, CODES.SERVICE_UNAVAILABLE, 'errors.databaseUnavailable'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(errorEnvelope(request, CODES.INTERNAL, 'errors.internal'));
  });
  app.setNotFoundHandler((request, reply) => onRouteNotFound(request, reply));
}

export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send(errorEnvelope(request, CODES.NOT_FOUND, 'errors.routeNotFound'));
}
