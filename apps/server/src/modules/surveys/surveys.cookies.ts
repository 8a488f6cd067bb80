import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BrowserIdentity } from './surveys.service.js';

/** One year: a browser stays the same participant of a general link. */
const MAX_AGE_SECONDS = 365 * 86_400;
const ID = /^[A-Za-z0-9_-]{22,64}$/;

const cookieName = (surveyId: number) => `atiende_survey_${surveyId}`;

function cookieValue(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) {
      const value = part.slice(at + 1).trim();
      return ID.test(value) ? value : null;
    }
  }
  return null;
}

/**
 * The general link's participant is a browser: a random id (128 bits) in an httpOnly, SameSite=Lax cookie named
 * after the survey, sent back with every later visit to the survey's page or public API.
 */
export function browserIdentity(request: FastifyRequest, reply: FastifyReply, secure: boolean): BrowserIdentity {
  return {
    get: (surveyId) => cookieValue(request, cookieName(surveyId)),
    assign: (surveyId) => {
      const id = randomBytes(16).toString('base64url');
      reply.header(
        'set-cookie',
        `${cookieName(surveyId)}=${id}; Path=/; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
      );
      return id;
    },
  };
}
