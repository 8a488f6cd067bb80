import {
  cappedPageSchema,
  idParamSchema,
  publicSurveySchema,
  singleLine,
  surveyAnalysisSchema,
  surveyBodySchema,
  surveyLinkBodySchema,
  surveyLinkSchema,
  surveyListItemSchema,
  surveyListQuerySchema,
  surveyParticipantSchema,
  surveyParticipantsQuerySchema,
  surveyResultsQuerySchema,
  surveySchema,
  surveySubmissionSchema,
} from '@atiende/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { success } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import { created, file, ok, refusals } from '../../platform/http/openapi.js';
import { browserIdentity } from './surveys.cookies.js';
import type { SurveysService } from './surveys.service.js';

/** Requests per minute and address to one link's public API (and page). */
export const SURVEY_RATE_LIMITS = { view: 120, submit: 30 } as const;

export function surveyRateLimit(max: number) {
  return {
    max,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) =>
      // The token as the store may keep it (it runs before validation: a NUL would fail the counter's insert).
      `survey|${request.ip}|${((request.params as { token?: string }).token ?? '').replace(/[^A-Za-z0-9_-]/g, '').slice(0, 64)}`,
    errorResponseBuilder: () => new AppError(429, 'RATE_LIMITED', 'errors.rateLimited'),
  };
}

