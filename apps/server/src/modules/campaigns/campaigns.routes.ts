import {
  auditEntrySchema,
  campaignBodySchema,
  campaignListItemSchema,
  campaignListQuerySchema,
  campaignSchema,
  idParamSchema,
  pageSchema,
  userCampaignSchema,
} from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { success } from '../../platform/http/envelope.js';
import { created, ok } from '../../platform/http/openapi.js';
import type { CampaignsService } from './campaigns.service.js';

export async function campaignsRoutes(app: FastifyInstance, campaigns: CampaignsService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Campaigns'];

  api.get(
    '/campaigns',
    {
      config: { permission: 'ver-menu-campanas' },
      schema: {
        tags,
        operationId: 'listCampaigns',
        summary: 'List the campaigns the caller may see, by page',
        querystring: campaignListQuerySchema,
        response: ok(pageSchema(campaignListItemSchema)),
      },
    },
    async (request) => success(request, await campaigns.list(requireAuth(request), request.query)),
  );
  api.post(
    '/campaigns',
    {
      config: { permission: 'agregar-campana' },
      schema: {
        tags,
        operationId: 'createCampaign',
        summary: 'Create a campaign with its channels, agents, supervisors, scripts and rules',
        body: campaignBodySchema,
        response: created(campaignSchema),
      },
    },
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
    {
      config: { permission: 'ver-menu-campanas|ver-caso' },
      schema: {
        tags,
        operationId: 'getCampaign',
        summary: 'One campaign the caller works in or manages',
        params: idParamSchema,
        response: ok(campaignSchema),
      },
    },
    async (request) => success(request, await campaigns.get(requireAuth(request), request.params.id)),
  );
  api.put(
    '/campaigns/:id',
    {
      config: { permission: 'editar-campana' },
      schema: {
        tags,
        operationId: 'updateCampaign',
        summary: 'Update a campaign',
        params: idParamSchema,
        body: campaignBodySchema,
        response: ok(campaignSchema),
      },
    },
    async (request) =>
      success(request, await campaigns.update(requireAuth(request), request.params.id, request.body), {
        messageKey: 'campaigns.saved',
      }),
  );
  api.get(
    '/campaigns/:id/audit',
    {
      config: { permission: 'ver-auditoria' },
      schema: {
        tags,
        operationId: 'listCampaignAudit',
        summary: 'The audit log of a campaign, newest first',
        params: idParamSchema,
        response: ok(z.array(auditEntrySchema)),
      },
    },
    async (request) => success(request, await campaigns.audit(request.params.id)),
  );
  // The spec's call for the header's campaign switcher.
  const listOwn = {
    tags,
    operationId: 'listOwnCampaigns',
    summary: 'The signed-in user’s campaigns and role in each (the header’s switcher)',
    response: ok(z.array(userCampaignSchema)),
  };
  api.get('/supervision/obtenerCampanas', { config: { authenticated: true }, schema: listOwn }, async (request) =>
    success(request, await campaigns.ofUser(requireAuth(request))),
  );
}
