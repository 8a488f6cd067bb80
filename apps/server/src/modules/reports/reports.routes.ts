import {
  createReportBodySchema,
  generatedReportPageSchema,
  generatedReportSchema,
  generatedReportsQuerySchema,
  idParamSchema,
  programmedReportBodySchema,
  programmedReportSchema,
  reportOptionsQuerySchema,
  reportOptionsSchema,
} from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { success } from '../../platform/http/envelope.js';
import { created, file, ok, refusals } from '../../platform/http/openapi.js';
import type { ReportsService } from './reports.service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const permission = 'generar-reporte';

/** An ASCII fallback name plus the UTF-8 one (RFC 6266), so a report named "Atención – marzo" keeps its name. */
function disposition(name: string): string {
  const ascii =
    name
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '') || 'report.xlsx';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Reports: generated now or programmed (docs/api/reports.md). Each caller sees and downloads only their own. */
export async function reportsRoutes(app: FastifyInstance, reports: ReportsService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Reports'];

  api.get(
    '/reports/options',
    {
      config: { permission },
      schema: {
        tags,
        operationId: 'getReportOptions',
        summary: 'The campaigns the caller may report on, and the agents of the chosen ones',
        querystring: reportOptionsQuerySchema,
        response: ok(reportOptionsSchema),
      },
    },
    async (request) => success(request, await reports.options(requireAuth(request), request.query)),
  );

  api.post(
    '/reports',
    {
      config: { permission },
      schema: {
        tags,
        operationId: 'createReport',
        summary: 'Ask for a report now: it is generated in the background (progress on the socket)',
        body: createReportBodySchema,
        response: { ...created(generatedReportSchema), ...refusals(422) },
      },
    },
    async (request, reply) => {
      const report = await reports.create(requireAuth(request), request.body, request.locale);
      return reply.code(201).send(success(request, report, { messageKey: 'reports.queued' }));
    },
  );

  api.get(
    '/reports/generated',
    {
      config: { permission },
      schema: {
        tags,
        operationId: 'listGeneratedReports',
        summary: 'The caller’s generated reports, newest first (keyset pages: `before` = the last id)',
        querystring: generatedReportsQuerySchema,
        response: ok(generatedReportPageSchema),
      },
    },
    async (request) => success(request, await reports.listGenerated(requireAuth(request), request.query)),
  );

  api.get(
    '/reports/generated/:id',
    {
      config: { permission },
      schema: {
        tags,
        operationId: 'getGeneratedReport',
        summary: 'One of the caller’s generated reports (status and progress)',
        params: idParamSchema,
        response: ok(generatedReportSchema),
      },
    },
    async (request) => success(request, await reports.getGenerated(requireAuth(request), request.params.id)),
  );

  api.get(
    '/reports/generated/:id/file',
    {
      config: { permission },
      schema: {
        tags,
        operationId: 'downloadGeneratedReport',
        summary: 'The report’s xlsx file (marks it downloaded); 410 once deleted after 30 days',
        params: idParamSchema,
        response: { 200: file('The report', [XLSX]), ...refusals(409, 410) },
      },
    },
    async (request, reply) => {
      const report = await reports.file(requireAuth(request), request.params.id);
      return reply
        .header('content-type', XLSX)
        .header('content-length', report.size)
        .header('content-disposition', disposition(report.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(report.stream);
    },
  );

  api.delete(
    '/reports/generated/:id',
    {
      config: { permission },
      schema: {
        tags,
        operationId: 'deleteGeneratedReport',
        summary: 'Delete one of the caller’s generated reports and its file',
        params: idParamSchema,
        response: ok(z.null()),
      },
    },
    async (request) => {
      await reports.deleteGenerated(requireAuth(request), request.params.id);
      return success(request, null, { messageKey: 'reports.deleted' });
    },
  );

  api.get(
    '/reports/programmed',
    {
      config: { permission },
      schema: {
        tags,
        operationId: 'listProgrammedReports',
        summary: 'The caller’s programmed reports',
        response: ok(z.array(programmedReportSchema)),
      },
    },
    async (request) => success(request, await reports.listProgrammed(requireAuth(request))),
  );

  api.post(
    '/reports/programmed',
    {
      config: { permission },
      schema: {
        tags,
        operationId: 'createProgrammedReport',
        summary: 'Programme a report: daily, weekly or monthly at an hour of the business’s clock',
        body: programmedReportBodySchema,
        response: { ...created(programmedReportSchema), ...refusals(422) },
      },
    },
    async (request, reply) => {
      const report = await reports.createProgrammed(requireAuth(request), request.body, request.locale);
      return reply.code(201).send(success(request, report, { messageKey: 'reports.programmed' }));
    },
  );

  api.put(
    '/reports/programmed/:id',
    {
      config: { permission },
      schema: {
        tags,
        operationId: 'updateProgrammedReport',
        summary: 'Change one of the caller’s programmed reports',
        params: idParamSchema,
        body: programmedReportBodySchema,
        response: { ...ok(programmedReportSchema), ...refusals(422) },
      },
    },
    async (request) =>
      success(
        request,
        await reports.updateProgrammed(requireAuth(request), request.params.id, request.body, request.locale),
        { messageKey: 'reports.programmed' },
      ),
  );

  api.delete(
    '/reports/programmed/:id',
    {
      config: { permission },
      schema: {
        tags,
        operationId: 'deleteProgrammedReport',
        summary: 'Delete one of the caller’s programmed reports (what it generated stays)',
        params: idParamSchema,
        response: ok(z.null()),
      },
    },
    async (request) => {
      await reports.deleteProgrammed(requireAuth(request), request.params.id);
      return success(request, null, { messageKey: 'reports.deleted' });
    },
  );
}
