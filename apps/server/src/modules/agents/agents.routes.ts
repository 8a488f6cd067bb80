import { agentStatusBodySchema, forceStatusBodySchema, idParamSchema } from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { success } from '../../platform/http/envelope.js';
import type { AgentsService } from './agents.service.js';

export async function agentsRoutes(app: FastifyInstance, agents: AgentsService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const changed = { messageKey: 'agents.statusChanged' as const };

  // The spec's list of states: pause reasons plus L, which the client leaves out of the pause menu.
  api.get('/listaestados/simple', { config: { authenticated: true } }, async (request) =>
    success(request, agents.states()),
  );
  api.get('/supervision/agente/estado', { config: { authenticated: true } }, async (request) =>
    success(request, await agents.current(requireAuth(request))),
  );
  api.post(
    '/supervision/agente/estado',
    { config: { permission: 'cambiar-estado-usuario' }, schema: { body: agentStatusBodySchema } },
    async (request) => success(request, await agents.report(requireAuth(request), request.body), changed),
  );
  api.get('/supervision/agentes', { config: { permission: 'ver-supervision-usuarios' } }, async (request) =>
    success(request, await agents.agents(requireAuth(request))),
  );
  api.post(
    '/supervision/agentes/:id/estado',
    { config: { permission: 'forzar-estado-agente' }, schema: { params: idParamSchema, body: forceStatusBodySchema } },
    async (request) =>
      success(request, await agents.force(requireAuth(request), request.params.id, request.body), changed),
  );
  api.get(
    '/supervision/agentes/:id/historial',
    { config: { permission: 'ver-supervision-usuarios' }, schema: { params: idParamSchema } },
    async (request) => success(request, await agents.log(requireAuth(request), request.params.id)),
  );
  api.get('/supervision/colas', { config: { permission: 'ver-supervision-colas' } }, async (request) =>
    success(request, await agents.queues(requireAuth(request))),
  );
}
