import type { Logger } from 'pino';

/**
 * Why a provider's event stores nothing. Stable codes (documented per provider in docs/api): operators search the
 * logs by them, and the payload corpus tests assert them.
 */
export type IgnoreReason =
  /** For another phone number, page or account of the same app. */
  | 'other-account'
  /** The business's own message echoed back (sent from Atiende or the provider's own app). */
  | 'own-message'
  /** An event kind Atiende does not keep (reactions, referrals, opt-ins, membership changes, ...). */
  | 'unhandled-kind'
  /** Not the documented shape (a missing id, a wrong type). */
  | 'malformed'
  /** The sender is not a valid id for the channel (a WhatsApp sender without a phone number, a placeholder). */
  | 'invalid-sender'
  /** A group or channel, not a customer's private conversation. */
  | 'not-private-chat'
  /** A receipt for a message Atiende does not know (sent from elsewhere, or already gone). */
  | 'unknown-message'
  /** A delivery status Atiende does not track (played, deleted, ...). */
  | 'status-not-tracked'
  /** The provider reported an error instead of an event. */
  | 'provider-error'
  /** An edit or deletion that cannot apply (another sender's message, an agent's message, already deleted). */
  | 'change-not-applied';

/** A provider event that stores nothing, with why. */
export interface IgnoredEvent {
  /** What the provider sent: a message type, an update kind, a webhook field, a status. */
  kind: string;
  reason: IgnoreReason;
  /** The provider's id of the event or of the message it names, when there is one. */
  id?: string;
  /** What else explains it (the provider's error, the other account's id). */
  detail?: string;
}

/**
 * What is ignored of a customer's edit or deletion once applied: nothing when it applied or simply came again (a
 * provider's redelivery), else the event with why it could not apply.
 */
export function unappliedChange(
  kind: string,
  changeId: string,
  result: { applied: boolean; reason?: string },
): IgnoredEvent[] {
  if (result.applied || result.reason === 'already-applied') return [];
  return [{ kind, reason: 'change-not-applied', id: changeId, detail: result.reason }];
}

/** The stable log message of every ignored provider event. */
export const IGNORED_EVENT_LOG = 'inbound event ignored';

/** Logs each ignored event with its reason (info; provider errors warn): nothing a provider sends vanishes silently. */
export function logIgnored(
  logger: Pick<Logger, 'info' | 'warn'>,
  channel: { id: number; type: string },
  events: readonly IgnoredEvent[],
): void {
  for (const event of events) {
    const entry = { channelId: channel.id, channelType: channel.type, ...event };
    if (event.reason === 'provider-error') logger.warn(entry, IGNORED_EVENT_LOG);
    else logger.info(entry, IGNORED_EVENT_LOG);
  }
}

/**
 * A provider time as a Date: seconds or milliseconds since the epoch (number or numeric string), or an ISO date;
 * anything else (a placeholder, garbage) gives none, so a bad clock never drops the message it came with.
 */
export function providerTime(value: unknown, unit: 'seconds' | 'milliseconds'): Date | null {
  if (typeof value === 'number' || (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim()))) {
    const amount = Number(value);
    if (!Number.isFinite(amount) || amount <= 0) return null;
    const date = new Date(unit === 'seconds' ? amount * 1000 : amount);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) {
    const date = new Date(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
}
