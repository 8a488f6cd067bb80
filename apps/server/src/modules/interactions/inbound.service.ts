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
import { botsRepo } from '../bots/bots.repo.js';
import { cataloguesRepo } from '../catalogues/catalogues.repo.js';
import { channelsRepo } from '../channels/channels.repo.js';
import { customersRepo } from '../customers/customers.repo.js';
import { pendingRepo } from '../tickets/pending.repo.js';
import { ticketsRepo } from '../tickets/tickets.repo.js';
import { interactionsRepo, type MessageRow } from './interactions.repo.js';
import type { MessageProviderData } from './interactions.schema.js';
import { announceMessageChanged } from './message-changed.js';

export type { InboundResult };

/** What a provider said about a message beyond its words (its kind and own payload, for kinds the text summarises). */
export type InboundDetails = Pick<MessageProviderData, 'kind' | 'raw'>;

/**
 * A customer's edit or deletion of an earlier message, named by that message's provider id. `changeId` is the
 * provider's id of the change itself, so a redelivered change applies once.
 */
export interface InboundChange {
  providerMessageId: string;
  changeId: string;
  change: 'edit' | 'delete';
  from: string;
  senderName?: string;
  /** The new words of an edit. */
  text?: string;
  /** When the customer made the change (the provider's time). */
  changedAt?: string;
  /** Kind and payload of the edited content, when the text summarises it. */
  details?: InboundDetails;
}

export interface ChangeResult {
  /** The changed message (stored from the change itself when the change came first). */
  messageId: number;
  ticketId: number;
  /** Whether the change altered anything (false: already applied, or not applicable — see `reason`). */
  applied: boolean;
  reason?: 'already-applied' | 'not-from-customer' | 'other-sender' | 'already-deleted';
}

/** The earlier wordings kept per message; providers allow a handful of edits (Messenger 5, WhatsApp 15 minutes). */
const VERSIONS_KEPT = 20;
const CHANGES_KEPT = 50;
/** A provider's own payload is kept while it is small; larger ones keep only their kind. */
const RAW_LIMIT = 16_384;
/** What the ticket's preview shows once its latest message was deleted (stored, so language-neutral). */
const DELETED_PREVIEW = '🚫';

