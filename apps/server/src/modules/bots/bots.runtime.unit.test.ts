import { describe, expect, it } from 'vitest';
import { botReplyOf } from './bots.runtime.js';

const list = (titles: string[], button = '') => ({
  kind: 'list' as const,
  text: '¿Qué desea?',
  button,
  options: titles.map((title, index) => ({ id: `o${index + 1}`, title, description: index === 0 ? 'La primera' : '' })),
});

describe('a bot’s answers on each channel', () => {
  it('keeps a text as it is', () => {
    expect(botReplyOf({ kind: 'text', text: 'Hola' }, 'whatsapp')).toEqual({ text: 'Hola' });
  });

  it('numbers a list’s options where the channel has no lists', () => {
    expect(botReplyOf(list(['Ventas', 'Soporte']), 'webchat')).toEqual({
      text: '¿Qué desea?\n\n1. Ventas\n2. Soporte',
    });
    expect(botReplyOf(list(['Ventas']), 'telegram').text).toBe('¿Qué desea?\n\n1. Ventas');
  });

  it('sends up to three short options as WhatsApp reply buttons, more or longer ones as a list', () => {
    const buttons = botReplyOf(list(['Ventas', 'Soporte']), 'whatsapp');
    expect(buttons.text).toBe('¿Qué desea?\n\n[Ventas]\n[Soporte]');
    expect(buttons.outboundPayload?.whatsappMessage).toEqual({
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: '¿Qué desea?' },
        action: {
          buttons: [
            { type: 'reply', reply: { id: 'opt:1', title: 'Ventas' } },
            { type: 'reply', reply: { id: 'opt:2', title: 'Soporte' } },
          ],
        },
      },
    });
    const long = botReplyOf(list(['Una opción de más de veinte letras', 'Otra']), 'whatsapp');
    const four = botReplyOf(list(['A', 'B', 'C', 'D'], 'Elegir'), 'whatsapp');
    for (const reply of [long, four]) {
      expect(reply.outboundPayload?.whatsappMessage).toMatchObject({ interactive: { type: 'list' } });
    }
    expect(four.outboundPayload?.whatsappMessage).toMatchObject({
      interactive: {
        action: {
          button: 'Elegir',
          sections: [
            { rows: [{ id: 'opt:1', title: 'A', description: 'La primera' }, { id: 'opt:2', title: 'B' }, {}, {}] },
          ],
        },
      },
    });
  });
});
