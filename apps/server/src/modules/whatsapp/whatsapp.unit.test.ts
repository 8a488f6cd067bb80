import { whatsappTemplateBodySchema } from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
import { splitLongText } from '../../platform/text.js';
import { signWebhook, webhookBody } from '../../test/whatsapp-cloud.js';
import { validSignature } from '../meta/webhook.js';
import { readWebhook, webhookSchema } from './whatsapp.webhook.js';
import { sessionMessageOf, statusOf, submissionOf } from './whatsapp-templates.service.js';

const read = (body: string, phoneNumberId: string | null = '111') =>
  readWebhook(webhookSchema.parse(JSON.parse(body)), phoneNumberId);

describe('WhatsApp webhook', () => {
  it('checks the signature over the exact bytes with the app secret', () => {
    const body = Buffer.from('{"object":"whatsapp_business_account"}');
    const signature = signWebhook(body.toString(), 'secret');
    expect(validSignature(body, signature, 'secret')).toBe(true);
    expect(validSignature(body, signature, 'other')).toBe(false);
    expect(validSignature(Buffer.from(`${body} `), signature, 'secret')).toBe(false);
    expect(validSignature(body, signature.replace('sha256=', 'sha1='), 'secret')).toBe(false);
    expect(validSignature(body, 'sha256=zz', 'secret')).toBe(false);
    expect(validSignature(body, undefined, 'secret')).toBe(false);
    expect(validSignature(body, signature, '')).toBe(false);
  });

  it('reads each message type as text for the conversation, with the sender’s profile name and media ids', () => {
    const message = (type: string, content: object) => ({
      from: '5730012345',
      id: `wamid.${type}`,
      timestamp: '1700000000',
      type,
      ...content,
    });
    const { messages, ignored } = read(
      webhookBody('111', {
        contacts: [{ waId: '5730012345', name: ' Ana Pérez ' }],
        messages: [
          message('text', { text: { body: 'Hola' } }),
          message('image', { image: { id: 'm1', mime_type: 'image/jpeg', caption: 'La factura' } }),
          message('document', { document: { id: 'm2', mime_type: 'application/pdf', filename: 'orden.pdf' } }),
          message('audio', { audio: { id: 'm3', mime_type: 'audio/ogg' } }),
          message('location', { location: { latitude: 4.6, longitude: -74.08, name: 'Oficina' } }),
          message('interactive', { interactive: { type: 'button_reply', button_reply: { id: 'b1', title: 'Sí' } } }),
          message('button', { button: { text: 'Confirmar', payload: 'OK' } }),
          message('contacts', { contacts: [{ name: { formatted_name: 'Luis' }, phones: [{ phone: '+57 300' }] }] }),
          message('reaction', { reaction: { message_id: 'x', emoji: '👍' } }),
          message('order', {
            order: {
              catalog_id: '354160437058781',
              text: 'Sin cebolla',
              product_items: [{ product_retailer_id: 'HAMBURGUESA', quantity: 2, item_price: 30, currency: 'COP' }],
            },
          }),
          message('system', {
            system: { body: 'Ana changed from 5730012345 to 5730099999', type: 'user_changed_number' },
          }),
          message('unsupported', { errors: [{ code: 131051, title: 'Message type unknown' }] }),
          message('request_welcome', {}),
          { ...message('text', { text: { body: 'x' } }), from: 'PHONE_NUMBER', id: 'wamid.placeholder' },
          { id: 'broken' },
        ],
      }),
    );
    expect(messages.map((item) => [item.inbound.providerMessageId, item.inbound.text])).toEqual([
      ['wamid.text', 'Hola'],
      ['wamid.image', 'La factura'],
      ['wamid.document', 'orden.pdf'],
      ['wamid.audio', '[audio]'],
      ['wamid.location', '📍 Oficina https://maps.google.com/?q=4.6,-74.08'],
      ['wamid.interactive', 'Sí'],
      ['wamid.button', 'Confirmar'],
      ['wamid.contacts', '👤 Luis +57 300'],
      ['wamid.order', '🛒 2 × HAMBURGUESA (30 COP)\nSin cebolla'],
      ['wamid.system', 'ℹ️ Ana changed from 5730012345 to 5730099999'],
      ['wamid.unsupported', '⚠️ Message type unknown (131051)'],
    ]);
    // Kinds the text only summarises keep Meta's payload.
    expect(messages.find((item) => item.inbound.providerMessageId === 'wamid.order')?.details).toMatchObject({
      kind: 'order',
      raw: { order: { catalog_id: '354160437058781' } },
    });
    expect(messages[0].details).toBeUndefined();
    expect(ignored).toEqual([
      { kind: 'reaction', reason: 'unhandled-kind', id: 'wamid.reaction' },
      { kind: 'request_welcome', reason: 'unhandled-kind', id: 'wamid.request_welcome' },
      { kind: 'text', reason: 'invalid-sender', id: 'wamid.placeholder', detail: 'not a phone number' },
      { kind: 'message', reason: 'malformed', id: 'broken' },
    ]);
    expect(messages[0].inbound).toMatchObject({
      from: '5730012345',
      senderName: 'Ana Pérez',
      receivedAt: '2023-11-14T22:13:20.000Z',
    });
    expect(messages[1].media).toEqual([{ mediaId: 'm1', filename: null, mimeType: 'image/jpeg' }]);
    expect(messages[2].media).toEqual([{ mediaId: 'm2', filename: 'orden.pdf', mimeType: 'application/pdf' }]);
    expect(messages[0].media).toEqual([]);
  });

  it('keeps only the channel’s phone number and the known delivery statuses', () => {
    const body = webhookBody('111', {
      statuses: [
        { id: 'wamid.a', status: 'delivered', timestamp: '1' },
        { id: 'wamid.b', status: 'failed', errors: [{ code: 131047, title: 'Re-engagement message' }] },
        { id: 'wamid.c', status: 'deleted' },
      ],
    });
    expect(read(body).statuses).toEqual([
      { providerMessageId: 'wamid.a', status: 'delivered' },
      { providerMessageId: 'wamid.b', status: 'failed', error: '131047 Re-engagement message' },
    ]);
    expect(read(body).ignored).toEqual([{ kind: 'status:deleted', reason: 'status-not-tracked', id: 'wamid.c' }]);
    expect(read(body, '222').statuses).toEqual([]);
    expect(read(body, '222').ignored).toEqual([{ kind: 'messages', reason: 'other-account', detail: '111' }]);
  });

  it('reads edits and deletions (revoke) as changes of the message they name', () => {
    const { changes, messages } = read(
      webhookBody('111', {
        contacts: [{ waId: '5730012345', name: 'Ana' }],
        messages: [
          {
            from: '5730012345',
            id: 'wamid.edit1',
            timestamp: '1700000060',
            type: 'edit',
            edit: {
              original_message_id: 'wamid.original',
              message: { type: 'image', image: { id: 'm9', caption: 'Nueva foto' } },
            },
          },
          {
            from: '5730012345',
            id: 'wamid.revoke1',
            timestamp: '1700000120',
            type: 'revoke',
            revoke: { original_message_id: 'wamid.other' },
          },
          { from: '5730012345', id: 'wamid.edit2', type: 'edit', edit: {} },
        ],
      }),
    );
    expect(messages).toEqual([]);
    expect(changes).toEqual([
      {
        providerMessageId: 'wamid.original',
        changeId: 'wamid.edit1',
        change: 'edit',
        from: '5730012345',
        senderName: 'Ana',
        text: 'Nueva foto',
        changedAt: '2023-11-14T22:14:20.000Z',
      },
      {
        providerMessageId: 'wamid.other',
        changeId: 'wamid.revoke1',
        change: 'delete',
        from: '5730012345',
        senderName: 'Ana',
        changedAt: '2023-11-14T22:15:20.000Z',
      },
    ]);
  });

  it('logs errors Meta reports for a whole change, and lets a message without content show them', () => {
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          changes: [
            {
              field: 'messages',
              value: {
                metadata: { phone_number_id: '111' },
                messages: [{ from: '5730012345', id: 'wamid.empty', timestamp: '1', type: 'interactive' }],
                errors: [{ code: 131000, title: 'Something went wrong', error_data: { details: 'Unsupported' } }],
              },
            },
            { field: 'smb_message_echoes', value: {} },
            { field: 'account_update', value: { event: 'ACCOUNT_DELETED' } },
          ],
        },
      ],
    });
    const events = read(body);
    expect(events.messages.map((item) => item.inbound.text)).toEqual(['⚠️ Something went wrong (131000): Unsupported']);
    expect(events.ignored).toEqual([
      { kind: 'error', reason: 'provider-error', detail: '⚠️ Something went wrong (131000): Unsupported' },
      { kind: 'smb_message_echoes', reason: 'own-message' },
      { kind: 'account_update', reason: 'unhandled-kind' },
    ]);
  });
});

