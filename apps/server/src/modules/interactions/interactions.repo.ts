import {
  type CallStatus,
  type CallSummary,
  CHANNEL_TYPE_CODES,
  type ChannelTypeKey,
  DELIVERY_STATUS,
  type DeliveryStatus,
  type Interaction,
  type InteractionMessage,
  MESSAGE_DIRECTION,
} from '@atiende/contracts';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { executePrepared, runPrepared } from '../../platform/db/prepared.js';
import { campaignChannels, campaigns } from '../campaigns/campaigns.schema.js';
import { channels } from '../channels/channels.schema.js';
import { customerContacts, customers } from '../customers/customers.schema.js';
import { tickets } from '../tickets/tickets.schema.js';
import { users } from '../users/users.schema.js';
import { voiceCalls } from '../voice/voice.schema.js';
import { interactions, messages } from './interactions.schema.js';

export type InteractionRow = typeof interactions.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

export const interactionsRepo = {
  /**
   * Serialises everything that happens to one sender on one channel (dedup, customer and ticket choice) for the
   * rest of the transaction, so parallel deliveries of one conversation never open two tickets.
   */
  async lockSender(db: Executor, channelId: number, contactKey: string): Promise<void> {
    await executePrepared(db, sql`select pg_advisory_xact_lock(${channelId}::int, hashtext(${contactKey}))`);
  },

  /** A channel's message by its provider id (dedup of inbound deliveries, provider delivery reports). */
  async messageByProviderId(db: Executor, channelId: number, providerMessageId: string): Promise<MessageRow | null> {
    const [row] = await runPrepared(
      db
        .select()
        .from(messages)
        .where(and(eq(messages.channelId, channelId), eq(messages.providerMessageId, providerMessageId))),
    );
    return row ?? null;
  },

  /** The enabled campaign that serves the channel (the oldest when several do). */
  async campaignOfChannel(db: Executor, channelId: number) {
    const [row] = await db
      .select({ id: campaigns.id, config: campaigns.config })
      .from(campaignChannels)
      .innerJoin(campaigns, eq(campaigns.id, campaignChannels.campaignId))
      .where(and(eq(campaignChannels.channelId, channelId), eq(campaigns.enabled, true)))
      .orderBy(asc(campaigns.id))
      .limit(1);
    return row ?? null;
  },

  async customerByContact(db: Executor, typeIds: readonly number[], normalizedValue: string): Promise<number | null> {
    if (typeIds.length === 0) return null;
    const [row] = await db
      .select({ customerId: customerContacts.customerId })
      .from(customerContacts)
      .where(and(inArray(customerContacts.typeId, [...typeIds]), eq(customerContacts.normalizedValue, normalizedValue)))
      .orderBy(asc(customerContacts.customerId))
      .limit(1);
    return row?.customerId ?? null;
  },

  /**
   * What a message of a sender without a thread key finds on arrival, in one statement: the message itself when it
   * was stored before (a provider's retry: its ids, its ticket's campaign, whether it was first known from a change),
   * and where a known sender's message goes — the customer of the contact datum, the campaign's open ticket of that
   * customer (of this channel only with `ticketChannelId`), locked like latestTicketOfCustomer, and the conversation
   * of that ticket with this contact on this channel. `placement` is null when no customer has the datum.
   */
  async arrivalOf(
    db: Executor,
    by: {
      providerMessageId: string;
      typeIds: readonly number[];
      normalizedValue: string;
      campaignId: number;
      ticketChannelId: number | null;
      channelId: number;
      contactValue: string;
    },
  ): Promise<{
    duplicate: {
      id: number;
      interactionId: number;
      ticketId: number;
      campaignId: number;
      knownFromChange: boolean;
    } | null;
    placement: { customerId: number; ticketId: number | null; interactionId: number | null } | null;
  }> {
    const result = await executePrepared<{
      dup_id: string | null;
      dup_interaction_id: string | null;
      dup_ticket_id: string | null;
      dup_campaign_id: string | null;
      known_from_change: boolean | null;
      customer_id: string | null;
      ticket_id: string | null;
      interaction_id: string | null;
    }>(
      db,
      sql`
      with dup as (
        select m.id, m.interaction_id, m.ticket_id, t.campaign_id,
          coalesce((m.provider_data->>'knownFromChange')::boolean, false) as known_from_change
        from messages m join tickets t on t.id = m.ticket_id
        where m.channel_id = ${by.channelId} and m.provider_message_id = ${by.providerMessageId}
      ), customer as (
        select customer_id from customer_contacts
        where type_id = any(${`{${by.typeIds.join(',')}}`}::bigint[]) and normalized_value = ${by.normalizedValue}
        order by customer_id limit 1
      ), ticket as (
        select t.id from tickets t join customer c on c.customer_id = t.customer_id
        where t.campaign_id = ${by.campaignId} and t.status <> 4
          ${by.ticketChannelId === null ? sql`` : sql`and t.channel_id = ${by.ticketChannelId}`}
        order by t.created_at desc, t.id desc limit 1
        for update of t
      )
      select d.id as dup_id, d.interaction_id as dup_interaction_id, d.ticket_id as dup_ticket_id,
        d.campaign_id as dup_campaign_id, d.known_from_change,
        c.customer_id, t.id as ticket_id,
        (select i.id from interactions i
          where i.ticket_id = t.id and i.channel_id = ${by.channelId} and i.contact_value = ${by.contactValue}
          order by i.last_message_at desc limit 1) as interaction_id
      from (select 1) arrival left join dup d on true left join customer c on true left join ticket t on true`,
    );
    const row = result.rows[0];
    const id = (value: string | null) => (value === null ? null : Number(value));
    return {
      duplicate:
        row?.dup_id != null
          ? {
              id: Number(row.dup_id),
              interactionId: Number(row.dup_interaction_id),
              ticketId: Number(row.dup_ticket_id),
              campaignId: Number(row.dup_campaign_id),
              knownFromChange: row.known_from_change === true,
            }
          : null,
      placement:
        row?.customer_id != null
          ? { customerId: Number(row.customer_id), ticketId: id(row.ticket_id), interactionId: id(row.interaction_id) }
          : null,
    };
  },

  async customerByIdentification(db: Executor, typeId: number, number: string): Promise<number | null> {
    const [row] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(
        and(
          eq(customers.identificationTypeId, typeId),
          sql`lower(${customers.identificationNumber}) = lower(${number})`,
        ),
      );
    return row?.id ?? null;
  },

  /** An open ticket of the thread (e-mail replies): same channel and thread key. */
  /**
   * The open ticket of the thread, locked (FOR UPDATE OF tickets): an inbound message takes the ticket's row before
   * its conversation's, in the same order as an agent's reply and every ticket transition, so the two never deadlock.
   */
  async openTicketOfThread(db: Executor, channelId: number, threadKey: string): Promise<number | null> {
    const [row] = await db
      .select({ ticketId: interactions.ticketId })
      .from(interactions)
      .innerJoin(tickets, eq(tickets.id, interactions.ticketId))
      .where(and(eq(interactions.channelId, channelId), eq(interactions.threadKey, threadKey), ne(tickets.status, 4)))
      .orderBy(desc(interactions.lastMessageAt))
      .limit(1)
      .for('update', { of: tickets });
    return row?.ticketId ?? null;
  },

  /**
   * The thread key of the conversation that holds one of these provider messages of the channel (e-mail replies
   * name earlier messages — ours included — in In-Reply-To/References); open tickets first, then the latest.
   */
  async threadKeyOfMessages(db: Executor, channelId: number, providerMessageIds: readonly string[]) {
    if (providerMessageIds.length === 0) return null;
    const [row] = await db
      .select({ threadKey: interactions.threadKey })
      .from(messages)
      .innerJoin(interactions, eq(interactions.id, messages.interactionId))
      .innerJoin(tickets, eq(tickets.id, messages.ticketId))
      .where(
        and(
          eq(messages.channelId, channelId),
          inArray(messages.providerMessageId, [...providerMessageIds]),
          sql`${interactions.threadKey} is not null`,
        ),
      )
      .orderBy(sql`${tickets.status} = 4`, desc(messages.createdAt), desc(messages.id))
      .limit(1);
    return row?.threadKey ?? null;
  },

  /**
   * The customer's latest ticket in the campaign, optionally of one channel: the open one a message joins (the
   * ticket-combination rule), or the last closed one a new ticket links to.
   */
  /**
   * The customer's latest open (or closed) ticket of the campaign. The open one is returned locked (FOR UPDATE), for
   * the same lock order as openTicketOfThread; a ticket closed meanwhile is not returned (a new one opens).
   */
  async latestTicketOfCustomer(
    db: Executor,
    which: 'open' | 'closed',
    campaignId: number,
    customerId: number,
    channelId: number | null,
  ): Promise<number | null> {
    const query = db
      .select({ id: tickets.id })
      .from(tickets)
      .where(
        and(
          eq(tickets.campaignId, campaignId),
          eq(tickets.customerId, customerId),
          which === 'open' ? ne(tickets.status, 4) : eq(tickets.status, 4),
          channelId === null ? undefined : eq(tickets.channelId, channelId),
        ),
      )
      .orderBy(which === 'open' ? desc(tickets.createdAt) : desc(tickets.closedAt), desc(tickets.id))
      .limit(1);
    const [row] = which === 'open' ? await query.for('update') : await query;
    return row?.id ?? null;
  },

  async interactionOf(db: Executor, ticketId: number, channelId: number, contactValue: string) {
    const [row] = await db
      .select()
      .from(interactions)
      .where(
        and(
          eq(interactions.ticketId, ticketId),
          eq(interactions.channelId, channelId),
          eq(interactions.contactValue, contactValue),
        ),
      )
      .orderBy(desc(interactions.lastMessageAt))
      .limit(1);
    return row ?? null;
  },

  async insertInteraction(db: Executor, values: typeof interactions.$inferInsert): Promise<InteractionRow> {
    const [row] = await db.insert(interactions).values(values).returning();
    return row;
  },

  async touchInteraction(db: Executor, id: number, at: Date, threadKey?: string): Promise<void> {
    await db
      .update(interactions)
      .set({ lastMessageAt: at, ...(threadKey ? { threadKey } : {}) })
      .where(eq(interactions.id, id));
  },

  /**
   * A customer's message on an existing conversation, in one statement: the conversation's last message time (and
   * thread key), the message, and the ticket's unread mark and preview. The caller holds the ticket's row lock.
   */
  async recordIncoming(
    db: Executor,
    input: {
      interactionId: number;
      threadKey?: string;
      message: Omit<typeof messages.$inferInsert, 'interactionId' | 'direction'>;
      preview: { text: string; sender: string };
    },
  ): Promise<{ id: number }> {
    const { message, interactionId } = input;
    const at = message.createdAt ?? new Date();
    const result = await executePrepared<{ id: string }>(
      db,
      sql`
      with touched as (
        update interactions set last_message_at = ${at}
          ${input.threadKey ? sql`, thread_key = ${input.threadKey}` : sql``}
        where id = ${interactionId}
      ), ticket as (
        update tickets set unread = true, last_message_at = ${at}, last_message_preview = ${input.preview.text},
          last_message_direction = ${MESSAGE_DIRECTION.incoming}, last_message_sender = ${input.preview.sender},
          updated_at = ${new Date()}
        where id = ${message.ticketId}
      )
      insert into messages (interaction_id, ticket_id, channel_id, direction, body_html, body_text, sender_name,
        provider_message_id, provider_data, edited_at, deleted_at, created_at)
      values (${interactionId}, ${message.ticketId}, ${message.channelId}, ${MESSAGE_DIRECTION.incoming},
        ${message.bodyHtml}, ${message.bodyText}, ${message.senderName ?? null}, ${message.providerMessageId ?? null},
        ${message.providerData ? JSON.stringify(message.providerData) : null}::jsonb, ${message.editedAt ?? null},
        ${message.deletedAt ?? null}, ${at})
      returning id`,
    );
    return { id: Number(result.rows[0].id) };
  },

  async insertMessage(db: Executor, values: typeof messages.$inferInsert): Promise<MessageRow> {
    const [row] = await db.insert(messages).values(values).returning();
    return row;
  },

  /** A customer's edit or deletion of a stored message (its words, markers and provider data). */
  async changeMessage(
    db: Executor,
    id: number,
    values: Partial<Pick<MessageRow, 'bodyText' | 'bodyHtml' | 'editedAt' | 'deletedAt' | 'providerData'>>,
  ): Promise<void> {
    await db.update(messages).set(values).where(eq(messages.id, id));
  },

  /** The id of the ticket's latest message (the one its preview shows). */
  async latestMessageId(db: Executor, ticketId: number): Promise<number | null> {
    const [row] = await db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.ticketId, ticketId))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(1);
    return row?.id ?? null;
  },

  async interaction(db: Executor, id: number): Promise<InteractionRow | null> {
    const [row] = await db.select().from(interactions).where(eq(interactions.id, id));
    return row ?? null;
  },

  async latestInteraction(db: Executor, ticketId: number): Promise<InteractionRow | null> {
    const [row] = await db
      .select()
      .from(interactions)
      .where(eq(interactions.ticketId, ticketId))
      .orderBy(desc(interactions.lastMessageAt), desc(interactions.id))
      .limit(1);
    return row ?? null;
  },

  async message(db: Executor, id: number): Promise<MessageRow | null> {
    const [row] = await db.select().from(messages).where(eq(messages.id, id));
    return row ?? null;
  },

  /** Provider ids of an interaction's messages, oldest first. */
  async thread(db: Executor, interactionId: number) {
    const rows = await db
      .select({ providerMessageId: messages.providerMessageId, direction: messages.direction })
      .from(messages)
      .where(and(eq(messages.interactionId, interactionId), sql`${messages.providerMessageId} is not null`))
      .orderBy(asc(messages.createdAt), asc(messages.id))
      .limit(100);
    return rows.map((row) => ({ providerMessageId: row.providerMessageId as string, direction: row.direction }));
  },

  /**
   * Moves a message's delivery status forward only: a late "sent" never undoes "read"; failed applies to messages
   * not yet delivered, and a later proof of delivery overrides a failure. Returns whether it changed.
   */
  async advanceDelivery(
    db: Executor,
    id: number,
    status: number,
    values: { providerMessageId?: string; error?: string | null; keepFailed?: boolean } = {},
  ): Promise<boolean> {
    // A failure Atiende recorded may be undone by the provider's later word; one the provider reported as final
    // (`keepFailed`) is not undone by a report of an earlier stage that arrives late.
    const allowed =
      status === 4
        ? sql`coalesce(${messages.deliveryStatus}, -1) <= 1`
        : values.keepFailed
          ? sql`coalesce(${messages.deliveryStatus}, -1) < ${status}`
          : sql`(coalesce(${messages.deliveryStatus}, -1) < ${status} or ${messages.deliveryStatus} = 4)`;
    const rows = await db
      .update(messages)
      .set({
        deliveryStatus: status,
        deliveryError: status === 4 ? (values.error ?? null) : null,
        ...(values.providerMessageId ? { providerMessageId: values.providerMessageId } : {}),
      })
      .where(and(eq(messages.id, id), allowed))
      .returning({ id: messages.id });
    return rows.length > 0;
  },

  /**
   * Provider ids of the replies to one contact on a channel sent up to a time and not known read yet (a "read up
   * to here" receipt), newest first, at most `limit`.
   */
  async unreadRepliesUntil(
    db: Executor,
    channelId: number,
    contactValue: string,
    until: Date,
    limit: number,
  ): Promise<string[]> {
    const rows = await db
      .select({ providerMessageId: messages.providerMessageId })
      .from(messages)
      .innerJoin(interactions, eq(interactions.id, messages.interactionId))
      .where(
        and(
          eq(interactions.channelId, channelId),
          eq(interactions.contactValue, contactValue),
          eq(messages.direction, MESSAGE_DIRECTION.outgoing),
          sql`${messages.deliveryStatus} < ${DELIVERY_STATUS.read}`,
          sql`${messages.providerMessageId} is not null`,
          sql`${messages.createdAt} <= ${until}`,
        ),
      )
      .orderBy(desc(messages.createdAt))
      .limit(limit);
    return rows.flatMap((row) => (row.providerMessageId ? [row.providerMessageId] : []));
  },

  /** When the customer last wrote in the conversation (null when they never did). */
  async lastIncomingAt(db: Executor, interactionId: number): Promise<Date | null> {
    const [row] = await db
      .select({ createdAt: messages.createdAt })
      .from(messages)
      .where(and(eq(messages.interactionId, interactionId), eq(messages.direction, MESSAGE_DIRECTION.incoming)))
      .orderBy(desc(messages.createdAt))
      .limit(1);
    return row?.createdAt ?? null;
  },

  /** Records the files kept from a provider message, once: false when the message already has its list. */
  async setMessageAttachments(db: Executor, id: number, attachments: NonNullable<MessageRow['attachments']>) {
    const rows = await db
      .update(messages)
      .set({ attachments })
      .where(and(eq(messages.id, id), sql`${messages.attachments} is null`))
      .returning({ id: messages.id });
    return rows.length > 0;
  },

  /** Whether the interaction got an automatic (authorless) reply since `since` (unavailable-hours message). */
  async autoReplySince(db: Executor, interactionId: number, since: Date): Promise<boolean> {
    const result = await db.execute(sql`select 1 from messages where interaction_id = ${interactionId}
      and direction = 1 and author_id is null and created_at >= ${since.toISOString()}::timestamptz limit 1`);
    return result.rows.length > 0;
  },

  /** A ticket's interactions with their whole message history, oldest first (two queries, no N+1). */
  async ofTicket(db: Executor, ticketId: number): Promise<Interaction[]> {
    const rows = await db
      .select({ interaction: interactions, channelName: channels.name, channelType: channels.type })
      .from(interactions)
      .innerJoin(channels, eq(channels.id, interactions.channelId))
      .where(eq(interactions.ticketId, ticketId))
      .orderBy(asc(interactions.createdAt), asc(interactions.id));
    if (rows.length === 0) return [];
    const messageRows = await db
      .select({ message: messages, authorName: users.name })
      .from(messages)
      .leftJoin(users, eq(users.id, messages.authorId))
      .where(
        inArray(
          messages.interactionId,
          rows.map((row) => row.interaction.id),
        ),
      )
      .orderBy(asc(messages.createdAt), asc(messages.id));
    // The ticket's calls (telephony channel), each shown on the message it was recorded as.
    const callRows = await db
      .select({ call: voiceCalls, agentName: users.name })
      .from(voiceCalls)
      .leftJoin(users, eq(users.id, voiceCalls.userId))
      .where(eq(voiceCalls.ticketId, ticketId));
    const callOf = new Map(callRows.map((row) => [row.call.messageId, toCallSummary(row.call, row.agentName)]));
    const byInteraction = new Map<number, typeof messageRows>();
    for (const row of messageRows) {
      const list = byInteraction.get(row.message.interactionId) ?? [];
      list.push(row);
      byInteraction.set(row.message.interactionId, list);
    }
    return rows.map(({ interaction, channelName, channelType }) => ({
      id: interaction.id,
      registro_canal_id: interaction.id,
      channel: {
        id: interaction.channelId,
        name: channelName,
        typeCode: CHANNEL_TYPE_CODES[channelType as ChannelTypeKey] ?? 0,
        typeName: channelType,
      },
      contactValue: interaction.contactValue,
      createdAt: interaction.createdAt.toISOString(),
      lastMessageAt: interaction.lastMessageAt.toISOString(),
      messages: (byInteraction.get(interaction.id) ?? []).map(({ message, authorName }) =>
        toMessage(message, authorName, callOf.get(message.id)),
      ),
    }));
  },
};

