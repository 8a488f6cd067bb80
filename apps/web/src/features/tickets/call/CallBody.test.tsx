import type { CallSummary, InteractionMessage } from '@atiende/contracts';
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../core/i18n';
import { byTestId, mount, waitUntil } from '../../../test/dom';
import { MessageBubble } from '../components';

const call: CallSummary = {
  id: 7,
  direction: 'inbound',
  status: 'completed',
  customerNumber: '+573001112233',
  channelNumber: '+34910000001',
  agent: { id: 3, nombre: 'Marta Gil' },
  startedAt: '2026-12-07T10:00:00.000Z',
  answeredAt: '2026-12-07T10:00:05.000Z',
  endedAt: '2026-12-07T10:00:47.000Z',
  durationSeconds: 42,
  waitSeconds: 5,
  missedOffers: 1,
};

const message = (patch: Partial<CallSummary>): InteractionMessage => ({
  id: 11,
  direction: 0,
  html: '<p>📞 +573001112233</p>',
  text: '📞 +573001112233',
  senderName: null,
  author: null,
  deliveryStatus: null,
  attachments: [],
  createdAt: '2026-12-07T10:00:00.000Z',
  editedAt: null,
  edits: [],
  deletedAt: null,
  call: { ...call, ...patch },
});

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

describe('a call in the ticket’s timeline', () => {
  it('says who answered, how long it lasted and who let it ring (es, en)', async () => {
    await i18n.changeLanguage('es');
    root = mount(<MessageBubble message={message({})} contactValue="+573001112233" />).root;
    // The card loads on its own, with its texts.
    await waitUntil(() => byTestId('ticket-call') !== null);
    const card = byTestId('ticket-call');
    expect(card?.dataset.status).toBe('completed');
    expect(card?.textContent).toContain('Llamada entrante · +573001112233');
    expect(card?.textContent).toContain('Atendida por Marta Gil');
    expect(byTestId('ticket-call-details')?.textContent).toBe('Duración 00:42 · Espera 00:05 · 1 agente no contestó');
    await act(() => i18n.changeLanguage('en'));
    expect(byTestId('ticket-call')?.textContent).toContain('Answered by Marta Gil');
    expect(byTestId('ticket-call-details')?.textContent).toBe('Duration 00:42 · Wait 00:05 · 1 agent did not answer');
  });

  it('shows a dialer’s call as outgoing, sent as the dialer, answered by the agent', async () => {
    await i18n.changeLanguage('es');
    root = mount(
      <MessageBubble
        message={{ ...message({ direction: 'outbound', missedOffers: 0 }), direction: 1, senderName: 'Cobranza' }}
        contactValue="+573001112233"
      />,
    ).root;
    await waitUntil(() => byTestId('ticket-call') !== null);
    expect(byTestId('ticket-call')?.textContent).toContain('Llamada saliente · +573001112233');
    expect(byTestId('ticket-call')?.textContent).toContain('Atendida por Marta Gil');
    await act(() => i18n.changeLanguage('en'));
    expect(byTestId('ticket-call')?.textContent).toContain('Outgoing call · +573001112233');
  });

  it('names an abandoned call and shows no duration', async () => {
    await i18n.changeLanguage('es');
    root = mount(
      <MessageBubble
        message={message({
          status: 'abandoned',
          agent: null,
          answeredAt: null,
          durationSeconds: null,
          missedOffers: 0,
        })}
        contactValue="+573001112233"
      />,
    ).root;
    await waitUntil(() => byTestId('ticket-call') !== null);
    expect(byTestId('ticket-call')?.textContent).toContain('Abandonada: el cliente colgó antes de ser atendido');
    expect(byTestId('ticket-call-details')?.textContent).toBe('Espera 00:05');
  });
});
