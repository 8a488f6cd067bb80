import { CODES, type FieldError } from '@atiende/contracts';
import type { MessageKey } from '../i18n/messages.js';

/** An expected failure: carries the HTTP status, the stable code and the message key translated per request. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly messageKey: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly fields?: FieldError[],
  ) {
    super(messageKey);
  }
}

export const errors = {
  unauthenticated: () => new AppError(401, CODES.UNAUTHENTICATED, 'auth.unauthenticated'),
  forbidden: () => new AppError(403, CODES.FORBIDDEN, 'errors.forbidden'),
  notFound: () => new AppError(404, CODES.NOT_FOUND, 'errors.notFound'),
  conflict: (messageKey: MessageKey = 'errors.conflict') => new AppError(409, CODES.CONFLICT, messageKey),
  badRequest: (messageKey: MessageKey = 'errors.badRequest') => new AppError(400, CODES.BAD_REQUEST, messageKey),
  /** 409 for a value that must be unique, pointing at the field that collides. */
  duplicate: (code: string, field: string, messageKey: MessageKey) =>
    new AppError(409, code, messageKey, {}, [{ field, message: messageKey }]),
  /** 422 for a value that passed the schema but breaks a rule that needs the database (unknown role, ...). */
  invalidField: (field: string, messageKey: MessageKey) =>
    new AppError(422, CODES.VALIDATION, messageKey, {}, [{ field, message: messageKey }]),
};
