import {
  idParamSchema,
  ruleExecutionsQuerySchema,
  slaRecordPageSchema,
  slaRuleBodySchema,
  slaRuleListQuerySchema,
  slaRulePageSchema,
  slaRuleSchema,
  ticketSlaSchema,
} from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { success } from '../../platform/http/envelope.js';
import { created, ok } from '../../platform/http/openapi.js';
import { assertHoldsAny } from '../../policies/automation.js';
import { automationOptionsSchema } from './automation.routes.js';
import type { SlaService } from './sla.service.js';

export async function slaRoutes(app: FastifyInstance, sla: SlaService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['SLA'];
  const saved = { messageKey: 'automation.sla.saved' as const };

  api.get(
    '/sla-rules/options',
    {
      // Any of the module's permissions (policies/automation.ts): every page of it builds conditions.
      config: { authenticated: true },
      schema: {
        tags,
        operationId: 'slaRuleOptions',
        summary:
          'What the SLA rules’ condition builder offers: campaigns the caller manages, and one campaign’s fields',
        querystring: z.object({ campaignId: z.coerce.number().int().positive().optional() }),
        response: ok(automationOptionsSchema),
      },
    },
    async (request) => {
      const actor = requireAuth(request);
      assertHoldsAny(actor, ['ver-menu-sla-rule', 'agregar-sla-rule', 'editar-sla-rule']);
      return success(request, await sla.options(actor, request.query.campaignId));
    },
  );

  api.get(
    '/sla-rules',
    {
      config: { permission: 'ver-menu-sla-rule|editar-sla-rule' },
      schema: {
        tags,
        operationId: 'listSlaRules',
        summary: 'SLA rules of the campaigns the caller manages, by id (keyset: `after` the last id)',
        querystring: slaRuleListQuerySchema,
        response: ok(slaRulePageSchema),
      },
    },
    async (request) => success(request, await sla.list(requireAuth(request), request.query)),
  );

  api.post(
    '/sla-rules',
    {
      config: { permission: 'agregar-sla-rule' },
      schema: {
        tags,
        operationId: 'createSlaRule',
        summary: 'Create an SLA rule (the campaign’s open tickets follow it from now on)',
        body: slaRuleBodySchema,
        response: created(slaRuleSchema),
      },
    },
    async (request, reply) =>
      reply.code(201).send(success(request, await sla.create(requireAuth(request), request.body), saved)),
  );

  api.get(
    '/sla-rules/:id',
    {
      config: { permission: 'ver-menu-sla-rule|editar-sla-rule' },
      schema: {
        tags,
        operationId: 'getSlaRule',
        summary: 'One SLA rule',
        params: idParamSchema,
        response: ok(slaRuleSchema),
      },
    },
    async (request) => success(request, await sla.get(requireAuth(request), request.params.id)),
  );

  api.put(
    '/sla-rules/:id',
    {
      config: { permission: 'editar-sla-rule' },
      schema: {
        tags,
        operationId: 'updateSlaRule',
        summary: 'Update an SLA rule (the campaign’s open tickets’ deadlines are computed again)',
        params: idParamSchema,
        body: slaRuleBodySchema,
        response: ok(slaRuleSchema),
      },
    },
    async (request) => success(request, await sla.update(requireAuth(request), request.params.id, request.body), saved),
  );

  api.delete(
    '/sla-rules/:id',
    {
      config: { permission: 'editar-sla-rule' },
      schema: {
        tags,
        operationId: 'deleteSlaRule',
        summary: 'Delete an SLA rule and its breach records',
        params: idParamSchema,
        response: ok(z.object({ id: z.number().int() })),
      },
    },
    async (request) =>
      success(request, await sla.remove(requireAuth(request), request.params.id), {
        messageKey: 'automation.sla.deleted',
      }),
  );

  api.get(
    '/sla-rules/:id/records',
    {
      config: { permission: 'ver-menu-sla-rule|editar-sla-rule' },
      schema: {
        tags,
        operationId: 'listSlaRecords',
        summary: 'A rule’s breaches, newest first (keyset: `before` the last id)',
        params: idParamSchema,
        querystring: ruleExecutionsQuerySchema,
        response: ok(slaRecordPageSchema),
      },
    },
    async (request) => success(request, await sla.records(requireAuth(request), request.params.id, request.query)),
  );

  api.get(
    '/tickets/:id/sla',
    {
      config: { permission: 'ver-caso' },
      schema: {
        tags,
        operationId: 'getTicketSla',
        summary: 'The SLA a ticket follows: its rule and each metric’s deadline and state',
        params: idParamSchema,
        response: ok(ticketSlaSchema),
      },
    },
    async (request) => success(request, await sla.ticketSla(requireAuth(request), request.params.id)),
  );
}
