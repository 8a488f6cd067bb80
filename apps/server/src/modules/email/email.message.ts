import { createHash } from 'node:crypto';
import type { ParsedMail } from 'mailparser';

/** Limits of the inbound path (inboundMessageSchema). */
const MAX_PROVIDER_ID = 300;
const MAX_THREAD_KEY = 500;
const MAX_TEXT = 20_000;
const MAX_HTML = 200_000;
const MAX_NAME = 200;
const MAX_ADDRESS = 254;

/** The raw value of a header (first occurrence, unfolded), or null when absent. */
export function headerValue(mail: ParsedMail, name: string): string | null {
  const line = mail.headerLines.find((header) => header.key === name.toLowerCase())?.line;
  if (line === undefined) return null;
  return line
    .slice(line.indexOf(':') + 1)
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();
}

/** Message-IDs in a header value (`<id@host>` tokens), in order. */
export function messageIds(value: string | string[] | undefined | null): string[] {
  const text = Array.isArray(value) ? value.join(' ') : (value ?? '');
  return [...text.matchAll(/<[^<>\s]+>/g)].map((match) => match[0]);
}

export function senderOf(mail: ParsedMail): { address: string; name?: string } | null {
  const sender = mail.from?.value.find((entry) => entry.address);
  const address = sender?.address?.trim().toLowerCase();
  if (!address || address.length > MAX_ADDRESS || !address.includes('@')) return null;
  const name = sender?.name?.trim().slice(0, MAX_NAME);
  return { address, ...(name ? { name } : {}) };
}

/**
 * Why a message is an automatic one that must not open or feed a ticket (auto-replies, out-of-office notices,
 * bounces, delivery and read reports, bulk mail, our own messages coming back), or null for a person's message.
 */
export function automaticReason(mail: ParsedMail, channelAddress: string | null): string | null {
  const autoSubmitted = headerValue(mail, 'auto-submitted');
  if (autoSubmitted !== null && autoSubmitted.split(';')[0].trim().toLowerCase() !== 'no') return 'auto-submitted';
  if (headerValue(mail, 'x-autoreply') !== null || headerValue(mail, 'x-autorespond') !== null) return 'x-autoreply';
  const precedence = headerValue(mail, 'precedence')?.toLowerCase();
  if (precedence === 'bulk' || precedence === 'junk' || precedence === 'auto_reply') return 'precedence';
  const contentType = mail.headers.get('content-type');
  const type =
    contentType && typeof contentType === 'object' && 'value' in contentType
      ? String(contentType.value)
      : String(contentType ?? '');
  if (type.toLowerCase().startsWith('multipart/report')) return 'report';
  if (headerValue(mail, 'x-failed-recipients') !== null) return 'bounce';
  const returnPath = headerValue(mail, 'return-path');
  if (returnPath !== null && /^<\s*>$/.test(returnPath)) return 'null-sender';
  const sender = senderOf(mail);
  const local = sender?.address.split('@')[0];
  if (local === 'mailer-daemon' || local === 'postmaster') return 'mailer-daemon';
  if (sender && channelAddress && sender.address === channelAddress.trim().toLowerCase()) return 'own-address';
  return null;
}

/**
 * The ids that place a message in a conversation: its provider id (the Message-ID, or a stable hash of the source
 * when it has none or an unusable one), the thread's root (first of References, else In-Reply-To, else itself)
 * and every id it answers (References then In-Reply-To), to find our stored messages of the thread.
 */
export function threadingOf(mail: ParsedMail, source: Buffer) {
  const [own] = messageIds(mail.messageId);
  const providerMessageId =
    own && own.length <= MAX_PROVIDER_ID
      ? own
      : `hash:${createHash('sha256')
          .update(own ?? source)
          .digest('hex')}`;
  const references = messageIds(mail.references);
  const inReplyTo = messageIds(mail.inReplyTo);
  const answers = [...new Set([...references, ...inReplyTo])].filter((id) => id.length <= MAX_PROVIDER_ID);
  const root = references[0] ?? inReplyTo[0] ?? providerMessageId;
  return { providerMessageId, rootKey: root.slice(0, MAX_THREAD_KEY), answers };
}

/** The readable content: text (else the HTML's text is derived downstream), HTML when it fits, never empty. */
export function contentOf(mail: ParsedMail): { text: string; html?: string } {
  const html = typeof mail.html === 'string' && mail.html.length <= MAX_HTML ? mail.html : undefined;
  let text = (mail.text ?? '').trim();
  if (!text && !html) text = mail.subject?.trim() || '(sin texto)';
  return { text: text.slice(0, MAX_TEXT), ...(html ? { html } : {}) };
}

/** The Date header when it is sensible (never in the future: a sender's wrong clock must not reorder the timeline). */
export function receivedAtOf(mail: ParsedMail, now = new Date()): string {
  const date = mail.date;
  if (!date || Number.isNaN(date.getTime()) || date > now) return now.toISOString();
  return date.toISOString();
}
