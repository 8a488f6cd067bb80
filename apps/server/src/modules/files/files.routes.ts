import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { errors } from '../../platform/http/errors.js';
import { file, refusals } from '../../platform/http/openapi.js';
import { CONTENT_TYPES } from '../../platform/storage.js';

/**
 * Only these stored folders are public (avatars, the business logo, the knowledge base's article images, which the
 * public help site shows); names inside are random.
 */
const PUBLIC_PATTERNS = [
  /^usuario\/\d+\/perfil\/[a-f0-9]{24}\.(png|jpg|webp)$/,
  /^empresa\/[a-f0-9]{24}\.(png|jpg|webp)$/,
  /^kb\/[a-f0-9]{24}\.(png|jpg|webp)$/,
];

export async function filesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const schema = {
    tags: ['Files'],
    operationId: 'getPublicFile',
    summary: 'A public stored image: a user’s picture, the business logo or a knowledge-base article’s image',
    response: { 200: file('The image', ['image/png', 'image/jpeg', 'image/webp']), ...refusals(404) },
  };
  app.get('/files/*', { config: { public: true }, schema }, async (request, reply) => {
    const storedPath = (request.params as { '*': string })['*'];
    if (!PUBLIC_PATTERNS.some((pattern) => pattern.test(storedPath))) throw errors.notFound();
    const absolute = ctx.storage.absolutePath(storedPath);
    if (!absolute || !fs.existsSync(absolute)) throw errors.notFound();
    const contentType = CONTENT_TYPES[path.extname(absolute).slice(1)] ?? 'application/octet-stream';
    return reply
      .header('content-type', contentType)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'public, max-age=86400')
      .header('content-disposition', `inline; filename="${path.basename(absolute)}"`)
      .send(fs.createReadStream(absolute));
  });
}
