import type { Locale } from '@atiende/contracts';
import type { RuleJob, WebhookJob } from '../modules/automation/rules.engine.js';
import type { SegmentJob } from '../modules/automation/segmentation.service.js';
import type { SlaJob } from '../modules/automation/sla.service.js';
import type { BulkDispatchJob, BulkPrepareJob } from '../modules/bulk/bulk.service.js';
import type { MessengerFilesJob } from '../modules/messenger/messenger.service.js';
import type { SmsMediaJob } from '../modules/sms/sms.service.js';
import type { TelegramFilesJob } from '../modules/telegram/telegram.service.js';
import type { MediaJob } from '../modules/whatsapp/whatsapp.service.js';
import type { MailMessage } from './mail.js';

/**
 * Every durable job queue (pg-boss, platform/jobs.ts) with the payload its jobs carry: `jobs.define` and `jobs.send`
 * accept only a queue listed here with its payload, so a producer and its worker cannot disagree. A module that adds
 * a queue adds one line here and keeps its name constant next to its worker (`'x.y' satisfies JobName`).
 */
export interface JobPayloads {
  /** A mail to send (password resets, codes, transcripts); SMTP or the `.eml` outbox. */
  'mail.send': MailMessage;
  /** An outgoing message to deliver through its channel's adapter. */
  'messages.send': { messageId: number };
  /** A customer import to run (rows processed in the background, progress to the importer). */
  'customers.import': { importId: number; locale: Locale };
  /** A report to generate into its xlsx file (modules/reports). */
  'reports.generate': { reportId: number };
  /** Business rules to evaluate and run on a ticket after an event or a schedule's match (modules/automation). */
  'automation.run': RuleJob;
  /** A base-campaign ticket updated or given a task: its trigger segmentations sort it. */
  'automation.segment': SegmentJob;
  /** A ticket's SLA deadlines to compute again, or those of a campaign's open tickets after its rules changed. */
  'automation.sla': SlaJob;
  /** A business rule's webhook call, retried with backoff; its outcome goes on the execution. */
  'automation.webhook': WebhookJob;
  /** A bulk message's run: its recipients to choose (modules/bulk). */
  'bulk.prepare': BulkPrepareJob;
  /** A channel's bulk dispatcher slice: recipients sent at the channel's rate (one per channel in the cluster). */
  'bulk.dispatch': BulkDispatchJob;
  /** Files of an inbound WhatsApp message to download from the Cloud API. */
  'whatsapp.media': MediaJob;
  /** Files of an inbound Messenger or Instagram message to download. */
  'messenger.files': MessengerFilesJob;
  /** Files of an inbound Telegram message to download through the Bot API. */
  'telegram.files': TelegramFilesJob;
  /** Media of an inbound MMS to download from Twilio. */
  'sms.media': SmsMediaJob;
  /** A closed ticket whose campaign sends a survey: its personal link to make and send once (modules/surveys). */
  'surveys.close': { ticketId: number };
}

export type JobName = keyof JobPayloads;
