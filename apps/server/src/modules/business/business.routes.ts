import {
  auditEntrySchema,
  businessSchema,
  dialogflowSettingsBodySchema,
  updateBusinessBodySchema,
} from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditRepo } from '../../platform/audit/audit.repo.js';
import type { AppContext } from '../../platform/context.js';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { success } from '../../platform/http/envelope.js';
import { MULTIPART, ok } from '../../platform/http/openapi.js';
import { readImageUpload } from '../../platform/http/uploads.js';
import type { BusinessService } from './business.service.js';

export async function businessRoutes(app: FastifyInstance, ctx: AppContext, business: BusinessService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Business'];
  // Public: the login page shows the business name, logo and theme before anyone signs in.
  const getBusiness = {
    tags,
    operationId: 'getBusiness',
    summary: 'The business profile, integrations and shell configuration',
    response: ok(businessSchema),
  };
  api.get('/empresa', { config: { public: true }, schema: getBusiness }, async (request) =>
    success(request, await business.profile()),
  );

  api.put(
    '/empresa',
    {
      config: { permission: 'editar-perfil-empresa' },
      schema: {
        tags,
        operationId: 'updateBusiness',
        summary: 'Update the business profile, integrations and configuration',
        body: updateBusinessBodySchema,
        response: ok(businessSchema),
      },
    },
    async (request) =>
      success(request, await business.update(requireAuth(request).userId, request.body), {
        messageKey: 'business.saved',
      }),
  );

  api.put(
    '/empresa/dialogflow',
    {
      config: { permission: 'editar-perfil-empresa' },
      schema: {
        tags,
        operationId: 'setBusinessDialogflow',
        summary: 'The bots’ Dialogflow key (write-only JSON of a service account; empty keeps it) and endpoint',
        body: dialogflowSettingsBodySchema,
        response: ok(businessSchema),
      },
    },
    async (request) =>
      success(request, await business.setDialogflow(requireAuth(request).userId, request.body), {
        messageKey: 'business.dialogflowSaved',
      }),
  );

  const replaceLogo = {
    tags,
    operationId: 'replaceBusinessLogo',
    summary: 'Replace the business logo (multipart `file`: PNG, JPEG or WebP)',
    consumes: MULTIPART,
    response: ok(businessSchema),
  };
  api.post(
    '/empresa/logo',
    { config: { permission: 'editar-perfil-empresa' }, schema: replaceLogo },
    async (request) => {
      const upload = await readImageUpload(request);
      return success(request, await business.replaceLogo(requireAuth(request).userId, upload), {
        messageKey: 'business.saved',
      });
    },
  );

  const listAudit = {
    tags,
    operationId: 'listBusinessAudit',
    summary: 'The audit log of the business profile, newest first',
    response: ok(z.array(auditEntrySchema)),
  };
  api.get('/empresa/audit', { config: { permission: 'ver-auditoria' }, schema: listAudit }, async (request) => {
    const profile = await business.profile();
    return success(request, await auditRepo.list(ctx.db, 'business', profile.id));
  });
}
