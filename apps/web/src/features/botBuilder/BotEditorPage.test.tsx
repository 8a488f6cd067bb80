import type { Bot, BotVersion } from '@atiende/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SnackbarProvider } from '../../ui/SnackbarProvider';
import { BotEditorPage } from './BotEditorPage';
import i18n from './i18n';

vi.mock('../../app/queries', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/queries')>()),
  usePermissions: () => ({ granted: new Set(), roles: [], isAgent: false, can: () => true, ready: true }),
}));

const envelope = (result: unknown, status = 200) =>
  new Response(
    JSON.stringify({
      statusResult: status < 300,
      status: status < 300 ? 'OK' : 'ERROR',
      code: 'X',
      message: 'm',
      result,
    }),
    { status, headers: { 'content-type': 'application/json' } },
  );

const summary = (id: number, number: number, published: boolean) => ({
  id,
  number,
  note: '',
  published,
  publishedAt: published ? '2026-11-26T08:00:00.000Z' : null,
  nodes: 3,
  updatedBy: null,
  updatedAt: '2026-11-26T09:00:00.000Z',
});

const bot: Bot = {
  id: 5,
  name: 'Bot de ventas',
  description: 'Primera línea',
  enabled: true,
  silence: { minutes: 0, action: 'finishConversation', text: '' },
  publishedVersion: { id: 11, number: 1 },
  versions: [summary(12, 2, false), summary(11, 1, true)],
  channels: [],
  secretNames: [],
  createdBy: null,
  createdAt: '2026-11-26T08:00:00.000Z',
  updatedAt: '2026-11-26T09:00:00.000Z',
};

const version: BotVersion = {
  ...summary(12, 2, false),
  botId: 5,
  flow: {
    startNodeId: 'n1',
    nodes: [
      { id: 'n1', position: { x: 0, y: 0 }, data: { type: 'say', text: 'Hola, soy el bot' } },
      {
        id: 'n2',
        position: { x: 0, y: 200 },
        data: {
          type: 'list',
          text: '¿Qué necesitas?',
          button: 'Ver',
          options: [
            { id: 'o1', title: 'Ventas', description: '' },
            { id: 'o2', title: 'Soporte', description: '' },
          ],
        },
      },
      { id: 'n3', position: { x: 0, y: 400 }, data: { type: 'action', action: 'transferToAgent', text: '' } },
    ],
    edges: [
      { id: 'e1', source: 'n1', sourceHandle: 'next', target: 'n2' },
      { id: 'e2', source: 'n2', sourceHandle: 'option:o1', target: 'n3' },
    ],
  },
};

let root: Root | null = null;
let container: HTMLDivElement;
const fetchMock = vi.fn();
const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);

