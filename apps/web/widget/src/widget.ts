/**
 * Atiende's omni widget: `<script src="https://atiende.example/widget.js" data-atiende-widget="KEY" async>`.
 * Plain DOM inside a shadow root. Every visitor- or agent-provided text is inserted with textContent, never as HTML.
 * The realtime part (socket.io-client, /widget-io.js) loads only when the web chat opens.
 */

// The app's formatter (a pure module without imports), so the chat and the agent desk write sizes alike.
import { formatFileSize } from '../../src/ui/format';
import { ICONS } from './icons';
import {
  type ChatAttachment,
  type ChatMessage,
  contrastText,
  format,
  mergeMessages,
  newClientMessageId,
  type PublicWidget,
  readVisitor,
  type StoredVisitor,
  safeColor,
  safeLink,
  storageKey,
} from './model';
import { STYLES } from './styles';
import { pickLocale, type Texts, textsFor } from './texts';

interface VisitorSocket {
  on(event: string, listener: (...args: never[]) => void): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  disconnect(): unknown;
  connect(): unknown;
  active: boolean;
}
type IoFactory = (url: string, options: object) => VisitorSocket;

const BRAND: Record<string, string> = {
  whatsapp: '#25d366',
  telegram: '#229ed9',
  facebook: '#0084ff',
  instagram: '#c13584',
  twitter: '#111111',
};
const SVG_NS = 'http://www.w3.org/2000/svg';
const TYPING_SHOWN_MS = 4_000;
const TYPING_SENT_EVERY_MS = 2_000;
/** The server's limit for a file (ATTACHMENT_MAX_BYTES): refused here before uploading. */
const FILE_MAX_BYTES = 10 * 1024 * 1024;

type Attributes = Record<string, string | boolean | undefined>;

/** A DOM element with attributes and children; strings become text nodes (never HTML). */
function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: (Node | string | null | undefined | false)[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : value);
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return element;
}

function icon(name: string): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS(SVG_NS, 'path');
  path.setAttribute('d', ICONS[name] ?? ICONS.chat);
  svg.append(path);
  return svg;
}

/** A file message's text is only its caption (`📎 name`, kept for previews): the file button says it already. */
function isFileCaption(message: ChatMessage): boolean {
  const files = message.attachments ?? [];
  return files.length > 0 && message.text === files.map((file) => `📎 ${file.name}`).join('\n');
}

function findScript(): HTMLScriptElement | null {
  const current = document.currentScript;
  if (current instanceof HTMLScriptElement && current.dataset.atiendeWidget) return current;
  return document.querySelector<HTMLScriptElement>('script[data-atiende-widget]');
}