export const tokenParamsSchema = z.object({ token: singleLine().min(1).max(100) });
const linksQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  sizePerPage: z.coerce.number().int().min(1).max(200).default(20),
});
const confirmationSchema = z.object({ confirmationMessage: z.string() });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// Permissions (docs/surveys.md): the spec's screen keys; every survey is the business's (no per-survey scope).
export async function surveysRoutes(
  app: FastifyInstance,
  surveys: SurveysService,
  secureCookies: boolean,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Surveys'];

  api.get(
    '/surveys',
    {
      config: { permission: 'ver-lista-encuestas' },
      schema: {
        tags,
        operationId: 'listSurveys',
        summary: 'List the surveys, with their counts of questions and responses',
        querystring: surveyListQuerySchema,
        response: ok(cappedPageSchema(surveyListItemSchema)),
      },
    },
    async (request) => success(request, await surveys.list(request.query)),
  );

  api.post(
    '/surveys',
    {
      config: { permission: 'agregar-encuesta' },
      schema: {
        tags,
        operationId: 'createSurvey',
        summary: 'Create a survey (its general link comes with it)',
        body: surveyBodySchema,
        response: created(surveySchema),
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          success(request, await surveys.create(requireAuth(request), request.body), { messageKey: 'surveys.saved' }),
        ),
  );

  api.get(
    '/surveys/:id',
    {
      config: { permission: 'ver-encuesta|editar-encuesta' },
      schema: {
        tags,
        operationId: 'getSurvey',
        summary: 'One survey: settings, questions, general link and the campaigns that send it',
        params: idParamSchema,
        response: ok(surveySchema),
      },
    },
    async (request) => success(request, await surveys.get(request.params.id)),
  );

  api.put(
    '/surveys/:id',
    {
      config: { permission: 'editar-encuesta' },
      schema: {
        tags,
        operationId: 'updateSurvey',
        summary: 'Update a survey (answers are kept by question key; a removed question is no longer analysed)',
        params: idParamSchema,
        body: surveyBodySchema,
        response: ok(surveySchema),
      },
    },
    async (request) =>
      success(request, await surveys.update(requireAuth(request), request.params.id, request.body), {
        messageKey: 'surveys.saved',
      }),
  );

  api.get(
    '/surveys/:id/links',
    {
      config: { permission: 'ver-encuesta' },
      schema: {
        tags,
        operationId: 'listSurveyLinks',
        summary: 'The survey’s personal links, newest first',
        params: idParamSchema,
        querystring: linksQuerySchema,
        response: ok(cappedPageSchema(surveyLinkSchema)),
      },
    },
    async (request) => success(request, await surveys.links(request.params.id, request.query)),
  );

  api.post(
    '/surveys/:id/links',
    {
      config: { permission: 'editar-encuesta' },
      schema: {
        tags,
        operationId: 'createSurveyLink',
        summary: 'A personal link for a customer, or for a ticket (and its customer)',
        params: idParamSchema,
        body: surveyLinkBodySchema,
        response: created(surveyLinkSchema),
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        success(request, await surveys.createLink(requireAuth(request), request.params.id, request.body), {
          messageKey: 'surveys.linkCreated',
        }),
      ),
  );

  api.get(
    '/surveys/:id/analysis',
    {
      config: { permission: 'ver-encuesta' },
      schema: {
        tags,
        operationId: 'getSurveyAnalysis',
        summary: 'The survey’s figures for a period: responses per day, per question distributions, CSAT and NPS',
        params: idParamSchema,
        querystring: surveyResultsQuerySchema,
        response: ok(surveyAnalysisSchema),
      },
    },
    async (request) => success(request, await surveys.analysis(request.params.id, request.query)),
  );

  api.get(
    '/surveys/:id/participants',
    {
      config: { permission: 'ver-encuesta' },
      schema: {
        tags,
        operationId: 'listSurveyParticipants',
        summary: 'The responses of a period with their answers, newest first',
        params: idParamSchema,
        querystring: surveyParticipantsQuerySchema,
        response: ok(cappedPageSchema(surveyParticipantSchema)),
      },
    },
    async (request) => success(request, await surveys.participants(request.params.id, request.query)),
  );

  api.get(
    '/surveys/:id/report',
    {
      config: { permission: 'ver-encuesta' },
      schema: {
        tags,
        operationId: 'downloadSurveyReport',
        summary: 'The survey’s report as an Excel workbook: a summary per question and every response',
        params: idParamSchema,
        querystring: surveyResultsQuerySchema,
        response: { 200: file('The workbook', [XLSX]) },
      },
    },
    async (request, reply) => {
      await surveys.name(request.params.id);
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': XLSX,
        'content-disposition': `attachment; filename="encuesta-${request.params.id}-${new Date().toISOString().slice(0, 10)}.xlsx"`,
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store',
      });
      try {
        await surveys.report(request.params.id, request.query, reply.raw, request.locale);
      } catch (error) {
        request.log.error({ err: error }, 'survey report failed');
        reply.raw.destroy(error as Error);
      }
    },
  );

  // The public side: a link's survey and its submissions (no login; the page at /s/:token uses the same rules).
  api.get(
    '/public/surveys/:token',
    {
      config: { public: true, rateLimit: surveyRateLimit(SURVEY_RATE_LIMITS.view) },
      schema: {
        tags,
        operationId: 'getPublicSurvey',
        summary: 'A link’s survey; the participant’s own previous answers where a new one replaces them',
        params: tokenParamsSchema,
        response: { ...ok(publicSurveySchema), ...refusals(410) },
      },
    },
    async (request, reply) => {
      const { surveyId: _surveyId, ...view } = await surveys.publicView(
        request.params.token,
        browserIdentity(request, reply, secureCookies),
      );
      reply.header('cache-control', 'no-store');
      return success(request, view);
    },
  );

  api.post(
    '/public/surveys/:token/responses',
    {
      config: { public: true, rateLimit: surveyRateLimit(SURVEY_RATE_LIMITS.submit) },
      schema: {
        tags,
        operationId: 'submitSurveyResponse',
        summary: 'Answer a link’s survey: unique refuses a second answer (409), expired links 410',
        params: tokenParamsSchema,
        body: surveySubmissionSchema,
        response: { ...ok(confirmationSchema), ...refusals(409, 410) },
      },
    },
    async (request, reply) => {
      const result = await surveys.submit(
        request.params.token,
        browserIdentity(request, reply, secureCookies),
        request.body.answers,
        request.locale,
      );
      reply.header('cache-control', 'no-store');
      return success(request, result, { messageKey: 'surveys.thanks' });
    },
  );
}
