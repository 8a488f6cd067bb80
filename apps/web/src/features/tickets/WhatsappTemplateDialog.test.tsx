import type { Ticket, WhatsappTemplate } from '@atiende/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SnackbarProvider } from '../../ui/SnackbarProvider';
import i18n from '../whatsappTemplates/i18n';
import { WhatsappTemplateDialog } from './WhatsappTemplateDialog';

vi.mock('../../app/queries', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/queries')>()),
  usePermissions: () => ({ granted: new Set(), roles: [], isAgent: true, can: () => true, ready: true }),
}));

const envelope = (result: unknown, status = 200) =>
  new Response(
    JSON.stringify({
      statusResult: status < 300,
      status: status < 300 ? 'OK' : 'ERROR',
      code: 'OK',
      message: 'OK',
      result,
    }),
    { status, headers: { 'content-type': 'application/json' } },
  );

function template(overrides: Partial<WhatsappTemplate>): WhatsappTemplate {
  return {
    id: 1,
    name: 'aviso',
    channel: { id: 4, name: 'WhatsApp ventas' },
    type: 'template',
    category: 'UTILITY',
    language: 'es',
    headerType: 'none',
    headerText: null,
    media: null,
    mediaType: null,
    body: 'Hola {{1}}',
    footer: null,
    examples: ['María'],
    buttonsType: 'none',
    buttons: [],
    quickReplies: [],
    interactiveType: null,
    replyButtons: [],
    listButton: null,
    sections: [],
    status: 'approved',
    rejectionReason: null,
    providerTemplateId: 'tmpl-1',
    variables: 1,
    sessionOnly: false,
    createdBy: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const offered = [
  template({
    id: 1,
    name: 'pedido_listo',
    headerType: 'image',
    media: { filename: 'pedido.png', contentType: 'image/png', size: 100, url: 'whatsapp-templates/1/media' },
  }),
  template({
    id: 2,
    name: 'menu',
    type: 'text',
    category: null,
    providerTemplateId: null,
    body: '¿Qué necesita?',
    examples: [],
    variables: 0,
    quickReplies: ['Ventas', 'Soporte'],
    sessionOnly: true,
  }),
];

/** A WhatsApp conversation whose customer last wrote `hoursAgo` hours ago. */
function conversation(hoursAgo: number): Ticket['interactions'][number] {
  return {
    id: 31,
    registro_canal_id: 31,
    channel: { id: 4, name: 'WhatsApp ventas', typeCode: 4, typeName: 'whatsapp' },
    contactValue: '+573001234567',
    createdAt: '2026-01-01T00:00:00.000Z',
    lastMessageAt: '2026-01-01T00:00:00.000Z',
    messages: [{ direction: 0, createdAt: new Date(Date.now() - hoursAgo * 3_600_000).toISOString() }],
  } as unknown as Ticket['interactions'][number];
}

let root: Root | null = null;
let container: HTMLDivElement;
const fetchMock = vi.fn();

beforeEach(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await i18n.changeLanguage('es');
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
    if (String(url).includes('/whatsapp-templates/1/media')) {
      return new Response(new Blob(['png'], { type: 'image/png' }), { status: 200 });
    }
    if (String(url).includes('/tickets/7/whatsapp-templates')) return envelope(offered);
    if (init?.method === 'POST') return envelope({ id: 99 }, 201);
    return envelope(null, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  URL.createObjectURL = vi.fn(() => 'blob:header-image');
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

const byTestId = <T extends HTMLElement = HTMLElement>(id: string) =>
  document.querySelector<T>(`[data-testid="${id}"]`);

async function settle() {
  await act(async () => {
    for (let i = 0; i < 6; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

function type(input: HTMLInputElement, value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

function renderDialog(hoursAgo: number) {
  const onClose = vi.fn();
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <WhatsappTemplateDialog ticketId={7} conversation={conversation(hoursAgo)} onClose={onClose} />,
      },
    ],
    { initialEntries: ['/'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  act(() => {
    root = createRoot(container);
    root.render(
      <QueryClientProvider client={client}>
        <SnackbarProvider>
          <RouterProvider router={router} />
        </SnackbarProvider>
      </QueryClientProvider>,
    );
  });
  return onClose;
}

const sends = () => fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST');

describe('WhatsappTemplateDialog', () => {
  it('disables the chat templates, with the reason, once the 24-hour window has closed', async () => {
    renderDialog(30);
    await settle();
    const chat = byTestId('wa-send-template-2');
    expect(chat?.getAttribute('aria-disabled')).toBe('true');
    expect(byTestId('wa-send-template-unavailable-2')?.textContent).toContain('pasaron más de 24 horas');
    expect(byTestId('wa-send-template-type-2')?.textContent).toContain('Texto');
    expect(byTestId('wa-send-window-closed')).not.toBeNull();
    // The Meta template stays available and, being the only one, is chosen.
    expect(byTestId('wa-send-template-1')?.getAttribute('aria-disabled')).toBeNull();
    expect(byTestId('wa-send-template-type-1')?.textContent).toContain('Plantilla de Meta');
    expect(byTestId('wa-send-template-1')?.getAttribute('aria-selected')).toBe('true');

    // Its preview shows the header image, fetched with the session.
    const media = byTestId('wa-send-preview-media');
    expect(media?.dataset.kind).toBe('image');
    expect(media?.querySelector('img')?.getAttribute('src')).toBe('blob:header-image');
    const fileCall = fetchMock.mock.calls.find(([url]) => String(url).includes('/whatsapp-templates/1/media'));
    expect(String(fileCall?.[0])).toBe('/api/v2/whatsapp-templates/1/media');
    expect(byTestId('wa-send-preview')?.getAttribute('role')).toBe('region');
    expect(byTestId('wa-send-preview')?.getAttribute('aria-label')).toBe('Vista previa');

    act(() => chat?.click());
    expect(byTestId('wa-send-template-1')?.getAttribute('aria-selected')).toBe('true');

    type(byTestId<HTMLInputElement>('wa-send-variable-1') as HTMLInputElement, 'Ana');
    expect(byTestId('wa-send-preview-body')?.textContent).toBe('Hola Ana');
    expect(byTestId('wa-send-submit')?.textContent).toBe('Enviar plantilla');
    act(() => byTestId('wa-send-submit')?.click());
    await settle();
    expect(sends()).toHaveLength(1);
    expect(JSON.parse(String((sends()[0][1] as RequestInit).body))).toEqual({
      templateId: 1,
      interactionId: 31,
      variables: ['Ana'],
    });
  });

  it('offers the chat templates inside the window, with their quick replies in the preview', async () => {
    renderDialog(2);
    await settle();
    expect(byTestId('wa-send-window-closed')).toBeNull();
    const chat = byTestId('wa-send-template-2');
    expect(chat?.getAttribute('aria-disabled')).toBeNull();
    act(() => chat?.click());
    expect(byTestId('wa-send-variable-1')).toBeNull();
    expect(byTestId('wa-send-preview-body')?.textContent).toBe('¿Qué necesita?');
    expect(byTestId('wa-send-preview-button-1')?.textContent).toBe('Soporte');
    act(() => byTestId('wa-send-submit')?.click());
    await settle();
    expect(JSON.parse(String((sends()[0][1] as RequestInit).body))).toEqual({
      templateId: 2,
      interactionId: 31,
      variables: [],
    });
  });
});
