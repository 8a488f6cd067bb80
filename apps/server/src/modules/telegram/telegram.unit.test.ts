import { describe, expect, it } from 'vitest';
import { readUpdate, updateSchema, validSecret } from './telegram.webhook.js';

const read = (message: Record<string, unknown>) =>
  readUpdate(
    updateSchema.parse({ update_id: 1, message: { message_id: 7, chat: { id: 42, type: 'private' }, ...message } }),
  ).message;

describe('Telegram updates', () => {
  it('checks the secret token exactly', () => {
    expect(validSecret('abc', 'abc')).toBe(true);
    expect(validSecret('abd', 'abc')).toBe(false);
    expect(validSecret('abcd', 'abc')).toBe(false);
    expect(validSecret(undefined, 'abc')).toBe(false);
    expect(validSecret('abc', undefined)).toBe(false);
  });

  it('reads a private message: chat id as sender, chat and message id as provider id, what it carries as text', () => {
    expect(read({ from: { id: 42, first_name: 'Ana', last_name: 'Ruiz' }, date: 1_700_000_000, text: 'Hola' })).toEqual(
      {
        inbound: {
          providerMessageId: '42:7',
          from: '42',
          senderName: 'Ana Ruiz',
          text: 'Hola',
          receivedAt: '2023-11-14T22:13:20.000Z',
        },
        files: [],
      },
    );
    expect(
      read({ from: { id: 42, username: 'anar' }, location: { latitude: 6.2, longitude: -75.5 } })?.inbound,
    ).toMatchObject({ senderName: 'anar', text: '📍 https://maps.google.com/?q=6.2,-75.5' });
    expect(read({ contact: { phone_number: '+57300', first_name: 'Luis' } })?.inbound.text).toBe('👤 Luis +57300');
    // A venue keeps its name and address beside the map link.
    const venue = { location: { latitude: -2.9, longitude: -79 }, title: 'Cuenca', address: 'Provincia del Azuay' };
    expect(read({ location: venue.location, venue })?.inbound.text).toBe(
      '📍 Cuenca, Provincia del Azuay https://maps.google.com/?q=-2.9,-79',
    );
    expect(read({ poll: { question: '¿Color?', options: [{ text: 'Rojo' }, { text: 'Azul' }] } })?.inbound.text).toBe(
      '📊 ¿Color?\n- Rojo\n- Azul',
    );
    expect(read({ video_note: { file_id: 'vn1' } })).toMatchObject({
      inbound: { text: '[video_note]' },
      files: [{ fileId: 'vn1', name: null }],
    });
    expect(read({ sticker: { file_id: 's', emoji: '😀' } })?.inbound.text).toBe('😀');
    expect(read({ voice: { file_id: 'v1', mime_type: 'audio/ogg' } })).toMatchObject({
      inbound: { text: '[voice]' },
      files: [{ fileId: 'v1', name: null }],
    });
    expect(read({ document: { file_id: 'd1', file_name: 'orden.pdf' }, caption: 'Mi orden' })).toMatchObject({
      inbound: { text: 'Mi orden' },
      files: [{ fileId: 'd1', name: 'orden.pdf' }],
    });
  });

  it('keeps only the largest size of a photo, and ignores group chats and other updates', () => {
    expect(
      read({ photo: [{ file_id: 'small' }, { file_id: 'medium' }, { file_id: 'large' }] })?.files.map(
        (file) => file.fileId,
      ),
    ).toEqual(['large']);
    const group = readUpdate(
      updateSchema.parse({ update_id: 2, message: { message_id: 3, chat: { id: -5, type: 'group' }, text: 'Hola' } }),
    );
    expect(group).toEqual({
      ignored: [{ kind: 'message', reason: 'not-private-chat', id: '-5:3', detail: 'group' }],
    });
    const post = { message_id: 70, chat: { id: -100, type: 'channel' }, text: 'Hoy' };
    expect(readUpdate(updateSchema.parse({ update_id: 3, channel_post: post })).ignored).toEqual([
      { kind: 'channel_post', reason: 'not-private-chat' },
    ]);
    expect(readUpdate(updateSchema.parse({ update_id: 4, callback_query: { id: 'q' } })).ignored).toEqual([
      { kind: 'callback_query', reason: 'unhandled-kind' },
    ]);
    expect(readUpdate(updateSchema.parse({ update_id: 5, edited_message: { message_id: 1 } })).ignored).toEqual([
      { kind: 'edited_message', reason: 'malformed' },
    ]);
  });

  it('reads an edit as a change of the message it names, once per edit date', () => {
    const edit = readUpdate(
      updateSchema.parse({
        update_id: 9,
        edited_message: {
          message_id: 7,
          chat: { id: 42, type: 'private' },
          from: { id: 42, first_name: 'Ana' },
          date: 1_700_000_000,
          edit_date: 1_700_000_060,
          text: 'Hola, ¿abren hoy?',
        },
      }),
    );
    expect(edit).toEqual({
      change: {
        providerMessageId: '42:7',
        changeId: '42:7#edit:1700000060',
        change: 'edit',
        from: '42',
        senderName: 'Ana',
        text: 'Hola, ¿abren hoy?',
        changedAt: '2023-11-14T22:14:20.000Z',
      },
      ignored: [],
    });
  });
});
