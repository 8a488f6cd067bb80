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
}

/** A delivery that can never succeed (unknown recipient, bad address): the message fails at once, no retries. */
export class PermanentDeliveryError extends Error {}
