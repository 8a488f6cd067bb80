import {
  CHANNEL_CONTACT_TYPES,
  type ChannelTypeKey,
  type InboundMessage,
  type InboundResult,
  inboundMessageSchema,
  isWithinBusinessHours,
  MESSAGE_DIRECTION,
  NEW_INBOUND_EVENT,
  TICKET_STATUS,
} from '@atiende/contracts';
import type { AppContext } from '../../platform/context.js';
import type { Executor } from '../../platform/db/client.js';
import { htmlToText, sanitizeInboundHtml, textToHtml } from '../../platform/html.js';
import { AppError } from '../../platform/http/errors.js';
import { normalizeContactValue, searchable } from '../../platform/text.js';
import { cataloguesRepo } from '../catalogues/catalogues.repo.js';
import { channelsRepo } from '../channels/channels.repo.js';
import { customersRepo } from '../customers/customers.repo.js';
import { pendingRepo } from '../tickets/pending.repo.js';
import { ticketsRepo } from '../tickets/tickets.repo.js';
import { interactionsRepo } from './interactions.repo.js';

export type { InboundResult };

/** Listeners of a recorded inbound message (routing, auto-replies), run after commit, in the background. */
export type InboundListener = (result: InboundResult) => Promise<void> | void;

const PREVIEW_LENGTH = 280;
const CODE_CACHE_MS = 60_000;
const DESCRIPTION_LENGTH = 200;

/**
 * The one inbound path every channel uses: a provider message is stored once (channel + provider id), its sender
 * becomes or matches a customer by the channel's contact datum, it joins the thread's or the customer's open ticket
 * by the campaign's combination rule or opens one, and is recorded as an interaction message — all in one
 * transaction. Only after commit do the realtime event and the listeners (routing) run; the caller acknowledges the
 * provider after `receive` resolves, so an acknowledged message is always durable.
 */
