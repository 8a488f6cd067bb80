import { createHash } from 'node:crypto';
import type { AddressObject, ParsedMail } from 'mailparser';
import { htmlToText, sanitizeInboundHtml } from '../../platform/html.js';
import { stripControlCharacters } from '../../platform/text.js';
import type { IncomingFile } from '../interactions/message-files.js';
import { parseMail } from './email.parse.js';

/** Limits of the inbound path (inboundMessageSchema). */
const MAX_PROVIDER_ID = 300;
const MAX_THREAD_KEY = 500;
const MAX_TEXT = 20_000;
const MAX_HTML = 200_000;
const MAX_SUBJECT = 500;
const MAX_NAME = 200;
const MAX_ADDRESS = 254;
/** S/MIME and PGP/MIME encryption: only the recipient's key opens the content. */
const ENCRYPTED = /^(application\/(x-)?pkcs7-mime|multipart\/encrypted)$/;
const ENCRYPTED_NOTICE = '(mensaje cifrado: Atiende no puede leerlo; pida al cliente que lo envíe sin cifrar)';
/** Name of a forwarded message kept as a file when it has no subject. */
const FORWARDED_NAME = 'mensaje reenviado';

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

/** A text shortened to `limit` characters at a word break, with an ellipsis; never longer. */
export function shorten(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const window = text.slice(0, limit - 1);
  const cut = window.lastIndexOf(' ');
  return `${(cut > limit / 2 ? window.slice(0, cut) : window).trimEnd()}…`;
}

const clean = (text: string) => stripControlCharacters(text).replace(/\s+/g, ' ').trim();

function firstAddress(value: AddressObject | AddressObject[] | undefined) {
  const objects = Array.isArray(value) ? value : value ? [value] : [];
  return objects.flatMap((object) => object.value).find((entry) => entry.address?.includes('@'));
}

/**
 * Who wrote the message: the From address (lower-cased), else Reply-To, else Sender, else the (non-null)
 * Return-Path — old and broken mailers leave From empty or without a domain. Null when none is usable.
 */
export function senderOf(mail: ParsedMail): { address: string; name?: string } | null {
  const sender = firstAddress(mail.from) ?? firstAddress(mail.replyTo);
  const fallback = sender ? null : (headerValue(mail, 'sender') ?? headerValue(mail, 'return-path'));
  const address = (sender?.address ?? /[^\s<>"]+@[^\s<>"]+/.exec(fallback ?? '')?.[0] ?? '').trim().toLowerCase();
  if (!address || address.length > MAX_ADDRESS || !/^[^@\s]+@[^@\s]+$/.test(address)) return null;
  const name = clean(sender?.name ?? '').slice(0, MAX_NAME);
  return { address, ...(name ? { name } : {}) };
}

/** The Content-Type of the whole message, lower-cased, without parameters. */
function messageType(mail: ParsedMail): string {
  const contentType = mail.headers.get('content-type');
  const type =
    contentType && typeof contentType === 'object' && 'value' in contentType
      ? String(contentType.value)
      : String(contentType ?? '');
  return type.trim().toLowerCase();
}

/** The local part of the From address, even one without a domain ("MAILER-DAEMON"), else of its name. */
function senderLocalPart(mail: ParsedMail): string {
  const entry = firstAddress(mail.from) ?? mail.from?.value[0];
  return (entry?.address || entry?.name || '').split('@')[0].trim().toLowerCase();
}

const BOUNCE_SENDERS = new Set(['mailer-daemon', 'postmaster', 'post_master', 'post-master']);
const NO_REPLY_SENDER = /^(no|do[-_.]?not)[-_.]?reply([-_.+].*)?$/;

/**
 * Why a message is not a conversation but a program's answer to another message, which must neither open nor feed
 * a ticket: RFC 3834 auto-replies (`Auto-Submitted: auto-replied`, `X-Autoreply`, `X-Autorespond`,
 * `Precedence: auto_reply`), RFC 3464/6522 reports (`multipart/report`: bounces, read receipts, abuse reports),
 * other bounces (`X-Failed-Recipients`, a null `Return-Path`, MAILER-DAEMON or postmaster as sender) and our own
 * messages coming back. Null for any other message.
 */