function start(script: HTMLScriptElement) {
  const key = script.dataset.atiendeWidget ?? '';
  const server = new URL(script.src, location.href).origin;
  const global = window as unknown as { __atiendeWidgets?: Set<string> };
  global.__atiendeWidgets = global.__atiendeWidgets ?? new Set();
  const registry = global.__atiendeWidgets;
  if (!key || registry.has(key)) return;
  registry.add(key);
  const locale = pickLocale(document.documentElement.lang);
  const t = textsFor(locale);
  const apiBase = `${server}/api/v2/public/widgets/${encodeURIComponent(key)}`;

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    options: { token?: string; body?: object } = {},
  ): Promise<{ ok: boolean; status: number; result: T | null }> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (method === 'POST') headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (path) headers['x-locale'] = locale;
    try {
      const response = await fetch(`${apiBase}${path}`, {
        method,
        headers,
        body: options.body ? JSON.stringify(options.body) : undefined,
        mode: 'cors',
        credentials: 'omit',
      });
      const envelope = (await response.json().catch(() => null)) as { result?: T } | null;
      return { ok: response.ok, status: response.status, result: envelope?.result ?? null };
    } catch {
      return { ok: false, status: 0, result: null };
    }
  }

  void call<PublicWidget>('GET', '').then((answer) => {
    if (!answer.ok || !answer.result) {
      console.warn(`[atiende] the widget is not available here (${answer.status})`);
      return;
    }
    render(answer.result, t);
  });

  function render(config: PublicWidget, t: Texts) {
    const host = h('div', { 'data-atiende-widget-host': key });
    const shadow = host.attachShadow({ mode: 'open' });
    const primary = safeColor(config.primaryColor);
    const style = h('style', {}, STYLES);
    // Corners are physical and the widget's own texts (es, en) read left to right, whatever the page's direction;
    // free texts (titles, names, messages) take their own direction (dir="auto").
    const root = h('div', {
      class: 'aw',
      'data-pos': config.position,
      'data-style': config.style,
      dir: 'ltr',
      lang: locale,
    });
    root.style.setProperty('--aw-primary', primary);
    root.style.setProperty('--aw-on-primary', contrastText(primary));
    root.style.setProperty('--aw-ring', `${primary}44`);
    // Room the buttons take below (or above) the panel: the floating button, or the list of round buttons.
    const reserve = config.style === 'list' ? config.channels.length * 62 + 52 : 110;
    root.style.setProperty('--aw-reserve', `${reserve}px`);
    shadow.append(style, root);
    root.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && panel) closePanel();
    });
    document.body.append(host);

    const title = config.title || t.defaultTitle;
    const subtitle = config.subtitle || t.defaultSubtitle;
    const channelLabel = (channel: PublicWidget['channels'][number]) => t.channels[channel.type] ?? channel.name;
    const colorOf = (type: string) => BRAND[type] ?? primary;
    const floating = config.style !== 'list';
    const hasChat = Boolean(config.chat);

    // State of the panel and the chat.
    let panel: HTMLElement | null = null;
    let view: 'menu' | 'chat' | null = null;
    let visitor: StoredVisitor | null = readVisitor(localStorage, key);
    let messages: ChatMessage[] = [];
    let socket: VisitorSocket | null = null;
    let log: HTMLElement | null = null;
    let typingLine: HTMLElement | null = null;
    let notice: HTMLElement | null = null;
    let typingTimer = 0;
    let lastTypingSent = 0;
    let unread = false;

    const launcherArea = h('div', { class: 'stack' });
    root.append(launcherArea);
    let launcher: HTMLButtonElement | null = null;
    const badge = h('span', { class: 'badge', hidden: true });

    function drawLauncher() {
      launcherArea.replaceChildren();
      if (floating) {
        const open = panel !== null;
        const face =
          open || config.iconType !== 'image' || !config.iconImageUrl
            ? icon(open ? 'close' : 'chat')
            : h('img', { src: config.iconImageUrl, alt: '' });
        launcher = h(
          'button',
          {
            type: 'button',
            class: 'launcher',
            'aria-label': open ? t.close : t.open,
            'aria-expanded': String(open),
            'data-testid': 'atiende-launcher',
          },
          face,
          badge,
        );
        launcher.addEventListener('click', () =>
          panel ? closePanel() : openPanel(hasChat && visitor ? 'chat' : 'menu'),
        );
        launcherArea.append(launcher);
        return;
      }
      for (const channel of config.channels) launcherArea.append(channelButton(channel, 'round'));
    }

    function channelButton(channel: PublicWidget['channels'][number], kind: 'round' | 'row'): HTMLElement {
      const dot = h('span', { class: 'dot' }, icon(channel.type));
      dot.style.background = colorOf(channel.type);
      const label = h('span', { class: kind === 'round' ? 'label' : '' }, channelLabel(channel));
      const testId = `atiende-channel-${channel.type}`;
      if (channel.type === 'webchat') {
        const button = h(
          'button',
          { type: 'button', class: kind, 'data-testid': testId, 'aria-label': label.textContent ?? '' },
          dot,
          label,
        );
        if (kind === 'round') button.append(badge);
        button.addEventListener('click', () => openPanel('chat'));
        return button;
      }
      const href = safeLink(channel.link);
      return h(
        'a',
        {
          class: kind,
          href: href ?? undefined,
          target: '_blank',
          rel: 'noopener noreferrer',
          'data-testid': testId,
          'aria-label': `${label.textContent ?? ''} (${channel.name})`,
        },
        dot,
        label,
      );
    }

    function header(withBack: boolean, heading: string, detail: string | null): HTMLElement {
      const close = h(
        'button',
        { type: 'button', class: 'icon-btn', 'aria-label': t.close, 'data-testid': 'atiende-close' },
        icon('close'),
      );
      close.addEventListener('click', closePanel);
      let back: HTMLElement | null = null;
      if (withBack) {
        back = h('button', { type: 'button', class: 'icon-btn back', 'aria-label': t.back }, icon('back'));
        back.addEventListener('click', () => openPanel('menu'));
      }
      const image = config.businessImageUrl ? h('img', { src: config.businessImageUrl, alt: '' }) : null;
      return h(
        'div',
        { class: 'head' },
        back,
        image,
        h(
          'div',
          { class: 'titles' },
          h('h2', { dir: 'auto' }, heading),
          detail ? h('p', { dir: 'auto' }, detail) : null,
        ),
        close,
      );
    }

    function openPanel(next: 'menu' | 'chat') {
      if (next === 'menu' && !floating) next = 'chat';
      panel?.remove();
      view = next;
      panel =
        next === 'menu'
          ? h(
              'div',
              { class: 'panel', role: 'dialog', 'aria-label': title, 'data-testid': 'atiende-panel' },
              header(false, title, subtitle),
              h('div', { class: 'rows' }, ...config.channels.map((channel) => channelButton(channel, 'row'))),
            )
          : chatPanel();
      root.insertBefore(panel, launcherArea);
      drawLauncher();
      if (next === 'chat') {
        unread = false;
        badge.hidden = true;
      }
    }

    function closePanel() {
      panel?.remove();
      panel = null;
      view = null;
      log = null;
      typingLine = null;
      notice = null;
      drawLauncher();
      launcher?.focus();
    }

    // The web chat

    function chatPanel(): HTMLElement {
      const box = h('div', {
        class: 'panel chat',
        role: 'dialog',
        'aria-label': t.chatTitle,
        'data-testid': 'atiende-chat',
      });
      box.append(header(floating && config.channels.length > 1, title, t.chat));
      const body = h('div', { class: 'body' });
      box.append(body);
      if (visitor) conversation(body);
      else introForm(body);
      return box;
    }

    function introForm(body: HTMLElement) {
      const name = h('input', {
        dir: 'auto',
        type: 'text',
        maxlength: '120',
        autocomplete: 'name',
        'data-testid': 'atiende-chat-name',
      });
      const email = h('input', {
        type: 'email',
        maxlength: '254',
        autocomplete: 'email',
        'data-testid': 'atiende-chat-email',
      });
      const error = h('p', { class: 'error', role: 'alert', hidden: true });
      const submit = h('button', { type: 'submit', class: 'primary', 'data-testid': 'atiende-chat-start' }, t.start);
      const form = h(
        'form',
        { class: 'intro', novalidate: true },
        h('p', {}, t.intro),
        h('label', { class: 'field' }, t.name, name),
        h('label', { class: 'field' }, t.email, email),
        error,
        submit,
      );
      form.addEventListener('submit', async (event) => {
        event.preventDefault();
        const emailValue = email.value.trim();
        if (emailValue && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(emailValue)) {
          error.textContent = t.emailInvalid;
          error.hidden = false;
          return;
        }
        submit.disabled = true;
        const answer = await call<{ visitorToken: string; visitorId: string }>('POST', '/visitors', {
          body: { name: name.value.trim(), email: emailValue },
        });
        submit.disabled = false;
        if (!answer.ok || !answer.result) {
          error.textContent = t.error;
          error.hidden = false;
          return;
        }
        visitor = { token: answer.result.visitorToken, visitorId: answer.result.visitorId };
        try {
          localStorage.setItem(storageKey(key), JSON.stringify(visitor));
        } catch {
          // Private mode: the conversation lasts as long as the page.
        }
        body.replaceChildren();
        conversation(body);
      });
      body.append(form);
      setTimeout(() => name.focus(), 0);
    }

    function conversation(body: HTMLElement) {
      log = h('div', { class: 'log', role: 'log', 'aria-live': 'polite', 'data-testid': 'atiende-chat-log' });
      typingLine = h('div', { class: 'typing', hidden: true, 'data-testid': 'atiende-typing' });
      notice = h('div', { class: 'notice', hidden: true }, t.offline);
      const input = h('textarea', {
        rows: '1',
        dir: 'auto',
        maxlength: '4000',
        placeholder: t.placeholder,
        'aria-label': t.placeholder,
        'data-testid': 'atiende-chat-input',
      });
      const sendButton = h(
        'button',
        { type: 'button', class: 'send', 'aria-label': t.send, 'data-testid': 'atiende-chat-send' },
        icon('send'),
      );
      const submit = () => {
        const text = input.value.trim();
        if (!text) return;
        input.value = '';
        grow();
        void send(
          text,
          newClientMessageId((bytes) => crypto.getRandomValues(bytes)),
        );
      };
      const grow = () => {
        input.style.height = 'auto';
        input.style.height = `${Math.min(input.scrollHeight, 110)}px`;
      };
      input.addEventListener('keydown', (event) => {
        if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
          event.preventDefault();
          submit();
        }
      });
      input.addEventListener('input', () => {
        grow();
        const now = Date.now();
        if (socket && now - lastTypingSent > TYPING_SENT_EVERY_MS) {
          lastTypingSent = now;
          socket.emit('typing');
        }
      });
      sendButton.addEventListener('click', submit);
      const fileInput = h('input', { type: 'file', hidden: true, 'data-testid': 'atiende-chat-file' });
      const attachButton = h(
        'button',
        {
          type: 'button',
          class: 'attach',
          'aria-label': t.attach,
          title: t.attach,
          'data-testid': 'atiende-chat-attach',
        },
        icon('attachment'),
      );
      attachButton.addEventListener('click', () => fileInput.click());
      fileInput.addEventListener('change', () => {
        const file = fileInput.files?.[0];
        fileInput.value = '';
        if (file)
          void sendFile(
            file,
            newClientMessageId((bytes) => crypto.getRandomValues(bytes)),
          );
      });
      body.append(notice, log, typingLine, h('div', { class: 'composer' }, fileInput, attachButton, input, sendButton));
      drawMessages();
      setTimeout(() => input.focus(), 0);
      void loadHistory();
      void connect();
    }

    function drawMessages() {
      if (!log) return;
      const nearBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 80;
      const items: HTMLElement[] = [];
      const welcome = config.chat?.welcomeMessage;
      if (welcome) {
        items.push(
          h(
            'div',
            { class: 'msg out', 'data-testid': 'atiende-welcome' },
            h('div', { class: 'bubble', dir: 'auto' }, welcome),
          ),
        );
      }
      for (const message of messages) {
        const outgoing = message.direction === 1;
        const classes = ['msg', outgoing ? 'out' : 'in', message.state ?? ''].join(' ').trim();
        const item = h(
          'div',
          {
            class: classes,
            'data-testid': message.id ? `atiende-message-${message.id}` : 'atiende-message-pending',
            'data-direction': outgoing ? 'outgoing' : 'incoming',
          },
          outgoing ? h('span', { class: 'who', dir: 'auto' }, message.senderName || t.someone) : null,
          message.text && !isFileCaption(message) ? h('div', { class: 'bubble', dir: 'auto' }, message.text) : null,
          message.attachments?.length ? drawFiles(message) : null,
        );
        if (message.state === 'failed' && message.retryable === false) {
          item.append(h('span', { class: 'state' }, t.fileFailed));
        } else if (message.state === 'failed') {
          const retry = h('button', { type: 'button', class: 'state' }, t.failed);
          retry.addEventListener('click', () => void send(message.text, message.clientMessageId ?? ''));
          item.append(retry);
        }
        items.push(item);
      }
      log.replaceChildren(...items);
      if (nearBottom || messages.at(-1)?.direction === 0) log.scrollTop = log.scrollHeight;
    }

    function drawFiles(message: ChatMessage): HTMLElement {
      const list = h('div', { class: 'files' });
      for (const file of message.attachments ?? []) {
        const button = h(
          'button',
          {
            type: 'button',
            class: 'file',
            'aria-label': format(t.download, { name: file.name }),
            'data-testid': `atiende-file-${file.id}`,
          },
          icon('attachment'),
          h('span', { class: 'name', dir: 'auto' }, file.name),
          h('span', { class: 'size', dir: 'ltr' }, formatFileSize(file.size, locale)),
        );
        button.addEventListener('click', () => void download(message.id, file, button));
        list.append(button);
      }
      return list;
    }

    /** The token goes in a header, never in a URL: fetch the file, then save it from a blob URL. */
    async function download(messageId: number, file: ChatAttachment, button: HTMLButtonElement) {
      if (!visitor || button.getAttribute('aria-busy') === 'true') return;
      button.setAttribute('aria-busy', 'true');
      try {
        const response = await fetch(`${apiBase}/messages/${messageId}/attachments/${file.id}`, {
          headers: { authorization: `Bearer ${visitor.token}` },
          mode: 'cors',
          credentials: 'omit',
        });
        if (response.status === 401) {
          forgetVisitor();
          return;
        }
        if (!response.ok) throw new Error(String(response.status));
        const url = URL.createObjectURL(await response.blob());
        const link = h('a', { href: url, download: file.name });
        root.append(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
        button.classList.remove('failed');
      } catch {
        // Said on the button itself (the chat's notice line belongs to the connection).
        button.classList.add('failed');
        button.title = t.downloadFailed;
      } finally {
        button.removeAttribute('aria-busy');
      }
    }

    function forgetVisitor() {
      visitor = null;
      messages = [];
      socket?.disconnect();
      socket = null;
      try {
        localStorage.removeItem(storageKey(key));
      } catch {
        // nothing stored
      }
      if (view === 'chat') openPanel('chat');
    }

    async function loadHistory() {
      if (!visitor) return;
      const answer = await call<{ messages: ChatMessage[] }>('GET', '/messages', { token: visitor.token });
      if (answer.status === 401) {
        forgetVisitor();
        return;
      }
      if (answer.ok && answer.result) {
        messages = mergeMessages(messages, answer.result.messages);
        drawMessages();
      }
    }

    async function send(text: string, clientMessageId: string) {
      if (!visitor || !clientMessageId) return;
      messages = mergeMessages(
        messages.filter((item) => item.id || item.clientMessageId !== clientMessageId),
        [
          {
            id: 0,
            direction: 0,
            text,
            senderName: null,
            clientMessageId,
            createdAt: new Date().toISOString(),
            state: 'pending',
          },
        ],
      );
      drawMessages();
      const answer = await call<ChatMessage>('POST', '/messages', {
        token: visitor.token,
        body: { text, clientMessageId },
      });
      if (answer.status === 401) {
        forgetVisitor();
        return;
      }
      if (answer.ok && answer.result) messages = mergeMessages(messages, [answer.result]);
      else
        messages = messages.map((item) =>
          !item.id && item.clientMessageId === clientMessageId ? { ...item, state: 'failed' } : item,
        );
      drawMessages();
    }

    /** A file as a message of the visitor's: a pending bubble, then the stored message (or why it was refused). */
    async function sendFile(file: File, clientMessageId: string) {
      if (!visitor) return;
      const pending: ChatMessage = {
        id: 0,
        direction: 0,
        text: `📎 ${file.name}`,
        senderName: null,
        clientMessageId,
        createdAt: new Date().toISOString(),
        state: 'pending',
      };
      if (file.size > FILE_MAX_BYTES) {
        messages = mergeMessages(messages, [
          { ...pending, text: `📎 ${file.name} — ${t.fileTooLarge}`, state: 'failed', retryable: false },
        ]);
        drawMessages();
        return;
      }
      messages = mergeMessages(messages, [pending]);
      drawMessages();
      const form = new FormData();
      form.append('file', file, file.name);
      let answer: { ok: boolean; status: number; result: ChatMessage | null };
      try {
        const response = await fetch(`${apiBase}/messages/file?clientMessageId=${clientMessageId}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${visitor.token}`, 'x-locale': locale },
          body: form,
          mode: 'cors',
          credentials: 'omit',
        });
        const envelope = (await response.json().catch(() => null)) as { result?: ChatMessage } | null;
        answer = { ok: response.ok, status: response.status, result: envelope?.result ?? null };
      } catch {
        answer = { ok: false, status: 0, result: null };
      }
      if (answer.status === 401) {
        forgetVisitor();
        return;
      }
      if (answer.ok && answer.result) messages = mergeMessages(messages, [answer.result]);
      else {
        const reason = answer.status === 415 ? t.fileRefused : answer.status === 413 ? t.fileTooLarge : '';
        messages = messages.map((item) =>
          !item.id && item.clientMessageId === clientMessageId
            ? { ...item, text: reason ? `${item.text} — ${reason}` : item.text, state: 'failed', retryable: false }
            : item,
        );
      }
      drawMessages();
    }

    function showTyping(senderName: string | undefined) {
      if (!typingLine) return;
      typingLine.textContent = format(t.typing, { name: senderName || t.someone });
      typingLine.hidden = false;
      window.clearTimeout(typingTimer);
      typingTimer = window.setTimeout(() => {
        if (typingLine) typingLine.hidden = true;
      }, TYPING_SHOWN_MS);
    }

    let ioLoading: Promise<IoFactory> | null = null;
    function loadIo(): Promise<IoFactory> {
      const global = window as unknown as { AtiendeWidgetIo?: { io: IoFactory } };
      if (global.AtiendeWidgetIo) return Promise.resolve(global.AtiendeWidgetIo.io);
      ioLoading ??= new Promise<IoFactory>((resolve, reject) => {
        const tag = h('script', { src: `${server}/widget-io.js`, async: true });
        tag.addEventListener('load', () =>
          global.AtiendeWidgetIo ? resolve(global.AtiendeWidgetIo.io) : reject(new Error('widget-io')),
        );
        tag.addEventListener('error', () => {
          ioLoading = null;
          reject(new Error('widget-io'));
        });
        document.head.append(tag);
      });
      return ioLoading;
    }

    async function connect() {
      if (socket || !visitor) return;
      const current = visitor;
      let io: IoFactory;
      try {
        io = await loadIo();
      } catch {
        if (notice) notice.hidden = false;
        return;
      }
      if (socket || visitor !== current) return;
      const live = io(`${server}/visitor`, { auth: { token: current.token }, transports: ['websocket'] });
      socket = live;
      live.on('connect', () => {
        if (notice) notice.hidden = true;
        // Catch up on what was missed while disconnected.
        void loadHistory();
      });
      live.on('disconnect', () => {
        if (notice && socket === live) notice.hidden = false;
      });
      live.on('connect_error', () => {
        if (notice) notice.hidden = false;
        // Refused at the handshake (token or site): retry in a while, the history call settles the token.
        if (!live.active) window.setTimeout(() => socket === live && live.connect(), 15_000);
      });
      live.on('message', (message: ChatMessage) => {
        messages = mergeMessages(messages, [message]);
        if (message.direction === 1) {
          if (typingLine) typingLine.hidden = true;
          if (view !== 'chat') {
            unread = true;
            badge.hidden = !unread;
          }
        }
        drawMessages();
      });
      live.on('typing', (payload: { senderName?: string }) => showTyping(payload?.senderName));
    }

    drawLauncher();
  }
}

const script = findScript();
if (script) {
  if (document.body) start(script);
  else document.addEventListener('DOMContentLoaded', () => start(script), { once: true });
}
