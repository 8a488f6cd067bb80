import fs from 'node:fs/promises';
import { OutboundRefusedError } from '../../platform/outbound.js';
import type { ChannelProblem } from '../channels/channel-problem.js';
import type { ChannelRow } from '../channels/channels.repo.js';
import type { InteractionRow, MessageRow } from './interactions.repo.js';
import type { OutboundPayload } from './interactions.schema.js';

/** What a channel adapter gets to deliver one outgoing message. */
export interface OutboundDelivery {
  message: MessageRow;
  interaction: InteractionRow;
  channel: ChannelRow;
  ticket: { id: number; number: number; description: string; campaignId: number };
  customerName: string;
  /** Provider ids of the conversation's earlier messages, oldest first (e-mail threading headers). */
  thread: { providerMessageId: string; direction: number }[];
}

/**
 * One bulk message to one recipient (modules/bulk): not a reply in a conversation, so no ticket; the text is already
 * filled for the recipient, and WhatsApp sends the approved template with its filled values.
 */
export interface BulkDelivery {
  channel: ChannelRow;
  /** The recipient's contact datum as stored (the adapter normalises it as for replies). */
  to: string;
  customerName: string;
  text: string;
  subject: string | null;
  whatsappTemplate: NonNullable<OutboundPayload['whatsappTemplate']> | null;
  /**
   * Ours, for the provider to echo in its status callbacks (WhatsApp's `biz_opaque_callback_data`, a parameter of
   * Twilio's status callback URL): a recipient whose send a crash interrupted is recognised by its first status.
   */
  reference: string;
}

/** Delivers through one channel type's provider; throws to have the job retried with backoff. */
export interface ChannelAdapter {
  send(delivery: OutboundDelivery): Promise<{ providerMessageId?: string; delivered?: boolean }>;
  /**
   * Bulk messaging's send, through the same provider client as replies (channel types bulk messaging offers). Throws
   * PermanentDeliveryError for what can never succeed, ChannelSetupError for a broken channel, anything else for a
   * passing failure.
   */
  sendBulk?(delivery: BulkDelivery): Promise<{ providerMessageId: string }>;
  /** How the channel's problems found while sending are labelled on the channel (`Graph API`, `SMTP`, ...). */
  problemSource?: string;
}

/**
 * A provider's failure as people read it: our own message key, with at most the provider's structured error code
 * (never its response text, which may echo anything).
 */
export type ProviderProblem = ChannelProblem;

/**
 * A delivery that can never succeed (unknown recipient, bad address): the message fails at once, no retries. The
 * message is ours (status and code at most); what the provider said travels in `providerDetail`, for logs only.
 */
export class PermanentDeliveryError extends Error {
  providerDetail?: string;
  constructor(
    message: string,
    readonly problem?: ProviderProblem,
  ) {
    super(message);
  }
}

/**
 * The channel itself is wrong (a revoked token, missing settings, a server the outbound policy refuses): this
 * message fails, and the channel shows the problem ("error found in a channel") until a delivery succeeds again.
 */
export class ChannelSetupError extends PermanentDeliveryError {
  declare readonly problem: ProviderProblem;
  constructor(message: string, problem: ProviderProblem) {
    super(message, problem);
  }
}

/** A connection the outbound policy refused, as the channel's problem (the host, never an address it resolved to). */
export function refusedConnection(error: OutboundRefusedError): ChannelSetupError {
  return new ChannelSetupError(error.message, {
    key: 'channelProblems.refusedTarget',
    params: { host: error.refusal.host || '?' },
  });
}

/** Runs one provider call, turning the outbound policy's refusal into the channel's problem. */
export async function throughPolicy<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw error instanceof OutboundRefusedError ? refusedConnection(error) : error;
  }
}

/**
 * A failure after which the provider may have the message all the same: the connection broke or timed out once the
 * request was on its way (a refused connection or an unknown host never sent anything; an HTTP answer is the
 * provider's word).
 */
export function isAmbiguousSendError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return true;
  const code = (error.cause as { code?: string } | undefined)?.code ?? (error as { code?: string }).code;
  return (
    code === 'ECONNRESET' ||
    code === 'EPIPE' ||
    code === 'UND_ERR_SOCKET' ||
    code === 'UND_ERR_CLOSED' ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT'
  );
}

/** A provider's response text for the logs: short, on one line. */
export const detailForLogs = (text: unknown): string | undefined =>
  typeof text === 'string' && text ? text.replace(/\s+/g, ' ').slice(0, 300) : undefined;

/**
 * Sends the parts of one reply (text chunks, files) in order and returns the first provider id, which stands for
 * the reply. Providers have no idempotency key: once a part went out, a retry would send it twice, so a later
 * failure fails the message with how many parts were sent instead of being retried.
 */
export async function sendInParts(parts: (() => Promise<string>)[]): Promise<string> {
  const ids: string[] = [];
  for (const part of parts) {
    try {
      ids.push(await part());
    } catch (error) {
      if (ids.length === 0) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new PermanentDeliveryError(`only ${ids.length} of ${parts.length} parts were sent: ${reason}`);
    }
  }
  if (ids.length === 0) throw new PermanentDeliveryError('nothing to send');
  return ids[0];
}

/** A stored file of an outgoing message, read for a provider upload; a file gone from storage fails the message. */
export async function readMessageFile(
  storage: { absolutePath(path: string): string | null },
  file: { name: string; path: string },
): Promise<Buffer> {
  const absolute = storage.absolutePath(file.path);
  const content = absolute ? await fs.readFile(absolute).catch(() => null) : null;
  if (!content) throw new PermanentDeliveryError(`attachment ${file.name} is missing`);
  return content;
}
