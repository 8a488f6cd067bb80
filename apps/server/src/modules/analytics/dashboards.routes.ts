import {
  campaignDashboardDownloadQuerySchema,
  campaignDashboardQuerySchema,
  campaignDashboardSchema,
  dashboardAgentSchema,
  userDashboardDownloadQuerySchema,
  userDashboardQuerySchema,
  userDashboardSchema,
} from '@atiende/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { success } from '../../platform/http/envelope.js';
import { file, ok, refusals } from '../../platform/http/openapi.js';
import { sheetWorkbook, widgetSheet } from './dashboards.download.js';
import type { DashboardsService } from './dashboards.service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Sends one widget's sheet as a workbook named after the widget and the period. */
async function sendSheet(reply: FastifyReply, name: string, sheet: Parameters<typeof sheetWorkbook>[0]) {
  const workbook = await sheetWorkbook(sheet);
  return reply
    .header('content-type', XLSX)
    .header('content-disposition', `attachment; filename="${name}.xlsx"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(workbook);
}

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

  api.get(
    '/analytics/user-dashboard/download',
    {
      config: { permission: 'ver-dashboard-usuario' },
      schema: {
        tags,
        operationId: 'downloadUserDashboardWidget',
        summary: 'One widget of the user dashboard as an Excel workbook (what the widget shows)',
        querystring: userDashboardDownloadQuerySchema,
        response: { 200: file('The workbook', [XLSX]), ...refusals(404) },
      },
    },
    async (request, reply) => {
      const { widget, ...query } = request.query;
      const dashboard = await dashboards.userDashboard(requireAuth(request), query);
      const name = `${widget}-${dashboard.range.from}-${dashboard.range.to}`;
      return sendSheet(reply, name, widgetSheet(widget, dashboard, request.locale));
    },
  );

  api.get(
    '/analytics/campaign-dashboard/download',
    {
      config: { permission: 'ver-dashboard-campana' },
      schema: {
        tags,
        operationId: 'downloadCampaignDashboardWidget',
        summary: 'One widget of the campaign dashboard as an Excel workbook (what the widget shows)',
        querystring: campaignDashboardDownloadQuerySchema,
        response: { 200: file('The workbook', [XLSX]) },
      },
    },
    async (request, reply) => {
      const { widget, ...query } = request.query;
      const dashboard = await dashboards.campaignDashboard(requireAuth(request), query);
      const name = `${widget}-${dashboard.range.from}-${dashboard.range.to}`;
      return sendSheet(reply, name, widgetSheet(widget, dashboard, request.locale));
    },
  );
}
