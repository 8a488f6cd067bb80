import type { Ticket } from '@atiende/contracts';
import { CacheProvider } from '@emotion/react';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rtlCache } from '../../app/rtlCache';
import { createAppTheme } from '../../app/theme';
import i18n from '../../core/i18n';
import { ReplyComposer } from './ReplyComposer';
import { SmsSegmentCounter } from './SmsSegmentCounter';

let root: Root | null = null;
let container: HTMLDivElement;

beforeEach(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await i18n.changeLanguage('es');
  container = document.createElement('div');
  document.body.appendChild(container);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
});

const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);

function render(node: React.ReactNode) {
  act(() => {
    root = createRoot(container);
    root.render(node);
  });
}

function type(textarea: HTMLTextAreaElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
  act(() => {
    setter?.call(textarea, value);
    textarea.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const ticketOn = (typeName: string): Ticket =>
  ({
    id: 77,
    interactions: [
      {
        id: 5,
        registro_canal_id: 5,
        channel: { id: 3, name: 'SMS', typeCode: 3, typeName },
        contactValue: '+573001234567',
        createdAt: '2026-11-26T10:00:00.000Z',
        lastMessageAt: '2026-11-26T10:00:00.000Z',
        messages: [],
      },
    ],
  }) as unknown as Ticket;

function composer(typeName: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ReplyComposer ticket={ticketOn(typeName)} />
    </QueryClientProvider>,
  );
}

describe('SMS segment counter', () => {
  it('counts GSM-7 text in messages of 160, then parts of 153, in Spanish and English', async () => {
    render(<SmsSegmentCounter text="Hola, ¿ya tiene su pedido?" />);
    const counter = byTestId('reply-sms-segments');
    expect(counter?.textContent).toBe('1 SMS · 26 de 160 caracteres (GSM-7)');
    act(() => root?.render(<SmsSegmentCounter text={'a'.repeat(161)} />));
    expect(counter?.textContent).toBe('2 SMS · 161 de 306 caracteres (GSM-7)');
    await act(() => i18n.changeLanguage('en'));
    expect(counter?.textContent).toBe('2 SMS · 161 of 306 characters (GSM-7)');
  });

  it('says when an emoji or an accent outside GSM-7 switches the text to UCS-2', () => {
    render(<SmsSegmentCounter text="Pedido enviado 👍" />);
    const counter = byTestId('reply-sms-segments');
    expect(counter?.dataset.encoding).toBe('UCS-2');
    expect(counter?.textContent).toBe(
      '1 SMS · 17 de 70 caracteres (UCS-2) Un emoji o una letra fuera de GSM-7 deja 70 caracteres por SMS.',
    );
  });

  it('renders in a dark, right-to-left theme, aligned to the end of the line in either direction', () => {
    const theme = createAppTheme(null, 'dark', 'rtl');
    render(
      <CacheProvider value={rtlCache}>
        <ThemeProvider theme={theme}>
          <div dir="rtl">
            <SmsSegmentCounter text="مرحبا" />
          </div>
        </ThemeProvider>
      </CacheProvider>,
    );
    const counter = byTestId('reply-sms-segments') as HTMLElement;
    expect(counter.textContent).toContain('1 SMS · 5 de 70');
    // Logical alignment, and only theme tokens for colour (text.secondary), so the dark palette applies.
    const styles = [...document.querySelectorAll('style')].map((element) => element.textContent).join('');
    const rules = [...counter.classList].map((name) => styles.slice(styles.indexOf(`.${name}{`))).join('');
    expect(rules).toContain('text-align:end');
  });

  it('shows under the reply box of SMS conversations only, following what the agent types', () => {
    composer('sms');
    const counter = byTestId('reply-sms-segments');
    expect(counter?.textContent).toBe('0 SMS · 0 de 160 caracteres (GSM-7)');
    const body = byTestId('reply-body') as HTMLTextAreaElement;
    type(body, 'Le escribimos por el pedido 1001 €');
    expect(byTestId('reply-sms-segments')?.textContent).toBe('1 SMS · 35 de 160 caracteres (GSM-7)');
    // SMS replies carry no files (MMS needs a public link of each file).
    expect((byTestId('reply-attach') as HTMLButtonElement).disabled).toBe(true);
    act(() => root?.unmount());
    root = null;
    composer('webchat');
    expect(byTestId('reply-composer')).not.toBeNull();
    expect(byTestId('reply-sms-segments')).toBeNull();
  });
});
