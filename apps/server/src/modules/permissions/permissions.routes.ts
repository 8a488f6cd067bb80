import { PERMISSION_CATEGORIES } from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import { success } from '../../platform/http/envelope.js';

/** The catalogue of permission keys by the permission manager's categories. */
export async function permissionsRoutes(app: FastifyInstance): Promise<void> {
  app.get('/permissions', { config: { permission: 'ver-lista-roles|editar-permisos-roles' } }, async (request) =>
    success(
      request,
      Object.entries(PERMISSION_CATEGORIES).map(([category, permissions]) => ({ category, permissions })),
    ),
  );
}
