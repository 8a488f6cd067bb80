import { describe, expect, it } from 'vitest';
import { messengerWebhookSchema, postbackId, readMessengerWebhook } from './messenger.webhook.js';

const read = (messaging: object[], entryId = 'PAGE') =>
  readMessengerWebhook(messengerWebhookSchema.parse({ object: 'page', entry: [{ id: entryId, messaging }] }), 'PAGE');

describe('Messenger webhook', () => {
  it('reads messages as text for the conversation, with the files to fetch', () => {
    const events = read([
      { sender: { id: 'u1' }, timestamp: 1_700_000_000_000, message: { mid: 'm1', text: 'Hola' } },
      {
        sender: { id: 'u1' },
        message: {
          mid: 'm2',
          attachments: [
            { type: 'image', payload: { url: 'https://cdn.test/a.jpg' } },
            { type: 'location', payload: { coordinates: { lat: 4.6, long: -74.1 } } },
            { type: 'fallback', payload: { url: 'https://tienda.test/p/1', title: 'Cafetera' } },
            { type: 'fallback', payload: null, title: 'Molino', URL: 'https://tienda.test/p/2' },
            {
              type: 'template',
              payload: {
                template_type: 'generic',
                elements: [
                  { title: 'Tostadora', subtitle: '$120.000', default_action: { url: 'https://tienda.test/p/3' } },
                ],
              },
            },
          ],
        },
      },
      { sender: { id: 'PAGE' }, message: { mid: 'm3', text: 'eco', is_echo: true } },
      { sender: { id: 'u1' }, postback: { title: 'Ver catálogo', payload: 'CATALOG', mid: 'm4' } },
      { sender: { id: 'u1' }, delivery: { mids: ['out1', 'out2'], watermark: 1 } },
      { sender: { id: 'u1' }, read: { watermark: 1_700_000_000_500 } },
      { recipient: { id: 'PAGE' } },
    ]);
    expect(events.messages.map((item) => [item.inbound.providerMessageId, item.inbound.text])).toEqual([
      ['m1', 'Hola'],
      [
        'm2',
        '[image]\n📍 https://maps.google.com/?q=4.6,-74.1\nCafetera https://tienda.test/p/1\nMolino https://tienda.test/p/2\nTostadora · $120.000 · https://tienda.test/p/3',
      ],
      ['m4', 'Ver catálogo'],
    ]);
    expect(events.ignored).toEqual([
      { kind: 'message', reason: 'own-message', id: 'm3' },
      { kind: 'messaging', reason: 'malformed' },
    ]);
    expect(events.messages[0].inbound).toMatchObject({ from: 'u1', receivedAt: '2023-11-14T22:13:20.000Z' });
    expect(events.messages[1].files).toEqual([{ url: 'https://cdn.test/a.jpg', kind: 'image' }]);
    expect(events.delivered).toEqual(['out1', 'out2']);
    expect(events.reads).toEqual([{ sender: 'u1', mid: undefined, watermark: 1_700_000_000_500 }]);
  });

  it('keeps only the channel’s own page or account', () => {
    const other = read([{ sender: { id: 'u1' }, message: { mid: 'm1', text: 'x' } }], 'OTHER');
    expect(other.messages).toEqual([]);
    expect(other.ignored).toEqual([{ kind: 'page', reason: 'other-account', detail: 'OTHER' }]);
  });

  it('names a postback without its own id by sender, time and payload', () => {
    const tap = {
      sender: { id: 'u1' },
      timestamp: 1_700_000_000_000,
      postback: { title: 'Empezar', payload: 'GET_STARTED' },
    };
    const [first] = read([tap]).messages;
    expect(first.inbound).toMatchObject({ from: 'u1', text: 'Empezar' });
    expect(first.inbound.providerMessageId).toBe(postbackId('u1', 1_700_000_000_000, 'GET_STARTED', 'Empezar'));
    expect(read([tap]).messages[0].inbound.providerMessageId).toBe(first.inbound.providerMessageId);
    expect(read([{ ...tap, timestamp: 1_700_000_000_001 }]).messages[0].inbound.providerMessageId).not.toBe(
      first.inbound.providerMessageId,
    );
    expect(read([{ ...tap, postback: { payload: 'GET_STARTED' } }]).messages[0].inbound.text).toBe('GET_STARTED');
  });

  it('reads edits and unsent messages as changes, and logs what it does not keep', () => {
    const events = read([
      { sender: { id: 'u1' }, timestamp: 1_700_000_000_000, message_edit: { mid: 'm1', text: 'Nuevo', num_edit: 2 } },
      { sender: { id: 'u1' }, timestamp: 1_700_000_001_000, message: { mid: 'm2', is_deleted: true } },
      { sender: { id: 'u1' }, reaction: { mid: 'm1', action: 'react', emoji: '❤️' } },
      { sender: { id: '<PSID>' }, message: { mid: 'm5', text: 'x' } },
      { sender: { id: 'u1' }, timestamp: '2021-09-08T06:34:04+0000', message: { mid: 'm6', text: 'Hora ISO' } },
    ]);
    expect(events.changes).toEqual([
      {
        providerMessageId: 'm1',
        changeId: 'm1#edit:2',
        change: 'edit',
        from: 'u1',
        text: 'Nuevo',
        changedAt: '2023-11-14T22:13:20.000Z',
      },
      {
        providerMessageId: 'm2',
        changeId: 'm2#deleted',
        change: 'delete',
        from: 'u1',
        changedAt: '2023-11-14T22:13:21.000Z',
      },
    ]);
    expect(events.messages.map((item) => item.inbound)).toEqual([
      { providerMessageId: 'm6', from: 'u1', text: 'Hora ISO', receivedAt: '2021-09-08T06:34:04.000Z' },
    ]);
    expect(events.ignored).toEqual([
      { kind: 'reaction', reason: 'unhandled-kind' },
      { kind: 'message', reason: 'invalid-sender', id: 'm5', detail: 'not a user id' },
    ]);
  });
});
