import { describe, expect, it } from 'vitest';
import { messengerWebhookSchema, readMessengerWebhook } from './messenger.webhook.js';

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
      ['m2', '[image]\n📍 https://maps.google.com/?q=4.6,-74.1\nCafetera https://tienda.test/p/1'],
      ['m4', 'Ver catálogo'],
    ]);
    expect(events.messages[0].inbound).toMatchObject({ from: 'u1', receivedAt: '2023-11-14T22:13:20.000Z' });
    expect(events.messages[1].files).toEqual([{ url: 'https://cdn.test/a.jpg', kind: 'image' }]);
    expect(events.delivered).toEqual(['out1', 'out2']);
    expect(events.reads).toEqual([{ sender: 'u1', mid: undefined, watermark: 1_700_000_000_500 }]);
  });

  it('keeps only the channel’s own page or account', () => {
    expect(read([{ sender: { id: 'u1' }, message: { mid: 'm1', text: 'x' } }], 'OTHER').messages).toEqual([]);
  });
});
