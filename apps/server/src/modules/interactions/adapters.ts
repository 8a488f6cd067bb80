import fs from 'node:fs/promises';
import type { ChannelRow } from '../channels/channels.repo.js';
import type { InteractionRow, MessageRow } from './interactions.repo.js';

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

/** Delivers through one channel type's provider; throws to have the job retried with backoff. */
export interface ChannelAdapter {
  send(delivery: OutboundDelivery): Promise<{ providerMessageId?: string; delivered?: boolean }>;
  /** How the channel's problems found while sending are labelled on the channel (`Graph API`, `SMTP`, ...). */
  problemSource?: string;
}

/** A delivery that can never succeed (unknown recipient, bad address): the message fails at once, no retries. */
export class PermanentDeliveryError extends Error {}

/**
 * The channel itself is wrong (a revoked token, missing settings): this message fails, and the channel shows the
 * problem ("error found in a channel") until a delivery succeeds again.
 */
export class ChannelSetupError extends PermanentDeliveryError {}

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
