import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WhatsappBubble } from './components';
import i18n from './i18n';
import type { BubbleContent } from './model';

let root: Root | null = null;
let container: HTMLDivElement;
const fetchMock = vi.fn();

beforeEach(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await i18n.changeLanguage('en');
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  container = document.createElement('div');
  document.body.appendChild(container);
});

afterEach(async () => {
  act(() => root?.unmount());
  root = null;
  container.remove();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('es');
});

const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);

function render(content: BubbleContent) {
  act(() => {
    root = createRoot(container);
    root.render(<WhatsappBubble content={content} testId="bubble" />);
  });
}

describe('WhatsappBubble', () => {
  it('is a "Preview" region with a document header named, the text filled, the footer and the list', () => {
    render({
      header: null,
      media: { kind: 'document', filename: 'prices.pdf', apiPath: 'whatsapp-templates/5/media' },
      body: 'Hi {{1}}',
      footer: 'Atiende',
      buttons: [],
      list: {
        button: '',
        sections: [
          { title: 'North', options: [{ title: 'Main street', description: 'Open until 8' }] },
          { title: 'South', options: [{ title: 'Harbour', description: '' }] },
        ],
      },
      values: ['Ann'],
    });
    const region = byTestId('bubble');
    expect(region?.getAttribute('role')).toBe('region');
    expect(region?.getAttribute('aria-label')).toBe('Preview');
    // A document is not fetched: its name shows, with an icon.
    expect(byTestId('bubble-media')?.dataset.kind).toBe('document');
    expect(byTestId('bubble-media')?.textContent).toBe('prices.pdf');
    expect(byTestId('bubble-media')?.querySelector('svg')).not.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(byTestId('bubble-body')?.textContent).toBe('Hi Ann');
    expect(byTestId('bubble-footer')?.textContent).toBe('Atiende');

    // The list is a button (a generic label without one) that shows the sections and their options.
    const button = byTestId('bubble-list-button');
    expect(button?.textContent).toBe('See options');
    expect(byTestId('bubble-list')?.hidden).toBe(true);
    act(() => button?.click());
    expect(byTestId('bubble-list')?.hidden).toBe(false);
    expect(byTestId('bubble-list')?.textContent).toContain('NorthMain streetOpen until 8');
    expect(byTestId('bubble-list')?.textContent).toContain('SouthHarbour');
  });

  it('names the file still to come, and shows a media message without a "write the message" hint', () => {
    render({
      header: null,
      media: { kind: 'video', filename: null, src: null },
      body: '',
      footer: null,
      buttons: [],
      values: [],
      bodyOptional: true,
      numbered: [],
    });
    expect(byTestId('bubble-media')?.textContent).toBe('The video goes here');
    expect(byTestId('bubble-body')).toBeNull();
  });
});
