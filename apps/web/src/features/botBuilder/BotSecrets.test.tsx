import type { Bot } from '@atiende/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitUntil } from '../../test/dom';
import { SnackbarProvider } from '../../ui/SnackbarProvider';
import { useBot } from './api';
import { BotSecrets } from './BotSecrets';
import i18n from './i18n';
import { addNode, EMPTY_GRAPH } from './model';
import { NodePanel } from './NodePanel';

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
  publishedVersion: null,
  versions: [],
  channels: [],
  secretNames: ['api_key'],
  createdBy: null,
  createdAt: '2026-11-26T08:00:00.000Z',
  updatedAt: '2026-11-26T09:00:00.000Z',
};

let root: Root | null = null;
let container: HTMLDivElement;
let current: Bot;
const fetchMock = vi.fn();
const byTestId = <T extends HTMLElement = HTMLElement>(id: string) =>
  document.querySelector<T>(`[data-testid="${id}"]`);
const puts = () =>
  fetchMock.mock.calls
    .filter((call) => (call[1] as RequestInit | undefined)?.method === 'PUT')
    .map((call) => ({
      path: new URL(String(call[0]), 'http://localhost').pathname,
      body: JSON.parse(String((call[1] as RequestInit).body)),
    }));

async function settle() {
  await act(async () => {
    for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** Types into a React-controlled input. */
function type(input: HTMLInputElement | null, value: string) {
  if (!input) throw new Error('no input');
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  act(() => {
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

beforeEach(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await i18n.changeLanguage('es');
  current = bot;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input: string, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/bots/5/secrets') && init?.method === 'PUT') {
      const { secrets } = JSON.parse(String(init.body)) as { secrets: Record<string, string | null> };
      const names = new Set(current.secretNames);
      for (const [name, value] of Object.entries(secrets)) {
        if (value === null) names.delete(name);
        else names.add(name);
      }
      current = { ...current, secretNames: [...names].sort() };
      return envelope(current);
    }
    if (url.pathname.endsWith('/bots/5')) return envelope(current);
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
  return query.data ? <BotSecrets bot={query.data} readOnly={readOnly} /> : null;
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

/** The names listed, in order. */
const names = () =>
  [...document.querySelectorAll('[data-testid="bot-secrets"] > li')].map(
    (row) => row.querySelector('[dir="ltr"]')?.textContent,
  );

describe('BotSecrets', () => {
  it('lists the stored names with the way to use them, never a value', async () => {
    render();
    await settle();
    expect(names()).toEqual(['api_key']);
    const row = byTestId('bot-secret-api_key');
    expect(row?.textContent).toContain('Guardado');
    expect(row?.querySelector('button')?.getAttribute('aria-label')).toBe('Quitar el secreto api_key');
    const section = byTestId('bot-secrets-section');
    expect(section?.querySelector('h2')?.textContent).toBe('Secretos de los servicios web');
    expect(section?.textContent).toContain('{{secreto.nombre}} en la URL, las cabeceras o el cuerpo');
    expect(section?.textContent).toContain('nunca en los textos para el cliente');
    const value = byTestId<HTMLInputElement>('bot-secret-value');
    expect(value?.type).toBe('password');
    expect(value?.value).toBe('');
  });

  it('adds a secret: the name and value in the body, the form emptied, the new name listed', async () => {
    render();
    await settle();
    type(byTestId('bot-secret-name'), 'token');
    type(byTestId('bot-secret-value'), 's3cr3t-value');
    act(() => byTestId('bot-secret-visibility')?.click());
    expect(byTestId<HTMLInputElement>('bot-secret-value')?.type).toBe('text');
    act(() => byTestId('bot-secret-save')?.click());
    await settle();
    // The success message: the snackbar's code loads with the first message, in its own time.
    await waitUntil(() => document.body.textContent?.includes('Secreto token guardado') ?? false);
    expect(puts()).toEqual([{ path: '/api/v2/bots/5/secrets', body: { secrets: { token: 's3cr3t-value' } } }]);
    expect(names()).toEqual(['api_key', 'token']);
    expect(document.body.textContent).toContain('Secreto token guardado');
    expect(byTestId<HTMLInputElement>('bot-secret-name')?.value).toBe('');
    expect(byTestId<HTMLInputElement>('bot-secret-value')?.value).toBe('');
    expect(byTestId<HTMLInputElement>('bot-secret-value')?.type).toBe('password');
    expect(document.body.textContent).not.toContain('s3cr3t-value');
  });

  it('says when a name already stored gets a new value', async () => {
    render();
    await settle();
    type(byTestId('bot-secret-name'), 'api_key');
    expect(byTestId('bot-secrets-section')?.textContent).toContain('Reemplaza el valor guardado de api_key');
    type(byTestId('bot-secret-value'), 'nuevo');
    act(() => byTestId('bot-secret-save')?.click());
    await settle();
    expect(puts()[0]?.body).toEqual({ secrets: { api_key: 'nuevo' } });
    expect(names()).toEqual(['api_key']);
  });

  it('removes a secret after confirming: null in the body', async () => {
    render();
    await settle();
    act(() => byTestId('bot-secret-remove-api_key')?.click());
    expect(byTestId('confirm-dialog')?.textContent).toContain('¿Quitar el secreto api_key?');
    expect(puts()).toHaveLength(0);
    act(() => byTestId('confirm-accept')?.click());
    await settle();
    await waitUntil(() => document.body.textContent?.includes('Secreto api_key quitado') ?? false);
    expect(puts()).toEqual([{ path: '/api/v2/bots/5/secrets', body: { secrets: { api_key: null } } }]);
    expect(names()).toEqual([]);
    expect(byTestId('bot-secrets-empty')?.textContent).toBe('Este bot no tiene secretos guardados.');
    expect(document.body.textContent).toContain('Secreto api_key quitado');
  });

  it('checks the name and the value before saving', async () => {
    render();
    await settle();
    act(() => byTestId('bot-secret-save')?.click());
    const name = byTestId<HTMLInputElement>('bot-secret-name');
    const value = byTestId<HTMLInputElement>('bot-secret-value');
    expect(name?.getAttribute('aria-invalid')).toBe('true');
    expect(value?.getAttribute('aria-invalid')).toBe('true');

    type(name, 'Token-1');
    type(value, 'x');
    expect(name?.getAttribute('aria-invalid')).toBe('true');
    expect(byTestId('bot-secrets-section')?.textContent).toContain('Minúsculas, números y _');
    act(() => byTestId('bot-secret-save')?.click());
    type(name, '1token');
    act(() => byTestId('bot-secret-save')?.click());
    await settle();
    expect(puts()).toHaveLength(0);

    type(name, 'token_1');
    expect(name?.getAttribute('aria-invalid')).toBe('false');
    act(() => byTestId('bot-secret-save')?.click());
    await settle();
    expect(puts()[0]?.body).toEqual({ secrets: { token_1: 'x' } });
  });

  it('shows only the names to a read-only user, in English', async () => {
    await i18n.changeLanguage('en');
    render(true);
    await settle();
    expect(names()).toEqual(['api_key']);
    expect(byTestId('bot-secret-api_key')?.textContent).toContain('Stored');
    expect(byTestId('bot-secret-remove-api_key')).toBeNull();
    expect(byTestId('bot-secret-form')).toBeNull();
    expect(byTestId('bot-secret-value')).toBeNull();
    const section = byTestId('bot-secrets-section');
    expect(section?.querySelector('h2')?.textContent).toBe('Web service secrets');
    expect(section?.textContent).toContain('write them as {{secreto.name}} in the URL, headers or body');
  });
});

describe('the web service node', () => {
  const node = addNode(EMPTY_GRAPH, 'webService').graph.nodes[0];
  const renderPanel = (secretNames?: string[]) =>
    act(() => {
      root = createRoot(container);
      root.render(
        <NodePanel
          node={node}
          nodeIds={[node.id]}
          errors={{}}
          isStart
          readOnly={false}
          campaigns={[]}
          secretNames={secretNames}
          onChange={() => undefined}
          onMakeStart={() => undefined}
          onDelete={() => undefined}
        />,
      );
    });

  it("names the bot's secrets under the URL, as they are written", () => {
    renderPanel(['api_key', 'token']);
    const url = byTestId('bot-node-field-url');
    const help = document.getElementById(String(url?.getAttribute('aria-describedby')));
    expect(help?.textContent).toBe(
      'Secretos del bot para la URL, las cabeceras y el cuerpo: {{secreto.api_key}}, {{secreto.token}}',
    );
  });

  it('says nothing of secrets when the bot has none', () => {
    renderPanel();
    expect(byTestId('bot-node-panel')?.textContent).not.toContain('secreto');
  });
});
