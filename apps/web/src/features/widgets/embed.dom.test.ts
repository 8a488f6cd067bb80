import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The embed script (apps/web/widget/src/widget.ts) running on a page, with the API and the socket faked. */
const HOSTILE = '<img src=x onerror="window.__pwned=1">';

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

const config = {
  publicKey: 'KEY123',
  style: 'floating',
  position: 'bottom-left',
  title: HOSTILE,
  subtitle: null,
  primaryColor: '#1e88e5',
  businessImageUrl: null,
  iconType: 'default',
  iconImageUrl: null,
  channels: [
    { id: 1, type: 'webchat', name: 'Chat', link: null },
    { id: 2, type: 'whatsapp', name: HOSTILE, link: 'https://wa.me/573001112233' },
    { id: 3, type: 'website', name: 'Bad', link: 'javascript:alert(1)' },
    { id: 0, type: 'helpCenter', name: 'Centro de ayuda', link: 'https://atiende.test/kb' },
  ],
  chat: { welcomeMessage: `Hola ${HOSTILE}` },
};

let calls: Call[];
let handlers: Record<string, (payload: unknown) => void>;
let emitted: string[];

function answer(result: unknown, status = 200) {
  return new Response(JSON.stringify({ statusResult: status < 400, result }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

async function startWidget() {
  const script = document.createElement('script');
  // A non-JavaScript type: the test DOM must not try to download the src (the module is imported below).
  script.type = 'application/x-test';
  script.setAttribute('src', 'https://atiende.test/widget.js');
  script.dataset.atiendeWidget = 'KEY123';
  document.head.append(script);
  vi.resetModules();
  await import('../../../widget/src/widget');
  await vi.waitFor(() => expect(document.querySelector('[data-atiende-widget-host]')).not.toBeNull());
  return (document.querySelector('[data-atiende-widget-host]') as HTMLElement).shadowRoot as ShadowRoot;
}

const byTestId = (root: ParentNode, id: string) => root.querySelector(`[data-testid="${id}"]`) as HTMLElement;

beforeEach(() => {
  calls = [];
  handlers = {};
  emitted = [];
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.documentElement.lang = 'es';
  localStorage.clear();
  const global = window as unknown as Record<string, unknown>;
  delete global.__atiendeWidgets;
  delete global.__pwned;
  global.AtiendeWidgetIo = {
    io: () => ({
      active: true,
      on: (event: string, listener: (payload: unknown) => void) => {
        handlers[event] = listener;
      },
      emit: (event: string) => emitted.push(event),
      disconnect: () => undefined,
      connect: () => undefined,
    }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = {
        url,
        method: init.method ?? 'GET',
        headers: (init.headers ?? {}) as Record<string, string>,
        body: init.body instanceof FormData ? init.body : init.body ? JSON.parse(String(init.body)) : null,
      };
      calls.push(call);
      if (url.endsWith('/attachments/5')) return new Response('%PDF-1.4', { status: 200 });
      if (url.includes('/messages/file?clientMessageId=')) {
        const file = (call.body as FormData).get('file') as File;
        if (file.name.endsWith('.exe')) return answer(null, 415);
        return answer(
          {
            id: 20,
            direction: 0,
            text: `📎 ${file.name}`,
            senderName: 'Ana',
            clientMessageId: new URL(url).searchParams.get('clientMessageId'),
            attachments: [{ id: 9, name: file.name, contentType: 'application/pdf', size: file.size }],
            createdAt: '2026-01-01T00:04:00.000Z',
          },
          201,
        );
      }
      if (url.endsWith('/widgets/KEY123')) return answer(config);
      if (url.endsWith('/visitors')) return answer({ visitorToken: 'tok-1', visitorId: 'wv-1' });
      if (url.endsWith('/messages') && call.method === 'GET') {
        return answer({
          messages: [
            {
              id: 10,
              direction: 1,
              text: `<b>negrita</b>${HOSTILE}`,
              senderName: HOSTILE,
              clientMessageId: null,
              createdAt: '2026-01-01T00:00:00.000Z',
            },
          ],
          hasMore: false,
        });
      }
      if (url.endsWith('/messages')) {
        const body = call.body as { text: string; clientMessageId: string };
        return answer(
          {
            id: 11,
            direction: 0,
            text: body.text,
            senderName: 'Ana',
            clientMessageId: body.clientMessageId,
            createdAt: '2026-01-01T00:01:00.000Z',
          },
          201,
        );
      }
      return answer(null, 404);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('embed script', () => {
  it('draws the buttons from the server with text only, safe links only, and the server taken from its own URL', async () => {
    const shadow = await startWidget();
    expect(calls[0].url).toBe('https://atiende.test/api/v2/public/widgets/KEY123');
    const root = shadow.querySelector('.aw') as HTMLElement;
    expect(root.dataset.pos).toBe('bottom-left');
    expect(root.style.getPropertyValue('--aw-primary')).toBe('#1e88e5');
    byTestId(shadow, 'atiende-launcher').click();
    const panel = byTestId(shadow, 'atiende-panel');
    expect(panel.querySelector('h2')?.textContent).toBe(HOSTILE);
    const whatsapp = byTestId(shadow, 'atiende-channel-whatsapp') as HTMLAnchorElement;
    expect(whatsapp.getAttribute('href')).toBe('https://wa.me/573001112233');
    expect(whatsapp.getAttribute('target')).toBe('_blank');
    expect(whatsapp.getAttribute('rel')).toContain('noopener');
    expect(byTestId(shadow, 'atiende-channel-website').hasAttribute('href')).toBe(false);
    // The knowledge base's help center, a link like the channels'.
    const help = byTestId(shadow, 'atiende-channel-helpCenter') as HTMLAnchorElement;
    expect(help.getAttribute('href')).toBe('https://atiende.test/kb');
    expect(help.textContent).toContain('Centro de ayuda');
    expect(help.querySelector('svg')).not.toBeNull();
    expect(shadow.querySelector('img')).toBeNull();
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('chats: the form creates a visitor, history and replies show as text, Enter sends with a client id', async () => {
    const shadow = await startWidget();
    byTestId(shadow, 'atiende-launcher').click();
    byTestId(shadow, 'atiende-channel-webchat').click();
    (byTestId(shadow, 'atiende-chat-name') as HTMLInputElement).value = 'Ana';
    byTestId(shadow, 'atiende-chat-start')
      .closest('form')
      ?.dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.waitFor(() => expect(byTestId(shadow, 'atiende-chat-input')).not.toBeNull());
    expect(JSON.parse(localStorage.getItem('atiende-widget:KEY123') ?? '{}')).toEqual({
      token: 'tok-1',
      visitorId: 'wv-1',
    });
    await vi.waitFor(() => expect(byTestId(shadow, 'atiende-message-10')).not.toBeNull());
    const history = byTestId(shadow, 'atiende-message-10');
    expect(history.querySelector('.bubble')?.textContent).toBe(`<b>negrita</b>${HOSTILE}`);
    expect(history.querySelector('b, img')).toBeNull();
    expect(byTestId(shadow, 'atiende-welcome').textContent).toBe(`Hola ${HOSTILE}`);
    const historyCall = calls.find((call) => call.url.endsWith('/messages'));
    expect(historyCall?.headers.authorization).toBe('Bearer tok-1');

    const input = byTestId(shadow, 'atiende-chat-input') as HTMLTextAreaElement;
    input.value = '  ¿Tienen envíos?  ';
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', cancelable: true }));
    await vi.waitFor(() => expect(byTestId(shadow, 'atiende-message-11')).not.toBeNull());
    const sent = calls.find((call) => call.method === 'POST' && call.url.endsWith('/messages')) as Call;
    expect(sent.body).toMatchObject({ text: '¿Tienen envíos?' });
    expect((sent.body as { clientMessageId: string }).clientMessageId).toMatch(/^[a-f0-9]{32}$/);
    expect(input.value).toBe('');

    // An agent's reply and typing notice over the socket.
    handlers.typing?.({ senderName: 'Andrea' });
    expect(byTestId(shadow, 'atiende-typing').textContent).toBe('Andrea está escribiendo…');
    handlers.message?.({
      id: 12,
      direction: 1,
      text: HOSTILE,
      senderName: 'Andrea',
      clientMessageId: null,
      createdAt: '2026-01-01T00:02:00.000Z',
    });
    const reply = byTestId(shadow, 'atiende-message-12');
    expect(reply.dataset.direction).toBe('outgoing');
    expect(reply.querySelector('.bubble')?.textContent).toBe(HOSTILE);
    expect(shadow.querySelector('img')).toBeNull();
    input.value = 'a';
    input.dispatchEvent(new Event('input'));
    expect(emitted).toContain('typing');
  });

  it('shows the files of a reply and downloads them with the visitor’s token, never a token in a URL', async () => {
    localStorage.setItem('atiende-widget:KEY123', JSON.stringify({ token: 'tok-7', visitorId: 'wv-7' }));
    const shadow = await startWidget();
    byTestId(shadow, 'atiende-launcher').click();
    await vi.waitFor(() => expect(byTestId(shadow, 'atiende-message-10')).not.toBeNull());
    handlers.message?.({
      id: 13,
      direction: 1,
      text: '',
      senderName: 'Andrea',
      clientMessageId: null,
      attachments: [
        { id: 5, name: `factura ${HOSTILE}.pdf`, contentType: 'application/pdf', size: 2048 },
        { id: 6, name: 'perdido.pdf', contentType: 'application/pdf', size: 10 },
      ],
      createdAt: '2026-01-01T00:03:00.000Z',
    });
    const message = byTestId(shadow, 'atiende-message-13');
    // Files alone: no empty bubble.
    expect(message.querySelector('.bubble')).toBeNull();
    const file = byTestId(shadow, 'atiende-file-5');
    expect(file.querySelector('.name')?.textContent).toBe(`factura ${HOSTILE}.pdf`);
    expect(file.querySelector('.size')?.textContent).toBe('2,0 KB');
    expect(file.getAttribute('aria-label')).toBe(`Descargar factura ${HOSTILE}.pdf`);
    expect(shadow.querySelector('img')).toBeNull();

    const saved: { href: string; download: string }[] = [];
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:https://www.tienda.test/1');
    const revokeObjectURL = vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.getAttribute('href') ?? '', download: this.getAttribute('download') ?? '' });
    });
    file.click();
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ href: 'blob:https://www.tienda.test/1', download: `factura ${HOSTILE}.pdf` });
    const download = calls.find((call) => call.url.endsWith('/messages/13/attachments/5')) as Call;
    expect(download.url).toBe('https://atiende.test/api/v2/public/widgets/KEY123/messages/13/attachments/5');
    expect(download.headers.authorization).toBe('Bearer tok-7');

    // A file the server does not give says so on its button.
    const lost = byTestId(shadow, 'atiende-file-6');
    lost.click();
    await vi.waitFor(() => expect(lost.classList.contains('failed')).toBe(true));
    expect(lost.getAttribute('title')).toBe('No se pudo descargar el archivo.');
    click.mockRestore();
    createObjectURL.mockRestore();
    revokeObjectURL.mockRestore();
  });

  it('sends a file the visitor picks, with the token, and says why a refused one was not sent', async () => {
    localStorage.setItem('atiende-widget:KEY123', JSON.stringify({ token: 'tok-8', visitorId: 'wv-8' }));
    const shadow = await startWidget();
    byTestId(shadow, 'atiende-launcher').click();
    await vi.waitFor(() => expect(byTestId(shadow, 'atiende-chat-attach')).not.toBeNull());
    expect(byTestId(shadow, 'atiende-chat-attach').getAttribute('aria-label')).toBe('Adjuntar un archivo');
    const input = byTestId(shadow, 'atiende-chat-file') as HTMLInputElement;
    const pick = (file: File) => {
      Object.defineProperty(input, 'files', { value: [file], configurable: true });
      input.dispatchEvent(new Event('change'));
    };
    pick(new File(['%PDF-1.4'], 'orden.pdf', { type: 'application/pdf' }));
    await vi.waitFor(() => expect(byTestId(shadow, 'atiende-message-20')).not.toBeNull());
    const upload = calls.find((call) => call.url.includes('/messages/file')) as Call;
    expect(upload.url).toMatch(
      /^https:\/\/atiende\.test\/api\/v2\/public\/widgets\/KEY123\/messages\/file\?clientMessageId=[a-f0-9]{32}$/,
    );
    expect(upload.headers.authorization).toBe('Bearer tok-8');
    expect(((upload.body as FormData).get('file') as File).name).toBe('orden.pdf');
    expect(byTestId(shadow, 'atiende-file-9').querySelector('.name')?.textContent).toBe('orden.pdf');
    // The caption the server keeps for previews is not repeated above the file button.
    expect(byTestId(shadow, 'atiende-message-20').querySelector('.bubble')).toBeNull();

    pick(new File(['MZ'], 'programa.exe'));
    await vi.waitFor(() =>
      expect(shadow.querySelector('[data-testid="atiende-message-pending"].failed')).not.toBeNull(),
    );
    const failed = shadow.querySelector('[data-testid="atiende-message-pending"].failed') as HTMLElement;
    expect(failed.querySelector('.bubble')?.textContent).toBe(
      '📎 programa.exe — Ese tipo de archivo no se puede enviar.',
    );
    // A file cannot be retried from its bubble: it says it was not sent instead.
    expect(failed.querySelector('button.state')).toBeNull();
    expect(failed.querySelector('.state')?.textContent).toBe('No se envió el archivo.');
  });

  it('speaks English on an English page and keeps the visitor across page loads', async () => {
    document.documentElement.lang = 'en-GB';
    localStorage.setItem('atiende-widget:KEY123', JSON.stringify({ token: 'tok-9', visitorId: 'wv-9' }));
    const shadow = await startWidget();
    expect(byTestId(shadow, 'atiende-launcher').getAttribute('aria-label')).toBe('Contact us');
    byTestId(shadow, 'atiende-launcher').click();
    // A known visitor goes straight to the conversation.
    await vi.waitFor(() => expect(byTestId(shadow, 'atiende-message-10')).not.toBeNull());
    expect(byTestId(shadow, 'atiende-chat-input').getAttribute('placeholder')).toBe('Write a message…');
    const historyCall = calls.find((call) => call.url.endsWith('/messages'));
    expect(historyCall?.headers.authorization).toBe('Bearer tok-9');
    expect(historyCall?.headers['x-locale']).toBe('en');
  });
});
