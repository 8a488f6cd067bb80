import fs from 'node:fs';
import path from 'node:path';
import {
  ATTACHMENT_MAX_BYTES,
  envelopeSchema,
  idParamSchema,
  publicWidgetSchema,
  singleLine,
  singleLineRule,
  strippedText,
  typingNoticeSchema,
  visitorHistorySchema,
  visitorMessageSchema,
  widgetVisitorSchema,
} from '@atiende/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { escapeHtml } from '../../platform/html.js';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { sendStoredFile } from '../../platform/http/downloads.js';
import { success } from '../../platform/http/envelope.js';
import { AppError, errors } from '../../platform/http/errors.js';
import { file as fileResponse, MULTIPART, ok, refusals } from '../../platform/http/openapi.js';
import { readUpload } from '../../platform/http/uploads.js';
import { servePrecompressedFiles } from '../../platform/http/web-app.js';
import { CONTENT_TYPES } from '../../platform/storage.js';
import { DEMO_AFTER_HOURS_WIDGET_NAME, DEMO_WIDGET_NAME } from '../demo/demo.widgets.js';
import { originAllowed, type WebchatService, widgetErrors } from './webchat.service.js';
import type { WidgetRow } from './widgets.repo.js';
import { widgetsRepo } from './widgets.repo.js';

/** Requests per minute, per client address and widget. */
export const WEBCHAT_RATE_LIMITS = { config: 120, visitors: 20, history: 120, messages: 30, typing: 60 } as const;

const keyParams = z.object({ publicKey: singleLine().min(1).max(40) });
const CLIENT_MESSAGE_ID = z
  .string()
  .check(singleLineRule)
  .regex(/^[A-Za-z0-9_-]{8,100}$/);
const blankToNull = (value: string | undefined) => (value ? value : null);
// What a visitor writes is kept, not refused for its characters: what is not text is removed (contracts' text rule).
const visitorBody = z.object({
  name: strippedText({ singleLine: true }).trim().max(120).optional().transform(blankToNull),
  email: z
    .union([z.literal(''), z.email().max(254)])
    .optional()
    .transform((value) => (value ? value.toLowerCase() : null)),
});
const messageBody = z.object({
  text: strippedText().trim().min(1, { message: 'i18n:messages.emptyReply' }).max(4000),
  /** The browser's id of the message: a retry with the same id is stored once. */
  clientMessageId: CLIENT_MESSAGE_ID,
});
const historyQuery = z.object({ before: z.coerce.number().int().positive().optional() });
const attachmentParams = keyParams.extend({
  messageId: z.coerce.number().int().positive(),
  attachmentId: z.coerce.number().int().positive(),
});
const imageParams = keyParams.extend({ file: z.string().regex(/^[a-f0-9]{24}\.(png|jpg|webp)$/) });

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() || null : null;
}

/**
 * The page's origin: the Origin header; browsers leave it out of same-origin GETs, which they mark
 * `Sec-Fetch-Site: same-origin` instead (a page served by this server, such as the demo site).
 */
export function requestOrigin(request: FastifyRequest, ownOrigin: string): string | undefined {
  const origin = request.headers.origin;
  if (origin) return origin;
  return request.headers['sec-fetch-site'] === 'same-origin' ? ownOrigin : undefined;
}

function rateLimit(max: number) {
  return {
    max,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) =>
      `webchat|${request.ip}|${(request.params as { publicKey?: string }).publicKey ?? ''}`,
    errorResponseBuilder: () => new AppError(429, 'RATE_LIMITED', 'errors.rateLimited'),
  };
}

/**
 * The public visitor API under /public/widgets/:publicKey (no login). Every call must come from the widget's
 * allowed origin (the browser's Origin header; 403 otherwise) and gets CORS headers for that origin only;
 * preflights are answered here. Visitors authenticate with their token (`Authorization: Bearer`).
 */