async function settle() {
  await act(async () => {
    for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

beforeEach(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await i18n.changeLanguage('es');
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input: string) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/bots/5')) return envelope(bot);
    if (url.pathname.endsWith('/bots/5/versions/12')) return envelope(version);
    if (url.pathname.endsWith('/campaigns')) return envelope({ data: [{ id: 1, name: 'Ventas' }], total: 1 });
    if (url.pathname.endsWith('/audit')) return envelope([]);
    return envelope(null, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  container = document.createElement('div');
  container.style.width = '1400px';
  container.style.height = '900px';
  document.body.appendChild(container);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

function render(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/app/bot-builder/bots/add', element: <BotEditorPage /> },
      { path: '/app/bot-builder/bots/:id/edit', element: <BotEditorPage /> },
    ],
    { initialEntries: [path] },
  );
  act(() => {
    root = createRoot(container);
    root.render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SnackbarProvider>
          <RouterProvider router={router} />
        </SnackbarProvider>
      </QueryClientProvider>,
    );
  });
  return router;
}

describe('BotEditorPage', () => {
  it('loads the newest version with its nodes, outlets and problems', async () => {
    render('/app/bot-builder/bots/5/edit');
    await settle();
    expect(fetchMock.mock.calls.map((call) => new URL(String(call[0]), 'http://localhost').pathname)).toContain(
      '/api/v2/bots/5/versions/12',
    );
    expect((byTestId('bot-name') as HTMLInputElement).value).toBe('Bot de ventas');
    expect(byTestId('bot-version-status')?.textContent).toBe('Versión 2 · Borrador');
    expect(byTestId('bot-node-n1')?.textContent).toContain('Decir');
    expect(byTestId('bot-node-n1')?.textContent).toContain('Hola, soy el bot');
    expect(byTestId('bot-node-n1')?.getAttribute('data-start')).toBe('true');
    expect(byTestId('bot-node-n2-out-option:o1')).not.toBeNull();
    expect(byTestId('bot-node-n2')?.textContent).toContain('Soporte');
    expect(byTestId('bot-node-n3')?.textContent).toContain('Transferir a un agente');
    // The list's second option and "other answer" lead nowhere: the list is marked and the problems are listed.
    expect(byTestId('bot-node-n2')?.getAttribute('data-problem')).toBe('true');
    expect(byTestId('bot-node-n1')?.getAttribute('data-problem')).toBeNull();
    expect(byTestId('bot-problem-count')?.textContent).toBe('2 problemas');
    expect(byTestId('bot-problems')?.textContent).toContain('Esta salida no lleva a ningún nodo');
    expect((byTestId('bot-publish') as HTMLButtonElement).disabled).toBe(true);

    // Clicking a problem selects its node: the panel shows the list's options.
    act(() => byTestId('bot-problem-0')?.click());
    await settle();
    expect(byTestId('bot-node-panel')?.textContent).toContain('Lista · n2');
    expect((byTestId('bot-option-1-title') as HTMLInputElement).value).toBe('Soporte');
  });

  it('starts empty on add, with a hint, and refuses to save a bot with no node', async () => {
    render('/app/bot-builder/bots/add');
    await settle();
    expect(byTestId('bot-canvas-empty')?.textContent).toContain('El lienzo está vacío');
    const name = byTestId('bot-name') as HTMLInputElement;
    act(() => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setter?.call(name, 'Nuevo bot');
      name.dispatchEvent(new Event('input', { bubbles: true }));
    });
    act(() => byTestId('bot-save')?.click());
    await settle();
    expect(document.body.textContent).toContain('El bot necesita al menos un nodo');
    expect(fetchMock.mock.calls.some((call) => (call[1] as RequestInit | undefined)?.method === 'POST')).toBe(false);

    act(() => byTestId('bot-palette-say')?.click());
    await settle();
    expect(byTestId('bot-node-n1')?.getAttribute('data-start')).toBe('true');
    expect(byTestId('bot-node-panel')?.textContent).toContain('Decir · n1');
  });

  it('edits the silence settings with the details and sends them on save', async () => {
    render('/app/bot-builder/bots/5/edit');
    await settle();
    const minutes = byTestId('bot-silence-minutes') as HTMLInputElement;
    expect(minutes.value).toBe('0');
    expect(byTestId('bot-silence')?.textContent).toContain('Minutos de silencio del cliente (0: nunca)');
    const type = (input: HTMLInputElement | HTMLTextAreaElement, value: string) =>
      act(() => {
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value')?.set?.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
    type(minutes, '1441');
    act(() => byTestId('bot-save')?.click());
    await settle();
    expect(fetchMock.mock.calls.some((call) => (call[1] as RequestInit | undefined)?.method === 'PUT')).toBe(false);
    expect(byTestId('bot-silence')?.textContent).toContain('1440');

    type(minutes, '15');
    type(byTestId('bot-silence-text') as HTMLTextAreaElement, 'Cerramos por inactividad');
    act(() => byTestId('bot-save')?.click());
    await settle();
    const put = fetchMock.mock.calls.find((call) => (call[1] as RequestInit | undefined)?.method === 'PUT');
    expect(JSON.parse(String((put?.[1] as RequestInit | undefined)?.body))).toEqual({
      name: 'Bot de ventas',
      description: 'Primera línea',
      enabled: true,
      silence: { minutes: 15, action: 'finishConversation', text: 'Cerramos por inactividad' },
    });
  });

  it('shows the test panel in its own tab, and a chosen problem brings the node back', async () => {
    render('/app/bot-builder/bots/5/edit');
    await settle();
    const tryPanel = document.getElementById('bot-side-panel-try');
    const nodePanel = document.getElementById('bot-side-panel-node');
    expect(tryPanel?.hidden).toBe(true);
    act(() => byTestId('bot-try-tab')?.click());
    await settle();
    expect(tryPanel?.hidden).toBe(false);
    expect(nodePanel?.hidden).toBe(true);
    expect(byTestId('bot-try-start')?.textContent).toBe('Empezar');
    act(() => byTestId('bot-problem-0')?.click());
    await settle();
    expect(nodePanel?.hidden).toBe(false);
    expect(byTestId('bot-node-panel')?.textContent).toContain('Lista · n2');
  });
});
