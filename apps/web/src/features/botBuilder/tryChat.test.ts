import { describe, expect, it } from 'vitest';
import i18n from './i18n';
import { appendTurn, EMPTY_TRY_CHAT, endingText } from './tryChat';

const state = { waitingAt: 'n2', variables: {}, retries: 0 };

describe('the test panel conversation', () => {
  it('adds the tester words, the bot outputs, the path and the ending of each turn', () => {
    const first = appendTurn(EMPTY_TRY_CHAT, null, {
      outputs: [
        { kind: 'text', text: 'Hola' },
        {
          kind: 'list',
          text: '¿Qué necesitas?',
          button: 'Ver',
          options: [{ id: 'o1', title: 'Ventas', description: '' }],
        },
      ],
      state,
      ending: null,
      path: ['n1', 'n2'],
    });
    expect(first.turns).toBe(1);
    expect(first.state).toEqual(state);
    expect(first.entries.map((entry) => entry.kind)).toEqual(['bot', 'bot', 'path']);
    expect(first.ending).toBeNull();

    const second = appendTurn(first, 'Ventas', {
      outputs: [],
      state: { ...state, waitingAt: null },
      ending: { action: 'finishConversation' },
      path: ['n2', 'n4'],
    });
    expect(second.turns).toBe(2);
    expect(second.entries.slice(3)).toEqual([
      { kind: 'tester', turn: 2, text: 'Ventas' },
      { kind: 'path', turn: 2, path: ['n2', 'n4'] },
      { kind: 'ending', turn: 2, ending: { action: 'finishConversation' } },
    ]);
    expect(second.ending).toEqual({ action: 'finishConversation' });
    // The first turn's lines are kept as they were.
    expect(second.entries.slice(0, 3)).toEqual(first.entries);
  });

  it('says how the bot ended, in es and en', () => {
    const es = i18n.getFixedT('es');
    const en = i18n.getFixedT('en');
    const campaigns = [{ id: 3, name: 'Ventas' }];
    expect(endingText({ action: 'transferToAgent' }, campaigns, es)).toBe('El bot transfiere a un asesor');
    expect(endingText({ action: 'finishConversation' }, campaigns, es)).toBe('El bot finaliza la conversación');
    expect(endingText({ action: 'releaseConversation' }, campaigns, es)).toBe('El bot libera la conversación');
    expect(endingText({ action: 'transferToCampaign', campaignId: 3 }, campaigns, es)).toBe(
      'El bot transfiere a la campaña Ventas',
    );
    expect(endingText({ action: 'transferToCampaign', campaignId: 9 }, campaigns, es)).toBe(
      'El bot transfiere a la campaña #9',
    );
    expect(endingText({ action: 'transferToAgent', reason: 'loop' }, campaigns, es)).toBe(
      'El bot se detuvo: demasiados pasos sin el cliente (bucle)',
    );
    expect(endingText({ action: 'transferToAgent', reason: 'brokenFlow' }, campaigns, es)).toBe(
      'Una salida no lleva a ningún nodo: pasa a un asesor',
    );
    expect(endingText({ action: 'finishConversation', reason: 'silence' }, campaigns, es)).toBe(
      'El bot finaliza la conversación',
    );
    expect(endingText({ action: 'finishConversation' }, campaigns, en)).toBe('The bot finishes the conversation');
    expect(endingText({ action: 'transferToAgent', reason: 'loop' }, campaigns, en)).toContain('(loop)');
  });
});
