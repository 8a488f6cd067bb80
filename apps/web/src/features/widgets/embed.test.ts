import { describe, expect, it } from 'vitest';
import {
  type ChatMessage,
  contrastText,
  format,
  mergeMessages,
  newClientMessageId,
  readVisitor,
  safeColor,
  safeLink,
  storageKey,
} from '../../../widget/src/model';
import { pickLocale, textsFor } from '../../../widget/src/texts';

/** The embed script's pure parts (apps/web/widget). */
const message = (overrides: Partial<ChatMessage>): ChatMessage => ({
  id: 0,
  direction: 0,
  text: 'hola',
  senderName: null,
  clientMessageId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

describe('embed script', () => {
  it('speaks Spanish unless the page says English', () => {
    expect(pickLocale('en-US')).toBe('en');
    expect(pickLocale('EN')).toBe('en');
    expect(pickLocale('es-CO')).toBe('es');
    expect(pickLocale('')).toBe('es');
    expect(pickLocale(undefined)).toBe('es');
    expect(Object.keys(textsFor('en')).sort()).toEqual(Object.keys(textsFor('es')).sort());
    expect(format(textsFor('es').typing, { name: 'Ana' })).toBe('Ana está escribiendo…');
  });

  it('replaces a pending bubble by the stored message and keeps the conversation ordered without repeats', () => {
    let list = mergeMessages([], [message({ id: 5, direction: 1, text: 'bienvenido' })]);
    list = mergeMessages(list, [message({ clientMessageId: 'abc', state: 'pending' })]);
    expect(list.map((item) => item.id)).toEqual([5, 0]);
    list = mergeMessages(list, [message({ id: 8, clientMessageId: 'abc' })]);
    expect(list.map((item) => [item.id, item.state])).toEqual([
      [5, undefined],
      [8, undefined],
    ]);
    list = mergeMessages(list, [message({ id: 8, clientMessageId: 'abc' }), message({ id: 6, direction: 1 })]);
    expect(list.map((item) => item.id)).toEqual([5, 6, 8]);
  });

  it('uses only safe colours and links', () => {
    expect(safeColor('#1E88E5')).toBe('#1E88E5');
    expect(safeColor('red;background:url(x)')).toBe('#d32f2f');
    expect(contrastText('#ffffff')).toBe('#1b1b1b');
    expect(contrastText('#263238')).toBe('#ffffff');
    expect(safeLink('https://wa.me/57300')).toBe('https://wa.me/57300');
    expect(safeLink('mailto:a@b.test')).toBe('mailto:a@b.test');
    expect(safeLink('javascript:alert(1)')).toBeNull();
    expect(safeLink(null)).toBeNull();
  });

  it('client message ids match what the server accepts; the stored visitor is read defensively', () => {
    const id = newClientMessageId((bytes) => bytes.fill(171));
    expect(id).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(id).toBe('ab'.repeat(16));
    const storage = new Map<string, string>([
      [storageKey('k1'), JSON.stringify({ token: 't', visitorId: 'wv-1' })],
      [storageKey('k2'), '{broken'],
    ]);
    const reader = { getItem: (key: string) => storage.get(key) ?? null };
    expect(readVisitor(reader, 'k1')).toEqual({ token: 't', visitorId: 'wv-1' });
    expect(readVisitor(reader, 'k2')).toBeNull();
    expect(readVisitor(reader, 'k3')).toBeNull();
  });
});
