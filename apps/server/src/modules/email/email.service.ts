import {
  ATTACHMENT_MAX_BYTES,
  CHANNEL_CONTACT_TYPES,
  type InteractionMessage,
  MESSAGE_DIRECTION,
  TICKET_STATUS,
} from '@atiende/contracts';
import { type Attachment, simpleParser } from 'mailparser';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { safeFileName, sniffAttachment } from '../../platform/files.js';
import { textToHtml } from '../../platform/html.js';
import { campaignsRepo } from '../campaigns/campaigns.repo.js';
import type { ChannelRow } from '../channels/channels.repo.js';
import { channelsRepo } from '../channels/channels.repo.js';
import { customersRepo, fullName } from '../customers/customers.repo.js';
import type { InboundResult, InboundService } from '../interactions/inbound.service.js';
import { interactionsRepo, type MessageRow } from '../interactions/interactions.repo.js';
import { ticketsRepo } from '../tickets/tickets.repo.js';
import { createEmailAdapter } from './email.adapter.js';
import { automaticReason, contentOf, receivedAtOf, senderOf, threadingOf } from './email.message.js';
import { createMailboxPoller, type IngestOutcome, type MailboxPollerOptions } from './mailbox.poller.js';

/** Files kept per message (the rest are logged and dropped). */
const MAX_ATTACHMENTS = 20;
const ALREADY_KEPT = new Error('the message already has its attachments');

/**
 * Inbound e-mail: a raw message of the channel's mailbox becomes an inbound message through the one inbound path.
 * Automatic mail (auto-replies, bounces, reports, bulk) is skipped. The thread key is the thread the message
 * answers when one of the ids it names (In-Reply-To, References) is a stored message of the channel — our own
 * replies included — else the thread's root Message-ID. Attachments are stored as the ticket's attachments.
 */
export function createEmailIngest(ctx: AppContext, inbound: InboundService) {
  const { db, logger } = ctx;

  /** Stores the accepted files once per message (a re-read message whose files were kept is left alone). */
  async function keepAttachments(result: InboundResult, attachments: Attachment[]): Promise<void> {
    if (attachments.length === 0) return;
    const message = await interactionsRepo.message(db, result.messageId);
    if (!message || message.attachments !== null) return;
    const kept: NonNullable<MessageRow['attachments']> = [];
    for (const attachment of attachments.slice(0, MAX_ATTACHMENTS)) {
      const name = attachment.filename?.trim() || 'adjunto';
      const kind = attachment.content.length <= ATTACHMENT_MAX_BYTES ? sniffAttachment(attachment.content, name) : null;
      if (!kind) {
        logger.warn(
          { messageId: message.id, name, size: attachment.content.length, contentType: attachment.contentType },
          'e-mail attachment refused (type or size)',
        );
        continue;
      }
      const storedPath = await ctx.storage.save(`tickets/${message.ticketId}`, kind.extension, attachment.content);
      kept.push({
        name: safeFileName(name, kind.extension),
        path: storedPath,
        contentType: kind.contentType,
        size: attachment.content.length,
      });
    }
    // The files become the ticket's attachments and the message names them; a message whose files were kept by an
    // earlier read of the same e-mail keeps those (the transaction is rolled back).
    const recorded = await db
      .transaction(async (tx) => {
        const named: typeof kept = [];
        for (const file of kept) {
          const attachmentId = await ticketsRepo.insertAttachment(tx, {
            ticketId: message.ticketId,
            fileName: file.name,
            storedPath: file.path,
            contentType: file.contentType,
            size: file.size,
            uploadedBy: null,
          });
          named.push({ attachmentId, ...file });
        }
        if (!(await interactionsRepo.setMessageAttachments(tx, message.id, named))) throw ALREADY_KEPT;
        return true;
      })
      .catch((error: unknown) => {
        if (error === ALREADY_KEPT) return false;
        throw error;
      });
    if (!recorded) await Promise.all(kept.map((file) => ctx.storage.remove(file.path)));
  }

  return async function ingest(channel: ChannelRow, source: Buffer): Promise<IngestOutcome> {
    let mail: Awaited<ReturnType<typeof simpleParser>>;
    try {
      mail = await simpleParser(source, { skipImageLinks: true, skipTextToHtml: true });
    } catch (error) {
      logger.warn({ err: error, channelId: channel.id }, 'unreadable e-mail skipped');
      return { status: 'skipped', reason: 'unparseable' };
    }
    const address = typeof channel.config.address === 'string' ? channel.config.address : null;
    const automatic = automaticReason(mail, address);
    if (automatic) return { status: 'skipped', reason: automatic };
    const sender = senderOf(mail);
    if (!sender) return { status: 'skipped', reason: 'no-sender' };
    const { providerMessageId, rootKey, answers } = threadingOf(mail, source);
    const threadKey = (await interactionsRepo.threadKeyOfMessages(db, channel.id, answers)) ?? rootKey;
    const result = await inbound.receive(channel.id, {
      providerMessageId,
      from: sender.address,
      ...(sender.name ? { senderName: sender.name } : {}),
      ...(mail.subject?.trim() ? { subject: mail.subject.trim().replace(/^(re|fw|fwd|rv):\s*/i, '') } : {}),
      ...contentOf(mail),
      threadKey,
      receivedAt: receivedAtOf(mail),
    });
    await keepAttachments(result, mail.attachments);
    return { status: result.duplicate ? 'duplicate' : 'recorded', ticketId: result.ticketId };
  };
}

