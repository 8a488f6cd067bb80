import type { SlaRule } from '@atiende/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../core/i18n';
import { SlaRulesListPage } from './SlaRulesListPage';

const envelope = (result: unknown) =>
  new Response(JSON.stringify({ statusResult: true, status: 'OK', code: 'OK', message: 'OK', result }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

const none = { firstResponse: null, nextResponse: null, resolution: null };
const rule = (id: number, patch: Partial<SlaRule> = {}): SlaRule => ({
  id,
  name: `SLA ${id}`,
  description: null,
  campaign: { id: 3, name: 'Soporte' },
  enabled: true,
  businessHours: false,
  conditions: { match: 'all', conditions: [] },
  targets: { low: none, medium: none, high: { firstResponse: 60, nextResponse: 240, resolution: 1440 } },
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
    if (url.pathname.endsWith('/sla-rules/options')) return envelope({ campaigns: [{ id: 3, name: 'Soporte' }] });
    if (url.pathname.endsWith('/sla-rules')) {
      return url.searchParams.get('after')
        ? envelope({ data: [rule(3, { enabled: false })], hasMore: false })
        : envelope({
            data: [
              rule(1),
              rule(2, {
                businessHours: true,
                targets: { low: { ...none, resolution: 2880 }, medium: none, high: { ...none, firstResponse: 30 } },
              }),
            ],
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

describe('SlaRulesListPage', () => {
  it('lists SLA rules a keyset page at a time, with business hours and targets in words', async () => {
    const router = createMemoryRouter([{ path: '/app/sla-rules', element: <SlaRulesListPage /> }], {
      initialEntries: ['/app/sla-rules'],
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
    expect(byTestId('sla-rule-targets-1-high')?.textContent).toBe('Alta: 1 h · 4 h · 1 d');
    expect(byTestId('sla-rule-targets-1-low')).toBeNull();
    expect(byTestId('sla-rule-targets-2-high')?.textContent).toBe('Alta: 30 min · — · —');
    expect(byTestId('sla-rule-targets-2-low')?.textContent).toBe('Baja: — · — · 2 d');
    expect(byTestId('sla-rule-business-hours-1')?.textContent).toBe('No');
    expect(byTestId('sla-rule-business-hours-2')?.textContent).toBe('Sí');
    // The campaign filter says "Todas" (the campaigns).
    expect(byTestId('sla-rules-filter-campaign')?.parentElement?.textContent).toContain('Todas');

    act(() => byTestId('sla-rules-more')?.click());
    await settle();
    expect(byTestId('sla-rule-row-3')?.textContent).toContain('Deshabilitado');
    expect(byTestId('sla-rules-more')).toBeNull();
    const lists = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/sla-rules?'));
    expect(lists).toEqual(['/api/v2/sla-rules?sizePerPage=25', '/api/v2/sla-rules?after=2&sizePerPage=25']);
  });
});
