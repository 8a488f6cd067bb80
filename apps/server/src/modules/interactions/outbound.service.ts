import {
  CHANNELS_WITHOUT_REPLY_FILES,
  type ChannelTypeKey,
  campaignConfigSchema,
  DELIVERY_STATUS,
  MESSAGE_DIRECTION,
  REALTIME_EVENTS,
  REPLY_WINDOW_HOURS,
  type ReplyBody,
  TICKET_EVENT,
  TICKET_STATUS,
} from '@atiende/contracts';
import type { AuthContext } from '../../platform/auth-context.js';
import type { AppContext } from '../../platform/context.js';
import type { Executor } from '../../platform/db/client.js';
import { htmlToText, sanitizeRichText, textToHtml } from '../../platform/html.js';
import { AppError, errors } from '../../platform/http/errors.js';
import { translate } from '../../platform/i18n/messages.js';
import type { JobName } from '../../platform/job-map.js';
import type { JobAttempt } from '../../platform/jobs.js';
import { ticketScopeOf } from '../../policies/tickets.js';
import { campaignsRepo } from '../campaigns/campaigns.repo.js';
import { channelsRepo } from '../channels/channels.repo.js';
import { customersRepo, fullName } from '../customers/customers.repo.js';
import { ticketsRepo } from '../tickets/tickets.repo.js';
import { type ChannelAdapter, ChannelSetupError, PermanentDeliveryError } from './adapters.js';
import type { InboundResult } from './inbound.service.js';
import { type InteractionRow, interactionsRepo, toMessage } from './interactions.repo.js';
import type { OutboundPayload, StoredMessageAttachment } from './interactions.schema.js';

/** What an agent's message stores and sends, as built for its conversation. */
export interface ComposedMessage {
  html: string;
  text: string;
  attachments?: StoredMessageAttachment[];
  outboundPayload?: OutboundPayload;
}

export const SEND_QUEUE = 'messages.send' satisfies JobName;
const PREVIEW_LENGTH = 280;
/** The channel's unavailable message goes out at most this often per conversation. */
const AUTO_REPLY_EVERY_MS = 12 * 3_600_000;

const STATUS_CODES = {
  sent: DELIVERY_STATUS.sent,
  delivered: DELIVERY_STATUS.delivered,
  read: DELIVERY_STATUS.read,
  failed: DELIVERY_STATUS.failed,
} as const;

/**
 * Outgoing messages: an agent's reply (or an automatic one) is stored as queued and handed to a durable job; the job
 * finds the channel type's adapter and delivers, retrying with backoff, then marks it sent — or failed after the
 * last retry. Provider status callbacks move the status forward only. Every change reaches the campaign's room.
 */
