import {
  messageKeyOf,
  WHATSAPP_BUTTONS_TYPES,
  WHATSAPP_HEADER_TYPES,
  WHATSAPP_INTERACTIVE_TYPES,
  WHATSAPP_MEDIA_TYPES,
  WHATSAPP_TEMPLATE_CATEGORIES,
  WHATSAPP_TEMPLATE_LANGUAGES,
  WHATSAPP_TEMPLATE_STATUSES,
  WHATSAPP_TEMPLATE_TYPES,
  whatsappButtonSchema,
  whatsappTemplateBodySchema,
} from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
import i18n from './i18n';
import en from './locales/en.json';
import es from './locales/es.json';

const flatKeys = (value: object, prefix = ''): string[] =>
  Object.entries(value).flatMap(([key, child]) =>
    child && typeof child === 'object' ? flatKeys(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

/** Bodies that break each rule of the shared schema, so every message key it can produce is collected. */
const invalidBodies: unknown[] = [
  {
    channelId: 1,
    name: 'Con Mayúsculas',
    category: 'UTILITY',
    language: 'es',
    headerType: 'text',
    headerText: 'Hola {{1}}',
    body: 'Hola {{2}}',
    examples: [],
    buttonsType: 'none',
    buttons: [{ kind: 'quickReply', text: 'Sí' }],
  },
  {
    channelId: 1,
    name: 'ok',
    category: 'UTILITY',
    language: 'es',
    headerType: 'text',
    body: 'Hola',
    buttonsType: 'callToAction',
    buttons: [{ kind: 'quickReply', text: 'Sí' }],
  },
  { channelId: 1, name: 'ok', category: 'UTILITY', language: 'es', body: 'Hola', buttonsType: 'quickReplies' },
  {
    channelId: 1,
    name: 'ok',
    category: 'UTILITY',
    language: 'es',
    body: 'Hola',
    buttonsType: 'quickReplies',
    buttons: [{ kind: 'url', text: 'Web', url: 'https://example.com' }],
  },
  // The chat types and the media rules.
  { channelId: 1, name: 'ok', type: 'template', language: 'es', headerType: 'image', body: '' },
  {
    channelId: 1,
    name: 'ok',
    type: 'text',
    language: 'es',
    body: 'Hola',
    buttons: [{ kind: 'quickReply', text: 'Sí' }],
    quickReplies: ['Sí', 'sí'],
  },
  {
    channelId: 1,
    name: 'ok',
    type: 'text',
    language: 'es',
    body: 'Hola',
    quickReplies: Array.from({ length: 16 }, (_, index) => `Opción ${index}`),
  },
  {
    channelId: 1,
    name: 'ok',
    type: 'media',
    language: 'es',
    body: 'Escuche',
    media: { key: 'otra/ruta.png', filename: 'a.png' },
  },
  { channelId: 1, name: 'ok', type: 'media', mediaType: 'audio', language: 'es', body: 'Escuche' },
  {
    channelId: 1,
    name: 'ok',
    type: 'interactive',
    language: 'es',
    headerType: 'image',
    body: 'Hola',
  },
  {
    channelId: 1,
    name: 'ok',
    type: 'interactive',
    interactiveType: 'buttons',
    language: 'es',
    body: 'Hola',
    replyButtons: ['Sí', 'sí', 'No', 'Tal vez'],
  },
  { channelId: 1, name: 'ok', type: 'interactive', interactiveType: 'list', language: 'es', body: 'Hola' },
  {
    channelId: 1,
    name: 'ok',
    type: 'interactive',
    interactiveType: 'list',
    listButton: 'Ver',
    language: 'es',
    body: 'Hola',
    sections: [
      { title: '', options: Array.from({ length: 6 }, (_, index) => ({ title: `A${index}` })) },
      { title: 'B', options: Array.from({ length: 5 }, (_, index) => ({ title: `B${index}` })) },
    ],
  },
];

function schemaMessageKeys(): string[] {
  const keys = new Set<string>();
  for (const body of invalidBodies) {
    for (const issue of whatsappTemplateBodySchema.safeParse(body).error?.issues ?? []) {
      const key = messageKeyOf(issue.message);
      if (key) keys.add(key);
    }
  }
  for (const issue of whatsappButtonSchema.safeParse({ kind: 'phone', text: 'Llamar', phone: '300' }).error?.issues ??
    []) {
    const key = messageKeyOf(issue.message);
    if (key) keys.add(key);
  }
  return [...keys].sort();
}

describe('WhatsApp templates texts', () => {
  it('es and en have the same keys under whatsappTemplates', () => {
    expect(Object.keys(es)).toEqual(['whatsappTemplates']);
    expect(Object.keys(en)).toEqual(['whatsappTemplates']);
    expect(flatKeys(es).sort()).toEqual(flatKeys(en).sort());
  });

  it('are merged into the app namespace, with a label for every option the contracts define', () => {
    expect(i18n.getFixedT('en')('whatsappTemplates.add')).toBe('Add WhatsApp template');
    expect(i18n.getFixedT('es')('whatsappTemplates.add')).toBe('Agregar plantilla de WhatsApp');
    const groups: [string, readonly string[]][] = [
      ['categories', WHATSAPP_TEMPLATE_CATEGORIES],
      ['categoryHelp', WHATSAPP_TEMPLATE_CATEGORIES],
      ['languages', WHATSAPP_TEMPLATE_LANGUAGES],
      ['headerTypes', WHATSAPP_HEADER_TYPES],
      ['buttonsTypes', WHATSAPP_BUTTONS_TYPES],
      ['statuses', WHATSAPP_TEMPLATE_STATUSES],
      ['statusHelp', WHATSAPP_TEMPLATE_STATUSES],
      ['buttonKinds', ['url', 'phone', 'quickReply']],
      ['types', WHATSAPP_TEMPLATE_TYPES],
      ['typeHelp', WHATSAPP_TEMPLATE_TYPES],
      ['mediaTypes', WHATSAPP_MEDIA_TYPES],
      ['interactiveTypes', WHATSAPP_INTERACTIVE_TYPES],
      ['delivery', ['none', 'buttons', 'list', 'text']],
    ];
    for (const [group, options] of groups) {
      for (const option of options) {
        for (const language of ['es', 'en']) {
          const key = `whatsappTemplates.${group}.${option}`;
          expect(i18n.getFixedT(language)(key), `${language} ${key}`).not.toBe(key);
        }
      }
    }
  });

  it('translate every message key of the shared schema in the browser too', () => {
    const keys = schemaMessageKeys();
    // The bodies above reach all of the schema's own messages.
    expect(keys).toEqual(
      expect.arrayContaining([
        'whatsappTemplates.mediaMissing',
        'whatsappTemplates.bodyRequired',
        'whatsappTemplates.categoryRequired',
        'whatsappTemplates.mediaRequired',
        'whatsappTemplates.buttonsTemplateOnly',
        'whatsappTemplates.optionsUnique',
        'whatsappTemplates.mediaTypeRequired',
        'whatsappTemplates.audioCaption',
        'whatsappTemplates.interactiveTypeRequired',
        'whatsappTemplates.interactiveHeader',
        'whatsappTemplates.listButtonRequired',
        'whatsappTemplates.optionsRequired',
        'whatsappTemplates.listOptionsLimit',
        'whatsappTemplates.sectionTitles',
        'whatsappTemplates.quickRepliesLimit',
        'whatsappTemplates.replyButtonsLimit',
      ]),
    );
    expect(keys).toHaveLength(26);
    for (const key of keys) {
      expect(key.startsWith('whatsappTemplates.')).toBe(true);
      for (const language of ['es', 'en']) {
        expect(i18n.getFixedT(language)(key), `${language} ${key}`).not.toBe(key);
      }
    }
  });

  it('show literal {{n}} tokens only through interpolation (i18next would swallow them)', () => {
    for (const key of flatKeys(es)) {
      for (const locale of [es, en]) {
        const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], locale);
        expect(String(text), key).not.toMatch(/\{\{\s*\d+\s*\}\}/);
      }
    }
    expect(i18n.getFixedT('en')('whatsappTemplates.insertVariable', { variable: '{{3}}' })).toBe('Add variable {{3}}');
  });
});
