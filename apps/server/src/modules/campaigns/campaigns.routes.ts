import { campaignBodySchema, campaignListQuerySchema, idParamSchema } from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { success } from '../../platform/http/envelope.js';
import type { CampaignsService } from './campaigns.service.js';

export async function campaignsRoutes(app: FastifyInstance, campaigns: CampaignsService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/campaigns',
    { config: { permission: 'ver-menu-campanas' }, schema: { querystring: campaignListQuerySchema } },
    async (request) => success(request, await campaigns.list(requireAuth(request), request.query)),
  );
  api.post(
    '/campaigns',
    { config: { permission: 'agregar-campana' }, schema: { body: campaignBodySchema } },
    async (request, reply) =>
      reply.code(201).send(
        success(request, await campaigns.create(requireAuth(request), request.body), {
          messageKey: 'campaigns.saved',
        }),
      ),
  );
  // Agents read the campaigns they work in (ticket view: scripts, custom tabs, rules).
  api.get(
    '/campaigns/:id',
    { config: { permission: 'ver-menu-campanas|ver-caso' }, schema: { params: idParamSchema } },
    async (request) => success(request, await campaigns.get(requireAuth(request), request.params.id)),
  );
  api.put(
    '/campaigns/:id',
    { config: { permission: 'editar-campana' }, schema: { params: idParamSchema, body: campaignBodySchema } },
    async (request) =>
      success(request, await campaigns.update(requireAuth(request), request.params.id, request.body), {
        messageKey: 'campaigns.saved',
      }),
  );
  api.get(
    '/campaigns/:id/audit',
    { config: { permission: 'ver-auditoria' }, schema: { params: idParamSchema } },
    async (request) => success(request, await campaigns.audit(request.params.id)),
  );
  // The spec's call for the header's campaign switcher.
  api.get('/supervision/obtenerCampanas', { config: { authenticated: true } }, async (request) =>
    success(request, await campaigns.ofUser(requireAuth(request))),
  );
}
