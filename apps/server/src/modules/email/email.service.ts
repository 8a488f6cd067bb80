import { CHANNEL_CONTACT_TYPES, type InteractionMessage, MESSAGE_DIRECTION, TICKET_STATUS } from '@atiende/contracts';
import type { ParsedMail } from 'mailparser';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { textToHtml } from '../../platform/html.js';
import { campaignsRepo } from '../campaigns/campaigns.repo.js';
import type { ChannelRow } from '../channels/channels.repo.js';
import { channelsRepo } from '../channels/channels.repo.js';
import { customersRepo, fullName } from '../customers/customers.repo.js';
import type { InboundService } from '../interactions/inbound.service.js';
import { interactionsRepo } from '../interactions/interactions.repo.js';
import { keepMessageFiles } from '../interactions/message-files.js';
import { ticketsRepo } from '../tickets/tickets.repo.js';
import { createEmailAdapter } from './email.adapter.js';
import {
  createFailedInbound,
  isPassingFailure,
  type KnownOfMessage,
  MessageFailure,
  type TakeMessage,
} from './email.failures.js';
import {
  contentOf,
  filesOf,
  headerValue,
  notAConversation,
  receivedAtOf,
  senderOf,
  sentByProgram,
  subjectOf,
  threadingOf,
} from './email.message.js';
import { parseMail } from './email.parse.js';
import { createMailboxPoller, type IngestOutcome, type MailboxPollerOptions } from './mailbox.poller.js';

/** What a failed message's row shows of it: its sender (or the From text), subject and date. */
function knownOf(mail: ParsedMail): KnownOfMessage {
  return {
    sender: senderOf(mail)?.address ?? headerValue(mail, 'from'),
    subject: subjectOf(mail) || null,
    sentAt: mail.date ?? null,
  };
}

/**
 * Inbound e-mail: a raw message of the channel's mailbox becomes an inbound message through the one inbound path.
 * Mail that is not a conversation (auto-replies, bounces, reports) is skipped; mail a program sent on its own
 * (lists, notifications) is taken but never answered automatically. The thread key is the thread the message
 * answers when one of the ids it names (In-Reply-To, References) is a stored message of the channel — our own
 * replies included — else the thread's root Message-ID. Attachments are stored as the ticket's attachments. A
 * message that cannot be taken for a fault of its own is kept as a failed inbound message of the channel.
 */
export function createEmailIngest(ctx: AppContext, inbound: InboundService) {
  const { db } = ctx;

  const take: TakeMessage = async (channel, source) => {
    let mail: ParsedMail;
    try {
      mail = await parseMail(source);
    } catch (error) {
      throw new MessageFailure('unreadable', error instanceof Error ? error.message : String(error));
    }
    const known = knownOf(mail);
    const address = typeof channel.config.address === 'string' ? channel.config.address : null;
    const notConversation = notAConversation(mail, address);
    if (notConversation) return { status: 'skipped', reason: notConversation };
    const sender = senderOf(mail);
    if (!sender)
      throw new MessageFailure('no-sender', 'no usable address in From, Reply-To, Sender or Return-Path', known);
    try {
      const { providerMessageId, rootKey, answers } = threadingOf(mail, source);
      const threadKey = (await interactionsRepo.threadKeyOfMessages(db, channel.id, answers)) ?? rootKey;
      const subject = subjectOf(mail);
      const result = await inbound.receive(channel.id, {
        providerMessageId,
        from: sender.address,
        ...(sender.name ? { senderName: sender.name } : {}),
        ...(subject ? { subject } : {}),
        ...contentOf(mail),
        threadKey,
        receivedAt: receivedAtOf(mail),
        ...(sentByProgram(mail) ? { automatic: true } : {}),
      });
      await keepMessageFiles(ctx, result.messageId, await filesOf(mail));
      return { status: result.duplicate ? 'duplicate' : 'recorded', ticketId: result.ticketId };
    } catch (error) {
      if (isPassingFailure(error)) throw error;
      throw MessageFailure.of(error, known);
    }
  };

  const failures = createFailedInbound(ctx, take);

  /** One message of the mailbox: taken, skipped, or kept as failed (never lost); passing failures are thrown. */
  async function ingest(channel: ChannelRow, source: Buffer): Promise<IngestOutcome> {
    try {
      const outcome = await take(channel, source);
      await failures.resolve(channel.id, source);
      return outcome;
    } catch (error) {
      if (!(error instanceof MessageFailure)) throw error;
      await failures.record(channel.id, source, error);
      return { status: 'failed', reason: error.reason };
    }
  }

  return { ingest, failures };
}

/** The e-mail channel's parts: the outbound adapter and the mailbox poller. */
export function createEmailChannel(ctx: AppContext, inbound: InboundService, options: MailboxPollerOptions = {}) {
  const adapter = createEmailAdapter(ctx);
  const { ingest, failures } = createEmailIngest(ctx, inbound);
  const poller = createMailboxPoller(ctx, ingest, options);
  return {
    adapter,
    poller,
    failures,
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