describe('splitLongText', () => {
  it('splits long replies at line or word breaks into parts WhatsApp accepts', () => {
    expect(splitLongText('  corto  ', 4096)).toEqual(['corto']);
    expect(splitLongText('', 4096)).toEqual([]);
    const words = Array.from({ length: 30 }, (_, index) => `palabra${index}`).join(' ');
    const parts = splitLongText(words, 50);
    expect(parts.every((part) => part.length <= 50)).toBe(true);
    expect(parts.join(' ')).toBe(words);
    const unbroken = 'x'.repeat(120);
    expect(splitLongText(unbroken, 50)).toEqual(['x'.repeat(50), 'x'.repeat(50), 'x'.repeat(20)]);
  });
});

describe('WhatsApp template reviews', () => {
  it('folds Meta’s review states into pending, approved and rejected', () => {
    expect(statusOf('APPROVED')).toBe('approved');
    for (const status of ['REJECTED', 'DISABLED', 'DELETED', 'PENDING_DELETION'])
      expect(statusOf(status)).toBe('rejected');
    for (const status of ['PENDING', 'IN_APPEAL', 'PAUSED', 'LIMIT_EXCEEDED']) expect(statusOf(status)).toBe('pending');
  });

  it('reads template status updates from the webhook, by Meta’s template id', () => {
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          changes: [
            {
              field: 'message_template_status_update',
              value: { event: 'REJECTED', message_template_id: 594425479261596, reason: 'INVALID_FORMAT' },
            },
            { field: 'message_template_status_update', value: { event: 'APPROVED' } },
          ],
        },
      ],
    });
    expect(read(body).templateReviews).toEqual([
      { providerTemplateId: '594425479261596', event: 'REJECTED', reason: 'INVALID_FORMAT' },
    ]);
  });

  it('submits only the components the template has, call-to-action buttons in Graph’s shape', () => {
    const submission = submissionOf({
      ...CHAT_DEFAULTS,
      type: 'template',
      channelId: 1,
      name: 'cita',
      category: 'UTILITY',
      language: 'en',
      headerType: 'none',
      body: 'Your appointment is confirmed.',
      examples: [],
      buttonsType: 'callToAction',
      buttons: [
        { kind: 'url', text: 'Details', url: 'https://clinic.test/a' },
        { kind: 'phone', text: 'Call us', phone: '+5716015550100' },
      ],
    });
    expect(submission.components).toEqual([
      { type: 'BODY', text: 'Your appointment is confirmed.' },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'URL', text: 'Details', url: 'https://clinic.test/a' },
          { type: 'PHONE_NUMBER', text: 'Call us', phone_number: '+5716015550100' },
        ],
      },
    ]);
  });

  it('submits a media header with the handle of the sample uploaded for the review', () => {
    const body = whatsappTemplateBodySchema.parse({
      channelId: 1,
      name: 'factura',
      category: 'UTILITY',
      language: 'es',
      headerType: 'document',
      media: { key: 'plantillas-whatsapp/0123456789abcdef01234567.pdf', filename: 'factura.pdf' },
      body: 'Hola {{1}}, adjuntamos su factura.',
      examples: ['Ana'],
    });
    expect(submissionOf(body, '4::aGFuZGxl').components[0]).toEqual({
      type: 'HEADER',
      format: 'DOCUMENT',
      example: { header_handle: ['4::aGFuZGxl'] },
    });
  });
});

