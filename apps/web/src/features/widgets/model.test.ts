import { type OmniWidget, widgetBodySchema } from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
import {
  cornerOf,
  emptyWidgetForm,
  moveChannel,
  originLines,
  originsError,
  previewChannels,
  textOn,
  toggleChannel,
  widgetFormToBody,
  widgetToForm,
} from './model';

const widget: OmniWidget = {
  id: 7,
  name: 'Widget del sitio',
  enabled: true,
  publicKey: 'abc123abc123abc123abc123',
  allowedOrigins: ['https://tienda.test', 'https://www.tienda.test'],
  channels: [
    { id: 3, name: 'Chat', type: 'webchat' },
    { id: 1, name: 'WhatsApp', type: 'whatsapp' },
  ],
  style: 'list',
  title: null,
  subtitle: 'Hola',
  position: 'top-left',
  primaryColor: '#1e88e5',
  businessImageUrl: null,
  iconType: 'default',
  iconImageUrl: null,
  helpCenter: true,
  script: '<script></script>',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('widget form model', () => {
  it('round-trips a widget through the form and produces a body the shared schema accepts', () => {
    const form = widgetToForm(widget);
    expect(form).toMatchObject({ channelIds: [3, 1], title: '', subtitle: 'Hola', style: 'list' });
    const body = widgetFormToBody({
      ...form,
      name: '  Widget  ',
      title: '  ',
      allowedOrigins: ' https://Tienda.test/ \n\n https://www.tienda.test\n',
    });
    expect(body).toMatchObject({ name: 'Widget', title: null, subtitle: 'Hola', channelIds: [3, 1] });
    const parsed = widgetBodySchema.parse(body);
    expect(parsed.allowedOrigins).toEqual(['https://tienda.test', 'https://www.tienda.test']);
    expect(form.allowedOrigins).toBe('https://tienda.test\nhttps://www.tienda.test');
  });

  it('a new form is a floating widget at the bottom right; the schema names a bad origin and colour', () => {
    const empty = emptyWidgetForm();
    expect(empty).toMatchObject({ style: 'floating', position: 'bottom-right', enabled: true, channelIds: [] });
    const result = widgetBodySchema.safeParse(
      widgetFormToBody({ ...empty, name: 'Web', allowedOrigins: 'https://x.test/path', primaryColor: 'red' }),
    );
    expect(result.success).toBe(false);
    const messages = result.success ? [] : result.error.issues.map((issue) => issue.message);
    expect(messages).toEqual(expect.arrayContaining(['i18n:widgets.originInvalid', 'i18n:widgets.colorInvalid']));
  });

  it('toggles and orders channels', () => {
    expect(toggleChannel([1, 2], 3, true)).toEqual([1, 2, 3]);
    expect(toggleChannel([1, 2], 2, true)).toEqual([1, 2]);
    expect(toggleChannel([1, 2, 3], 2, false)).toEqual([1, 3]);
    expect(moveChannel([1, 2, 3], 3, -1)).toEqual([1, 3, 2]);
    expect(moveChannel([1, 2, 3], 1, -1)).toEqual([1, 2, 3]);
    expect(moveChannel([1, 2, 3], 3, 1)).toEqual([1, 2, 3]);
    expect(moveChannel([1, 2, 3], 1, 1)).toEqual([2, 1, 3]);
  });

  it('previews the chosen channels in order, skipping unknown ones', () => {
    const channels = [
      { id: 1, name: 'A', type: 'email' },
      { id: 2, name: 'B', type: 'webchat' },
    ];
    expect(previewChannels([2, 9, 1], channels).map((channel) => channel.name)).toEqual(['B', 'A']);
  });

  it('picks readable text on the colour and the physical corner', () => {
    expect(textOn('#d32f2f')).toBe('#ffffff');
    expect(textOn('#ffeb3b')).toBe('#1b1b1b');
    expect(textOn('nope')).toBe('#ffffff');
    expect(cornerOf('top-left')).toEqual({ vertical: 'top', horizontal: 'left' });
  });
});

describe('allowed sites', () => {
  it('are typed one per line (commas and spaces separate too) and report the first wrong one', () => {
    expect(originLines(' https://a.test\n\nhttps://b.test, https://c.test ')).toEqual([
      'https://a.test',
      'https://b.test',
      'https://c.test',
    ]);
    expect(originsError({ 'allowedOrigins.1': 'wrong', name: 'x' })).toBe('wrong');
    expect(originsError({ allowedOrigins: 'at least one' })).toBe('at least one');
    expect(originsError({ name: 'x' })).toBeUndefined();
  });
});
