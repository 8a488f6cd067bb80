import { updateBusinessBodySchema } from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditRepo } from '../../platform/audit/audit.repo.js';
import type { AppContext } from '../../platform/context.js';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { success } from '../../platform/http/envelope.js';
import { readImageUpload } from '../../platform/http/uploads.js';
import type { BusinessService } from './business.service.js';

export async function businessRoutes(app: FastifyInstance, ctx: AppContext, business: BusinessService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Public: the login page shows the business name, logo and theme before anyone signs in.
  api.get('/empresa', { config: { public: true } }, async (request) => success(request, await business.profile()));

  api.put(
    '/empresa',
    { config: { permission: 'editar-perfil-empresa' }, schema: { body: updateBusinessBodySchema } },
    async (request) =>
      success(request, await business.update(requireAuth(request).userId, request.body), {
        messageKey: 'business.saved',
      }),
  );

  api.post('/empresa/logo', { config: { permission: 'editar-perfil-empresa' } }, async (request) => {
    const upload = await readImageUpload(request);
    return success(request, await business.replaceLogo(requireAuth(request).userId, upload), {
      messageKey: 'business.saved',
    });
  });

  api.get('/empresa/audit', { config: { permission: 'ver-auditoria' } }, async (request) => {
    const profile = await business.profile();
    return success(request, await auditRepo.list(ctx.db, 'business', profile.id));
  });
}
