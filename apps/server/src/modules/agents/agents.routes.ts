import {
  agentStateSchema,
  agentStatusBodySchema,
  agentStatusLogEntrySchema,
  forceStatusBodySchema,
  idParamSchema,
  ownQueueSchema,
  queueSnapshotSchema,
  stateListItemSchema,
  supervisedAgentSchema,
} from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { success } from '../../platform/http/envelope.js';
import { ok, refusals } from '../../platform/http/openapi.js';
import type { AgentsService } from './agents.service.js';

export async function agentsRoutes(app: FastifyInstance, agents: AgentsService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const changed = { messageKey: 'agents.statusChanged' as const };
  const tags = ['Agents'];

  // The spec's list of states: pause reasons plus L, which the client leaves out of the pause menu.
  const listStates = {
    tags,
    operationId: 'listAgentStates',
    summary: 'The pause reasons, plus L (login)',
    response: ok(z.array(stateListItemSchema)),
  };
  api.get('/listaestados/simple', { config: { authenticated: true }, schema: listStates }, async (request) =>
    success(request, agents.states()),
  );
  const getOwnState = {
    tags,
    operationId: 'getOwnAgentState',
    summary: 'The signed-in agent’s current status',
    response: ok(agentStateSchema),
  };
  api.get('/supervision/agente/estado', { config: { authenticated: true }, schema: getOwnState }, async (request) =>
    success(request, await agents.current(requireAuth(request))),
  );
  api.post(
    '/supervision/agente/estado',
    {
      config: { permission: 'cambiar-estado-usuario' },
      schema: {
        tags,
        operationId: 'changeOwnAgentState',
        summary: 'Change the signed-in agent’s status (the agent menu’s transitions only)',
        body: agentStatusBodySchema,
        response: { ...ok(agentStateSchema), ...refusals(409) },
      },
    },
    async (request) => success(request, await agents.report(requireAuth(request), request.body), changed),
  );
  const getOwnQueue = {
    tags,
    operationId: 'getOwnQueue',
    summary: 'The signed-in agent’s campaigns: waiting work and their own open tickets against the campaign’s limit',
    response: ok(ownQueueSchema),
  };
  api.get('/supervision/agente/cola', { config: { authenticated: true }, schema: getOwnQueue }, async (request) =>
    success(request, await agents.ownQueue(requireAuth(request))),
  );
  const listAgents = {
    tags,
    operationId: 'listSupervisedAgents',
    summary: 'The agents of the supervisor’s campaigns with their live status and counters',
    response: ok(z.array(supervisedAgentSchema)),
  };
  api.get(
    '/supervision/agentes',
    { config: { permission: 'ver-supervision-usuarios' }, schema: listAgents },
    async (request) => success(request, await agents.agents(requireAuth(request))),
  );
  api.post(
    '/supervision/agentes/:id/estado',
    {
      config: { permission: 'forzar-estado-agente' },
      schema: {
        tags,
        operationId: 'forceAgentState',
        summary: 'Force an agent of the supervisor’s campaigns into a status',
        params: idParamSchema,
        body: forceStatusBodySchema,
        response: ok(agentStateSchema),
      },
    },
    async (request) =>
      success(request, await agents.force(requireAuth(request), request.params.id, request.body), changed),
  );
  api.get(
    '/supervision/agentes/:id/historial',
    {
      config: { permission: 'ver-supervision-usuarios' },
      schema: {
        tags,
        operationId: 'listAgentStateHistory',
        summary: 'An agent’s status changes, newest first',
        params: idParamSchema,
        response: ok(z.array(agentStatusLogEntrySchema)),
      },
    },
    async (request) => success(request, await agents.log(requireAuth(request), request.params.id)),
  );
  const listQueues = {
    tags,
    operationId: 'listQueues',
    summary: 'Live queues of the supervisor’s campaigns: waiting work, agents and service level',
    response: ok(z.array(queueSnapshotSchema)),
  };
  api.get(
    '/supervision/colas',
    { config: { permission: 'ver-supervision-colas' }, schema: listQueues },
    async (request) => success(request, await agents.queues(requireAuth(request))),
  );
}
