import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import '../core/i18n';
import { RichTextEditor, safeLink } from './RichTextEditor';

describe('safeLink', () => {
  it('keeps web and mail addresses and refuses script URLs', () => {
    expect(safeLink('atiende.test/ayuda')).toBe('https://atiende.test/ayuda');
    expect(safeLink('mailto:soporte@atiende.test')).toBe('mailto:soporte@atiende.test');
    expect(safeLink('javascript:alert(1)')).toBeNull();
    expect(safeLink('  ')).toBeNull();
  });
});

describe('RichTextEditor', () => {
  let container: HTMLDivElement | null = null;
  let root: Root | null = null;
  afterEach(async () => {
    await act(async () => root?.unmount());
    container?.remove();
    container = null;
  });

  const mount = async (initial: string) => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const changes: string[] = [];
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    const render = (value: string) =>
      root?.render(
        <RichTextEditor label="Guion" value={value} testId="script" onChange={(html) => changes.push(html)} />,
      );
    await act(async () => render(initial));
    return { changes, render, box: () => container?.querySelector<HTMLElement>('[data-testid="script"]') };
  };

  it('shows the HTML it is given and formats through the toolbar', async () => {
    const { changes, box } = await mount('<p>Saludo al cliente</p>');
    expect(box()?.getAttribute('role')).toBe('textbox');
    expect(box()?.innerHTML).toContain('Saludo al cliente');
    expect(changes).toEqual([]);

    await act(async () => container?.querySelector<HTMLButtonElement>('[data-testid="script-ul"]')?.click());
    expect(changes.at(-1)).toBe('<ul><li><p>Saludo al cliente</p></li></ul>');
    expect(container?.querySelector('[data-testid="script-ul"]')?.getAttribute('aria-pressed')).toBe('true');
  });

  it('replaces its content when the value changes from outside, without reporting it back', async () => {
    const { changes, render, box } = await mount('<p>Uno</p>');
    await act(async () => render('<p><strong>Dos</strong></p>'));
    expect(box()?.innerHTML).toContain('<strong>Dos</strong>');
    await act(async () => render(''));
    expect(box()?.textContent).toBe('');
    expect(changes).toEqual([]);
  });
});
