import type { BusinessRule } from '@atiende/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { BusinessRulesListPage } from './BusinessRulesListPage';

const envelope = (result: unknown) =>
  new Response(JSON.stringify({ statusResult: true, status: 'OK', code: 'OK', message: 'OK', result }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

const rule = (id: number, patch: Partial<BusinessRule> = {}): BusinessRule => ({
  id,
  name: `Regla ${id}`,
  description: null,
  campaign: { id: 3, name: 'Soporte' },
  enabled: true,
  kind: 'trigger',
  triggerEvent: 'ticketCreated',
  everyMinutes: null,
  conditions: { match: 'all', conditions: [] },
  actions: [{ type: 'close' }],
  lastRunAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...patch,
});

let root: Root | null = null;
let container: HTMLDivElement;
const fetchMock = vi.fn();

beforeEach(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await i18n.changeLanguage('es');
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input: string) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/automation/options')) return envelope({ campaigns: [{ id: 3, name: 'Soporte' }] });
    if (url.pathname.endsWith('/business-rules')) {
      return url.searchParams.get('after')
        ? envelope({ data: [rule(3, { enabled: false })], hasMore: false })
        : envelope({
            data: [rule(1), rule(2, { kind: 'automation', triggerEvent: null, everyMinutes: 30 })],
            hasMore: true,
          });
    }
    return envelope(null);
  });
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

const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);

async function settle() {
  await act(async () => {
    for (let i = 0; i < 8; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('BusinessRulesListPage', () => {
  it('lists rules a keyset page at a time, with their kind in words', async () => {
    const router = createMemoryRouter([{ path: '/app/business-rules', element: <BusinessRulesListPage /> }], {
      initialEntries: ['/app/business-rules'],
    });
    act(() => {
      root = createRoot(container);
      root.render(
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <RouterProvider router={router} />
        </QueryClientProvider>,
      );
    });
    await settle();
    expect(byTestId('business-rule-kind-1')?.textContent).toBe('Se crea un casoAl ocurrir un evento');
    expect(byTestId('business-rule-kind-2')?.textContent).toBe('Cada 30 minutosProgramada');
    expect(byTestId('business-rule-row-1')?.textContent).toContain('Nunca');
    act(() => byTestId('business-rules-more')?.click());
    await settle();
    expect(byTestId('business-rule-row-3')?.textContent).toContain('Deshabilitado');
    expect(byTestId('business-rules-more')).toBeNull();
    const lists = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/business-rules?'));
    expect(lists).toEqual(['/api/v2/business-rules?sizePerPage=25', '/api/v2/business-rules?after=2&sizePerPage=25']);
  });
});
