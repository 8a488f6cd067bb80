// Helpers of the web's component tests (not part of the app): mounting with the app's providers, the API's envelope,
// waiting for what a page shows.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';
import { SnackbarProvider } from '../ui/SnackbarProvider';

/** The API's envelope around `result`, as a fetch Response. */
export const envelope = (result: unknown, status = 200) =>
  new Response(
    JSON.stringify({
      statusResult: status < 300,
      status: status < 300 ? 'OK' : 'ERROR',
      code: status < 300 ? 'OK' : 'X',
      message: status < 300 ? 'OK' : 'Refused',
      result,
    }),
    { status, headers: { 'content-type': 'application/json' } },
  );

export const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);

/** Lets pending promises, timers of 0 ms and React's updates run. */
export async function settle(rounds = 8) {
  await act(async () => {
    for (let i = 0; i < rounds; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** Waits (in real time) until `check` holds, letting React update meanwhile. */
export async function waitUntil(check: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  }
}

/** Types into an input or textarea the way React hears it. */
export function type(input: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const proto = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  act(() => {
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Renders `node` with a fresh query client and the snackbar; returns the root to unmount. */
export function mount(node: ReactNode): { root: Root; container: HTMLDivElement } {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  act(() =>
    root.render(
      <QueryClientProvider client={client}>
        <SnackbarProvider>{node}</SnackbarProvider>
      </QueryClientProvider>,
    ),
  );
  return { root, container };
}

/** The fetch calls' methods and paths (with their query strings). */
export function calls(fetchMock: { mock: { calls: unknown[][] } }): string[] {
  return fetchMock.mock.calls.map(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    return `${(init as RequestInit | undefined)?.method ?? 'GET'} ${url.pathname}${url.search}`;
  });
}

/**
 * A bare React root (no providers) in a container on the page, made before each test of the file and unmounted and
 * removed after it: `const view = withTestRoot();` at the top of the file, then `await view.render(<X />)`.
 */
export function withTestRoot(): { readonly container: HTMLDivElement; render: (node: ReactNode) => Promise<void> } {
  let container: HTMLDivElement;
  let root: Root;
  beforeEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(async () => {
    await act(async () => root.unmount());
    container.remove();
  });
  return {
    get container() {
      return container;
    },
    render: async (node) => {
      await act(async () => root.render(node));
    },
  };
}