/** The e-mail channel's parts: the outbound adapter and the mailbox poller. */
export function createEmailChannel(ctx: AppContext, inbound: InboundService, options: MailboxPollerOptions = {}) {
  const adapter = createEmailAdapter(ctx);
  const poller = createMailboxPoller(ctx, createEmailIngest(ctx, inbound), options);
  return {
    adapter,
    poller,
    async stop() {
      await poller.stop();
      adapter.close();
    },
  };
}

export type EmailChannel = ReturnType<typeof createEmailChannel>;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const isEmail = (value: string) => z.email().safeParse(value).success;

function senderOfMessage(message: InteractionMessage, customerName: string, contactValue: string): string {
  if (message.direction === MESSAGE_DIRECTION.incoming) return message.senderName || customerName || contactValue;
  return message.author?.nombre || message.senderName || 'Atiende';
}

/**
 * When a ticket closes in a campaign with `transcriptionSending`, its customer gets the conversation (every
 * message of every interaction, oldest first, with time and sender; everything escaped) at their e-mail contact,
 * through the durable mail job. Returns whether a transcript was queued.
 */
export async function sendTranscript(ctx: AppContext, ticketId: number): Promise<boolean> {
  const { db } = ctx;
  const ticket = await ticketsRepo.findVisible(db, { kind: 'all' }, { id: ticketId });
  if (!ticket || ticket.status !== TICKET_STATUS.closed || ticket.mergedIntoId) return false;
  const campaign = await campaignsRepo.find(db, ticket.campaignId);
  if (!campaign?.config.transcriptionSending) return false;
  const emailCodes = CHANNEL_CONTACT_TYPES.email.codes;
  const to = (await customersRepo.contacts(db, ticket.customerId)).find(
    (contact) => emailCodes.includes(contact.type.code ?? '') && isEmail(contact.value.trim()),
  )?.value;
  if (!to) return false;
  const customer = await customersRepo.findRow(db, ticket.customerId);
  const customerName = customer ? fullName(customer) : '';
  const interactions = await interactionsRepo.ofTicket(db, ticketId);
  const entries = interactions
    .flatMap((interaction) =>
      interaction.messages.map((message) => ({
        at: message.createdAt,
        sender: senderOfMessage(message, customerName, interaction.contactValue),
        text: message.text,
      })),
    )
    .sort((a, b) => a.at.localeCompare(b.at));
  if (entries.length === 0) return false;
  const channel = ticket.channelId ? await channelsRepo.find(db, ticket.channelId) : null;
  const format = new Intl.DateTimeFormat('es-CO', {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: channel?.businessHours.timezone ?? 'America/Bogota',
  });
  const subject = `Transcripción del caso #${ticket.number}`;
  const text = [
    `${subject}: ${ticket.description}`,
    '',
    ...entries.map((entry) => `[${format.format(new Date(entry.at))}] ${entry.sender}:\n${entry.text}\n`),
  ].join('\n');
  const rows = entries
    .map(
      (entry) =>
        `<tr><td style="white-space:nowrap;vertical-align:top">${escapeHtml(format.format(new Date(entry.at)))}</td>` +
        `<td style="vertical-align:top"><strong>${escapeHtml(entry.sender)}</strong></td>` +
        `<td>${textToHtml(entry.text)}</td></tr>`,
    )
    .join('');
  const html =
    `<p>${escapeHtml(subject)}: ${escapeHtml(ticket.description)}</p>` +
    `<table cellpadding="6" style="border-collapse:collapse"><thead><tr><th align="left">Fecha</th>` +
    `<th align="left">Remitente</th><th align="left">Mensaje</th></tr></thead><tbody>${rows}</tbody></table>`;
  await ctx.sendMail({ to, subject, text, html });
  return true;
}
