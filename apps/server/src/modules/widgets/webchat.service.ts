import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import {
  isValidText,
  MESSAGE_DIRECTION,
  type PublicWidget,
  TICKET_STATUS,
  type VisitorMessage,
  WEBCHAT_TYPING_EVENT,
} from '@atiende/contracts';
import type { AuthContext } from '../../platform/auth-context.js';
import type { AppContext } from '../../platform/context.js';
import { safeFileName, sniffAttachment } from '../../platform/files.js';
import { AppError, errors } from '../../platform/http/errors.js';
import { randomToken, sha256 } from '../../platform/security.js';
import { normalizeContactValue } from '../../platform/text.js';
import { ticketScopeOf } from '../../policies/tickets.js';
import { cataloguesRepo } from '../catalogues/catalogues.repo.js';
import { customersRepo } from '../customers/customers.repo.js';
import { type ChannelAdapter, PermanentDeliveryError } from '../interactions/adapters.js';
import type { InboundService } from '../interactions/inbound.service.js';
import { interactionsRepo, type MessageRow } from '../interactions/interactions.repo.js';
import { keepMessageFiles } from '../interactions/message-files.js';
import { kbRepo } from '../knowledgebase/kb.repo.js';
import { KB_SITE_PATH } from '../knowledgebase/kb.service.js';
import { ticketsRepo } from '../tickets/tickets.repo.js';
import { channelLink } from './channel-links.js';
import { attachVisitorRealtime, VISITOR_EVENTS, type VisitorRealtime } from './webchat.realtime.js';
import { type VisitorRow, type WidgetChannelRow, type WidgetRow, widgetsRepo } from './widgets.repo.js';
import { widgetImageUrl } from './widgets.service.js';

export type { PublicWidget, VisitorMessage };

/** The realtime event agents get while a visitor writes (campaign room, unsequenced). */
const HISTORY_PAGE = 50;
const DEFAULT_VISITOR_NAME = 'Visitante web';
const EMAIL_CONTACT_CODE = '4';

export const widgetErrors = {
  originNotAllowed: () => new AppError(403, 'WIDGET.ORIGIN', 'widgets.originNotAllowed'),
  disabled: () => new AppError(409, 'WIDGET.DISABLED', 'widgets.disabled'),
  noChat: () => new AppError(409, 'WIDGET.NO_CHAT', 'widgets.noChat'),
  visitorUnknown: () => new AppError(401, 'WIDGET.VISITOR', 'widgets.visitorUnknown'),
};

/** Whether a browser's Origin header is one of the widget's allowed origins (scheme, host and port; default ports ignored). */
export function originAllowed(widget: Pick<WidgetRow, 'allowedOrigins'>, origin: string | undefined): boolean {
  if (!origin) return false;
  try {
    const asked = new URL(origin).origin;
    return widget.allowedOrigins.some((allowed) => new URL(allowed).origin === asked);
  } catch {
    return false;
  }
}

const providerId = (visitor: VisitorRow, clientMessageId: string) => `${visitor.publicId}:${clientMessageId}`;

