import { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { JobName, JobPayloads } from './job-map.js';

/** Where a job is in its retries: handlers that must record a final failure do it when `lastAttempt` is true. */
export interface JobAttempt {
  retryCount: number;
  retryLimit: number;
  lastAttempt: boolean;
}

export type JobHandler<T> = (data: T, attempt: JobAttempt) => Promise<void>;

export interface JobQueueDefinition<Q extends JobName> {
  name: Q;
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** Jobs of this queue one node runs at the same time (a slow provider must not hold up the others). */
  concurrency?: number;
  /**
   * `short`: at most one job of a singleton key waits in the queue (more sends of it are dropped while one waits).
   * `stately`: besides, at most one of the key is active — but a killed node's job stays active until pg-boss's
   * supervision notices, which holds the key up for minutes. Default: pg-boss's standard queue.
   */
  policy?: 'standard' | 'short' | 'stately';
}

/** Options of one job: its singleton key (with a `short` or `stately` queue), and a delay before it may start. */
export interface JobSendOptions {
  singletonKey?: string;
  startAfterSeconds?: number;
}

/** Durable jobs in PostgreSQL (pg-boss): any node may claim them; LISTEN/NOTIFY wakes workers at once. */
export interface Jobs {
  define<Q extends JobName>(queue: JobQueueDefinition<Q>, handler: JobHandler<JobPayloads[Q]>): Promise<void>;
  send<Q extends JobName>(queue: Q, data: JobPayloads[Q], options?: JobSendOptions): Promise<void>;
  /** Lets running jobs finish for up to `timeoutMs` (unfinished ones are retried later by any node). */
  stop(timeoutMs?: number): Promise<void>;
}

export async function startJobs(databaseUrl: string, logger: Logger): Promise<Jobs> {
  const boss = new PgBoss({ connectionString: databaseUrl, useListenNotify: true, max: 4 });
  boss.on('error', (error: unknown) => logger.error({ err: error }, 'job runner error'));
  await boss.start();
  return {
    async define(queue, handler) {
      await boss.createQueue(queue.name, {
        retryLimit: queue.retryLimit ?? 5,
        retryDelay: queue.retryDelaySeconds ?? 5,
        retryBackoff: true,
        notify: true,
        ...(queue.policy ? { policy: queue.policy } : {}),
      });
      const options = {
        includeMetadata: true,
        localConcurrency: queue.concurrency ?? 1,
        // Two jobs per fetch, each settled on its own (perJobResults): while fetches come back full there is a
        // backlog and the worker fetches again at once (burst). With one job per fetch pg-boss waits its polling
        // interval after every job it was not woken for, which drained a backlog at a job per worker every 2 s.
        batchSize: 2,
        burstWhenBatchFull: true,
        perJobResults: true,
        // NOTIFY wakes an idle worker at once, but one that was busy when it came polls only at this interval.
        notifyPollingIntervalSeconds: 2,
      } as const;
      await boss.work<object>(queue.name, options, async (jobs) => {
        const results: { id: string; status: 'completed' | 'failed'; output?: object }[] = [];
        for (const job of jobs) {
          // includeMetadata adds the retry counters to each job (pg-boss JobWithMetadata).
          const { retryCount = 0, retryLimit = 0 } = job as { retryCount?: number; retryLimit?: number };
          try {
            await handler(job.data as never, { retryCount, retryLimit, lastAttempt: retryCount >= retryLimit });
            results.push({ id: job.id, status: 'completed' });
          } catch (error) {
            logger.warn({ err: error, queue: queue.name, jobId: job.id }, 'job failed; it will be retried');
            // Only this job is retried: the other one of its batch keeps its own outcome.
            results.push({ id: job.id, status: 'failed', output: { message: (error as Error)?.message ?? 'failed' } });
          }
        }
        return results;
      });
    },
    async send(queue, data, options) {
      await boss.send(queue, data, {
        ...(options?.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options?.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      });
    },
    async stop(timeoutMs = 10_000) {
      await boss.stop({ graceful: true, timeout: Math.max(1_000, Math.min(timeoutMs, 10_000)) });
    },
  };
}
