import type { WhatsappTemplate } from '@atiende/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from './i18n';
import { WhatsappTemplateViewPage } from './WhatsappTemplateViewPage';

const template: WhatsappTemplate = {
  id: 12,
  name: 'catalogo',
  channel: { id: 4, name: 'WhatsApp ventas' },
  type: 'media',
  category: null,
  language: 'es',
  headerType: 'none',
  headerText: null,
  media: { filename: 'catalogo.png', contentType: 'image/png', size: 2048, url: 'whatsapp-templates/12/media' },
  mediaType: 'image',
  body: 'Nuestro catálogo',
  footer: null,
  examples: [],
  buttonsType: 'none',
  buttons: [],
  quickReplies: [],
  interactiveType: null,
  replyButtons: [],
  listButton: null,
  sections: [],
  status: 'approved',
  rejectionReason: null,
  providerTemplateId: null,
  variables: 0,
  sessionOnly: true,
  createdBy: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

let root: Root | null = null;
let container: HTMLDivElement;
const fetchMock = vi.fn();

beforeEach(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await i18n.changeLanguage('es');
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url: string) => {
    if (String(url).endsWith('/whatsapp-templates/12/media')) {
      return new Response(new Blob(['png'], { type: 'image/png' }), { status: 200 });
    }
    return new Response(
      JSON.stringify({ statusResult: true, status: 'OK', code: 'OK', message: 'OK', result: template }),
      { status: 200, headers: { 'content-type': 'application/json' } },
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  URL.createObjectURL = vi.fn(() => 'blob:catalogo');
  URL.revokeObjectURL = vi.fn();
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

describe('WhatsappTemplateViewPage', () => {
  it('shows a chat template’s type, its window-only use, its file and the preview, without Meta’s status check', async () => {
    const router = createMemoryRouter(
      [{ path: '/app/whatsapp-templates/:id/view', element: <WhatsappTemplateViewPage /> }],
      { initialEntries: ['/app/whatsapp-templates/12/view'] },
    );
    act(() => {
      root = createRoot(container);
      root.render(
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <RouterProvider router={router} />
        </QueryClientProvider>,
      );
    });
    await act(async () => {
      for (let i = 0; i < 6; i++) await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(byTestId('wa-template-type')?.textContent).toBe('Multimedia');
    expect(byTestId('wa-template-session-only')?.textContent).toBe('Solo dentro de la ventana de 24 horas');
    expect(byTestId('wa-template-sync')).toBeNull();
    expect(byTestId('wa-template-media-name')?.textContent).toBe('catalogo.png');
    expect(byTestId('wa-template-media')?.querySelector('img')?.getAttribute('src')).toBe('blob:catalogo');
    expect(byTestId('wa-template-preview-media')?.querySelector('img')?.getAttribute('src')).toBe('blob:catalogo');
    expect(byTestId('wa-template-preview-body')?.textContent).toBe('Nuestro catálogo');
  });
});
