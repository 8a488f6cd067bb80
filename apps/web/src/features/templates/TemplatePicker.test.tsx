import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../core/i18n';
import { TemplatePicker } from './TemplatePicker';

const offered = [
  {
    id: 11,
    name: 'Saludo',
    channelType: null,
    body: 'Hola {{cliente.nombre}}',
    filled: 'Hola María',
    allCampaigns: true,
    campaigns: [],
    enabled: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
  {
    id: 12,
    name: 'Despedida',
    channelType: 'webchat',
    body: 'Gracias, caso {{caso.numero}}',
    filled: 'Gracias, caso 1001',
    allCampaigns: true,
    campaigns: [],
    enabled: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
];

let root: Root | null = null;
let container: HTMLDivElement;
const fetchMock = vi.fn();

beforeEach(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await i18n.changeLanguage('es');
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(
    new Response(JSON.stringify({ statusResult: true, status: 'OK', code: 'OK', message: 'OK', result: offered }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    }),
  );
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
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  act(() => {
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('TemplatePicker', () => {
  it('loads the ticket templates when opened, filters them and hands the filled text to onPick', async () => {
    const onPick = vi.fn();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    act(() => {
      root = createRoot(container);
      root.render(
        <QueryClientProvider client={client}>
          <TemplatePicker ticketId={42} onPick={onPick} />
        </QueryClientProvider>,
      );
    });
    const button = byTestId('template-picker');
    expect(button?.textContent).toBe('Plantillas');
    // Nothing is asked before the list opens.
    expect(fetchMock).not.toHaveBeenCalled();

    act(() => button?.click());
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0][0])).toMatch(/\/tickets\/42\/templates$/);
    expect(byTestId('template-option-11')?.textContent).toContain('Hola María');
    expect(byTestId('template-option-12')).not.toBeNull();

    type(byTestId('template-picker-search') as HTMLInputElement, 'MARIA');
    expect(byTestId('template-option-11')).not.toBeNull();
    expect(byTestId('template-option-12')).toBeNull();
    type(byTestId('template-picker-search') as HTMLInputElement, 'nada parecido');
    expect(byTestId('template-picker-empty')?.textContent).toBe('Ninguna plantilla coincide con la búsqueda');
    type(byTestId('template-picker-search') as HTMLInputElement, 'caso 1001');

    act(() => byTestId('template-option-12')?.click());
    expect(onPick).toHaveBeenCalledWith('Gracias, caso 1001', expect.objectContaining({ id: 12 }));
  });
});