export function notAConversation(mail: ParsedMail, channelAddress: string | null): string | null {
  const autoSubmitted = headerValue(mail, 'auto-submitted')?.split(/[;(]/)[0].trim().toLowerCase();
  if (autoSubmitted === 'auto-replied') return 'auto-replied';
  if (headerValue(mail, 'x-autoreply') !== null || headerValue(mail, 'x-autorespond') !== null) return 'x-autoreply';
  if (headerValue(mail, 'precedence')?.toLowerCase() === 'auto_reply') return 'precedence-auto-reply';
  const type = messageType(mail);
  if (type === 'multipart/report' || type === 'message/delivery-status' || type === 'message/disposition-notification')
    return 'report';
  if (headerValue(mail, 'x-failed-recipients') !== null) return 'bounce';
  const returnPath = headerValue(mail, 'return-path');
  if ((returnPath !== null && /^<\s*>$/.test(returnPath)) || /^<\s*>$/.test(headerValue(mail, 'from') ?? '')) {
    return 'null-sender';
  }
  if (BOUNCE_SENDERS.has(senderLocalPart(mail))) return 'mailer-daemon';
  const sender = senderOf(mail);
  if (sender && channelAddress && sender.address === channelAddress.trim().toLowerCase()) return 'own-address';
  return null;
}

/**
 * Why a message was sent by a program on its own rather than by a person answering: `Auto-Submitted` with any
 * other value than `no` (notifications, web forms), `Precedence: bulk`, `list` or `junk`, RFC 2369/2919 list
 * headers (`List-Id`, `List-Unsubscribe`, ...) and no-reply senders. Such a message is still taken (a mailing list
 * or a group address may carry every customer's mail; a notification may matter) but is never answered
 * automatically (RFC 3834 §2). Null for a person's message.
 */
export function sentByProgram(mail: ParsedMail): string | null {
  const autoSubmitted = headerValue(mail, 'auto-submitted')?.split(/[;(]/)[0].trim().toLowerCase();
  if (autoSubmitted && autoSubmitted !== 'no') return 'auto-submitted';
  const precedence = headerValue(mail, 'precedence')?.toLowerCase();
  if (precedence === 'bulk' || precedence === 'list' || precedence === 'junk') return 'precedence';
  if (mail.headerLines.some((header) => header.key.startsWith('list-'))) return 'list';
  if (NO_REPLY_SENDER.test(senderLocalPart(mail))) return 'no-reply';
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

/** The subject as the ticket's description starts from: without reply/forward prefixes, shortened, maybe empty. */
export function subjectOf(mail: ParsedMail): string {
  return shorten(
    clean(mail.subject ?? '').replace(/^((re|fw|fwd|rv|aw|wg|sv|tr)\s*(\[\d+\])?:\s*)+/i, ''),
    MAX_SUBJECT,
  );
}

/**
 * The readable content, never empty: the text part (else the HTML's text, else a notice for encrypted mail, else
 * the subject), within the inbound limits; the HTML when it fits — a newsletter over the limit is kept sanitised (styles and scripts dropped) when
 * that fits, else only its text.
 */
export function contentOf(mail: ParsedMail): { text: string; html?: string } {
  const rawHtml = typeof mail.html === 'string' ? stripControlCharacters(mail.html) : '';
  const fitting = rawHtml.length > MAX_HTML ? sanitizeInboundHtml(rawHtml) : rawHtml;
  const html = fitting && fitting.length <= MAX_HTML ? fitting : undefined;
  let text = stripControlCharacters(mail.text ?? '').trim();
  if (!text && rawHtml) text = stripControlCharacters(htmlToText(html ?? sanitizeInboundHtml(rawHtml))).trim();
  if (!text && ENCRYPTED.test(messageType(mail))) text = ENCRYPTED_NOTICE;
  if (!text) text = subjectOf(mail) || '(sin texto)';
  return { text: text.slice(0, MAX_TEXT), ...(html ? { html } : {}) };
}

/** The Date header when it is sensible (never in the future: a sender's wrong clock must not reorder the timeline). */
export function receivedAtOf(mail: ParsedMail, now = new Date()): string {
  const date = mail.date;
  if (!date || Number.isNaN(date.getTime()) || date > now) return now.toISOString();
  return date.toISOString();
}

/**
 * The files of a message as the inbound path keeps them: each attachment with its name, and each forwarded message
 * (message/rfc822) as an .eml file named by its own subject.
 */
export async function filesOf(mail: ParsedMail): Promise<IncomingFile[]> {
  return Promise.all(
    mail.attachments.map(async (file) => {
      if (file.contentType?.toLowerCase() !== 'message/rfc822') {
        return {
          name: file.filename ? stripControlCharacters(file.filename) : null,
          content: file.content,
          declaredType: file.contentType,
        };
      }
      const forwarded = await parseMail(file.content).catch(() => null);
      const subject = clean(forwarded?.subject ?? '')
        .replace(/[\\/:*?"<>|]+/g, ' ')
        .trim();
      return {
        name: `${shorten(subject || FORWARDED_NAME, 100)}.eml`,
        content: file.content,
        declaredType: file.contentType,
      };
    }),
  );
}