const CHAT_DEFAULTS = { quickReplies: [] as string[], replyButtons: [] as string[], sections: [] };

describe('WhatsApp chat templates as session messages', () => {
  const base = {
    type: 'text' as const,
    headerType: 'none' as const,
    headerText: null,
    body: 'Hola {{1}}, ¿qué desea hacer?',
    footer: null,
    buttons: [],
    quickReplies: [] as string[],
    interactiveType: null,
    replyButtons: [] as string[],
    listButton: null,
    sections: [] as { title: string; options: { title: string; description: string }[] }[],
    language: 'es',
    mediaType: null,
  };
  const options = (count: number) => Array.from({ length: count }, (_, index) => `Opción ${index + 1}`);

  it('sends up to 3 quick replies as reply buttons whose ids carry their number', () => {
    const message = sessionMessageOf({ ...base, quickReplies: options(3) }, ['Ana'], null);
    expect(message).toEqual({
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: 'Hola Ana, ¿qué desea hacer?' },
        action: {
          buttons: [1, 2, 3].map((n) => ({ type: 'reply', reply: { id: `opt:${n}`, title: `Opción ${n}` } })),
        },
      },
    });
  });

  it('sends 4 to 10 quick replies as a list, and more as numbered text (WhatsApp has no 15-button message)', () => {
    const list = sessionMessageOf({ ...base, quickReplies: options(10) }, ['Ana'], null);
    expect(list.type).toBe('interactive');
    const interactive = (
      list as unknown as { interactive: { type: string; action: { button: string; sections: { rows: unknown[] }[] } } }
    ).interactive;
    expect(interactive.type).toBe('list');
    expect(interactive.action.button).toBe('Ver opciones');
    expect(interactive.action.sections[0].rows).toHaveLength(10);

    const text = sessionMessageOf({ ...base, quickReplies: options(15) }, ['Ana'], null);
    expect(text.type).toBe('text');
    const body = (text as { body: string }).body;
    expect(body.startsWith('Hola Ana, ¿qué desea hacer?\n\n1. Opción 1\n2. Opción 2')).toBe(true);
    expect(body.endsWith('15. Opción 15')).toBe(true);
  });

  it('builds an interactive list with sections, titles and descriptions, numbering options across sections', () => {
    const message = sessionMessageOf(
      {
        ...base,
        type: 'interactive',
        interactiveType: 'list',
        headerType: 'text',
        headerText: 'Menú',
        footer: 'Atiende',
        listButton: 'Elegir',
        sections: [
          { title: 'Cuentas', options: [{ title: 'Saldo', description: 'Consultar el saldo' }] },
          { title: 'Tarjetas', options: [{ title: 'Bloquear', description: '' }] },
        ],
      },
      ['Ana'],
      null,
    );
    expect(message).toEqual({
      type: 'interactive',
      interactive: {
        type: 'list',
        header: { type: 'text', text: 'Menú' },
        body: { text: 'Hola Ana, ¿qué desea hacer?' },
        footer: { text: 'Atiende' },
        action: {
          button: 'Elegir',
          sections: [
            { title: 'Cuentas', rows: [{ id: 'opt:1', title: 'Saldo', description: 'Consultar el saldo' }] },
            { title: 'Tarjetas', rows: [{ id: 'opt:2', title: 'Bloquear' }] },
          ],
        },
      },
    });
  });

  it('sends a media template as its file with the filled caption', () => {
    const file = { path: 'plantillas-whatsapp/a.mp4', filename: 'promo.mp4', contentType: 'video/mp4' };
    expect(
      sessionMessageOf({ ...base, type: 'media', mediaType: 'video', body: 'Mire, {{1}}' }, ['Ana'], file),
    ).toEqual({ type: 'media', mediaType: 'video', file, caption: 'Mire, Ana' });
  });
});

