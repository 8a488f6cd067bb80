import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { DomainEvents } from './domain-events.js';
import type { JobName } from './job-map.js';
import type { Jobs } from './jobs.js';
import type { MailMessage } from './mail.js';
import type { OutboundPolicy } from './outbound.js';
import type { Realtime } from './realtime.js';
import type { Storage } from './storage.js';

/** What every module's service receives: the platform's real parts, built once at start-up. */
export interface AppContext {
  config: Config;
  db: Database;
  logger: Logger;
  jobs: Jobs;
  realtime: Realtime;
  /** In-process events between modules after a commit (platform/domain-events.ts). */
  events: DomainEvents;
  storage: Storage;
  /** Every connection to a user- or payload-given URL or host goes through it (platform/outbound.ts). */
  outbound: OutboundPolicy;
  /** Queues a mail as a durable job (retried with backoff). */
  sendMail(message: MailMessage): Promise<void>;
}

export const MAIL_QUEUE = 'mail.send' satisfies JobName;