export async function webchatRoutes(app: FastifyInstance, ctx: AppContext, webchat: WebchatService): Promise<void> {
  const ownOrigin = new URL(ctx.config.publicUrl).origin;
  const widgetOf = new WeakMap<FastifyRequest, WidgetRow>();
  const widget = (request: FastifyRequest) => widgetOf.get(request) as WidgetRow;
  const tags = ['Web chat'];
  // Every visitor call: unknown widget (404), a page of another origin (403); the widget off or without chat (409).
  const widgetRefusals = refusals(403, 404, 409);
  // Calls that need the visitor's token (`Authorization: Bearer <visitorToken>` from .../visitors).
  const visitorRefusals = { ...widgetRefusals, ...refusals(401) };
  // A message: stored (201), or a retry of a clientMessageId already stored (200).
  const sentMessage = { ...ok(visitorMessageSchema), 201: envelopeSchema(visitorMessageSchema), ...visitorRefusals };

  await app.register(async (scoped) => {
    scoped.addHook('onRequest', async (request, reply) => {
      reply.header('vary', 'Origin');
      const found = await webchat.widgetByKey((request.params as { publicKey?: string }).publicKey ?? '');
      if (!found) throw errors.notFound();
      const origin = requestOrigin(request, ownOrigin);
      if (!originAllowed(found, origin)) throw widgetErrors.originNotAllowed();
      reply.header('access-control-allow-origin', origin as string);
      widgetOf.set(request, found);
    });
    const api = scoped.withTypeProvider<ZodTypeProvider>();

    const preflight = async (_request: FastifyRequest, reply: FastifyReply) =>
      reply
        .code(204)
        .header('access-control-allow-methods', 'GET, POST, OPTIONS')
        .header('access-control-allow-headers', 'authorization, content-type, x-locale')
        .header('access-control-max-age', '600')
        .send();
    // CORS preflights of the browser, not operations of the API.
    api.options('/public/widgets/:publicKey', { config: { public: true }, schema: { hide: true } }, preflight);
    api.options('/public/widgets/:publicKey/*', { config: { public: true }, schema: { hide: true } }, preflight);

    api.get(
      '/public/widgets/:publicKey',
      {
        config: { public: true, rateLimit: rateLimit(WEBCHAT_RATE_LIMITS.config) },
        schema: {
          tags,
          operationId: 'getPublicWidget',
          summary: 'The widget’s look and buttons for the embed script (from the allowed origin only)',
          params: keyParams,
          response: { ...ok(publicWidgetSchema), ...widgetRefusals },
        },
      },
      async (request) => success(request, await webchat.publicConfig(widget(request))),
    );

    api.post(
      '/public/widgets/:publicKey/visitors',
      {
        config: { public: true, rateLimit: rateLimit(WEBCHAT_RATE_LIMITS.visitors) },
        schema: {
          tags,
          operationId: 'identifyWidgetVisitor',
          summary: 'Start or resume a visitor: their token (new) and name and e-mail',
          params: keyParams,
          body: visitorBody,
          response: { ...ok(widgetVisitorSchema), ...widgetRefusals },
        },
      },
      async (request) => success(request, await webchat.identify(widget(request), bearer(request), request.body)),
    );

    api.get(
      '/public/widgets/:publicKey/messages',
      {
        config: { public: true, rateLimit: rateLimit(WEBCHAT_RATE_LIMITS.history) },
        schema: {
          tags,
          operationId: 'listWidgetVisitorMessages',
          summary: 'The visitor’s conversation, oldest first (older pages with `before`)',
          params: keyParams,
          querystring: historyQuery,
          response: { ...ok(visitorHistorySchema), ...visitorRefusals },
        },
      },
      async (request) =>
        success(request, await webchat.history(widget(request), bearer(request), request.query.before)),
    );

    api.post(
      '/public/widgets/:publicKey/messages',
      {
        config: { public: true, rateLimit: rateLimit(WEBCHAT_RATE_LIMITS.messages) },
        schema: {
          tags,
          operationId: 'sendWidgetVisitorMessage',
          summary: 'The visitor writes: stored once per clientMessageId',
          params: keyParams,
          body: messageBody,
          response: sentMessage,
        },
      },
      async (request, reply) => {
        const sent = await webchat.send(widget(request), bearer(request), request.body);
        return reply.code(sent.duplicate ? 200 : 201).send(success(request, sent.message));
      },
    );

    // A file the visitor sends (multipart `file`); the browser's id of the message rides in the query.
    api.post(
      '/public/widgets/:publicKey/messages/file',
      {
        config: { public: true, rateLimit: rateLimit(WEBCHAT_RATE_LIMITS.messages) },
        schema: {
          tags,
          operationId: 'sendWidgetVisitorFile',
          summary: 'The visitor sends a file (multipart `file`, checked by content), once per clientMessageId',
          consumes: MULTIPART,
          params: keyParams,
          querystring: z.object({ clientMessageId: CLIENT_MESSAGE_ID }),
          response: sentMessage,
        },
      },
      async (request, reply) => {
        const upload = await readUpload(request, ATTACHMENT_MAX_BYTES);
        const sent = await webchat.sendFile(widget(request), bearer(request), request.query.clientMessageId, upload);
        return reply.code(sent.duplicate ? 200 : 201).send(success(request, sent.message));
      },
    );

    // Fetched by the script with the visitor's token (not a link: the token never goes into a URL).
    api.get(
      '/public/widgets/:publicKey/messages/:messageId/attachments/:attachmentId',
      {
        config: { public: true, rateLimit: rateLimit(WEBCHAT_RATE_LIMITS.history) },
        schema: {
          tags,
          operationId: 'downloadWidgetVisitorFile',
          summary: 'A file of the visitor’s own conversation (with the visitor’s token)',
          params: attachmentParams,
          response: { 200: fileResponse('The file, with its stored content type'), ...visitorRefusals },
        },
      },
      async (request, reply) => {
        const { file, stream } = await webchat.attachmentFile(
          widget(request),
          bearer(request),
          request.params.messageId,
          request.params.attachmentId,
        );
        return sendStoredFile(reply, file, stream);
      },
    );
  });

  const api = app.withTypeProvider<ZodTypeProvider>();

  // Images load from the websites with <img> (no Origin header): public, and allowed cross-origin.
  api.get(
    '/public/widgets/:publicKey/images/:file',
    {
      config: { public: true },
      schema: {
        tags,
        operationId: 'getWidgetImage',
        summary: 'One of the widget’s images (for <img> on the websites)',
        params: imageParams,
        response: { 200: fileResponse('The image', ['image/png', 'image/jpeg', 'image/webp']) },
      },
    },
    async (request, reply) => {
      const found = await webchat.widgetByKey(request.params.publicKey);
      const absolute = found ? webchat.imagePath(found, request.params.file) : null;
      if (!absolute || !fs.existsSync(absolute)) throw errors.notFound();
      return reply
        .header('content-type', CONTENT_TYPES[path.extname(absolute).slice(1)] ?? 'application/octet-stream')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('cache-control', 'public, max-age=86400')
        .send(fs.createReadStream(absolute));
    },
  );

  // The agent is writing a reply: the ticket's web-chat visitors see it (optional for composers).
  api.post(
    '/tickets/:id/webchat-typing',
    {
      config: { permission: 'editar-caso' },
      schema: {
        tags,
        operationId: 'notifyAgentTyping',
        summary: 'The agent is writing a reply: the ticket’s web-chat visitors see it',
        params: idParamSchema,
        response: ok(typingNoticeSchema),
      },
    },
    async (request) => success(request, await webchat.agentTyping(requireAuth(request), request.params.id)),
  );
}

