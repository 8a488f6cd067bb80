import type { BotFlow, BotTryAnswer } from '@atiende/contracts';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BotTryPanel } from './BotTryPanel';
import i18n from './i18n';

const envelope = (result: unknown, status = 200, message = 'm') =>
  new Response(
    JSON.stringify({ statusResult: status < 300, status: status < 300 ? 'OK' : 'ERROR', code: 'X', message, result }),
    { status, headers: { 'content-type': 'application/json' } },
  );

const flow: BotFlow = {
  startNodeId: 'n1',
  nodes: [
    { id: 'n1', position: { x: 0, y: 0 }, data: { type: 'say', text: 'Hola' } },
    {
      id: 'n2',
      position: { x: 0, y: 200 },
      data: {
        type: 'list',
        text: '¿Qué necesitas?',
        button: 'Ver',
        options: [
          { id: 'o1', title: 'Ventas', description: 'Comprar algo' },
          { id: 'o2', title: 'Terminar', description: '' },
        ],
      },
    },
    { id: 'n3', position: { x: 0, y: 400 }, data: { type: 'action', action: 'finishConversation', text: '' } },
  ],
  edges: [
    { id: 'e1', source: 'n1', sourceHandle: 'next', target: 'n2' },
    { id: 'e2', source: 'n2', sourceHandle: 'option:o2', target: 'n3' },
  ],
};

const waiting = { waitingAt: 'n2', variables: {}, retries: 0 };
const greeting: BotTryAnswer = {
  outputs: [
    { kind: 'text', text: 'Hola' },
    {
      kind: 'list',
      text: '¿Qué necesitas?',
      button: 'Ver',
      options: [
        { id: 'o1', title: 'Ventas', description: 'Comprar algo' },
        { id: 'o2', title: 'Terminar', description: '' },
      ],
    },
  ],
  state: waiting,
  ending: null,
  path: ['n1', 'n2'],
};
const finished: BotTryAnswer = {
  outputs: [],
  state: { ...waiting, waitingAt: null },
  ending: { action: 'finishConversation' },
  path: ['n2', 'n3'],
};

let root: Root | null = null;
let container: HTMLDivElement;
const fetchMock = vi.fn();
const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const bodies = () =>
  fetchMock.mock.calls.map((call) => JSON.parse(String((call[1] as RequestInit).body)) as Record<string, unknown>);

