import { act } from 'react';
import type { Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../core/i18n';
import { byTestId, mount, type, waitUntil } from '../../test/dom';
import { MenuSearch } from './MenuSearch';

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

const entries = [
  { path: '/app/tickets', label: 'Casos' },
  { path: '/app/customers', label: 'Clientes' },
  { path: '/app/campaigns', label: 'Campañas' },
];

function startMenuSearch() {
  const router = createMemoryRouter([{ path: '*', element: <MenuSearch entries={entries} /> }], {
    initialEntries: ['/app'],
  });
  root = mount(<RouterProvider router={router} />).root;
  return router;
}

const field = (id: string) => byTestId(id) as HTMLInputElement;

describe('the menu search, an Autocomplete once used (ui/AutocompleteWhenUsed)', () => {
  it('is a named combobox first; typing swaps the Autocomplete in with the text, the focus, the caret and its list', async () => {
    await i18n.changeLanguage('es');
    startMenuSearch();
    const standIn = field('menu-search');
    expect(standIn.getAttribute('role')).toBe('combobox');
    expect(standIn.getAttribute('aria-label')).toBe('Buscar en el menú');
    expect(document.querySelector('.MuiAutocomplete-root')).toBeNull();

    act(() => standIn.focus());
    type(standIn, 'cli');
    await waitUntil(() => document.querySelector('.MuiAutocomplete-root') !== null);
    const real = field('menu-search');
    expect(real).not.toBe(standIn);
    expect(real.value).toBe('cli');
    expect(document.activeElement).toBe(real);
    expect(real.selectionStart).toBe(3);
    await waitUntil(() => byTestId('menu-suggestion-/app/customers') !== null);
    expect(document.querySelectorAll('[role="option"]')).toHaveLength(1);
  });
});