export function createOutboundService(ctx: AppContext) {
  const { db } = ctx;
  const adapters = new Map<string, ChannelAdapter>();
  /** Who else hears providers' status callbacks (bulk messaging's recipients). */
  const reportListeners: ((channelId: number, report: DeliveryReport) => Promise<boolean>)[] = [];

  async function announceStatus(ticketId: number, messageId: number, deliveryStatus: number) {
    const ticket = await ticketsRepo.findVisible(db, { kind: 'all' }, { id: ticketId });
    if (!ticket) return;
    await ctx.realtime.toTicketReaders(ticket.campaignId, ticket.assignedUserId, REALTIME_EVENTS.messageStatus, {
      casoId: ticketId,
      messageId,
      deliveryStatus,
    });
  }

  /** A message the channel sends by itself (out-of-hours answer, close message), signed with its name and queued. */
  async function queueAutomatic(
    tx: Parameters<typeof queue>[0],
    interaction: Pick<InteractionRow, 'id' | 'ticketId'>,
    channel: { id: number; name: string },
    text: string,
  ) {
    const stored = await queue(tx, {
      interactionId: interaction.id,
      ticketId: interaction.ticketId,
      channelId: channel.id,
      html: textToHtml(text),
      text,
      authorId: null,
      senderName: channel.name,
    });
    await ctx.jobs.send(SEND_QUEUE, { messageId: stored.id });
    return stored;
  }

  /** Stores an outgoing message on an interaction and queues its delivery (inside the caller's transaction). */
  async function queue(
    tx: Parameters<Parameters<typeof db.transaction>[0]>[0],
    input: {
      interactionId: number;
      ticketId: number;
      channelId: number;
      html: string;
      text: string;
      authorId: number | null;
      senderName: string | null;
      attachments?: StoredMessageAttachment[];
      outboundPayload?: OutboundPayload;
    },
  ) {
    const attachments = input.attachments?.length ? input.attachments : null;
    const message = await interactionsRepo.insertMessage(tx, {
      interactionId: input.interactionId,
      ticketId: input.ticketId,
      channelId: input.channelId,
      direction: MESSAGE_DIRECTION.outgoing,
      bodyHtml: input.html,
      bodyText: input.text,
      senderName: input.senderName,
      authorId: input.authorId,
      deliveryStatus: DELIVERY_STATUS.queued,
      attachments,
      outboundPayload: input.outboundPayload ?? null,
    });
    await interactionsRepo.touchInteraction(tx, input.interactionId, message.createdAt);
    await ticketsRepo.update(tx, input.ticketId, {
      lastMessageAt: message.createdAt,
      lastMessagePreview: (input.text.trim() || (attachments ?? []).map((file) => `📎 ${file.name}`).join(', ')).slice(
        0,
        PREVIEW_LENGTH,
      ),
      lastMessageDirection: MESSAGE_DIRECTION.outgoing,
      lastMessageSender: input.senderName,
    });
    return message;
  }

  /**
   * What the conversation's channel accepts as a free-form reply: Meta's channels only within their window after
   * the customer's last message, and some channels no uploaded files.
   */
  async function assertReplyAccepted(tx: Executor, interaction: InteractionRow, withFiles: boolean) {
    const channel = await channelsRepo.find(tx, interaction.channelId);
    if (withFiles && channel && CHANNELS_WITHOUT_REPLY_FILES.includes(channel.type)) {
      throw errors.invalidField('attachmentIds', 'messages.filesNotSupported');
    }
    const hours = channel ? REPLY_WINDOW_HOURS[channel.type] : undefined;
    if (!hours) return;
    const lastIncoming = await interactionsRepo.lastIncomingAt(tx, interaction.id);
    if (!lastIncoming || Date.now() - lastIncoming.getTime() > hours * 3_600_000) {
      throw new AppError(409, 'MESSAGE.WINDOW_CLOSED', 'messages.windowClosed', { hours });
    }
  }

  /**
   * The agent's outgoing message on one of the ticket's conversations (default: the latest), in one transaction:
   * the ticket in the agent's scope and not closed, the conversation of that ticket, what `compose` builds for it,
   * the message queued for delivery, the first answer counted and a new ticket of the agent's opened.
   */
  async function answer(
    actor: AuthContext,
    ticketId: number,
    interactionId: number | undefined,
    compose: (tx: Executor, interaction: InteractionRow) => Promise<ComposedMessage>,
  ) {
    const { message, opened, campaignId } = await db.transaction(async (tx) => {
      const ticket = await ticketsRepo.findVisible(tx, ticketScopeOf(actor), { id: ticketId }, true);
      if (!ticket) throw errors.notFound();
      if (ticket.status === TICKET_STATUS.closed) throw new AppError(409, 'TICKET.CLOSED', 'tickets.closedTicket');
      const interaction = interactionId
        ? await interactionsRepo.interaction(tx, interactionId)
        : await interactionsRepo.latestInteraction(tx, ticketId);
      if (!interaction || interaction.ticketId !== ticketId) {
        if (interactionId) throw errors.invalidField('interactionId', 'messages.noInteraction');
        throw new AppError(409, 'MESSAGE.NO_INTERACTION', 'messages.noInteraction');
      }
      const composed = await compose(tx, interaction);
      const senderName = await ticketsRepo.userName(tx, actor.userId);
      const stored = await queue(tx, {
        interactionId: interaction.id,
        ticketId,
        channelId: interaction.channelId,
        authorId: actor.userId,
        senderName,
        ...composed,
      });
      // Answering is working the ticket: the first answer counts for the service level, and opens it.
      const opens = ticket.status === TICKET_STATUS.new && ticket.assignedUserId === actor.userId;
      await ticketsRepo.update(tx, ticketId, {
        unread: false,
        ...(ticket.firstResponseAt ? {} : { firstResponseAt: stored.createdAt }),
        ...(opens ? { status: TICKET_STATUS.open, openedAt: stored.createdAt } : {}),
      });
      await ctx.jobs.send(SEND_QUEUE, { messageId: stored.id });
      return { message: stored, opened: opens, campaignId: ticket.campaignId };
    });
    if (opened) {
      await ctx.realtime.toCampaign(campaignId, TICKET_EVENT, {
        tipo: 'abierto',
        casoId: ticketId,
        campanaId: campaignId,
        asignado: actor.userId,
        asignadoNombre: message.senderName,
      });
    }
    await announceStatus(ticketId, message.id, DELIVERY_STATUS.queued);
    // SLAs follow answers (the first response, the next one the customer waits for).
    await ctx.events.emit('ticket.activity', {
      ticketId,
      campaignId,
      activity: 'agentReplied',
      changedFields: ['ticket.firstResponseAt', 'message.text', 'message.direction', 'message.at'],
    });
    return toMessage(message, message.senderName);
  }

  return {
    /** A channel type's provider adapter (web chat, e-mail, ...); types without one fail their messages clearly. */
    registerAdapter(channelType: ChannelTypeKey, adapter: ChannelAdapter) {
      adapters.set(channelType, adapter);
    },

    /** The adapter of a channel type (bulk messaging sends through it), if one is registered. */
    adapterFor(channelType: string): ChannelAdapter | undefined {
      return adapters.get(channelType);
    },

    /**
     * Hears every provider status callback that is not one of Atiende's replies; returns whether it knew the id.
     * Bulk messaging registers here, so each channel's webhook reports in one place.
     */
    onReport(listener: (channelId: number, report: DeliveryReport) => Promise<boolean>) {
      reportListeners.push(listener);
    },

    /** `POST /tickets/:id/messages`: the agent answers the customer on one of the ticket's conversations. */
    async reply(actor: AuthContext, ticketId: number, body: ReplyBody) {
      const html = body.html ? sanitizeRichText(body.html) : textToHtml(body.text);
      const text = body.text.trim() || htmlToText(body.html ?? '');
      return answer(actor, ticketId, body.interactionId, async (tx, interaction) => {
        await assertReplyAccepted(tx, interaction, body.attachmentIds.length > 0);
        // Files are the ticket's attachments (uploaded first); another ticket's file is refused, not skipped.
        const files = await ticketsRepo.attachmentsByIds(tx, ticketId, body.attachmentIds);
        if (files.length !== body.attachmentIds.length) {
          throw errors.invalidField('attachmentIds', 'messages.unknownAttachment');
        }
        const byId = new Map(files.map((file) => [file.id, file]));
        return {
          html,
          text,
          attachments: body.attachmentIds.map((id) => {
            const file = byId.get(id) as (typeof files)[number];
            return {
              attachmentId: file.id,
              name: file.fileName,
              path: file.storedPath,
              contentType: file.contentType,
              size: file.size,
            };
          }),
        };
      });
    },

    /**
     * An agent's message other than a free-form reply (a WhatsApp template): `compose` checks it against the
     * conversation and says what to store and send, inside the transaction that stores it.
     */
    answer,
    /** Refuses a free-form message the conversation's channel does not take now (closed window, files). */
    assertReplyAccepted,

    /**
     * A bot's answers on the conversation, queued in the caller's transaction (the bot's state commits with them, so
     * a customer's message is answered once), signed with the channel's name; `announceQueued` after commit.
     */
    async queueBotReplies(
      tx: Parameters<typeof queue>[0],
      interaction: Pick<InteractionRow, 'id' | 'ticketId' | 'channelId'>,
      replies: { text: string; outboundPayload?: OutboundPayload }[],
    ): Promise<number[]> {
      const channel = await channelsRepo.find(tx, interaction.channelId);
      const ids: number[] = [];
      for (const reply of replies) {
        const stored = await queue(tx, {
          interactionId: interaction.id,
          ticketId: interaction.ticketId,
          channelId: interaction.channelId,
          html: textToHtml(reply.text),
          text: reply.text,
          authorId: null,
          senderName: channel?.name ?? null,
          outboundPayload: reply.outboundPayload,
        });
        await ctx.jobs.send(SEND_QUEUE, { messageId: stored.id });
        ids.push(stored.id);
      }
      return ids;
    },

    /** The ticket's readers see messages queued by someone other than an agent (a bot's answers). */
    async announceQueued(ticketId: number, messageIds: number[]): Promise<void> {
      for (const id of messageIds) await announceStatus(ticketId, id, DELIVERY_STATUS.queued);
    },

    /**
     * After an inbound message outside business hours: the channel's unavailable message, at most every 12 h; never
     * to a program (a mailing list, a notification: answering robots makes mail loops).
     */
    async replyOutsideHours(result: InboundResult): Promise<void> {
      if (!result.outsideHours || result.duplicate || result.automatic) return;
      const interaction = await interactionsRepo.interaction(db, result.interactionId);
      const channel = interaction ? await channelsRepo.find(db, interaction.channelId) : null;
      const text = channel?.unavailableMessage?.trim();
      // A caller hears it spoken (modules/voice): a telephony channel sends no text.
      if (!interaction || !channel || !text || channel.type === 'telephony') return;
      const message = await db.transaction(async (tx) => {
        await interactionsRepo.lockSender(tx, channel.id, `auto:${interaction.id}`);
        if (await interactionsRepo.autoReplySince(tx, interaction.id, new Date(Date.now() - AUTO_REPLY_EVERY_MS))) {
          return null;
        }
        return queueAutomatic(tx, interaction, channel, text);
      });
      if (message) await announceStatus(message.ticketId, message.id, DELIVERY_STATUS.queued);
    },

    /**
     * A message the system sends on the ticket's latest conversation (a business rule's template), signed with the
     * channel's name, under the same channel rules as an agent's reply (Meta's reply window). Returns false when the
     * ticket has no conversation; throws the reply window's 409.
     */
    async sendAutomatic(ticketId: number, text: string): Promise<boolean> {
      const interaction = await interactionsRepo.latestInteraction(db, ticketId);
      const channel = interaction ? await channelsRepo.find(db, interaction.channelId) : null;
      if (!interaction || !channel) return false;
      const message = await db.transaction(async (tx) => {
        await assertReplyAccepted(tx, interaction, false);
        return queueAutomatic(tx, interaction, channel, text);
      });
      await announceStatus(ticketId, message.id, DELIVERY_STATUS.queued);
      return true;
    },

    /**
     * Like `sendAutomatic`, with the text decided inside the transaction that queues it: `compose` may write the
     * caller's own record of the send (a survey's link made once per ticket) and answers null to send nothing, so
     * the record and the message commit together and a retried job never sends twice.
     */
    async sendAutomaticOnce(ticketId: number, compose: (tx: Executor) => Promise<string | null>): Promise<boolean> {
      const interaction = await interactionsRepo.latestInteraction(db, ticketId);
      const channel = interaction ? await channelsRepo.find(db, interaction.channelId) : null;
      if (!interaction || !channel) return false;
      const message = await db.transaction(async (tx) => {
        await assertReplyAccepted(tx, interaction, false);
        const text = await compose(tx);
        return text ? queueAutomatic(tx, interaction, channel, text) : null;
      });
      if (message) await announceStatus(ticketId, message.id, DELIVERY_STATUS.queued);
      return message !== null;
    },

    /**
     * After a ticket closed: a web-chat visitor is told the conversation ended, in the campaign's words (empty:
     * nothing). Their next message opens a new ticket, linked to this one.
     */
    async farewell(ticketId: number): Promise<void> {
      const interaction = await interactionsRepo.latestInteraction(db, ticketId);
      const channel = interaction ? await channelsRepo.find(db, interaction.channelId) : null;
      const ticket = await ticketsRepo.findVisible(db, { kind: 'all' }, { id: ticketId });
      if (!interaction || channel?.type !== 'webchat' || !ticket) return;
      const campaign = await campaignsRepo.find(db, ticket.campaignId);
      const text = campaignConfigSchema.parse(campaign?.config ?? {}).closeMessage.trim();
      if (!text) return;
      const message = await db.transaction((tx) => queueAutomatic(tx, interaction, channel, text));
      await announceStatus(ticketId, message.id, DELIVERY_STATUS.queued);
    },

    /** The `messages.send` job: deliver once through the channel's adapter (retried by pg-boss on errors). */
    async deliver(messageId: number, attempt: JobAttempt): Promise<void> {
      let message = await interactionsRepo.message(db, messageId);
      // The job is queued (on pg-boss's own connection) inside the transaction that stores the message, so a worker
      // woken by NOTIFY can start before that commit: look again shortly, then leave it to the job's retry.
      for (let look = 0; !message && look < 10; look += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        message = await interactionsRepo.message(db, messageId);
      }
      if (!message) {
        if (!attempt.lastAttempt) throw new Error(`message ${messageId} is not stored (yet)`);
        return;
      }
      if (message.direction !== MESSAGE_DIRECTION.outgoing) return;
      // At-least-once jobs: a message already handed to the provider is not sent twice.
      if (message.deliveryStatus !== null && message.deliveryStatus >= DELIVERY_STATUS.sent) return;
      const [interaction, channel, ticket] = await Promise.all([
        interactionsRepo.interaction(db, message.interactionId),
        channelsRepo.find(db, message.channelId),
        ticketsRepo.findVisible(db, { kind: 'all' }, { id: message.ticketId }),
      ]);
      if (!interaction || !channel || !ticket) return;
      const adapter = adapters.get(channel.type);
      if (!adapter) {
        if (
          await interactionsRepo.advanceDelivery(db, message.id, DELIVERY_STATUS.failed, {
            error: translate('es', 'messages.noAdapter'),
          })
        ) {
          await announceStatus(ticket.id, message.id, DELIVERY_STATUS.failed);
        }
        return;
      }
      const customer = await customersRepo.findRow(db, interaction.customerId);
      try {
        const outcome = await adapter.send({
          message,
          interaction,
          channel,
          ticket: {
            id: ticket.id,
            number: ticket.number,
            description: ticket.description,
            campaignId: ticket.campaignId,
          },
          customerName: customer ? fullName(customer) : interaction.contactValue,
          thread: (await interactionsRepo.thread(db, interaction.id)).filter(
            (entry) => entry.providerMessageId !== message.providerMessageId,
          ),
        });
        const source = adapter.problemSource;
        // The channel's own problem, if it showed one, is over (checked on the row already loaded: no extra query).
        if (source && channel.lastError?.startsWith(`${source}: `)) {
          await channelsRepo.clearProblem(db, channel.id, source);
        }
        const status = outcome.delivered ? DELIVERY_STATUS.delivered : DELIVERY_STATUS.sent;
        if (
          await interactionsRepo.advanceDelivery(db, message.id, status, {
            providerMessageId: outcome.providerMessageId,
          })
        ) {
          await announceStatus(ticket.id, message.id, status);
        }
      } catch (error) {
        if (!attempt.lastAttempt && !(error instanceof PermanentDeliveryError)) throw error;
        // The provider's own words (`providerDetail`) reach the log, never the message or the channel.
        ctx.logger.warn({ err: error, messageId: message.id, channelId: channel.id }, 'message delivery failed');
        const reason = error instanceof Error ? error.message : String(error);
        if (error instanceof ChannelSetupError && adapter.problemSource) {
          await channelsRepo.setProblem(db, channel.id, adapter.problemSource, error.problem);
        }
        if (
          await interactionsRepo.advanceDelivery(db, message.id, DELIVERY_STATUS.failed, {
            error: reason.slice(0, 1000),
          })
        ) {
          await announceStatus(ticket.id, message.id, DELIVERY_STATUS.failed);
        }
      }
    },

    /**
     * A provider's status callback for an outgoing message of the channel. `known` is false for ids that are not
     * Atiende's replies (the caller logs them); `updated` only when the status moved forward. `failuresAreFinal`:
     * the provider's failures are final (Twilio's failed/undelivered), so a late report of an earlier stage
     * leaves a failed message failed.
     */
    async report(channelId: number, report: DeliveryReport, options: { failuresAreFinal?: boolean } = {}) {
      const message = await interactionsRepo.messageByProviderId(db, channelId, report.providerMessageId);
      if (!message || message.direction !== MESSAGE_DIRECTION.outgoing) {
        for (const listener of reportListeners) {
          if (await listener(channelId, report)) return { known: true, updated: true };
        }
        return { known: false, updated: false };
      }
      const status = STATUS_CODES[report.status];
      const updated = await interactionsRepo.advanceDelivery(db, message.id, status, {
        error: report.error,
        keepFailed: options.failuresAreFinal,
      });
      if (updated) await announceStatus(message.ticketId, message.id, status);
      return { known: true, updated };
    },
  };
}

export type OutboundService = ReturnType<typeof createOutboundService>;

/** A provider's status callback for one of its messages. */
export interface DeliveryReport {
  providerMessageId: string;
  status: keyof typeof STATUS_CODES;
  error?: string;
  /** What Atiende gave the provider to echo with the message's statuses (bulk messaging's recipient). */
  reference?: string;
}