/** Listeners of a recorded inbound message (routing, auto-replies), run after commit, in the background. */
const PREVIEW_LENGTH = 280;
const CODE_CACHE_MS = 60_000;
const SETUP_CACHE_MS = 5_000;
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

  type Tx = Parameters<Parameters<typeof db.transaction>[0]>[0];
  type ChannelRow = NonNullable<Awaited<ReturnType<typeof channelsRepo.find>>>;

  type CampaignOfChannel = Awaited<ReturnType<typeof interactionsRepo.campaignOfChannel>>;
  type Arrival = Awaited<ReturnType<typeof interactionsRepo.arrivalOf>>;
  type Duplicate = NonNullable<Arrival['duplicate']>;
  type Placement = NonNullable<Arrival['placement']>;
  /**
   * The channel and the campaign serving it, kept for a few seconds: every message of a channel needs them and they
   * change rarely. A change made on this node clears them at once (`structure.changed`); other nodes see it within
   * SETUP_CACHE_MS.
   */
  const setups = new Map<number, { at: number; channel: ChannelRow | null; campaign: CampaignOfChannel }>();
  ctx.events.on('structure.changed', () => setups.clear());
  async function setupOf(channelId: number) {
    const cached = setups.get(channelId);
    if (cached && Date.now() - cached.at < SETUP_CACHE_MS) return cached;
    const [channel, campaign] = await Promise.all([
      channelsRepo.find(db, channelId),
      interactionsRepo.campaignOfChannel(db, channelId),
    ]);
    const setup = { at: Date.now(), channel, campaign };
    setups.set(channelId, setup);
    return setup;
  }

  /**
   * The enabled channel and the campaign serving it (null: none). Read before the caller's transaction: inside one,
   * a pool connection already held would wait for another to read them, and a full pool would wait forever.
   */
  async function enabledChannel(channelId: number): Promise<{ channel: ChannelRow; campaign: CampaignOfChannel }> {
    const { channel, campaign } = await setupOf(channelId);
    if (!channel) throw new AppError(404, 'NOT_FOUND', 'errors.notFound');
    if (!channel.enabled) throw new AppError(409, 'CHANNEL.DISABLED', 'interactions.channelDisabled');
    return { channel, campaign };
  }

  /** The sender's contact datum as given and as compared (the channel type's rule). */
  function contactOf(channel: ChannelRow, from: string) {
    const contactRule = CHANNEL_CONTACT_TYPES[channel.type as ChannelTypeKey] ?? { codes: ['12'], kind: 'other' };
    const contactValue = from.trim();
    const normalized = normalizeContactValue(contactValue, contactRule.kind) || contactValue.toLowerCase();
    return { contactRule, contactValue, normalized };
  }

  /** Keeps a provider's payload only while it is small (the text already says what it carries). */
  function boundedDetails(details: InboundDetails | undefined): MessageProviderData | null {
    if (!details?.kind) return null;
    const raw = details.raw === undefined ? undefined : JSON.stringify(details.raw);
    return raw && raw.length <= RAW_LIMIT ? { kind: details.kind, raw: details.raw } : { kind: details.kind };
  }

  async function record(channelId: number, raw: InboundMessage, details?: InboundDetails): Promise<InboundResult> {
    // Every channel's text is cleaned here (contracts' stripInvalidText): NUL, controls and lone surrogates go.
    const input = inboundMessageSchema.parse(raw);
    const { channel, campaign } = await enabledChannel(channelId);
    const { normalized } = contactOf(channel, input.from);
    // The provider's time decides business hours; the order of the conversation is the order of arrival (senders'
    // clocks and second-resolution headers would otherwise put a reply before the message it answers).
    const sentAt = input.receivedAt ? new Date(input.receivedAt) : new Date();
    const html = input.html ? sanitizeInboundHtml(input.html) : textToHtml(input.text);
    const text = input.text || (input.html ? htmlToText(input.html) : '');

    return db.transaction(async (tx) => {
      await interactionsRepo.lockSender(tx, channelId, normalized);
      const arrival = await arrive(tx, channel, campaign, input);
      if (arrival.duplicate) {
        const existing = arrival.duplicate;
        if (existing.knownFromChange) {
          const stored = await interactionsRepo.messageByProviderId(tx, channelId, input.providerMessageId);
          if (stored) await keepLateOriginal(tx, stored, text, html);
        }
        return {
          messageId: existing.id,
          interactionId: existing.interactionId,
          ticketId: existing.ticketId,
          campaignId: existing.campaignId,
          duplicate: true,
          newTicket: false,
          outsideHours: false,
          automatic: input.automatic === true,
        };
      }
      const placed = await place(
        tx,
        channel,
        campaign,
        input,
        { text, html, providerData: boundedDetails(details) },
        arrival.placement,
      );
      return {
        ...placed,
        duplicate: false,
        outsideHours: !isWithinBusinessHours(channel.businessHours, sentAt),
        automatic: input.automatic === true,
      };
    });
  }

  /** The contact types that identify a sender on this channel (catalogue ids). */
  async function lookupTypeIdsOf(tx: Executor, channel: ChannelRow): Promise<number[]> {
    const typeIds = await idsByCode(tx, 'tipo-dato-contacto');
    return contactOf(channel, '').contactRule.codes.flatMap((code) => typeIds.get(code) ?? []);
  }

  /**
   * What a message finds on arrival (with the sender locked): itself, when a provider delivers it again, and for a
   * sender without a thread key under a combining campaign, where it goes — in one statement. Other messages
   * (e-mail threads, campaigns that never combine) look up the duplicate alone and are placed step by step.
   */
  async function arrive(
    tx: Tx,
    channel: ChannelRow,
    campaign: CampaignOfChannel,
    input: { providerMessageId: string; from: string; threadKey?: string },
  ): Promise<{ duplicate: Duplicate | null; placement?: Placement | null }> {
    const rule = campaign?.config.ticketCombination;
    if (campaign && !input.threadKey && rule !== 'none') {
      const { contactValue, normalized } = contactOf(channel, input.from);
      return interactionsRepo.arrivalOf(tx, {
        providerMessageId: input.providerMessageId,
        typeIds: await lookupTypeIdsOf(tx, channel),
        normalizedValue: normalized,
        campaignId: campaign.id,
        ticketChannelId: rule === 'customer-channel' ? channel.id : null,
        channelId: channel.id,
        contactValue,
      });
    }
    const existing = await interactionsRepo.messageByProviderId(tx, channel.id, input.providerMessageId);
    if (!existing) return { duplicate: null };
    const ticket = await ticketsRepo.findVisible(tx, { kind: 'all' }, { id: existing.ticketId });
    return {
      duplicate: {
        id: existing.id,
        interactionId: existing.interactionId,
        ticketId: existing.ticketId,
        campaignId: ticket?.campaignId ?? 0,
        knownFromChange: existing.providerData?.knownFromChange === true,
      },
    };
  }

  /**
   * Stores a new inbound message: the sender becomes or matches a customer, the message joins the thread's or the
   * customer's open ticket by the campaign's combination rule or opens one (inside the caller's transaction, with
   * the sender locked).
   */
  async function place(
    tx: Tx,
    channel: ChannelRow,
    campaign: CampaignOfChannel,
    input: {
      providerMessageId: string;
      from: string;
      senderName?: string;
      senderEmail?: string;
      threadKey?: string;
      subject?: string;
    },
    content: {
      text: string;
      html: string;
      providerData: MessageProviderData | null;
      editedAt?: Date;
      deletedAt?: Date;
      preview?: string;
    },
    /** What `arrive` found for a known sender (null: no customer has the datum; undefined: not looked up). */
    known?: Placement | null,
  ) {
    const channelId = channel.id;
    const { contactValue, normalized } = contactOf(channel, input.from);
    const receivedAt = new Date();
    const { text, html } = content;
    if (!campaign) throw new AppError(409, 'CHANNEL.NO_CAMPAIGN', 'interactions.noCampaign');

    // The customer: by the channel's contact datum, else a new one identified by that datum.
    const lookupTypeIds = await lookupTypeIdsOf(tx, channel);
    const rule = campaign.config.ticketCombination;
    const ruleChannel = rule === 'customer-channel' ? channelId : null;
    let customerId =
      known === undefined
        ? await interactionsRepo.customerByContact(tx, lookupTypeIds, normalized)
        : (known?.customerId ?? null);
    if (!customerId && input.senderEmail)
      customerId = await joinByEmail(tx, input.senderEmail, lookupTypeIds[0], contactValue, normalized);
    if (!customerId)
      customerId = await createCustomer(tx, input.senderName, contactValue, normalized, lookupTypeIds[0]);

    // The ticket: the thread's, else the campaign's combination rule, else a new one.
    let ticketId = input.threadKey ? await interactionsRepo.openTicketOfThread(tx, channelId, input.threadKey) : null;
    if (known && known.customerId === customerId) {
      ticketId = known.ticketId;
    } else if (!ticketId && rule !== 'none') {
      ticketId = await interactionsRepo.latestTicketOfCustomer(tx, 'open', campaign.id, customerId, ruleChannel);
    }
    const newTicket = !ticketId;
    if (!ticketId) {
      const firstLine = text.split('\n').find((line) => line.trim());
      const description = (input.subject || firstLine || channel.name).slice(0, DESCRIPTION_LENGTH);
      const name = input.senderName ?? contactValue;
      // A bot answering the channel takes the new conversation from the start: routing never sees it until the
      // bot hands it over (modules/bots).
      const botActive = (await botsRepo.liveBotOfChannel(tx, channelId)) !== null;
      const created = await ticketsRepo.insert(tx, {
        description,
        campaignId: campaign.id,
        channelId,
        customerId,
        priority: 1,
        status: TICKET_STATUS.new,
        unread: true,
        botActive,
        searchText: searchable(`${description} ${name}`),
        createdAt: receivedAt,
      });
      ticketId = created.id;
      // Writing again after a ticket closed opens a new one; it links to the one before, so the agent sees both.
      if (rule !== 'none') {
        const previous = await interactionsRepo.latestTicketOfCustomer(
          tx,
          'closed',
          campaign.id,
          customerId,
          ruleChannel,
        );
        if (previous) await ticketsRepo.relate(tx, created.id, previous);
      }
    }

    let interactionId =
      known && known.customerId === customerId && known.ticketId === ticketId ? known.interactionId : null;
    if (interactionId === null && !newTicket) {
      interactionId = (await interactionsRepo.interactionOf(tx, ticketId, channelId, contactValue))?.id ?? null;
    }
    const threadKeyChange = interactionId === null ? undefined : input.threadKey;
    if (interactionId === null) {
      interactionId = (
        await interactionsRepo.insertInteraction(tx, {
          ticketId,
          channelId,
          customerId,
          contactValue,
          threadKey: input.threadKey ?? null,
          createdAt: receivedAt,
          lastMessageAt: receivedAt,
        })
      ).id;
    }
    const message = await interactionsRepo.recordIncoming(tx, {
      interactionId,
      threadKey: threadKeyChange,
      message: {
        ticketId,
        channelId,
        bodyHtml: html,
        bodyText: text,
        senderName: input.senderName ?? null,
        providerMessageId: input.providerMessageId,
        providerData: content.providerData,
        editedAt: content.editedAt ?? null,
        deletedAt: content.deletedAt ?? null,
        createdAt: receivedAt,
      },
      preview: {
        text: (content.preview ?? text).slice(0, PREVIEW_LENGTH),
        sender: input.senderName ?? contactValue,
      },
    });
    return {
      messageId: message.id,
      interactionId,
      ticketId,
      campaignId: campaign.id,
      newTicket,
    };
  }

  /**
   * The original of a message first stored from its edit or deletion arrived late: its words become the first
   * version of the edited message, or the kept (hidden) content of the deleted one.
   */
  async function keepLateOriginal(tx: Tx, message: MessageRow, text: string, html: string) {
    const data: MessageProviderData = { ...message.providerData, knownFromChange: false };
    if (message.deletedAt && !message.editedAt) {
      await interactionsRepo.changeMessage(tx, message.id, { bodyText: text, bodyHtml: html, providerData: data });
      return;
    }
    const replacedAt = (message.editedAt ?? message.createdAt).toISOString();
    data.versions = [{ text, html, replacedAt }, ...(data.versions ?? [])].slice(-VERSIONS_KEPT);
    await interactionsRepo.changeMessage(tx, message.id, { providerData: data });
  }

  /** Applies a customer's edit or deletion to the stored message, or stores the message from it when it came first. */
  async function applyChange(
    channelId: number,
    input: InboundChange,
  ): Promise<ChangeResult & { campaignId: number; placed?: InboundResult }> {
    const { channel, campaign } = await enabledChannel(channelId);
    const { normalized } = contactOf(channel, input.from);
    const changedAt = input.changedAt ? new Date(input.changedAt) : new Date();
    const text = (input.text ?? '').slice(0, 20_000);
    const html = textToHtml(text);
    return db.transaction(async (tx) => {
      await interactionsRepo.lockSender(tx, channelId, normalized);
      const message = await interactionsRepo.messageByProviderId(tx, channelId, input.providerMessageId);
      if (!message) {
        // The change came before the message: the message is stored from it (an edit carries the whole new content;
        // a deletion leaves the marker), so nothing the customer did is lost; the late original only fills in.
        const providerData: MessageProviderData = {
          ...boundedDetails(input.details),
          changes: [input.changeId],
          knownFromChange: true,
        };
        const deleted = input.change === 'delete';
        const placed = await place(tx, channel, campaign, input, {
          text: deleted ? '' : text,
          html: deleted ? '' : html,
          providerData,
          ...(deleted ? { deletedAt: changedAt, preview: DELETED_PREVIEW } : { editedAt: changedAt }),
        });
        return {
          messageId: placed.messageId,
          ticketId: placed.ticketId,
          campaignId: placed.campaignId,
          applied: true,
          placed: {
            ...placed,
            duplicate: false,
            outsideHours: !isWithinBusinessHours(channel.businessHours, changedAt),
            automatic: false,
          },
        };
      }
      const ticket = await ticketsRepo.findVisible(tx, { kind: 'all' }, { id: message.ticketId });
      const result = { messageId: message.id, ticketId: message.ticketId, campaignId: ticket?.campaignId ?? 0 };
      const data: MessageProviderData = { ...message.providerData };
      if (message.direction !== MESSAGE_DIRECTION.incoming)
        return { ...result, applied: false, reason: 'not-from-customer' };
      if (data.changes?.includes(input.changeId)) return { ...result, applied: false, reason: 'already-applied' };
      const interaction = await interactionsRepo.interaction(tx, message.interactionId);
      if (interaction && contactOf(channel, interaction.contactValue).normalized !== normalized) {
        return { ...result, applied: false, reason: 'other-sender' };
      }
      data.changes = [...(data.changes ?? []), input.changeId].slice(-CHANGES_KEPT);
      if (message.deletedAt) {
        await interactionsRepo.changeMessage(tx, message.id, { providerData: data });
        return { ...result, applied: false, reason: 'already-deleted' };
      }
      const latest = (await interactionsRepo.latestMessageId(tx, message.ticketId)) === message.id;
      if (input.change === 'delete') {
        await interactionsRepo.changeMessage(tx, message.id, { deletedAt: changedAt, providerData: data });
        if (latest) await ticketsRepo.update(tx, message.ticketId, { lastMessagePreview: DELETED_PREVIEW });
        return { ...result, applied: true };
      }
      if (message.editedAt && changedAt < message.editedAt) {
        // An older edit delivered late: it is an earlier wording, not the current one.
        const versions = [...(data.versions ?? []), { text, html, replacedAt: message.editedAt.toISOString() }];
        versions.sort((a, b) => a.replacedAt.localeCompare(b.replacedAt));
        data.versions = versions.slice(-VERSIONS_KEPT);
        await interactionsRepo.changeMessage(tx, message.id, { providerData: data });
        return { ...result, applied: true };
      }
      data.versions = [
        ...(data.versions ?? []),
        { text: message.bodyText, html: message.bodyHtml, replacedAt: changedAt.toISOString() },
      ].slice(-VERSIONS_KEPT);
      const details = boundedDetails(input.details);
      if (details) Object.assign(data, details);
      await interactionsRepo.changeMessage(tx, message.id, {
        bodyText: text,
        bodyHtml: html,
        editedAt: changedAt,
        providerData: data,
      });
      if (latest) await ticketsRepo.update(tx, message.ticketId, { lastMessagePreview: text.slice(0, PREVIEW_LENGTH) });
      return { ...result, applied: true };
    });
  }

  /**
   * A sender known by an e-mail they gave (a web-chat visitor): the customer who has that e-mail, who also gets the
   * channel's contact datum so later messages find them directly. No duplicate customer for a returning person.
   */
  async function joinByEmail(
    tx: Tx,
    email: string,
    contactTypeId: number | undefined,
    contactValue: string,
    normalized: string,
  ): Promise<number | null> {
    const typeIds = await idsByCode(tx, 'tipo-dato-contacto');
    const emailTypeIds = CHANNEL_CONTACT_TYPES.email.codes.flatMap((code) => typeIds.get(code) ?? []);
    const customerId = await interactionsRepo.customerByContact(
      tx,
      emailTypeIds,
      normalizeContactValue(email, 'email'),
    );
    if (customerId && contactTypeId) {
      await customersRepo.addContactOnce(tx, customerId, {
        typeId: contactTypeId,
        value: contactValue.slice(0, 254),
        normalizedValue: normalized.slice(0, 254),
      });
    }
    return customerId;
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

  /** After commit: the live event to who may read the ticket, then routing and auto-replies in the background. */
  async function announce(result: InboundResult): Promise<void> {
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
    const follow = ctx.events.emit('inbound.recorded', result);
    following.add(follow);
    void follow.finally(() => following.delete(follow));
  }

  return {
    async receive(channelId: number, input: InboundMessage, details?: InboundDetails): Promise<InboundResult> {
      const result = await record(channelId, input, details);
      if (!result.duplicate) await announce(result);
      return result;
    },

    /**
     * A customer's edit or deletion of an earlier message. Applied once per change id; the open ticket updates live
     * (`message-changed` to who may read the ticket). A change that comes before its message stores the message,
     * which then arrives like any new message (live event, routing).
     */
    async change(channelId: number, input: InboundChange): Promise<ChangeResult> {
      const { placed, campaignId, ...result } = await applyChange(channelId, input);
      if (placed) {
        await announce(placed);
      } else if (result.applied) {
        await announceMessageChanged(ctx, {
          ticketId: result.ticketId,
          messageId: result.messageId,
          change: input.change,
        });
      }
      return result;
    },

    /** Resolves once the background work of every message received so far is done (tests, shutdown). */
    async idle(): Promise<void> {
      while (following.size > 0) await Promise.all([...following]);
    },
  };
}

export type InboundService = ReturnType<typeof createInboundService>;
