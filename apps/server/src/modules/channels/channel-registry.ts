import type { ChannelTypeKey } from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import type { JobName, JobPayloads } from '../../platform/job-map.js';
import type { JobHandler, JobQueueDefinition } from '../../platform/jobs.js';
import type { ChannelAdapter } from '../interactions/adapters.js';
import type { OutboundService } from '../interactions/outbound.service.js';

/** A durable job a channel runs (downloading a message's files, say), typed by the job map. */
export interface ChannelJob {
  queue: JobQueueDefinition<JobName>;
  handler: JobHandler<JobPayloads[JobName]>;
}

/** Pairs a queue with its worker, checked against the job map. */
export function channelJob<Q extends JobName>(queue: JobQueueDefinition<Q>, handler: JobHandler<JobPayloads[Q]>) {
  // The pair was checked above; the list of a module's jobs holds queues of different payloads.
  return { queue, handler } as unknown as ChannelJob;
}

/**
 * What a channel module gives the application, in one value (docs/ARCHITECTURE.md, "Adding a channel"): the
 * outbound adapter of each channel type it serves, its routes under /api/v2 (webhooks and channel-specific
 * actions), its jobs, and what runs in the background (a mailbox poller). Its channel types' descriptors — config
 * fields, sender identification, webhook, composer capabilities — are in contracts' `CHANNEL_TYPES`.
 */
export interface ChannelModule {
  adapters: Partial<Record<ChannelTypeKey, ChannelAdapter>>;
  routes?(api: FastifyInstance): Promise<void>;
  jobs?: ChannelJob[];
  /** Background work (not started in tests, which drive it by hand). */
  start?(): void;
  stop?(): Promise<void>;
}

/** `app.ts` registers every channel module here, once; the registry wires adapters, jobs, routes and lifecycles. */
export function createChannelRegistry(ctx: AppContext, outbound: OutboundService) {
  const modules: ChannelModule[] = [];
  return {
    async register(module: ChannelModule): Promise<void> {
      for (const [type, adapter] of Object.entries(module.adapters) as [ChannelTypeKey, ChannelAdapter][]) {
        outbound.registerAdapter(type, adapter);
      }
      for (const job of module.jobs ?? []) await ctx.jobs.define(job.queue, job.handler);
      modules.push(module);
    },
    /** Inside the /api/v2 plugin. */
    async routes(api: FastifyInstance): Promise<void> {
      for (const module of modules) await module.routes?.(api);
    },
    start(): void {
      for (const module of modules) module.start?.();
    },
    async stop(): Promise<void> {
      for (const module of modules) await module.stop?.();
    },
  };
}

export type ChannelRegistry = ReturnType<typeof createChannelRegistry>;