function toVisitorMessage(
  row: Pick<MessageRow, 'id' | 'direction' | 'senderName' | 'providerMessageId' | 'attachments' | 'createdAt'> & {
    text: string;
    html: string;
  },
  publicId: string,
): VisitorMessage {
  const own = row.direction === MESSAGE_DIRECTION.incoming && row.providerMessageId?.startsWith(`${publicId}:`);
  return {
    id: row.id,
    direction: row.direction === MESSAGE_DIRECTION.outgoing ? 1 : 0,
    text: row.text,
    html: row.html,
    senderName: row.senderName,
    clientMessageId: own ? (row.providerMessageId as string).slice(publicId.length + 1) : null,
    attachments: (row.attachments ?? []).flatMap((file) =>
      file.attachmentId
        ? [{ id: file.attachmentId, name: file.name, contentType: file.contentType, size: file.size }]
        : [],
    ),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The public side of omni widgets: the embed script's configuration, anonymous web-chat visitors known by a token
 * in their browser, their conversation (through the one inbound pipeline) and the `/visitor` realtime namespace the
 * web-chat channel adapter delivers agents' replies to.
 */
export function createWebchatService(ctx: AppContext, inbound: InboundService) {
  const { db } = ctx;

  async function chatChannel(widget: WidgetRow): Promise<WidgetChannelRow | null> {
    const channels = (await widgetsRepo.channelsOf(db, [widget.id])).get(widget.id) ?? [];
    return channels.find((channel) => channel.type === 'webchat' && channel.enabled) ?? null;
  }

  async function visitorOf(widget: WidgetRow, token: string | null): Promise<VisitorRow | null> {
    if (!token || token.length > 200) return null;
    const visitor = await widgetsRepo.visitorByToken(db, sha256(token));
    return visitor && visitor.widgetId === widget.id ? visitor : null;
  }

  async function requireVisitor(widget: WidgetRow, token: string | null): Promise<VisitorRow> {
    const visitor = await visitorOf(widget, token);
    if (!visitor) throw widgetErrors.visitorUnknown();
    return visitor;
  }

  /** Remembers the visitor's customer; a customer created for this visitor gets the e-mail they gave. */
  async function linkCustomer(visitor: VisitorRow, interactionId: number): Promise<void> {
    if (visitor.customerId) return;
    const interaction = await interactionsRepo.interaction(db, interactionId);
    if (!interaction) return;
    await db.transaction(async (tx) => {
      await widgetsRepo.updateVisitor(tx, visitor.id, { customerId: interaction.customerId });
      if (!visitor.email) return;
      const identification = await widgetsRepo.customerIdentification(tx, interaction.customerId);
      if (identification?.toLowerCase() !== visitor.publicId.toLowerCase()) return;
      const typeId = (await cataloguesRepo.idsByCode(tx, 'tipo-dato-contacto')).get(EMAIL_CONTACT_CODE);
      if (!typeId) return;
      await customersRepo.addContactOnce(tx, interaction.customerId, {
        typeId,
        value: visitor.email,
        normalizedValue: normalizeContactValue(visitor.email, 'email'),
      });
    });
  }

  /**
   * A visitor's message through the inbound pipeline (a retried clientMessageId is stored once), `afterStore`
   * completing it (its file) before it is shown: to the visitor's other tabs, and their customer linked.
   */
  async function receiveFromVisitor(
    widget: WidgetRow,
    token: string | null,
    clientMessageId: string,
    text: string,
    afterStore?: (messageId: number) => Promise<unknown>,
  ): Promise<{ message: VisitorMessage; ticketId: number; duplicate: boolean }> {
    if (!widget.enabled) throw widgetErrors.disabled();
    const visitor = await requireVisitor(widget, token);
    const channel = await chatChannel(widget);
    if (!channel) throw widgetErrors.noChat();
    const result = await inbound.receive(channel.id, {
      providerMessageId: providerId(visitor, clientMessageId),
      from: visitor.publicId,
      senderName: visitor.name ?? visitor.email ?? DEFAULT_VISITOR_NAME,
      // A visitor who gives the e-mail of a known customer joins that customer.
      senderEmail: visitor.email ?? undefined,
      text,
    });
    await afterStore?.(result.messageId);
    const stored = await interactionsRepo.message(db, result.messageId);
    if (!stored) throw errors.notFound();
    const message = toVisitorMessage({ ...stored, text: stored.bodyText, html: stored.bodyHtml }, visitor.publicId);
    if (!result.duplicate) {
      // The visitor's other tabs show it too.
      realtime.toVisitor(visitor.id, VISITOR_EVENTS.message, message);
      await linkCustomer(visitor, result.interactionId).catch((error: unknown) =>
        ctx.logger.error({ err: error, visitorId: visitor.id }, 'web-chat visitor e-mail not added'),
      );
    }
    await widgetsRepo.updateVisitor(db, visitor.id, { lastSeenAt: new Date() });
    return { message, ticketId: result.ticketId, duplicate: result.duplicate };
  }

  const realtime: VisitorRealtime = attachVisitorRealtime(ctx.realtime.io, {
    async authenticate(token, origin) {
      if (token.length > 200) return null;
      const visitor = await widgetsRepo.visitorByToken(db, sha256(token));
      const widget = visitor ? await widgetsRepo.find(db, visitor.widgetId) : null;
      if (!visitor || !widget?.enabled || !originAllowed(widget, origin)) return null;
      await widgetsRepo.updateVisitor(db, visitor.id, { lastSeenAt: new Date() });
      return { visitorId: visitor.id };
    },
    async onTyping(visitorId) {
      const visitor = await widgetsRepo.visitorById(db, visitorId);
      const widget = visitor ? await widgetsRepo.find(db, visitor.widgetId) : null;
      const channel = widget ? await chatChannel(widget) : null;
      if (!visitor || !channel) return;
      const ticket = await widgetsRepo.openTicketOfVisitor(db, channel.id, visitor.publicId);
      if (!ticket) return;
      // To who may see the ticket (its campaign's readers and the assignee), like the messages themselves.
      // Unsequenced: a missed typing notice is worthless a second later.
      ctx.realtime.volatileToTicketReaders(ticket.campaignId, ticket.assignedUserId, WEBCHAT_TYPING_EVENT, {
        casoId: ticket.ticketId,
        campanaId: ticket.campaignId,
      });
    },
    onError(error) {
      ctx.logger.error({ err: error }, 'web-chat visitor socket failed');
    },
  });

  /** The web-chat channel type's adapter: an agent's reply goes to the visitor's socket room. */
  const adapter: ChannelAdapter = {
    async send(delivery) {
      const visitor = await widgetsRepo.visitorByPublicId(db, delivery.interaction.contactValue);
      // A conversation without a visitor (imported or demo data) can never be answered through the chat.
      if (!visitor) throw new PermanentDeliveryError(`no web-chat visitor ${delivery.interaction.contactValue}`);
      const message = toVisitorMessage(
        { ...delivery.message, text: delivery.message.bodyText, html: delivery.message.bodyHtml },
        visitor.publicId,
      );
      realtime.toVisitor(visitor.id, VISITOR_EVENTS.message, message);
      return { providerMessageId: `webchat-out-${delivery.message.id}`, delivered: true };
    },
  };

  return {
    adapter,
    realtime,

    async widgetByKey(publicKey: string): Promise<WidgetRow | null> {
      // Read from the path before any schema (CORS and origin checks): a key that is not text names no widget.
      if (!publicKey || publicKey.length > 40 || !isValidText(publicKey)) return null;
      return widgetsRepo.findByKey(db, publicKey);
    },

    async publicConfig(widget: WidgetRow): Promise<PublicWidget> {
      if (!widget.enabled) throw widgetErrors.disabled();
      const channels = ((await widgetsRepo.channelsOf(db, [widget.id])).get(widget.id) ?? []).filter(
        (channel) => channel.enabled,
      );
      const buttons: PublicWidget['channels'] = [];
      let chat: PublicWidget['chat'] = null;
      for (const channel of channels) {
        if (channel.type === 'webchat') {
          if (chat) continue;
          const welcome = channel.config.welcomeMessage;
          chat = { welcomeMessage: typeof welcome === 'string' && welcome.trim() ? welcome.trim() : null };
          buttons.push({ id: channel.id, type: channel.type, name: channel.name, link: null });
          continue;
        }
        const link = channelLink(channel.type, channel.config);
        if (link) buttons.push({ id: channel.id, type: channel.type, name: channel.name, link });
      }
      const publicUrl = ctx.config.publicUrl;
      // The help center is a link button like the channels' (the widget shows it in the same list).
      if (widget.helpCenter && (await kbRepo.publicConfig(db))?.enabled !== false)
        buttons.push({ id: 0, type: 'helpCenter', name: 'Centro de ayuda', link: `${publicUrl}${KB_SITE_PATH}` });
      return {
        publicKey: widget.publicKey,
        style: widget.style,
        position: widget.position,
        title: widget.title,
        subtitle: widget.subtitle,
        primaryColor: widget.primaryColor,
        businessImageUrl: widgetImageUrl(publicUrl, widget, 'business'),
        iconType: widget.iconType,
        iconImageUrl: widgetImageUrl(publicUrl, widget, 'icon'),
        channels: buttons,
        chat,
      };
    },

    /** A stored image of the widget by its file name (the two images only). */
    imagePath(widget: WidgetRow, file: string): string | null {
      const stored = [widget.businessImagePath, widget.iconImagePath].find(
        (candidate) => candidate && candidate.split('/').pop() === file,
      );
      return stored ? ctx.storage.absolutePath(stored) : null;
    },

    /**
     * A visitor of the widget: the one the token names (its name and e-mail updated when given), else a new one
     * with a new token. The token is returned once; only its SHA-256 is stored.
     */
    async identify(
      widget: WidgetRow,
      token: string | null,
      details: { name: string | null; email: string | null },
    ): Promise<{ visitorToken: string; visitorId: string; name: string | null; email: string | null }> {
      if (!widget.enabled) throw widgetErrors.disabled();
      if (!(await chatChannel(widget))) throw widgetErrors.noChat();
      const known = await visitorOf(widget, token);
      if (known && token) {
        const name = details.name ?? known.name;
        const email = details.email ?? known.email;
        await widgetsRepo.updateVisitor(db, known.id, { name, email, lastSeenAt: new Date() });
        return { visitorToken: token, visitorId: known.publicId, name, email };
      }
      const visitorToken = randomToken(32);
      const created = await widgetsRepo.insertVisitor(db, {
        widgetId: widget.id,
        // Lower-case hex: the contact value stays the same after the pipeline's normalisation.
        publicId: `wv-${randomBytes(12).toString('hex')}`,
        tokenHash: sha256(visitorToken),
        name: details.name,
        email: details.email,
      });
      return { visitorToken, visitorId: created.publicId, name: created.name, email: created.email };
    },

    /** The visitor's conversation, oldest first; `before` pages back by message id. */
    async history(widget: WidgetRow, token: string | null, before?: number) {
      if (!widget.enabled) throw widgetErrors.disabled();
      const visitor = await requireVisitor(widget, token);
      const channel = await chatChannel(widget);
      if (!channel) throw widgetErrors.noChat();
      const rows = await widgetsRepo.history(db, channel.id, visitor.publicId, {
        beforeId: before,
        limit: HISTORY_PAGE + 1,
      });
      const hasMore = rows.length > HISTORY_PAGE;
      const page = rows.slice(0, HISTORY_PAGE).reverse();
      return { messages: page.map((row) => toVisitorMessage(row, visitor.publicId)), hasMore };
    },

    /** A visitor's message: through the inbound pipeline (a retried clientMessageId is stored once). */
    async send(widget: WidgetRow, token: string | null, body: { text: string; clientMessageId: string }) {
      return receiveFromVisitor(widget, token, body.clientMessageId, body.text);
    },

    /**
     * A file of a message in the visitor's own conversation (their token, their widget's chat channel); anything
     * else is not found, so a visitor cannot probe other conversations.
     */
    async attachmentFile(widget: WidgetRow, token: string | null, messageId: number, attachmentId: number) {
      if (!widget.enabled) throw widgetErrors.disabled();
      const visitor = await requireVisitor(widget, token);
      const channel = await chatChannel(widget);
      const message = channel ? await interactionsRepo.message(db, messageId) : null;
      const interaction = message ? await interactionsRepo.interaction(db, message.interactionId) : null;
      if (!message || !interaction || interaction.channelId !== channel?.id) throw errors.notFound();
      if (interaction.contactValue !== visitor.publicId) throw errors.notFound();
      const file = message.attachments?.find((candidate) => candidate.attachmentId === attachmentId);
      const absolute = file ? ctx.storage.absolutePath(file.path) : null;
      if (!file || !absolute || !fs.existsSync(absolute)) throw errors.notFound();
      return { file, stream: fs.createReadStream(absolute) };
    },

    /**
     * A file from the visitor: checked by content like every upload, then a message of theirs (once per
     * clientMessageId, like text) whose file becomes one of the ticket's attachments.
     */
    async sendFile(
      widget: WidgetRow,
      token: string | null,
      clientMessageId: string,
      upload: { content: Buffer; filename: string },
    ): Promise<{ message: VisitorMessage; duplicate: boolean }> {
      const kind = sniffAttachment(upload.content, upload.filename);
      if (!kind) throw new AppError(415, 'UPLOAD.TYPE', 'tickets.attachmentType');
      const name = safeFileName(upload.filename, kind.extension);
      // The caption is what previews show; the widget shows the file button instead.
      return receiveFromVisitor(widget, token, clientMessageId, `📎 ${name}`, (messageId) =>
        keepMessageFiles(ctx, messageId, [{ name, content: upload.content }]),
      );
    },

    /** An agent writing on a ticket: the ticket's web-chat visitors see "typing". */
    async agentTyping(actor: AuthContext, ticketId: number): Promise<{ visitors: number }> {
      const ticket = await ticketsRepo.findVisible(db, ticketScopeOf(actor), { id: ticketId });
      if (!ticket) throw errors.notFound();
      if (ticket.status === TICKET_STATUS.closed) return { visitors: 0 };
      const senderName = await ticketsRepo.userName(db, actor.userId);
      let visitors = 0;
      for (const contactValue of await widgetsRepo.webchatContactsOfTicket(db, ticketId)) {
        const visitor = await widgetsRepo.visitorByPublicId(db, contactValue);
        if (!visitor) continue;
        realtime.toVisitor(visitor.id, VISITOR_EVENTS.typing, { senderName });
        visitors += 1;
      }
      return { visitors };
    },
  };
}

export type WebchatService = ReturnType<typeof createWebchatService>;