const AFTER_HOURS_NOTE = `<section class="hero notice">
    <h2>Fuera de horario</h2>
    <p>El chat de esta página está configurado siempre fuera de su horario de atención: quien escribe recibe la
    respuesta automática del canal, y su conversación espera en la campaña hasta que un agente que atiende el canal
    esté disponible. En Atiende, el caso dice por qué espera. El chat atendido a toda hora está en
    <a href="/demo/site">la página principal</a>.</p>
  </section>`;

/**
 * The sample customer website (demo data only): a small shop page that embeds a demo widget; the after-hours
 * variant explains that its chat is always outside business hours.
 */
export function demoSitePage(widgetScript: string, variant: 'open' | 'after-hours' = 'open'): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tienda Demo</title>
<style>
  body { margin: 0; font-family: system-ui, sans-serif; color: #1f2933; background: #f7f7f5; }
  header { background: #263238; color: #fff; padding: 18px 32px; display: flex; align-items: center; gap: 16px; }
  header h1 { margin: 0; font-size: 22px; }
  nav { margin-inline-start: auto; display: flex; gap: 20px; font-size: 15px; opacity: .85; }
  main { max-width: 980px; margin: 0 auto; padding: 32px; }
  .hero { background: #fff; border-radius: 12px; padding: 32px; margin-bottom: 24px; box-shadow: 0 1px 3px #0002; }
  .hero h2 { margin-top: 0; font-size: 28px; }
  .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(200px, 1fr)); gap: 16px; }
  .card { background: #fff; border-radius: 10px; padding: 18px; box-shadow: 0 1px 3px #0002; }
  .card .price { font-weight: 700; color: #2e7d32; }
  .thumb { height: 110px; border-radius: 8px; margin-bottom: 12px; }
  .notice { border-inline-start: 6px solid #455a64; }
  footer { text-align: center; padding: 32px; color: #607d8b; font-size: 14px; }
</style>
</head>
<body>
<header><h1>Tienda Demo</h1><nav><span>Inicio</span><span>Productos</span><span>Contacto</span></nav></header>
<main>
  ${variant === 'after-hours' ? AFTER_HOURS_NOTE : ''}
  <section class="hero">
    <h2>Todo para su hogar, con entrega en 24 horas</h2>
    <p>Esta es una página de ejemplo de un cliente de Atiende. El botón de la esquina es el widget omnicanal:
    abre WhatsApp, el correo o el chat web, y las conversaciones del chat llegan a los agentes en Atiende.
    ${variant === 'open' ? '¿Y si escriben fuera de horario? Véalo en <a href="/demo/after-hours">esta otra página</a>.' : ''}</p>
  </section>
  <div class="grid">
    <div class="card"><div class="thumb" style="background:#ffe0b2"></div><strong>Cafetera italiana</strong><p class="price">$ 89.900</p></div>
    <div class="card"><div class="thumb" style="background:#c8e6c9"></div><strong>Juego de sartenes</strong><p class="price">$ 159.900</p></div>
    <div class="card"><div class="thumb" style="background:#bbdefb"></div><strong>Lámpara de escritorio</strong><p class="price">$ 64.500</p></div>
    <div class="card"><div class="thumb" style="background:#f8bbd0"></div><strong>Cojines decorativos</strong><p class="price">$ 39.900</p></div>
  </div>
</main>
<footer>Tienda Demo · sitio de ejemplo</footer>
${widgetScript}
</body>
</html>
`;
}

/**
 * GET /widget.js and /widget-io.js (the embed script and its lazily loaded realtime part, built into
 * apps/web/dist-widget), and with demo data GET /demo/site (a sample website embedding the demo widget).
 */
export async function widgetAssetRoutes(app: FastifyInstance, ctx: AppContext, distDir: string): Promise<void> {
  // The scripts' answers are documented with zod schemas, so their scope has the zod serializer: these routes may be
  // mounted on an app of their own (the asset test does).
  await app.register(async (scripts) => {
    scripts.setSerializerCompiler(serializerCompiler);
    await servePrecompressedFiles(scripts, distDir);
    for (const file of ['widget.js', 'widget-io.js']) {
      const script = {
        tags: ['Web chat'],
        operationId: file === 'widget.js' ? 'getWidgetScript' : 'getWidgetRealtimeScript',
        summary:
          file === 'widget.js'
            ? 'The embed script of the omni widget (a website adds it with data-atiende-widget)'
            : 'The widget’s realtime part, loaded by the embed script when the chat opens',
        response: { 200: fileResponse('The script', ['application/javascript'], z.string()), ...refusals(404) },
      };
      scripts.get(`/${file}`, { config: { public: true }, schema: script }, async (_request, reply) => {
        if (!fs.existsSync(path.join(distDir, file))) return reply.callNotFound();
        return (
          reply
            .header('content-type', 'application/javascript; charset=utf-8')
            // Not fingerprinted (sites embed this very URL): a short lifetime, so a new build reaches them soon.
            .header('cache-control', 'public, max-age=300')
            // Loaded by <script> tags on other sites.
            .header('cross-origin-resource-policy', 'cross-origin')
            // The build's .br or .gz sibling when the browser takes it (Content-Encoding, Vary: Accept-Encoding).
            .sendFile(file)
        );
      });
    }
  });
  if (!ctx.config.demoData) return;
  for (const [url, widgetName, variant] of [
    ['/demo/site', DEMO_WIDGET_NAME, 'open'],
    ['/demo/after-hours', DEMO_AFTER_HOURS_WIDGET_NAME, 'after-hours'],
  ] as const) {
    app.get(url, { config: { public: true }, schema: { hide: true } }, async (_request, reply) => {
      const demo = await widgetsRepo.findByName(ctx.db, widgetName);
      if (!demo) return reply.callNotFound();
      const script = `<script src="/widget.js" data-atiende-widget="${escapeHtml(demo.publicKey)}" async></script>`;
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(demoSitePage(script, variant));
    });
  }
}
