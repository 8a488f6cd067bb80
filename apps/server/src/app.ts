import path from 'node:path';
import { fileURLToPath } from 'node:url';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { agentsRoutes } from './modules/agents/agents.routes.js';
import { type AgentsService, createAgentsService } from './modules/agents/agents.service.js';
import { createRoutingService, type RoutingService } from './modules/agents/routing.service.js';
import { type AnalyticsService, createAnalyticsService } from './modules/analytics/analytics.service.js';
import { dashboardsRoutes } from './modules/analytics/dashboards.routes.js';
import { createDashboardsService } from './modules/analytics/dashboards.service.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { type AuthService, createAuthService } from './modules/auth/auth.service.js';
import { automationRoutes } from './modules/automation/automation.routes.js';
import { createAutomationService } from './modules/automation/automation.service.js';
import { createRulesEngine, type RulesEngine } from './modules/automation/rules.engine.js';
import { segmentationRoutes } from './modules/automation/segmentation.routes.js';
import { createSegmentationService, type SegmentationService } from './modules/automation/segmentation.service.js';
import { slaRoutes } from './modules/automation/sla.routes.js';
import { createSlaService, type SlaService } from './modules/automation/sla.service.js';
import { botsRoutes } from './modules/bots/bots.routes.js';
import { type BotRuntime, createBotRuntime } from './modules/bots/bots.runtime.js';
import { createBotsService } from './modules/bots/bots.service.js';
import { bulkRoutes } from './modules/bulk/bulk.routes.js';
import {
  BULK_DISPATCH_QUEUE,
  BULK_PREPARE_QUEUE,
  type BulkService,
  createBulkService,
} from './modules/bulk/bulk.service.js';
import { businessRoutes } from './modules/business/business.routes.js';
import { createBusinessService } from './modules/business/business.service.js';
import { campaignsRoutes } from './modules/campaigns/campaigns.routes.js';
import { createCampaignsService } from './modules/campaigns/campaigns.service.js';
import { cataloguesRoutes } from './modules/catalogues/catalogues.routes.js';
import { createCataloguesService } from './modules/catalogues/catalogues.service.js';
import { createChannelRegistry } from './modules/channels/channel-registry.js';
import { channelsRoutes } from './modules/channels/channels.routes.js';
import { createChannelsService } from './modules/channels/channels.service.js';
import { credentialsRoutes } from './modules/credentials/credentials.routes.js';
import { createCredentialsService } from './modules/credentials/credentials.service.js';
import { customersRoutes } from './modules/customers/customers.routes.js';
import { createCustomersService } from './modules/customers/customers.service.js';
import { createImportsService, IMPORT_QUEUE } from './modules/customers/imports.service.js';
import { createDialerEngine } from './modules/dialers/dialers.engine.js';
import { dialersRoutes } from './modules/dialers/dialers.routes.js';
import { createDialersService } from './modules/dialers/dialers.service.js';
import { docsRoutes } from './modules/docs/docs.routes.js';
import { emailChannelModule } from './modules/email/email.channel.js';
import { sendTranscript } from './modules/email/email.service.js';
import { filesRoutes } from './modules/files/files.routes.js';
import { formsRoutes } from './modules/forms/forms.routes.js';
import { createFormsService } from './modules/forms/forms.service.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { createInboundService, type InboundService } from './modules/interactions/inbound.service.js';
import { interactionsRoutes } from './modules/interactions/interactions.routes.js';
import { createOutboundService, type OutboundService, SEND_QUEUE } from './modules/interactions/outbound.service.js';
import { internalChatRoutes } from './modules/internalchat/internalchat.routes.js';
import { createInternalChatService } from './modules/internalchat/internalchat.service.js';
import { kbRoutes } from './modules/knowledgebase/kb.routes.js';
import { createKbService } from './modules/knowledgebase/kb.service.js';
import { kbSiteRoutes } from './modules/knowledgebase/kb.site.js';
import { messengerChannelModule } from './modules/messenger/messenger.channel.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { createReportsService, REPORT_QUEUE, type ReportsService } from './modules/reports/reports.service.js';
import { rolesRoutes } from './modules/roles/roles.routes.js';
import { createRolesService } from './modules/roles/roles.service.js';
import { smsChannelModule } from './modules/sms/sms.channel.js';
import { surveysRoutes } from './modules/surveys/surveys.routes.js';
import { createSurveysService, SURVEY_CLOSE_QUEUE } from './modules/surveys/surveys.service.js';
import { surveySiteRoutes } from './modules/surveys/surveys.site.js';
import { telegramChannelModule } from './modules/telegram/telegram.channel.js';
import { templatesRoutes } from './modules/templates/templates.routes.js';
import { createTemplatesService } from './modules/templates/templates.service.js';
import { ticketViewsRoutes } from './modules/tickets/ticket-views.routes.js';
import { createTicketViewsService } from './modules/tickets/ticket-views.service.js';
import { ticketsRoutes } from './modules/tickets/tickets.routes.js';
import { createTicketsService, type TicketsService } from './modules/tickets/tickets.service.js';
import { usersRepo } from './modules/users/users.repo.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { createUsersService } from './modules/users/users.service.js';
import { voiceRoutes } from './modules/voice/voice.routes.js';
import { createVoiceService, type VoiceService } from './modules/voice/voice.service.js';
import { whatsappChannelModule } from './modules/whatsapp/whatsapp.channel.js';
import { webchatChannelModule } from './modules/widgets/webchat.channel.js';
import { widgetAssetRoutes } from './modules/widgets/webchat.routes.js';
import { widgetsRoutes } from './modules/widgets/widgets.routes.js';
import { createWidgetsService } from './modules/widgets/widgets.service.js';
import { actorOf } from './platform/auth-context.js';
import type { Config } from './platform/config.js';
import { type AppContext, MAIL_QUEUE } from './platform/context.js';
import type { Database } from './platform/db/client.js';
import { createDomainEvents } from './platform/domain-events.js';
import { createEventLog, createEventLogWriter } from './platform/event-log.js';
import { registerAuthHook } from './platform/http/auth-hook.js';
import { registerCompression } from './platform/http/compression.js';
import { RequestValidationError, registerErrorHandling, sendRouteNotFound } from './platform/http/error-handler.js';
import { registerOpenApi } from './platform/http/openapi.js';
import { isWebAppBuilt, isWebAppPage, registerWebApp, sendWebAppPage } from './platform/http/web-app.js';
import type { Jobs } from './platform/jobs.js';
import type { Mailer, MailMessage } from './platform/mail.js';
import { createOutboundPolicy, type HostLookup } from './platform/outbound.js';
import { createRateLimitStore } from './platform/rate-limits.js';
import { attachRealtime } from './platform/realtime.js';
import { createStorage } from './platform/storage.js';
import { supervisionRoomsOf } from './policies/supervision.js';
import { campaignRoomsOf, readableCampaignsOf } from './policies/tickets.js';

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
/** The omni widget's embed script (`npm run build:widget -w apps/web`). */
export const WIDGET_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist-widget');

