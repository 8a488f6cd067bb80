import {
  campaignDashboardQuerySchema,
  campaignDashboardSchema,
  dashboardAgentSchema,
  userDashboardQuerySchema,
  userDashboardSchema,
} from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { success } from '../../platform/http/envelope.js';
import { ok, refusals } from '../../platform/http/openapi.js';
import type { DashboardsService } from './dashboards.service.js';

/** The user and campaign dashboards (docs/api/analytics.md). */
export async function dashboardsRoutes(app: FastifyInstance, dashboards: DashboardsService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Analytics'];

  api.get(
    '/analytics/user-dashboard',
    {
      config: { permission: 'ver-dashboard-usuario' },
      schema: {
        tags,
        operationId: 'getUserDashboard',
        summary: 'An agent’s figures for a period: the caller’s own, or a supervised agent’s',
        querystring: userDashboardQuerySchema,
        response: { ...ok(userDashboardSchema), ...refusals(404) },
      },
    },
    async (request) => success(request, await dashboards.userDashboard(requireAuth(request), request.query)),
  );

  api.get(
    '/analytics/user-dashboard/agents',
    {
      config: { permission: 'ver-dashboard-usuario' },
      schema: {
        tags,
        operationId: 'listDashboardAgents',
        summary: 'Whose user dashboard the caller may open: themselves and the agents of the campaigns they supervise',
        response: ok(z.array(dashboardAgentSchema)),
      },
    },
    async (request) => success(request, await dashboards.dashboardAgents(requireAuth(request))),
  );

  api.get(
    '/analytics/campaign-dashboard',
    {
      config: { permission: 'ver-dashboard-campana' },
      schema: {
        tags,
        operationId: 'getCampaignDashboard',
        summary: 'Figures of one or more campaigns the caller supervises, for a period',
        querystring: campaignDashboardQuerySchema,
        response: ok(campaignDashboardSchema),
      },
    },
    async (request) => success(request, await dashboards.campaignDashboard(requireAuth(request), request.query)),
  );
}
