import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Files whose name holds their content's hash (Vite's assets/): a new build gives new names, never new bytes. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** index.html names the current build's files: a browser asks again every time (a 304 when unchanged). */
export const REVALIDATE_CACHE = 'no-cache';
/** The compressed siblings the web build writes next to each file (apps/web/build/compress.ts). */
export const PRECOMPRESSED_EXTENSIONS = ['.br', '.gz'] as const;

/** The logical file a served path stands for: `assets/x.js.br` is `assets/x.js`, sent brotli-encoded. */
function logicalFile(root: string, served: string): string {
  const extension = PRECOMPRESSED_EXTENSIONS.find((candidate) => served.endsWith(candidate));
  return path
    .relative(root, extension ? served.slice(0, -extension.length) : served)
    .split(path.sep)
    .join('/');
}

/** Whether the single-page app is built (`npm run build -w apps/web`). */
export function isWebAppBuilt(distDir: string): boolean {
  return fs.existsSync(path.join(distDir, 'index.html'));
}

/** A GET or HEAD under /v2 that no file answered: a client-side route of the app, answered with index.html. */
export function isWebAppPage(request: FastifyRequest): boolean {
  const url = request.raw.url ?? '';
  return (request.method === 'GET' || request.method === 'HEAD') && (url === '/v2' || url.startsWith('/v2/'));
}

/** index.html for a client-side route (the history fallback), with the headers the static route gives it. */
export function sendWebAppPage(reply: FastifyReply): FastifyReply {
  return reply.sendFile('index.html');
}

/**
 * The built single-page app under /v2/ (Vite's dist): each file as the precompressed `.br` or `.gz` the build wrote
 * beside it when the browser accepts one (Content-Encoding, the original Content-Type, `Vary: Accept-Encoding` on
 * every answer, compressed or not), hashed files under assets/ cached for a year, index.html revalidated every time
 * and the other unhashed files (shell.js, favicon.svg) with the default `max-age=0`. The compressed siblings have no
 * route of their own. GET / sends to /v2/.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/v2/',
    // One route per file, listed when the app starts (the build does not change under a running server).
    wildcard: false,
    index: false,
    preCompressed: true,
    globIgnore: PRECOMPRESSED_EXTENSIONS.map((extension) => `**/*${extension}`),
    setHeaders: (reply, filePath) => {
      const file = logicalFile(distDir, filePath);
      if (file.startsWith('assets/')) reply.header('cache-control', IMMUTABLE_CACHE);
      else if (file === 'index.html') reply.header('cache-control', REVALIDATE_CACHE);
    },
  });
  app.get('/', { config: { public: true }, schema: { hide: true } }, (_request, reply) => reply.redirect('/v2/'));
}

/**
 * Gives a scope's replies `reply.sendFile(name)` for the files of `root`, each sent as the build's `.br` or `.gz`
 * sibling when the browser accepts it, with no route of their own and no Cache-Control of their own: the routes
 * that send them set it (the omni widget's scripts).
 */
export async function servePrecompressedFiles(scope: FastifyInstance, root: string): Promise<void> {
  await scope.register(fastifyStatic, { root, serve: false, preCompressed: true, cacheControl: false });
}