export interface AppDependencies {
  config: Config;
  db: Database;
  logger: Logger;
  jobs: Jobs;
  mailer: Mailer;
  /** DNS for outbound connections; tests replace it to play a resolver that changes its answer. */
  lookup?: HostLookup;
  /** The built web app and widget (default WEB_DIST and WIDGET_DIST); tests serve a folder of their own. */
  webDist?: string;
  widgetDist?: string;
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  auth: AuthService;
  /** Services tests and the demo seed drive directly (the channel adapters' entry points). */
  services: {
    inbound: InboundService;
    outbound: OutboundService;
    routing: RoutingService;
    agents: AgentsService;
    tickets: TicketsService;
    analytics: AnalyticsService;
    reports: ReportsService;
    rules: RulesEngine;
    segmentation: SegmentationService;
    sla: SlaService;
    bulk: BulkService;
    bots: BotRuntime;
    voice: VoiceService;
  };
}

/** The event log's writer: the app's database, on connections whose commits do not wait for the disk. */
function eventLogWriterFor(db: Database) {
  const url = db.$client.options.connectionString;
  return url ? createEventLogWriter(url) : undefined;
}

/** Composes the HTTP API, realtime and job handlers on top of the platform's parts. */
export async function buildApp(deps: AppDependencies): Promise<BuiltApp> {
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    bodyLimit: deps.config.bodyLimit,
    // X-Forwarded-For only from configured proxies (TRUST_PROXY); otherwise request.ip is the connecting address.
    trustProxy:
      typeof deps.config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(deps.config.trustProxy)
        : deps.config.trustProxy,
    return503OnClosing: true,
  });
  app.setValidatorCompiler<z.ZodType>(({ schema, httpPart }) => (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    return result.success
      ? { value: result.data }
      : { error: new RequestValidationError(result.error.issues, httpPart ?? 'body') };
  });
  app.setSerializerCompiler(serializerCompiler);

  let authService: AuthService | undefined;
  const realtime = await attachRealtime({
    server: app.server,
    fanout: deps.config.realtimeFanout,
    logger: deps.logger,
    eventLog: createEventLog(deps.db, deps.logger, eventLogWriterFor(deps.db)),
    // Room membership follows the access rules in src/policies, the same ones the REST services use.
    resolveReadableCampaigns: (identity) => readableCampaignsOf(deps.db, actorOf(identity)),
    resolveSupervision: (identity) => supervisionRoomsOf(deps.db, actorOf(identity)),
    reloadIdentity: async (identity) => ({
      ...identity,
      permissions: new Set(await usersRepo.permissionsOfUser(deps.db, identity.userId)),
    }),
    resolveIdentity: async (token) => {
      const session = await authService?.resolveToken(token);
      return session
        ? { userId: session.userId, sessionId: session.sessionId, permissions: session.permissions }
        : null;
    },
    resolveCampaigns: (identity) => campaignRoomsOf(deps.db, actorOf(identity)),
  });

  const ctx: AppContext = {
    config: deps.config,
    db: deps.db,
    logger: deps.logger,
    jobs: deps.jobs,
    realtime,
    events: createDomainEvents(deps.logger),
    storage: createStorage(deps.config.dataDir),
    outbound: createOutboundPolicy(deps.config.outboundAllowedHosts, { lookup: deps.lookup }),
    sendMail: (message: MailMessage) => deps.jobs.send(MAIL_QUEUE, message),
  };
  const auth = createAuthService(ctx);
  authService = auth;
  await deps.jobs.define({ name: MAIL_QUEUE, retryLimit: 8, retryDelaySeconds: 10 }, (message) =>
    deps.mailer.send(message),
  );

  registerAuthHook(app, auth);
  await registerOpenApi(app, deps.config.publicUrl);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // https: only for images an agent chose to show (inbound remote images load on click).
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        // Audio and video the app plays from files it fetched with the session (a dialer's audio, media previews).
        mediaSrc: ["'self'", 'blob:'],
        // The softphone's SIP registrar (docs/voice.md): its secure WebSocket on the voice host's own port.
        connectSrc: [
          "'self'",
          deps.config.voice.publicHost
            ? `wss://${deps.config.voice.publicHost}:${deps.config.voice.websocketPort}`
            : `wss://*:${deps.config.voice.websocketPort}`,
        ],
        // Business integrations open their own pages inside the app.
        frameSrc: ["'self'", 'https:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        // Installations on a LAN address are served over plain HTTP: do not force https for our own assets.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Counted in PostgreSQL, so several nodes share each limit (platform/rate-limits.ts).
  const rateLimitStore = createRateLimitStore(deps.db, deps.logger);
  await app.register(rateLimit, { global: false, store: rateLimitStore.Store });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 10 } });
  // OAuth clients post their credentials as an HTML form (application/x-www-form-urlencoded).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  const users = createUsersService(ctx, auth);
  const roles = createRolesService(ctx);
  const business = createBusinessService(ctx);
  const catalogues = createCataloguesService(ctx);
  const credentials = createCredentialsService(ctx, auth);
  const channels = createChannelsService(ctx);
  const campaigns = createCampaignsService(ctx);
  const forms = createFormsService(ctx);
  const templates = createTemplatesService(ctx);
  const bots = createBotsService(ctx);
  const customers = createCustomersService(ctx);
  const routing = createRoutingService(ctx);
  // Freed capacity (closed, transferred, reassigned) lets routing hand out waiting work.
  const tickets = createTicketsService(ctx);
  const agents = createAgentsService(ctx, auth, routing);
  ctx.events.on('ticket.changed', async ({ kind, ticket, actorId }) => {
    if (kind === 'leido' || kind === 'abierto') return;
    if (kind === 'cerrado' || kind === 'asignado' || kind === 'transferido') {
      await agents.ticketLeft(ticket.id, [actorId, kind === 'cerrado' ? null : ticket.assignedUserId]);
    }
    await routing.route([ticket.campaignId]);
  });
  ctx.events.on('session.changed', ({ userId, change }) =>
    change === 'opened' ? agents.sessionOpened(userId) : agents.sessionClosed(userId),
  );
  const inbound = createInboundService(ctx);
  const outbound = createOutboundService(ctx);
  // Two listeners: a failed transcript does not keep the visitor from being told the conversation ended.
  ctx.events.on('ticket.closed', ({ ticketId }) => sendTranscript(ctx, ticketId));
  ctx.events.on('ticket.closed', ({ ticketId }) => outbound.farewell(ticketId));
  const widgets = createWidgetsService(ctx);
  // Every channel in one registration each: adapters, webhook routes, jobs, background work (docs/ARCHITECTURE.md,
  // "Adding a channel").
  const channelRegistry = createChannelRegistry(ctx, outbound);
  for (const module of [
    emailChannelModule(ctx, inbound),
    webchatChannelModule(ctx, inbound),
    whatsappChannelModule(ctx, inbound, outbound),
    messengerChannelModule(ctx, inbound, outbound),
    telegramChannelModule(ctx, inbound),
    smsChannelModule(ctx, inbound, outbound),
  ]) {
    await channelRegistry.register(module);
  }
  // Bots (docs/api/bots.md) answer the conversations they have before routing looks at the campaign; a bot's
  // ticket gets no outside-hours reply (its flow decides what to say).
  const botRuntime = createBotRuntime(ctx, { outbound, routing, automated: tickets.automated });
  bots.onChange(() => botRuntime.forget());
  ctx.events.on('inbound.recorded', async (result) => {
    const withBot = await botRuntime.inboundRecorded(result);
    await routing.route([result.campaignId]);
    if (!withBot) await outbound.replyOutsideHours(result);
  });
  await deps.jobs.define({ name: SEND_QUEUE, retryLimit: 6, retryDelaySeconds: 5, concurrency: 8 }, (job, attempt) =>
    outbound.deliver(job.messageId, attempt),
  );
  const internalChat = createInternalChatService(ctx);
  // The dashboards' hourly figures, recomputed from what changed (docs/analytics.md).
  const analytics = createAnalyticsService(ctx);
  const imports = createImportsService(ctx);
  await deps.jobs.define({ name: IMPORT_QUEUE, retryLimit: 2, retryDelaySeconds: 30 }, (job) =>
    imports.run(job.importId, job.locale),
  );
  // Reports (docs/reports.md): two at a time per node, retried twice before the row says failed.
  const reports = createReportsService(ctx);
  await deps.jobs.define({ name: REPORT_QUEUE, retryLimit: 2, retryDelaySeconds: 30, concurrency: 2 }, (job, attempt) =>
    reports.generate(job.reportId, attempt),
  );

  // Business rules (docs/automation.md): tickets' events after commit → durable jobs → conditions → actions.
  const rules = createRulesEngine(ctx, { tickets, routing, templates, outbound });
  await rules.attach();
  const automation = createAutomationService(ctx, rules);
  const segmentation = createSegmentationService(ctx, tickets, routing);
  await segmentation.attach();
  const sla = createSlaService(ctx);
  await sla.attach();

  // Bulk messaging (docs/bulk-messaging.md): runs chosen by a job, sent by one dispatcher per channel in the cluster.
  const bulk = createBulkService(ctx, outbound, { interruptedAfterMs: deps.config.bulkInterruptedAfterMs });
  outbound.onReport((channelId, report) => bulk.report(channelId, report));
  ctx.events.on('inbound.recorded', (result) => bulk.inboundRecorded(result));
  await deps.jobs.define({ name: BULK_PREPARE_QUEUE, retryLimit: 3, retryDelaySeconds: 10 }, (job) =>
    bulk.prepare(job),
  );
  await deps.jobs.define(
    {
      name: BULK_DISPATCH_QUEUE,
      retryLimit: 10,
      retryDelaySeconds: 5,
      concurrency: 4,
      // One queued per channel; one running per channel is the dispatcher's own lock (freed when a node dies).
      policy: 'short',
    },
    (job) => bulk.dispatch(job.channelId),
  );

  // The knowledge base (docs/knowledge-base.md): the staff API below, the public site at /kb.
  const kb = createKbService(ctx);

  // Surveys (docs/surveys.md): the staff API and the public JSON below, the public page at /s/:token; a closed
  // ticket whose campaign sends a survey queues its link's message (after the close committed; never failing it).
  const surveys = createSurveysService(ctx, outbound);
  ctx.events.on('ticket.closed', ({ ticketId }) => surveys.ticketClosed(ticketId));
  await deps.jobs.define({ name: SURVEY_CLOSE_QUEUE, retryLimit: 5, retryDelaySeconds: 10 }, async (job) => {
    await surveys.sendOnClose(job.ticketId);
  });
  const secureCookies = deps.config.publicUrl.startsWith('https:');

  // Voice (docs/voice.md): the node with VOICE_ENABLED runs the telephony daemons; every node issues credentials.
  const voice = createVoiceService(ctx, { inbound, agents, routing });
  // Dialers' calls (docs/dialers.md): placed by the node that runs telephony, through its call center.
  const dialerEngine = createDialerEngine(ctx, () => voice.callCenter(), {
    ringMs: deps.config.voice.ringMs,
    retryMs: deps.config.voice.retryMs,
  });

  const webDist = deps.webDist ?? WEB_DIST;
  const hasWeb = isWebAppBuilt(webDist);
  registerErrorHandling(app, (request, reply) => {
    // History fallback: any /v2 path that is not a file is a client-side route of the SPA.
    if (hasWeb && isWebAppPage(request)) return sendWebAppPage(reply);
    return sendRouteNotFound(request, reply);
  });

  await app.register(
    async (api) => {
      // Only the API's answers: the web app and the widget come precompressed.
      await registerCompression(api);
      await healthRoutes(api, ctx);
      await authRoutes(api, ctx, auth);
      await businessRoutes(api, ctx, business);
      await usersRoutes(api, users);
      await rolesRoutes(api, roles);
      await cataloguesRoutes(api, catalogues);
      await credentialsRoutes(api, credentials);
      await channelsRoutes(api, channels);
      await campaignsRoutes(api, campaigns);
      await formsRoutes(api, forms);
      await templatesRoutes(api, templates);
      await customersRoutes(api, customers, imports);
      await ticketViewsRoutes(api, createTicketViewsService(ctx));
      await ticketsRoutes(api, tickets);
      await agentsRoutes(api, agents);
      await interactionsRoutes(api, inbound, outbound);
      await internalChatRoutes(api, internalChat);
      await dashboardsRoutes(api, createDashboardsService(ctx));
      await reportsRoutes(api, reports);
      await automationRoutes(api, automation);
      await segmentationRoutes(api, segmentation);
      await slaRoutes(api, sla);
      await bulkRoutes(api, bulk);
      await dialersRoutes(api, createDialersService(ctx));
      await botsRoutes(api, bots, botRuntime);
      await kbRoutes(api, kb);
      await surveysRoutes(api, surveys, secureCookies);
      await voiceRoutes(api, voice);
      await widgetsRoutes(api, widgets);
      await channelRegistry.routes(api);
      await filesRoutes(api, ctx);
      await docsRoutes(api);
    },
    { prefix: '/api/v2' },
  );

  await widgetAssetRoutes(app, ctx, deps.widgetDist ?? WIDGET_DIST);
  await kbSiteRoutes(app, kb, deps.config.publicUrl);
  await surveySiteRoutes(app, surveys, secureCookies);
  if (hasWeb) await registerWebApp(app, webDist);
  else deps.logger.warn({ webDist }, 'the web app is not built; only the API is served');

  if (deps.config.env !== 'test') routing.start();
  // What arrived for a bot while no node listened (a restart, a lost event) is answered within seconds.
  if (deps.config.env !== 'test') botRuntime.start(10_000);
  if (deps.config.env !== 'test') channelRegistry.start();
  if (deps.config.analyticsRecomputeMs > 0) analytics.start(deps.config.analyticsRecomputeMs);
  if (deps.config.reportsSchedulerMs > 0) reports.start(deps.config.reportsSchedulerMs);
  if (deps.config.bulkSchedulerMs > 0) bulk.start(deps.config.bulkSchedulerMs);
  if (deps.config.automationSchedulerMs > 0) {
    rules.start(deps.config.automationSchedulerMs);
    segmentation.start(deps.config.automationSchedulerMs);
    sla.start(deps.config.automationSchedulerMs);
  }
  // Started in the background: the daemons take a few seconds and the API does not wait for them.
  const voiceStarted = voice
    .start()
    .then(() => (deps.config.voiceEnabled ? dialerEngine.start() : undefined))
    .catch((error: unknown) => deps.logger.error({ err: error }, 'the dialing engine could not start'));
  app.addHook('onClose', async () => {
    await voiceStarted;
    await dialerEngine.stop();
    await voice.stop();
    routing.stop();
    await analytics.stop();
    await reports.stop();
    await rules.stop();
    await segmentation.stop();
    await sla.stop();
    await bulk.stop();
    await botRuntime.stop();
    await botRuntime.idle();
    rateLimitStore.close();
    await channelRegistry.stop();
    await realtime.close();
    await ctx.outbound.close();
  });
  return {
    app,
    ctx,
    auth,
    services: {
      inbound,
      outbound,
      routing,
      agents,
      tickets,
      analytics,
      reports,
      rules,
      segmentation,
      sla,
      bulk,
      bots: botRuntime,
      voice,
    },
  };
}
