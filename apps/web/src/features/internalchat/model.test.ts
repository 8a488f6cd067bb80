import type { InternalChatContact, InternalChatMessage } from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
import i18n from '../../core/i18n';
import en from './locales/en.json';
import es from './locales/es.json';
import {
  applyMessageToContacts,
  clearUnread,
  filterContacts,
  initialsOf,
  markOutgoingRead,
  mergeMessages,
  messageTime,
  parseChatMessage,
  parseReadEvent,
  sendsOnEnter,
  sortContacts,
  totalUnread,
} from './model';

const ME = 1;

function message(id: number, overrides: Partial<InternalChatMessage> = {}): InternalChatMessage {
  return {
    id,
    message: `m${id}`,
    datetime: new Date(Date.UTC(2026, 0, 1, 10, id)).toISOString(),
    sourceName: 'Ana',
    sourceId: 2,
    destinationId: ME,
    chatId: '1-2',
    direction: 'in',
    estado: 0,
    ...overrides,
  };
}

function contact(id: number, nombre: string, overrides: Partial<InternalChatContact> = {}): InternalChatContact {
  return { id, nombre, avatarUrl: null, unread: 0, lastMessageAt: null, ...overrides };
}

describe('messages', () => {
  it('merges by id, oldest → newest, without duplicates', () => {
    const merged = mergeMessages([message(1), message(3)], [message(2), message(3, { message: 'edited copy' })]);
    expect(merged.map((item) => item.id)).toEqual([1, 2, 3]);
    expect(merged[2].message).toBe('edited copy');
    expect(mergeMessages([message(1)], [])).toEqual([message(1)]);
  });

  it('a late copy of a message never turns a read message back to unread', () => {
    const sent = message(5, { direction: 'out', sourceId: ME, destinationId: 2 });
    const read = markOutgoingRead([sent], 2);
    expect(read[0].estado).toBe(1);
    expect(mergeMessages(read, [sent])[0].estado).toBe(1);
  });

  it('a read event marks only my messages to that reader', () => {
    const list = [
      message(1),
      message(2, { direction: 'out', sourceId: ME, destinationId: 2 }),
      message(3, { direction: 'out', sourceId: ME, destinationId: 7 }),
    ];
    expect(markOutgoingRead(list, 2).map((item) => item.estado)).toEqual([0, 1, 0]);
  });

  it('parses realtime payloads defensively', () => {
    expect(parseChatMessage({ ...message(9), seq: 44 })).toEqual(message(9));
    expect(parseChatMessage({ id: '9' })).toBeNull();
    expect(parseChatMessage(null)).toBeNull();
    expect(parseChatMessage({ ...message(9), direction: 'sideways' })).toBeNull();
    expect(parseReadEvent({ readerId: 2, sourceId: 1, seq: 3 })).toEqual({ readerId: 2, sourceId: 1 });
    expect(parseReadEvent({ readerId: 2 })).toBeNull();
  });
});

describe('contacts', () => {
  const list = sortContacts([
    contact(4, 'Zoe'),
    contact(2, 'Ana', { lastMessageAt: '2026-01-01T09:00:00.000Z' }),
    contact(3, 'Bea', { lastMessageAt: '2026-01-01T11:00:00.000Z', unread: 2 }),
    contact(5, 'Álvaro'),
  ]);

  it('sorts people with messages by the latest first, then by name', () => {
    expect(list.map((item) => item.nombre)).toEqual(['Bea', 'Ana', 'Álvaro', 'Zoe']);
  });

  it('a received message bumps the sender’s count and moves them to the top', () => {
    const next = applyMessageToContacts(list, message(1, { datetime: '2026-01-01T12:00:00.000Z' }), null);
    expect(next[0]).toMatchObject({ id: 2, unread: 1, lastMessageAt: '2026-01-01T12:00:00.000Z' });
    expect(totalUnread(next)).toBe(3);
  });

  it('does not count a message of the conversation on screen, nor my own', () => {
    const open = applyMessageToContacts(list, message(1, { datetime: '2026-01-01T12:00:00.000Z' }), 2);
    expect(open[0]).toMatchObject({ id: 2, unread: 0 });
    const mine = applyMessageToContacts(
      list,
      message(1, { direction: 'out', sourceId: ME, destinationId: 4, datetime: '2026-01-01T12:00:00.000Z' }),
      null,
    );
    expect(mine[0]).toMatchObject({ id: 4, unread: 0 });
  });

  it('an older copy does not move the last message time back; unknown people change nothing', () => {
    const older = applyMessageToContacts(list, message(1, { sourceId: 3 }), null);
    expect(older.find((item) => item.id === 3)?.lastMessageAt).toBe('2026-01-01T11:00:00.000Z');
    expect(applyMessageToContacts(list, message(1, { sourceId: 99 }), null)).toEqual(list);
  });

  it('clears one count and totals the rest', () => {
    expect(totalUnread(clearUnread(list, 3))).toBe(0);
    expect(totalUnread(undefined)).toBe(0);
  });

  it('filters by every word of the search, ignoring case and accents', () => {
    expect(filterContacts(list, 'alv').map((item) => item.id)).toEqual([5]);
    expect(filterContacts(list, '  ').length).toBe(4);
    expect(filterContacts(list, 'a z')).toEqual([]);
  });

  it('makes initials for avatars without a picture', () => {
    expect(initialsOf('Laura  Gómez Ruiz')).toBe('LG');
    expect(initialsOf(' ')).toBe('?');
  });
});

describe('message box and texts', () => {
  it('Enter sends; Shift+Enter and an IME composition do not', () => {
    expect(sendsOnEnter({ key: 'Enter', shiftKey: false })).toBe(true);
    expect(sendsOnEnter({ key: 'Enter', shiftKey: true })).toBe(false);
    expect(sendsOnEnter({ key: 'Enter', shiftKey: false, isComposing: true })).toBe(false);
    expect(sendsOnEnter({ key: 'a', shiftKey: false })).toBe(false);
  });

  it('shows the hour for today and the date for other days', () => {
    const now = new Date(2026, 0, 2, 15, 0);
    expect(messageTime(new Date(2026, 0, 2, 9, 5).toISOString(), 'en', now)).toMatch(/9:05/);
    expect(messageTime(new Date(2026, 0, 1, 9, 5).toISOString(), 'en', now)).toMatch(/1\/1\/26/);
    expect(messageTime(null, 'es')).toBe('');
    expect(messageTime('nope', 'es')).toBe('');
  });

  it('es and en have the same keys, merged into the app namespace', () => {
    const flat = (value: object, prefix = ''): string[] =>
      Object.entries(value).flatMap(([key, child]) =>
        child && typeof child === 'object' ? flat(child, `${prefix}${key}.`) : [`${prefix}${key}`],
      );
    expect(Object.keys(es)).toEqual(['internalChat']);
    expect(flat(es).sort()).toEqual(flat(en).sort());
    expect(i18n.getFixedT('en')('internalChat.startConversation')).toBe('Type your message to start');
    expect(i18n.getFixedT('es')('internalChat.unread', { count: 2 })).toBe('2 mensajes sin leer');
  });
});