async function settle() {
  await act(async () => {
    for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

beforeEach(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await i18n.changeLanguage('es');
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  container = document.createElement('div');
  document.body.appendChild(container);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
  vi.unstubAllGlobals();
});

function render(props: Partial<Parameters<typeof BotTryPanel>[0]> = {}) {
  const onPath = vi.fn();
  const onInvalid = vi.fn();
  act(() => {
    root = createRoot(container);
    root.render(
      <BotTryPanel flow={flow} channels={[]} campaigns={[]} onPath={onPath} onInvalid={onInvalid} {...props} />,
    );
  });
  return { onPath, onInvalid };
}

describe('BotTryPanel', () => {
  it('starts the conversation, shows the list as buttons, answers an option and shows the ending', async () => {
    fetchMock.mockResolvedValueOnce(envelope(greeting)).mockResolvedValueOnce(envelope(finished));
    const { onPath } = render();
    expect(byTestId('bot-try-log')?.textContent).toContain('Pulsa «Empezar»');
    expect((byTestId('bot-try-input') as HTMLInputElement).disabled).toBe(true);

    act(() => byTestId('bot-try-start')?.click());
    await settle();
    expect(new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost').pathname).toBe('/api/v2/bots/try');
    expect(bodies()[0]).toEqual({ flow, state: null, input: null });
    const log = byTestId('bot-try-log');
    expect(log?.textContent).toContain('Hola');
    expect(log?.textContent).toContain('¿Qué necesitas?');
    expect(byTestId('bot-try-option-o1')?.textContent).toContain('Comprar algo');
    expect(byTestId('bot-try-path')?.textContent).toBe('Recorrido: n1 → n2');
    expect(onPath).toHaveBeenCalledWith(['n1', 'n2']);
    expect(byTestId('bot-try-restart')?.textContent).toBe('Reiniciar');

    act(() => byTestId('bot-try-option-o2')?.click());
    await settle();
    expect(bodies()[1]).toEqual({ flow, state: waiting, input: 'Terminar' });
    expect([...document.querySelectorAll('[data-testid="bot-try-tester"]')].map((node) => node.textContent)).toEqual([
      'Tú: Terminar',
    ]);
    expect(byTestId('bot-try-ending')?.textContent).toBe('El bot finaliza la conversación');
    // Ended: the options and the message box wait for a restart.
    expect((byTestId('bot-try-option-o1') as HTMLButtonElement).disabled).toBe(true);
    expect((byTestId('bot-try-input') as HTMLInputElement).disabled).toBe(true);
    expect(log?.parentElement?.textContent).toContain('Pulsa «Reiniciar»');

    fetchMock.mockResolvedValueOnce(envelope(greeting));
    act(() => byTestId('bot-try-restart')?.click());
    await settle();
    expect(bodies()[2]).toEqual({ flow, state: null, input: null });
    expect(byTestId('bot-try-ending')).toBeNull();
    expect(document.querySelectorAll('[data-testid="bot-try-tester"]')).toHaveLength(0);
  });

  it("sends what the tester types, and the saved bot's id (its secrets fill the web services)", async () => {
    fetchMock
      .mockResolvedValueOnce(envelope(greeting))
      .mockResolvedValueOnce(
        envelope({ ...finished, ending: { action: 'transferToCampaign', campaignId: 4 }, outputs: [] }),
      );
    render({ channels: [{ id: 7, name: 'WhatsApp' }], campaigns: [{ id: 4, name: 'Soporte' }], botId: 9 });
    expect(byTestId('bot-try-channel')).not.toBeNull();
    act(() => byTestId('bot-try-start')?.click());
    await settle();
    const input = byTestId('bot-try-input') as HTMLInputElement;
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, 'quiero ayuda');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    act(() => byTestId('bot-try-send')?.click());
    await settle();
    expect(bodies()[0]).toEqual({ flow, state: null, input: null, botId: 9 });
    expect(bodies()[1]).toEqual({ flow, state: waiting, input: 'quiero ayuda', botId: 9 });
    expect(input.value).toBe('');
    expect(byTestId('bot-try-ending')?.textContent).toBe('El bot transfiere a la campaña Soporte');
  });

  it('refuses a flow with no node without calling, and shows the server refusal', async () => {
    const empty = render({ flow: { startNodeId: '', nodes: [], edges: [] } });
    act(() => byTestId('bot-try-start')?.click());
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(byTestId('bot-try-error')?.textContent).toBe('El bot necesita al menos un nodo');
    expect(empty.onInvalid).toHaveBeenCalled();
    act(() => root?.unmount());

    fetchMock.mockResolvedValueOnce(envelope({ fields: [] }, 422, 'El flujo no es válido'));
    render();
    act(() => byTestId('bot-try-start')?.click());
    await settle();
    expect(byTestId('bot-try-error')?.textContent).toBe('El flujo no es válido');
    expect(byTestId('bot-try-start')).not.toBeNull();
  });

  it('reads in English', async () => {
    await i18n.changeLanguage('en');
    fetchMock.mockResolvedValueOnce(envelope({ ...greeting, ending: { action: 'transferToAgent', reason: 'loop' } }));
    render();
    expect(byTestId('bot-try-start')?.textContent).toBe('Start');
    act(() => byTestId('bot-try-start')?.click());
    await settle();
    expect(byTestId('bot-try-ending')?.textContent).toBe('The bot stopped: too many steps without the customer (loop)');
  });
});
