import { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';

export type JobHandler<T> = (data: T) => Promise<void>;

export interface JobQueueDefinition {
  name: string;
  retryLimit?: number;
  retryDelaySeconds?: number;
}

/** Durable jobs in PostgreSQL (pg-boss): any node may claim them; LISTEN/NOTIFY wakes workers at once. */
export interface Jobs {
  define<T extends object>(queue: JobQueueDefinition, handler: JobHandler<T>): Promise<void>;
  send<T extends object>(queue: string, data: T): Promise<void>;
  stop(): Promise<void>;
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
      });
      await boss.work<object>(queue.name, async (jobs) => {
        for (const job of jobs) {
          try {
            await handler(job.data as never);
          } catch (error) {
            logger.warn({ err: error, queue: queue.name, jobId: job.id }, 'job failed; it will be retried');
            throw error;
          }
        }
      });
    },
    async send(queue, data) {
      await boss.send(queue, data);
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
