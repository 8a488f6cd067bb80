import { MESSAGE_DIRECTION, type TICKET_COMBINATIONS, TICKET_STATUS } from '@atiende/contracts';
import type { Executor } from '../../platform/db/client.js';
import { textToHtml } from '../../platform/html.js';
import { ticketsRepo } from '../tickets/tickets.repo.js';
import { interactionsRepo } from './interactions.repo.js';
import type { MessageProviderData } from './interactions.schema.js';

const PREVIEW_LENGTH = 280;

type TicketCombination = (typeof TICKET_COMBINATIONS)[number];

export interface OutboundContact {
  campaignId: number;
  channelId: number;
  customerId: number;
  /** The customer's datum the contact went to (a phone, an address), as the conversation keeps it. */
  contactValue: string;
  /**
   * Whether the contact joins the customer's open ticket in the campaign by the campaign's combination rule
   * (`customer` or `customer-channel`; `none` and `undefined` always open a new ticket).
   */
  combination?: TicketCombination;
  /** A new ticket's description and the words its search finds it by. */
  description: string;
  searchText: string;
  /** The outgoing message: its words, who it is shown as sent by, the provider's id and kind. */
  text: string;
  senderName: string | null;
  providerMessageId: string;
  providerData?: MessageProviderData | null;
  deliveryStatus?: number | null;
}

/**
 * A contact Atiende started with a customer — a bulk message with active tickets, a dialer's answered call — recorded
 * as an outgoing message of the customer's ticket in the campaign: the open one the combination rule names, else a
 * new one; its conversation on the channel, the message, and the ticket's last-message preview. In the caller's
 * transaction (a joined ticket's row is locked).
 */
export async function recordOutboundContact(
  tx: Executor,
  contact: OutboundContact,
): Promise<{ ticketId: number; interactionId: number; messageId: number; newTicket: boolean }> {
  const now = new Date();
  const rule = contact.combination ?? 'none';
  let ticketId =
    rule === 'none'
      ? null
      : await interactionsRepo.latestTicketOfCustomer(
          tx,
          'open',
          contact.campaignId,
          contact.customerId,
          rule === 'customer-channel' ? contact.channelId : null,
        );
  const newTicket = ticketId === null;
  if (ticketId === null) {
    const ticket = await ticketsRepo.insert(tx, {
      description: contact.description,
      campaignId: contact.campaignId,
      channelId: contact.channelId,
      customerId: contact.customerId,
      priority: 1,
      status: TICKET_STATUS.new,
      unread: false,
      searchText: contact.searchText,
      createdAt: now,
    });
    ticketId = ticket.id;
  }
  let interactionId = newTicket
    ? null
    : ((await interactionsRepo.interactionOf(tx, ticketId, contact.channelId, contact.contactValue))?.id ?? null);
  if (interactionId === null) {
    interactionId = (
      await interactionsRepo.insertInteraction(tx, {
        ticketId,
        channelId: contact.channelId,
        customerId: contact.customerId,
        contactValue: contact.contactValue,
        createdAt: now,
        lastMessageAt: now,
      })
    ).id;
  } else {
    await interactionsRepo.touchInteraction(tx, interactionId, now);
  }
  const message = await interactionsRepo.insertMessage(tx, {
    interactionId,
    ticketId,
    channelId: contact.channelId,
    direction: MESSAGE_DIRECTION.outgoing,
    bodyHtml: textToHtml(contact.text),
    bodyText: contact.text,
    senderName: contact.senderName,
    authorId: null,
    deliveryStatus: contact.deliveryStatus ?? null,
    providerMessageId: contact.providerMessageId,
    providerData: contact.providerData ?? null,
    createdAt: now,
  });
  await ticketsRepo.update(tx, ticketId, {
    lastMessageAt: now,
    lastMessagePreview: contact.text.slice(0, PREVIEW_LENGTH),
    lastMessageDirection: MESSAGE_DIRECTION.outgoing,
    lastMessageSender: contact.senderName,
  });
  return { ticketId, interactionId, messageId: message.id, newTicket };
}