export function createInboundService(ctx: AppContext) {
  const { db } = ctx;
  const listeners: InboundListener[] = [];
  const following = new Set<Promise<void>>();
  // Catalogue codes are seeds that do not move; a short cache spares two queries per message at volume.
  const codeCache = new Map<string, { at: number; ids: Map<string, number> }>();
  async function idsByCode(tx: Executor, model: 'tipo-dato-contacto' | 'tipo-documento') {
    const cached = codeCache.get(model);
    if (cached && Date.now() - cached.at < CODE_CACHE_MS) return cached.ids;
    const ids = await cataloguesRepo.idsByCode(tx, model);
    codeCache.set(model, { at: Date.now(), ids });
    return ids;
  }

  async function record(channelId: number, raw: InboundMessage): Promise<InboundResult> {
    // Every channel's text is cleaned here (contracts' stripInvalidText): NUL, controls and lone surrogates go.
    const input = inboundMessageSchema.parse(raw);
    const channel = await channelsRepo.find(db, channelId);
    if (!channel) throw new AppError(404, 'NOT_FOUND', 'errors.notFound');
    if (!channel.enabled) throw new AppError(409, 'CHANNEL.DISABLED', 'interactions.channelDisabled');
    const contactRule = CHANNEL_CONTACT_TYPES[channel.type as ChannelTypeKey] ?? { codes: ['12'], kind: 'other' };
    const contactValue = input.from.trim();
    const normalized = normalizeContactValue(contactValue, contactRule.kind) || contactValue.toLowerCase();
    // The provider's time decides business hours; the order of the conversation is the order of arrival (senders'
    // clocks and second-resolution headers would otherwise put a reply before the message it answers).
    const sentAt = input.receivedAt ? new Date(input.receivedAt) : new Date();
    const receivedAt = new Date();
    const html = input.html ? sanitizeInboundHtml(input.html) : textToHtml(input.text);
    const text = input.text || (input.html ? htmlToText(input.html) : '');

    return db.transaction(async (tx) => {
      await interactionsRepo.lockSender(tx, channelId, normalized);
      const existing = await interactionsRepo.messageByProviderId(tx, channelId, input.providerMessageId);
      if (existing) {
        const ticket = await ticketsRepo.findVisible(tx, { kind: 'all' }, { id: existing.ticketId });
        return {
          messageId: existing.id,
          interactionId: existing.interactionId,
          ticketId: existing.ticketId,
          campaignId: ticket?.campaignId ?? 0,
          duplicate: true,
          newTicket: false,
          outsideHours: false,
          automatic: input.automatic === true,
        };
      }
      const campaign = await interactionsRepo.campaignOfChannel(tx, channelId);
      if (!campaign) throw new AppError(409, 'CHANNEL.NO_CAMPAIGN', 'interactions.noCampaign');

      // The customer: by the channel's contact datum, else a new one identified by that datum.
      const typeIds = await idsByCode(tx, 'tipo-dato-contacto');
      const lookupTypeIds = contactRule.codes.flatMap((code) => typeIds.get(code) ?? []);
      let customerId = await interactionsRepo.customerByContact(tx, lookupTypeIds, normalized);
      if (!customerId)
        customerId = await createCustomer(tx, input.senderName, contactValue, normalized, lookupTypeIds[0]);

      // The ticket: the thread's, else the campaign's combination rule, else a new one.
      let ticketId = input.threadKey ? await interactionsRepo.openTicketOfThread(tx, channelId, input.threadKey) : null;
      const rule = campaign.config.ticketCombination;
      if (!ticketId && rule !== 'none') {
        ticketId = await interactionsRepo.openTicketOfCustomer(
          tx,
          campaign.id,
          customerId,
          rule === 'customer-channel' ? channelId : null,
        );
      }
      const newTicket = !ticketId;
      if (!ticketId) {
        const firstLine = text.split('\n').find((line) => line.trim());
        const description = (input.subject || firstLine || channel.name).slice(0, DESCRIPTION_LENGTH);
        const name = input.senderName ?? contactValue;
        const created = await ticketsRepo.insert(tx, {
          description,
          campaignId: campaign.id,
          channelId,
          customerId,
          priority: 1,
          status: TICKET_STATUS.new,
          unread: true,
          searchText: searchable(`${description} ${name}`),
          createdAt: receivedAt,
        });
        ticketId = created.id;
      }

      let interaction = await interactionsRepo.interactionOf(tx, ticketId, channelId, contactValue);
      if (!interaction) {
        interaction = await interactionsRepo.insertInteraction(tx, {
          ticketId,
          channelId,
          customerId,
          contactValue,
          threadKey: input.threadKey ?? null,
          createdAt: receivedAt,
          lastMessageAt: receivedAt,
        });
      } else {
        await interactionsRepo.touchInteraction(tx, interaction.id, receivedAt, input.threadKey);
      }
      const message = await interactionsRepo.insertMessage(tx, {
        interactionId: interaction.id,
        ticketId,
        channelId,
        direction: MESSAGE_DIRECTION.incoming,
        bodyHtml: html,
        bodyText: text,
        senderName: input.senderName ?? null,
        providerMessageId: input.providerMessageId,
        createdAt: receivedAt,
      });
      await ticketsRepo.update(tx, ticketId, {
        unread: true,
        lastMessageAt: receivedAt,
        lastMessagePreview: text.slice(0, PREVIEW_LENGTH),
        lastMessageDirection: MESSAGE_DIRECTION.incoming,
        lastMessageSender: input.senderName ?? contactValue,
      });
      return {
        messageId: message.id,
        interactionId: interaction.id,
        ticketId,
        campaignId: campaign.id,
        duplicate: false,
        newTicket,
        outsideHours: !isWithinBusinessHours(channel.businessHours, sentAt),
        automatic: input.automatic === true,
      };
    });
  }

  async function createCustomer(
    tx: Parameters<Parameters<typeof db.transaction>[0]>[0],
    senderName: string | undefined,
    contactValue: string,
    normalized: string,
    contactTypeId: number | undefined,
  ): Promise<number> {
    const otherTypeId = (await idsByCode(tx, 'tipo-documento')).get('OTRO');
    if (!otherTypeId) throw new AppError(409, 'CATALOGUE.MISSING', 'interactions.noIdentificationType');
    // Identified by the contact datum until an agent completes the record.
    const identification = contactValue.slice(0, 40);
    const known = await interactionsRepo.customerByIdentification(tx, otherTypeId, identification);
    if (known) return known;
    const [firstName, ...rest] = (senderName?.trim() || contactValue).split(/\s+/);
    const customerId = await customersRepo.insert(tx, {
      identificationTypeId: otherTypeId,
      identificationNumber: identification,
      firstName: firstName.slice(0, 80),
      lastName: rest.join(' ').slice(0, 80),
      searchText: searchable(`${senderName ?? ''} ${contactValue}`),
    });
    if (contactTypeId) {
      await customersRepo.replaceContacts(tx, customerId, [
        { typeId: contactTypeId, value: contactValue.slice(0, 254), normalizedValue: normalized.slice(0, 254) },
      ]);
    }
    return customerId;
  }

  return {
    /** Subscribes to recorded (non-duplicate) inbound messages, after commit. */
    onRecorded(listener: InboundListener) {
      listeners.push(listener);
    },

    async receive(channelId: number, input: InboundMessage): Promise<InboundResult> {
      const result = await record(channelId, input);
      if (result.duplicate) return result;
      const item = await pendingRepo.item(db, result.ticketId);
      if (item) {
        // The message content goes only to who may see the ticket (not every agent of the campaign).
        await ctx.realtime.toTicketReaders(result.campaignId, item.asignado, NEW_INBOUND_EVENT, {
          newRegistroCanal: result.interactionId,
          casoId: result.ticketId,
          campanaId: result.campaignId,
          item,
        });
      }
      // Routing and auto-replies follow in the background: the provider's acknowledgement waits only for the
      // stored message, and a crash before they run is caught by the routing sweep.
      const follow = (async () => {
        for (const listener of listeners) {
          try {
            await listener(result);
          } catch (error) {
            ctx.logger.error({ err: error, ticketId: result.ticketId }, 'inbound listener failed');
          }
        }
      })();
      following.add(follow);
      void follow.finally(() => following.delete(follow));
      return result;
    },

    /** Resolves once the background work of every message received so far is done (tests, shutdown). */
    async idle(): Promise<void> {
      while (following.size > 0) await Promise.all([...following]);
    },
  };
}

export type InboundService = ReturnType<typeof createInboundService>;
