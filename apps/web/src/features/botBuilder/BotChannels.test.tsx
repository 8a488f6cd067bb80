import type { Bot } from '@atiende/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitUntil } from '../../test/dom';
import { SnackbarProvider } from '../../ui/SnackbarProvider';
import { useBot } from './api';
import { BotChannels } from './BotChannels';
import i18n from './i18n';

const envelope = (result: unknown, status = 200, message = 'm') =>
  new Response(
    JSON.stringify({
      statusResult: status < 300,
      status: status < 300 ? 'OK' : 'ERROR',
      code: status < 300 ? 'OK' : 'VALIDATION',
      message,
      result,
    }),
    { status, headers: { 'content-type': 'application/json' } },
  );

const bot: Bot = {
  id: 5,
  name: 'Bot de ventas',
  description: '',
  enabled: true,
  silence: { minutes: 0, action: 'finishConversation', text: '' },
  publishedVersion: { id: 11, number: 1 },
  versions: [],
  channels: [{ id: 2, name: 'WhatsApp ventas' }],
  secretNames: [],
  createdBy: null,
  createdAt: '2026-11-26T08:00:00.000Z',
  updatedAt: '2026-11-26T09:00:00.000Z',
};

const channel = (id: number, name: string, type: string) => ({
  id,
  name,
  type,
  typeCode: 1,
  direction: 'inbound',
  enabled: true,
});
const channels = [
  channel(1, 'Chat del sitio web', 'webchat'),
  channel(2, 'WhatsApp ventas', 'whatsapp'),
  channel(3, 'Correo de soporte', 'email'),
  channel(4, 'Conmutador', 'telephony'),
  channel(5, 'Telegram', 'telegram'),
];

let root: Root | null = null;
let container: HTMLDivElement;
let current: Bot;
let putAnswer: (body: { channelIds: number[] }) => Response;
const fetchMock = vi.fn();
const byTestId = <T extends HTMLElement = HTMLElement>(id: string) =>
  document.querySelector<T>(`[data-testid="${id}"]`);
const requests = (method: string) =>
  fetchMock.mock.calls
    .filter((call) => ((call[1] as RequestInit | undefined)?.method ?? 'GET') === method)
    .map((call) => ({
      path: new URL(String(call[0]), 'http://localhost').pathname,
      body: (call[1] as RequestInit | undefined)?.body,
    }));

async function settle() {
  await act(async () => {
    for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

beforeEach(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await i18n.changeLanguage('es');
  current = bot;
  putAnswer = ({ channelIds }) => {
    current = {
      ...current,
      channels: channelIds.map((id) => ({ id, name: channels.find((item) => item.id === id)?.name ?? '' })),
    };
    return envelope(current);
  };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input: string, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/bots/5/channels') && init?.method === 'PUT') {
      return putAnswer(JSON.parse(String(init.body)));
    }
    if (url.pathname.endsWith('/bots/5')) return envelope(current);
    if (url.pathname.endsWith('/channels')) return envelope({ data: channels, total: channels.length });
    return envelope(null, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  container = document.createElement('div');
  document.body.appendChild(container);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

/** The section as the editor shows it: the bot read from the query the editor uses. */
function Harness({ readOnly }: { readOnly: boolean }) {
  const query = useBot(5);
  return query.data ? <BotChannels bot={query.data} readOnly={readOnly} /> : null;
}

function render(readOnly = false) {
  act(() => {
    root = createRoot(container);
    root.render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SnackbarProvider>
          <Harness readOnly={readOnly} />
        </SnackbarProvider>
      </QueryClientProvider>,
    );
  });
}

function openOptions(): HTMLElement[] {
  const input = byTestId<HTMLInputElement>('bot-channels-input') as HTMLInputElement;
  act(() => {
    input.focus();
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
  });
  return [...document.querySelectorAll<HTMLElement>('[role="option"]')];
}

describe('BotChannels', () => {
  it('offers the messaging channels, saves the chosen ones and says so', async () => {
    render();
    await settle();
    expect(byTestId('bot-channel-chip-2')?.textContent).toBe('WhatsApp ventas · WhatsApp');
    expect(byTestId('bot-channels-section')?.textContent).toContain(
      'Las conversaciones nuevas de estos canales las atiende primero el bot publicado; un canal tiene un solo bot.',
    );
    expect(byTestId<HTMLButtonElement>('bot-channels-save')?.disabled).toBe(true);

    // Mail and telephony are left out; the chosen channel is not offered again.
    const offered = openOptions().map((option) => option.getAttribute('data-testid'));
    expect(offered).toEqual(['bot-channel-option-1', 'bot-channel-option-5']);
    act(() => byTestId('bot-channel-option-1')?.click());
    await settle();
    expect(byTestId('bot-channel-chip-1')?.textContent).toBe('Chat del sitio web · Chat web');
    expect(byTestId<HTMLButtonElement>('bot-channels-save')?.disabled).toBe(false);

    act(() => byTestId('bot-channels-save')?.click());
    await settle();
    const puts = requests('PUT');
    expect(puts).toHaveLength(1);
    expect(puts[0].path).toBe('/api/v2/bots/5/channels');
    expect(JSON.parse(String(puts[0].body))).toEqual({ channelIds: [2, 1] });
    // The success message: the snackbar's code loads with the first message, in its own time.
    await waitUntil(() => document.body.textContent?.includes('Canales guardados') ?? false);
    // The bot as the server answered: both chips, nothing left to save.
    expect(byTestId('bot-channel-chip-1')).not.toBeNull();
    expect(byTestId('bot-channel-chip-2')).not.toBeNull();
    expect(byTestId<HTMLButtonElement>('bot-channels-save')?.disabled).toBe(true);
  });

  it("shows the server's 422 on the field", async () => {
    putAnswer = () =>
      envelope({ fields: [{ field: 'channelIds', message: 'El canal 1 no existe' }] }, 422, 'Revise los datos');
    render();
    await settle();
    openOptions();
    act(() => byTestId('bot-channel-option-1')?.click());
    act(() => byTestId('bot-channels-save')?.click());
    await settle();
    const input = byTestId<HTMLInputElement>('bot-channels-input');
    expect(input?.getAttribute('aria-invalid')).toBe('true');
    expect(byTestId('bot-channels-section')?.textContent).toContain('El canal 1 no existe');
    expect(document.body.textContent).toContain('Revise los datos');
    // What was chosen stays, to fix and save again.
    expect(byTestId('bot-channel-chip-1')).not.toBeNull();
  });

  it('shows only the chips to a read-only user', async () => {
    await i18n.changeLanguage('en');
    render(true);
    await settle();
    expect(byTestId('bot-channel-chip-2')?.textContent).toBe('WhatsApp ventas');
    expect(byTestId('bot-channels-input')).toBeNull();
    expect(byTestId('bot-channels-save')).toBeNull();
    expect(byTestId('bot-channels-section')?.textContent).toContain(
      'New conversations on these channels are answered first by the published bot; a channel has a single bot.',
    );
    expect(requests('GET').some((request) => request.path.endsWith('/channels'))).toBe(false);
  });
});
