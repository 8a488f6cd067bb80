import {
  DIALER_AUDIO_MAX_BYTES,
  dialerAccountsPageSchema,
  dialerAccountsQuerySchema,
  dialerActionBodySchema,
  dialerAudienceQuerySchema,
  dialerAudienceSchema,
  dialerAudioUploadSchema,
  dialerBodySchema,
  dialerCandidatesPageSchema,
  dialerCandidatesQuerySchema,
  dialerDetailSchema,
  dialerListQuerySchema,
  dialerOptionsSchema,
  dialerPageSchema,
  dialerStatsSchema,
  idParamSchema,
} from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { sendStoredFile } from '../../platform/http/downloads.js';
import { success } from '../../platform/http/envelope.js';
import { created, file, MULTIPART, ok, refusals } from '../../platform/http/openapi.js';
import { readUpload } from '../../platform/http/uploads.js';
import type { DialersService } from './dialers.service.js';

/**
 * Dialers (docs/api/dialers.md): the form's options, audience count and accounts, the audio upload, saving and
 * editing, the list, the view with its accounts and charts, and the actions. Every route needs
 * `ver-configuracion-campana`; dialers of campaigns outside the caller's answer 404.
 */
export async function dialersRoutes(app: FastifyInstance, dialers: DialersService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Dialers'];
  const permission = 'ver-configuracion-campana' as const;

  api.get(
    '/dialers/options',
    {
      config: { permission },
      schema: {
        tags,
        operationId: 'dialerOptions',
        summary: 'What the form offers: the caller’s campaigns, names for the conditions, whether telephony is set up',
        response: ok(dialerOptionsSchema),
      },
    },
    async (request) => success(request, await dialers.options(requireAuth(request))),
  );

  api.post(
    '/dialers/audience',
    {
      config: { permission },
      schema: {
        tags,
        operationId: 'dialerAudience',
        summary: 'How many of the campaign’s accounts the filters reach with a phone, and how many have none',
        body: dialerAudienceQuerySchema,
        response: { ...ok(dialerAudienceSchema), ...refusals(422) },
      },
    },
    async (request) => success(request, await dialers.audience(requireAuth(request), request.body)),
  );

  api.post(
    '/dialers/candidates',
    {
      config: { permission },
      schema: {
        tags,
        operationId: 'dialerCandidates',
        summary: 'The matching accounts with a phone, to select from, by customer id (keyset: `after` the last id)',
        body: dialerCandidatesQuerySchema,
        response: { ...ok(dialerCandidatesPageSchema), ...refusals(422) },
      },
    },
    async (request) => success(request, await dialers.candidates(requireAuth(request), request.body)),
  );

  // The audio goes first (checked by content: WAV, MP3 or Ogg); the dialer then names the key it got.
  api.post(
    '/dialers/audio',
    {
      config: { permission },
      schema: {
        tags,
        operationId: 'uploadDialerAudio',
        summary: 'Upload a play-audio dialer’s file (multipart `file`: WAV, MP3 or OGG, recognised by content)',
        consumes: MULTIPART,
        response: { ...created(dialerAudioUploadSchema), ...refusals(413, 415) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        success(request, await dialers.uploadAudio(await readUpload(request, DIALER_AUDIO_MAX_BYTES)), {
          messageKey: 'dialers.audioUploaded',
        }),
      ),
  );

  api.post(
    '/dialers',
    {
      config: { permission },
      schema: {
        tags,
        operationId: 'createDialer',
        summary: 'Save a dialer and choose its accounts (one per phone) in the same transaction',
        body: dialerBodySchema,
        response: { ...created(dialerDetailSchema), ...refusals(422) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          success(request, await dialers.create(requireAuth(request), request.body), { messageKey: 'dialers.saved' }),
        ),
  );

  api.get(
    '/dialers',
    {
      config: { permission },
      schema: {
        tags,
        operationId: 'listDialers',
        summary: 'Dialers of the caller’s campaigns with their counters, newest first (keyset: `after` the last id)',
        querystring: dialerListQuerySchema,
        response: ok(dialerPageSchema),
      },
    },
    async (request) => success(request, await dialers.list(requireAuth(request), request.query)),
  );

  api.get(
    '/dialers/:id',
    {
      config: { permission },
      schema: {
        tags,
        operationId: 'getDialer',
        summary: 'One dialer: its configuration, status, counters and whether telephony is set up',
        params: idParamSchema,
        response: ok(dialerDetailSchema),
      },
    },
    async (request) => success(request, await dialers.get(requireAuth(request), request.params.id)),
  );

  api.put(
    '/dialers/:id',
    {
      config: { permission },
      schema: {
        tags,
        operationId: 'updateDialer',
        summary: 'Change a dialer that is not running or paused (its accounts only while it never started)',
        params: idParamSchema,
        body: dialerBodySchema,
        response: { ...ok(dialerDetailSchema), ...refusals(409, 422) },
      },
    },
    async (request) =>
      success(request, await dialers.update(requireAuth(request), request.params.id, request.body), {
        messageKey: 'dialers.saved',
      }),
  );

  api.post(
    '/dialers/:id/actions',
    {
      config: { permission },
      schema: {
        tags,
        operationId: 'actOnDialer',
        summary:
          'start, pause, stop, restart, repeat, repeatFailed or play (409 when it does not apply to the status, or telephony is not configured)',
        params: idParamSchema,
        body: dialerActionBodySchema,
        response: { ...ok(dialerDetailSchema), ...refusals(409) },
      },
    },
    async (request) =>
      success(request, await dialers.act(requireAuth(request), request.params.id, request.body.action), {
        messageKey: 'dialers.actionDone',
      }),
  );

  api.get(
    '/dialers/:id/accounts',
    {
      config: { permission },
      schema: {
        tags,
        operationId: 'listDialerAccounts',
        summary: 'A dialer’s accounts with their dialing state, by id (keyset: `after` the last id)',
        params: idParamSchema,
        querystring: dialerAccountsQuerySchema,
        response: ok(dialerAccountsPageSchema),
      },
    },
    async (request) => success(request, await dialers.accounts(requireAuth(request), request.params.id, request.query)),
  );

  api.get(
    '/dialers/:id/stats',
    {
      config: { permission },
      schema: {
        tags,
        operationId: 'getDialerStats',
        summary: 'The view’s charts: attempts per hour and accounts by dialing state',
        params: idParamSchema,
        response: ok(dialerStatsSchema),
      },
    },
    async (request) => success(request, await dialers.stats(requireAuth(request), request.params.id)),
  );

  api.get(
    '/dialers/:id/audio',
    {
      config: { permission },
      schema: {
        tags,
        operationId: 'getDialerAudio',
        summary: 'A play-audio dialer’s file',
        params: idParamSchema,
        response: { 200: file('The audio', ['audio/wav', 'audio/mpeg', 'audio/ogg']), ...refusals(404) },
      },
    },
    async (request, reply) => {
      const audio = await dialers.audioFile(requireAuth(request), request.params.id);
      return sendStoredFile(reply, { name: audio.name, contentType: audio.contentType }, audio.stream);
    },
  );
}
