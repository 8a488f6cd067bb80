import { softphoneCredentialsSchema, voiceStatusSchema } from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
}
