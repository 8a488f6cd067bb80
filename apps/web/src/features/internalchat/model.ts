import { type InternalChatContact, type InternalChatMessage, LIMITS } from '@atiende/contracts';

/** Messages per conversation page (the API's default). */
export const CHAT_PAGE_SIZE = 50;

/** What the drawer keeps of one conversation: the loaded messages (oldest → newest) and whether older exist. */
export interface Conversation {
  messages: InternalChatMessage[];
  hasOlder: boolean;
}

export interface ChatReadEvent {
  readerId: number;
  sourceId: number;
}

/** The other participant of a message, seen from the current user. */
export function peerOf(message: InternalChatMessage): number {
  return message.direction === 'in' ? message.sourceId : message.destinationId;
}

/** Merges messages into a list by id (a newer copy replaces an older one), oldest → newest. */
export function mergeMessages(
  current: readonly InternalChatMessage[],
  incoming: readonly InternalChatMessage[],
): InternalChatMessage[] {
  if (incoming.length === 0) return [...current];
  const byId = new Map<number, InternalChatMessage>();
  for (const message of current) byId.set(message.id, message);
  for (const message of incoming) {
    const known = byId.get(message.id);
    // A read flag never goes back to unread (a late echo of the send must not undo a read event).
    byId.set(message.id, known?.estado === 1 ? { ...message, estado: 1 } : message);
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The recipient `readerId` read everything the current user sent them: ticks turn to read. */
export function markOutgoingRead(messages: readonly InternalChatMessage[], readerId: number): InternalChatMessage[] {
  return messages.map((message) =>
    message.direction === 'out' && message.destinationId === readerId && message.estado !== 1
      ? { ...message, estado: 1 }
      : message,
  );
}

/** The server's order: people with messages by their latest message (newest first), then by name. */
export function sortContacts(contacts: readonly InternalChatContact[]): InternalChatContact[] {
  return [...contacts].sort((a, b) => {
    if (a.lastMessageAt !== b.lastMessageAt) {
      if (!a.lastMessageAt) return 1;
      if (!b.lastMessageAt) return -1;
      const byTime = Date.parse(b.lastMessageAt) - Date.parse(a.lastMessageAt);
      if (byTime !== 0) return byTime;
    }
    return a.nombre.localeCompare(b.nombre) || a.id - b.id;
  });
}

/**
 * A live message in the contact list: the conversation moves to the top, and a received message counts as unread
 * unless that conversation is open on screen. Unknown people (not in the list) leave it unchanged.
 */
export function applyMessageToContacts(
  contacts: readonly InternalChatContact[],
  message: InternalChatMessage,
  openPeerId: number | null,
): InternalChatContact[] {
  const peerId = peerOf(message);
  if (!contacts.some((contact) => contact.id === peerId)) return [...contacts];
  const counts = message.direction === 'in' && peerId !== openPeerId;
  return sortContacts(
    contacts.map((contact) =>
      contact.id === peerId
        ? {
            ...contact,
            unread: counts ? contact.unread + 1 : contact.unread,
            lastMessageAt:
              contact.lastMessageAt && Date.parse(contact.lastMessageAt) > Date.parse(message.datetime)
                ? contact.lastMessageAt
                : message.datetime,
          }
        : contact,
    ),
  );
}

export function clearUnread(contacts: readonly InternalChatContact[], peerId: number): InternalChatContact[] {
  return contacts.map((contact) =>
    contact.id === peerId && contact.unread !== 0 ? { ...contact, unread: 0 } : contact,
  );
}

/** The header badge's number (MUI shows `max+` beyond LIMITS.notificationBadgeMax). */
export function totalUnread(contacts: readonly InternalChatContact[] | undefined): number {
  return (contacts ?? []).reduce((sum, contact) => sum + contact.unread, 0);
}

export const BADGE_MAX = LIMITS.notificationBadgeMax;

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Contacts whose name contains every word of `text`, ignoring case and accents. */
export function filterContacts(contacts: readonly InternalChatContact[], text: string): InternalChatContact[] {
  const words = fold(text).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...contacts];
  return contacts.filter((contact) => {
    const name = fold(contact.nombre);
    return words.every((word) => name.includes(word));
  });
}

/** Up to two initials for an avatar without a picture. */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (
    parts
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase() ?? '')
      .join('') || '?'
  );
}

/** Whether Enter in the message box sends (Shift+Enter and an IME composition insert a line break instead). */
export function sendsOnEnter(event: { key: string; shiftKey: boolean; isComposing?: boolean }): boolean {
  return event.key === 'Enter' && !event.shiftKey && !event.isComposing;
}

/** Realtime payloads are checked before they touch the caches. */
export function parseChatMessage(payload: unknown): InternalChatMessage | null {
  const value = payload as Partial<InternalChatMessage> | null;
  if (!value || typeof value !== 'object') return null;
  if (typeof value.id !== 'number' || typeof value.message !== 'string' || typeof value.datetime !== 'string') {
    return null;
  }
  if (typeof value.sourceId !== 'number' || typeof value.destinationId !== 'number') return null;
  if (value.direction !== 'in' && value.direction !== 'out') return null;
  return {
    id: value.id,
    message: value.message,
    datetime: value.datetime,
    sourceName: typeof value.sourceName === 'string' ? value.sourceName : '',
    sourceId: value.sourceId,
    destinationId: value.destinationId,
    chatId: typeof value.chatId === 'string' ? value.chatId : '',
    direction: value.direction,
    estado: value.estado === 1 ? 1 : 0,
  };
}

export function parseReadEvent(payload: unknown): ChatReadEvent | null {
  const value = payload as Partial<ChatReadEvent> | null;
  if (!value || typeof value.readerId !== 'number' || typeof value.sourceId !== 'number') return null;
  return { readerId: value.readerId, sourceId: value.sourceId };
}

/** A message's time: the hour today, the date and hour on other days, in the UI language. */
export function messageTime(value: string | null, locale: string, now = new Date()): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const today = date.toDateString() === now.toDateString();
  const options: Intl.DateTimeFormatOptions = today
    ? { timeStyle: 'short' }
    : { dateStyle: 'short', timeStyle: 'short' };
  return new Intl.DateTimeFormat(locale, options).format(date);
}
