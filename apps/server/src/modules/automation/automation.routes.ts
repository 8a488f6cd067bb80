import {
  businessRuleBodySchema,
  businessRuleListQuerySchema,
  businessRulePageSchema,
  businessRuleSchema,
  idParamSchema,
  namedRefSchema,
  ruleExecutionPageSchema,
  ruleExecutionsQuerySchema,
  rulePreviewBodySchema,
  rulePreviewSchema,
} from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { success } from '../../platform/http/envelope.js';
import { created, ok } from '../../platform/http/openapi.js';
import { assertHoldsAny } from '../../policies/automation.js';
import type { AutomationService } from './automation.service.js';

const optionsQuerySchema = z.object({ campaignId: z.coerce.number().int().positive().optional() });
/** What the builders offer (`GET /automation/options`, `GET /segmentations/options`). */
export const automationOptionsSchema = z.object({
  campaigns: z.array(namedRefSchema),
  users: z.array(namedRefSchema),
  ticketTypes: z.array(namedRefSchema),
  labels: z.array(namedRefSchema),
  channels: z.array(namedRefSchema),
  formFields: z.array(z.object({ key: z.string(), label: z.string(), type: z.string(), options: z.array(z.string()) })),
  /** Enabled message templates offered to the campaign (the "send a template" action). */
  templates: z.array(namedRefSchema),
  /** The skills catalogue (the "assign by skill" action). */
  skills: z.array(namedRefSchema),
});

export async function automationRoutes(app: FastifyInstance, automation: AutomationService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Automation'];
  const saved = { messageKey: 'automation.rules.saved' as const };

  api.get(
    '/automation/options',
    {
      // Any of the module's permissions (policies/automation.ts): every page of it builds conditions.
      config: { authenticated: true },
      schema: {
        tags,
        operationId: 'automationOptions',
        summary:
          'What the condition and action builders offer: campaigns the caller manages, and one campaign’s people, channels, types, labels and form fields',
        querystring: optionsQuerySchema,
        response: ok(automationOptionsSchema),
      },
    },
    async (request) => {
      const actor = requireAuth(request);
      assertHoldsAny(actor, ['ver-menu-business-rule', 'agregar-business-rule', 'editar-business-rule']);
      return success(request, await automation.options(actor, request.query.campaignId));
    },
  );

  api.get(
    '/business-rules',
    {
      config: { permission: 'ver-menu-business-rule|editar-business-rule' },
      schema: {
        tags,
        operationId: 'listBusinessRules',
        summary: 'Business rules of the campaigns the caller manages, by id (keyset: `after` the last id)',
        querystring: businessRuleListQuerySchema,
        response: ok(businessRulePageSchema),
      },
    },
    async (request) => success(request, await automation.list(requireAuth(request), request.query)),
  );

  api.post(
    '/business-rules',
    {
      config: { permission: 'agregar-business-rule' },
      schema: {
        tags,
        operationId: 'createBusinessRule',
        summary: 'Create a business rule',
        body: businessRuleBodySchema,
        response: created(businessRuleSchema),
      },
    },
    async (request, reply) =>
      reply.code(201).send(success(request, await automation.create(requireAuth(request), request.body), saved)),
  );

  api.post(
    '/business-rules/preview',
    {
      config: { permission: 'agregar-business-rule|editar-business-rule' },
      schema: {
        tags,
        operationId: 'previewBusinessRule',
        summary: 'How many open tickets of the campaign the conditions match now (counted up to 10,000)',
        body: rulePreviewBodySchema,
        response: ok(rulePreviewSchema),
      },
    },
    async (request) => success(request, await automation.preview(requireAuth(request), request.body)),
  );

  api.get(
    '/business-rules/:id',
    {
      config: { permission: 'ver-menu-business-rule|editar-business-rule' },
      schema: {
        tags,
        operationId: 'getBusinessRule',
        summary: 'One business rule (a webhook’s secret is never answered: `hasSecret`)',
        params: idParamSchema,
        response: ok(businessRuleSchema),
      },
    },
    async (request) => success(request, await automation.get(requireAuth(request), request.params.id)),
  );

  api.put(
    '/business-rules/:id',
    {
      config: { permission: 'editar-business-rule' },
      schema: {
        tags,
        operationId: 'updateBusinessRule',
        summary: 'Update a business rule (a webhook sent without its secret keeps the saved one)',
        params: idParamSchema,
        body: businessRuleBodySchema,
        response: ok(businessRuleSchema),
      },
    },
    async (request) =>
      success(request, await automation.update(requireAuth(request), request.params.id, request.body), saved),
  );

  api.delete(
    '/business-rules/:id',
    {
      config: { permission: 'editar-business-rule' },
      schema: {
        tags,
        operationId: 'deleteBusinessRule',
        summary: 'Delete a business rule and its executions',
        params: idParamSchema,
        response: ok(z.object({ id: z.number().int() })),
      },
    },
    async (request) =>
      success(request, await automation.remove(requireAuth(request), request.params.id), {
        messageKey: 'automation.rules.deleted',
      }),
  );

  api.get(
    '/business-rules/:id/executions',
    {
      config: { permission: 'ver-menu-business-rule|editar-business-rule' },
      schema: {
        tags,
        operationId: 'listBusinessRuleExecutions',
        summary: 'A rule’s executions, newest first (keyset: `before` the last id)',
        params: idParamSchema,
        querystring: ruleExecutionsQuerySchema,
        response: ok(ruleExecutionPageSchema),
      },
    },
    async (request) =>
      success(
        request,
        await automation.executions(requireAuth(request), request.params.id, request.query, request.locale),
      ),
  );

  api.get(
    '/tickets/:id/rule-executions',
    {
      config: { permission: 'ver-caso' },
      schema: {
        tags,
        operationId: 'listTicketRuleExecutions',
        summary: 'The business rules that ran on a ticket, newest first',
        params: idParamSchema,
        querystring: ruleExecutionsQuerySchema,
        response: ok(ruleExecutionPageSchema),
      },
    },
    async (request) =>
      success(
        request,
        await automation.ticketExecutions(requireAuth(request), request.params.id, request.query, request.locale),
      ),
  );
}