describe('WhatsApp template rules', () => {
  const parse = (body: Record<string, unknown>) =>
    whatsappTemplateBodySchema.safeParse({ channelId: 1, name: 'x', language: 'es', ...body });
  const messages = (body: Record<string, unknown>) => {
    const result = parse(body);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it('takes up to 15 quick replies on a text template, not 16, and never the same twice', () => {
    const replies = (count: number) => Array.from({ length: count }, (_, index) => `R${index + 1}`);
    expect(messages({ type: 'text', body: 'Hola', quickReplies: replies(15) })).toEqual([]);
    expect(messages({ type: 'text', body: 'Hola', quickReplies: replies(16) })).toContain(
      'i18n:whatsappTemplates.quickRepliesLimit',
    );
    expect(messages({ type: 'text', body: 'Hola', quickReplies: ['Sí', 'sí'] })).toContain(
      'i18n:whatsappTemplates.optionsUnique',
    );
  });

  it('takes up to 10 list options in all, sections titled when there are several', () => {
    const section = (title: string, count: number) => ({
      title,
      options: Array.from({ length: count }, (_, index) => ({ title: `${title} ${index + 1}` })),
    });
    const list = { type: 'interactive', interactiveType: 'list', body: 'Elija', listButton: 'Ver' };
    expect(messages({ ...list, sections: [section('A', 5), section('B', 5)] })).toEqual([]);
    expect(messages({ ...list, sections: [section('A', 6), section('B', 5)] })).toContain(
      'i18n:whatsappTemplates.listOptionsLimit',
    );
    expect(messages({ ...list, sections: [section('', 2), section('B', 2)] })).toContain(
      'i18n:whatsappTemplates.sectionTitles',
    );
    expect(messages({ ...list, listButton: undefined, sections: [section('A', 1)] })).toContain(
      'i18n:whatsappTemplates.listButtonRequired',
    );
  });

  it('needs the file of a media header or media template, a category on Meta templates, no caption on audio', () => {
    expect(messages({ type: 'template', category: 'MARKETING', headerType: 'image', body: 'Hola' })).toContain(
      'i18n:whatsappTemplates.mediaRequired',
    );
    expect(messages({ type: 'template', body: 'Hola' })).toContain('i18n:whatsappTemplates.categoryRequired');
    expect(
      messages({
        type: 'media',
        mediaType: 'audio',
        body: 'texto',
        media: { key: 'plantillas-whatsapp/0123456789abcdef01234567.ogg', filename: 'a.ogg' },
      }),
    ).toContain('i18n:whatsappTemplates.audioCaption');
    expect(
      messages({ type: 'media', mediaType: 'image', media: { key: '../../etc/passwd', filename: 'x' } }),
    ).toContain('i18n:whatsappTemplates.mediaMissing');
    expect(
      messages({ type: 'interactive', interactiveType: 'buttons', body: 'Hola', replyButtons: ['a', 'b', 'c', 'd'] }),
    ).toContain('i18n:whatsappTemplates.replyButtonsLimit');
  });
});
