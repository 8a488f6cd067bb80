import { createTheme, ThemeProvider } from '@mui/material/styles';
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../core/i18n';
import { mount } from '../test/dom';
import { hasNextPage, shownRows, TablePager, type TablePagerProps } from './TablePager';

let root: Root | undefined;
afterEach(async () => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  await i18n.changeLanguage('es');
});

function render(props: Partial<TablePagerProps> = {}, direction: 'ltr' | 'rtl' = 'ltr') {
  const onPageChange = vi.fn();
  const onRowsPerPageChange = vi.fn();
  ({ root } = mount(
    <ThemeProvider theme={createTheme({ direction })}>
      <TablePager
        count={230}
        page={0}
        rowsPerPage={25}
        rowsPerPageOptions={[10, 25, 50]}
        onPageChange={onPageChange}
        onRowsPerPageChange={onRowsPerPageChange}
        data-testid="pager"
        {...props}
      />
    </ThemeProvider>,
  ));
  const button = (name: string) => document.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`);
  return { onPageChange, onRowsPerPageChange, button };
}

describe('shownRows and hasNextPage', () => {
  it('count the rows of a page as people read them, known total or not', () => {
    expect(shownRows(230, 0, 25)).toEqual({ from: 1, to: 25 });
    expect(shownRows(230, 9, 25)).toEqual({ from: 226, to: 230 });
    expect(shownRows(0, 0, 25)).toEqual({ from: 0, to: 0 });
    expect(shownRows(-1, 2, 25)).toEqual({ from: 51, to: 75 });
    expect(hasNextPage(230, 8, 25)).toBe(true);
    expect(hasNextPage(230, 9, 25)).toBe(false);
    expect(hasNextPage(0, 0, 25)).toBe(false);
    expect(hasNextPage(-1, 40, 25)).toBe(true);
  });
});

describe('TablePager', () => {
  it('says which rows show and moves between pages, in Spanish and in English', async () => {
    const { onPageChange, button } = render({ page: 1 });
    const pager = document.querySelector('[data-testid="pager"]');
    expect(pager?.textContent).toContain('Filas por página:');
    expect(pager?.textContent).toContain('26–50 de 230');
    act(() => button('Página siguiente')?.click());
    expect(onPageChange).toHaveBeenLastCalledWith(2);
    act(() => button('Página anterior')?.click());
    expect(onPageChange).toHaveBeenLastCalledWith(0);

    await act(() => i18n.changeLanguage('en'));
    expect(pager?.textContent).toContain('Rows per page:');
    expect(pager?.textContent).toContain('26–50 of 230');
    expect(button('Next page')).not.toBeNull();
  });

  it('offers no previous page on the first and no next page on the last', () => {
    render({ page: 0, count: 30 });
    expect(document.querySelector<HTMLButtonElement>('button[aria-label="Página anterior"]')?.disabled).toBe(true);
    expect(document.querySelector<HTMLButtonElement>('button[aria-label="Página siguiente"]')?.disabled).toBe(false);
    act(() => root?.unmount());
    render({ page: 1, count: 30 });
    expect(document.querySelector<HTMLButtonElement>('button[aria-label="Página siguiente"]')?.disabled).toBe(true);
  });

  it('changes the page size from its list, and hides the list when there is nothing to choose', async () => {
    const { onRowsPerPageChange } = render();
    const select = document.querySelector<HTMLElement>('[role="combobox"]');
    const label = [...document.querySelectorAll('p')].find((p) => p.textContent === 'Filas por página:');
    expect(select?.getAttribute('aria-labelledby')?.split(' ')).toContain(label?.id);
    act(() => {
      select?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 }));
    });
    const option = [...document.querySelectorAll<HTMLElement>('[role="option"]')].find((o) => o.textContent === '50');
    act(() => option?.click());
    expect(onRowsPerPageChange).toHaveBeenCalledWith(50);

    act(() => root?.unmount());
    document.body.innerHTML = '';
    render({ rowsPerPageOptions: [25] });
    expect(document.querySelector('[role="combobox"]')).toBeNull();
    expect(document.body.textContent).not.toContain('Filas por página');
  });

  it('points its arrows the way the page reads in right-to-left', () => {
    const { onPageChange, button } = render({ page: 1 }, 'rtl');
    const icon = (name: string) => button(name)?.querySelector('svg')?.getAttribute('data-testid');
    expect(icon('Página anterior')).toBe('KeyboardArrowRightIcon');
    expect(icon('Página siguiente')).toBe('KeyboardArrowLeftIcon');
    act(() => button('Página siguiente')?.click());
    expect(onPageChange).toHaveBeenLastCalledWith(2);
  });
});
