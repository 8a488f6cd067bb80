import {
  callMonitorSessionSchema,
  callMonitorSignalSchema,
  callMonitorStartSchema,
  deskPhoneBodySchema,
  deskPhoneCredentialsSchema,
  extensionCodeSchema,
  idParamSchema,
  softphoneCredentialsSchema,
  voiceStatusSchema,
} from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { success } from '../../platform/http/envelope.js';
import { ok } from '../../platform/http/openapi.js';
import { hostOf, type VoiceService } from './voice.service.js';

// docs/voice.md: any signed-in user may ask; credentials need the business's WebRTC, running telephony and an
// extension the administrator gave the user (the extension is the grant).
export async function voiceRoutes(app: FastifyInstance, voice: VoiceService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Voice'];

  api.get(
    '/voice/status',
    {
      config: { authenticated: true },
      schema: {
        tags,
        operationId: 'getVoiceStatus',
        summary: 'Whether calls can be made (WebRTC on and telephony running)',
        response: ok(voiceStatusSchema),
      },
    },
    async (request) => success(request, await voice.status()),
  );

  api.post(
    '/voice/credentials',
    {
      config: { authenticated: true },
      schema: {
        tags,
        operationId: 'createSoftphoneCredentials',
        summary: "The signed-in user's time-limited softphone (SIP and TURN) credentials",
        response: ok(softphoneCredentialsSchema),
      },
    },
    async (request) => success(request, await voice.credentials(requireAuth(request), hostOf(request.headers.host))),
  );

  // Listen, whisper, barge (docs/voice.md): the supervisor asks for a session, then both browsers set up their
  // connection through /voice/monitor, which relays each step to the other one.
  api.post(
    '/supervision/agentes/:id/monitor',
    {
      config: { permission: 'intervenir-llamadas' },
      schema: {
        tags,
        operationId: 'startCallMonitor',
        summary: 'Take part in the live call of an agent of the supervisor’s campaigns: listen, whisper or barge',
        params: idParamSchema,
        body: callMonitorStartSchema,
        response: ok(callMonitorSessionSchema),
      },
    },
    async (request) =>
      success(
        request,
        await voice.monitor.start(
          requireAuth(request),
          request.params.id,
          request.body.mode,
          hostOf(request.headers.host),
        ),
      ),
  );

  api.post(
    '/voice/monitor',
    {
      config: { authenticated: true },
      schema: {
        tags,
        operationId: 'signalCallMonitor',
        summary: 'A step of a call monitoring session (offer, answer, mode, end), relayed to the other party',
        body: callMonitorSignalSchema,
        response: ok(z.null()),
      },
    },
    async (request) => {
      await voice.monitor.signal(requireAuth(request), request.body, hostOf(request.headers.host));
      return success(request, null);
    },
  );

  // Desk phones (docs/voice.md): whoever edits users issues a phone's credentials for an extension (shown once);
  // any signed-in user asks for a code to type on a desk phone after dialling 2600.
  api.post(
    '/voice/desk-phones',
    {
      config: { permission: 'editar-usuario' },
      schema: {
        tags,
        operationId: 'createDeskPhoneCredentials',
        summary: 'SIP credentials for a desk phone holding an extension (valid a year, shown once, never stored)',
        body: deskPhoneBodySchema,
        response: ok(deskPhoneCredentialsSchema),
      },
    },
    async (request) =>
      success(request, await voice.deskPhones.credentials(request.body.extension, hostOf(request.headers.host))),
  );

  api.post(
    '/voice/extension-code',
    {
      config: { authenticated: true },
      schema: {
        tags,
        operationId: 'createExtensionCode',
        summary: 'A code to type on a desk phone after dialling 2600: the phone’s extension becomes the user’s',
        response: ok(extensionCodeSchema),
      },
    },
    async (request) => success(request, await voice.deskPhones.code(requireAuth(request))),
  );
}
