import { act } from 'react';
import type { Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../core/i18n';
import { byTestId, mount, settle } from '../../test/dom';
import { QuickActions } from './QuickActions';

let granted = new Set<string>();
vi.mock('../queries', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../queries')>()),
  usePermissions: () => ({
    granted,
    roles: [],
    isAgent: true,
    can: (permission: string) => granted.has(permission),
    ready: true,
  }),
}));

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

function start() {
  const router = createMemoryRouter([{ path: '*', element: <QuickActions /> }], { initialEntries: ['/app/tickets'] });
  root = mount(<RouterProvider router={router} />).root;
  return router;
}

describe('the header’s quick actions', () => {
  it('offers only the actions the user may take, as a menu that goes where each says', async () => {
    await i18n.changeLanguage('es');
    granted = new Set(['agregar-caso']);
    const router = start();
    const button = byTestId('header-quick-actions');
    expect(button?.getAttribute('aria-label')).toBe('Acciones rápidas');
    expect(button?.getAttribute('aria-haspopup')).toBe('menu');
    act(() => button?.click());
    await settle();
    expect(document.querySelector('[role="menu"]')).not.toBeNull();
    expect(byTestId('quick-action-add-ticket')?.textContent).toBe('Agregar caso');
    expect(byTestId('quick-action-add-customer')).toBeNull();
    act(() => byTestId('quick-action-add-ticket')?.click());
    await settle();
    expect(router.state.location.pathname).toBe('/app/tickets/add');
  });

  it('both actions with both permissions, in English; nothing at all without them', async () => {
    await i18n.changeLanguage('en');
    granted = new Set(['agregar-caso', 'agregar-cliente']);
    const router = start();
    act(() => byTestId('header-quick-actions')?.click());
    await settle();
    expect(byTestId('quick-action-add-customer')?.textContent).toBe('Add customer');
    act(() => byTestId('quick-action-add-customer')?.click());
    await settle();
    expect(router.state.location.pathname).toBe('/app/customers/add');
    act(() => root?.unmount());
    granted = new Set();
    start();
    await settle();
    expect(byTestId('header-quick-actions')).toBeNull();
  });
});