/** A recorded call as the timeline shows it. */
export function toCallSummary(call: typeof voiceCalls.$inferSelect, agentName: string | null): CallSummary {
  return {
    id: call.id,
    direction: call.direction === 'outbound' ? 'outbound' : 'inbound',
    status: call.status as CallStatus,
    customerNumber: call.customerNumber,
    channelNumber: call.channelNumber,
    agent: call.userId ? { id: call.userId, nombre: agentName ?? '' } : null,
    startedAt: call.startedAt.toISOString(),
    answeredAt: call.answeredAt?.toISOString() ?? null,
    endedAt: call.endedAt?.toISOString() ?? null,
    durationSeconds: call.durationSeconds,
    waitSeconds: call.waitSeconds,
    missedOffers: call.offers.filter((offer) => offer.result !== 'answered').length,
  };
}

export function toMessage(message: MessageRow, authorName: string | null, call?: CallSummary): InteractionMessage {
  // A message the customer deleted keeps its content in the database (audit); the timeline gets only the marker.
  const deleted = message.deletedAt !== null;
  return {
    id: message.id,
    direction: message.direction === 1 ? 1 : 0,
    html: deleted ? '' : message.bodyHtml,
    text: deleted ? '' : message.bodyText,
    senderName: message.senderName,
    author: message.authorId ? { id: message.authorId, nombre: authorName ?? '' } : null,
    deliveryStatus: (message.deliveryStatus as DeliveryStatus | null) ?? null,
    attachments: (deleted ? [] : (message.attachments ?? [])).flatMap((file) =>
      file.attachmentId
        ? [
            {
              id: file.attachmentId,
              name: file.name,
              contentType: file.contentType,
              size: file.size,
              url: `/api/v2/tickets/${message.ticketId}/attachments/${file.attachmentId}`,
            },
          ]
        : [],
    ),
    createdAt: message.createdAt.toISOString(),
    editedAt: message.editedAt?.toISOString() ?? null,
    edits: deleted
      ? []
      : (message.providerData?.versions ?? []).map((version) => ({
          text: version.text,
          replacedAt: version.replacedAt,
        })),
    deletedAt: message.deletedAt?.toISOString() ?? null,
    call: call ?? null,
  };
}
