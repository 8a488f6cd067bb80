import type { RoleItem } from '@atiende/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitUntil } from '../../test/dom';
import { SnackbarProvider } from '../../ui/SnackbarProvider';
import i18n from './i18n';
import { PermissionsManagerPage } from './PermissionsManagerPage';

// The signed-in user manages roles.
vi.mock('../../app/queries', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/queries')>()),
  usePermissions: () => ({ granted: new Set(), roles: [], isAgent: false, can: () => true, ready: true }),
}));

const envelope = (result: unknown, status = 200) =>
  new Response(
    JSON.stringify({
      statusResult: status < 400,
      status: status < 400 ? 'OK' : 'ERROR',
      code: status < 400 ? 'OK' : 'PERMISSION.NOT_HELD',
      message: status < 400 ? 'OK' : 'No puede otorgar permisos que usted no tiene: exportar-casos',
      result,
    }),
    { status, headers: { 'content-type': 'application/json' } },
  );

const role = (id: number, name: string, label: string): RoleItem => ({
  id,
  name,
  label,
  builtIn: false,
  userCount: 0,
});

let roles: RoleItem[];
let saved: Record<number, string[]>;
let refuseSave: boolean;
let root: Root | null = null;
let container: HTMLDivElement;
const fetchMock = vi.fn();

beforeEach(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await i18n.changeLanguage('es');
  roles = [role(1, 'calidad', 'Calidad'), role(2, 'ventas', 'Ventas')];
  saved = { 1: ['ver-caso', 'exportar-casos'], 2: ['ver-caso'] };
  refuseSave = false;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
    const path = new URL(String(url), 'http://localhost').pathname.replace('/api/v2/', '');
    const method = init?.method ?? 'GET';
    if (method === 'GET' && path === 'roles') return envelope(roles);
    if (method === 'GET' && path === 'permissions')
      return envelope([{ category: 'tickets', permissions: ['ver-caso', 'exportar-casos', 'clave-sin-nombre'] }]);
    if (method === 'POST' && path === 'roles') {
      const body = JSON.parse(String(init?.body)) as { name: string; label: string; copyFromRoleId: number | null };
      // The server copies in the same transaction, or refuses and creates nothing.
      if (refuseSave && body.copyFromRoleId !== null) return envelope(null, 403);
      const created = role(7, body.name, body.label);
      roles = [...roles, created];
      saved[7] = body.copyFromRoleId === null ? [] : [...saved[body.copyFromRoleId]];
      return envelope(created, 201);
    }
    const match = /^roles\/(\d+)\/permissions$/.exec(path);
    if (match && method === 'GET') return envelope({ roleId: Number(match[1]), permissions: saved[Number(match[1])] });
    if (match && method === 'PUT') {
      if (refuseSave) return envelope(null, 403);
      saved[Number(match[1])] = JSON.parse(String(init?.body)).permissions;
      return envelope({ roleId: Number(match[1]), permissions: saved[Number(match[1])] });
    }
    return envelope(null, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
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
    for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** Waits (up to 2 s) for the dialog's exit transition and the refetches that follow a save. */
async function until(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  }
}

function type(input: HTMLInputElement, value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

function renderPage() {
  const router = createMemoryRouter([{ path: '/app/permissions-manager', element: <PermissionsManagerPage /> }], {
    initialEntries: ['/app/permissions-manager'],
  });
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
}

/** Opens the new-role dialog, fills it, picks the role to copy from (by id) and saves. */
async function createRoleCopying(sourceId: number) {
  act(() => byTestId('role-new')?.click());
  await settle();
  type(byTestId<HTMLInputElement>('role-field-name') as HTMLInputElement, 'soporte');
  type(byTestId<HTMLInputElement>('role-field-label') as HTMLInputElement, 'Soporte');
  const combobox = byTestId('role-copy-from')?.parentElement?.querySelector('[role="combobox"]');
  act(() => {
    combobox?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 }));
  });
  await settle();
  expect(byTestId('role-copy-option-1')?.textContent).toBe('Calidad');
  expect(byTestId('role-copy-option-2')?.textContent).toBe('Ventas');
  act(() => byTestId(`role-copy-option-${sourceId}`)?.click());
  await settle();
  expect(byTestId<HTMLInputElement>('role-copy-from')?.value).toBe(String(sourceId));
  act(() => byTestId('role-dialog-save')?.click());
  await settle();
}

const calls = (method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => ((init as RequestInit | undefined)?.method ?? 'GET') === method)
    .map(([url, init]) => ({ url: String(url), body: (init as RequestInit | undefined)?.body }));

describe('PermissionsManagerPage', () => {
  it('shows each permission’s name and description, and the bare key when it has no text', async () => {
    renderPage();
    await settle();
    act(() => byTestId('role-row-ventas')?.click());
    await settle();
    const label = byTestId('permission-checkbox-ver-caso')?.closest('label');
    expect(label?.textContent).toContain('Ver casos');
    expect(byTestId('permission-description-ver-caso')?.textContent).toBe(
      i18n.getFixedT('es')('permissions.labels.ver-caso.description'),
    );
    expect(label?.textContent).toContain('ver-caso');
    const bare = byTestId('permission-checkbox-clave-sin-nombre')?.closest('label');
    expect(bare?.textContent).toBe('clave-sin-nombre');
    expect(byTestId('permission-description-clave-sin-nombre')).toBeNull();
  });

  it('creates a role with the permissions of the chosen one', async () => {
    renderPage();
    await settle();
    await createRoleCopying(1);
    // One request: the server copies the permissions in the role's own transaction.
    expect(calls('POST').map((call) => JSON.parse(String(call.body)))).toEqual([
      { name: 'soporte', label: 'Soporte', copyFromRoleId: 1 },
    ]);
    expect(calls('PUT')).toHaveLength(0);
    await until(() => byTestId('role-dialog') === null);
    expect(byTestId('role-dialog')).toBeNull();
    // The snackbar's code loads with its first message, in its own time.
    await waitUntil(() => byTestId('snackbar') !== null);
    expect(byTestId('snackbar')?.textContent).toContain('Rol creado con los permisos de «Calidad»');
    expect(byTestId('role-row-soporte')?.classList.contains('Mui-selected')).toBe(true);
    expect(byTestId<HTMLInputElement>('permission-checkbox-exportar-casos')?.checked).toBe(true);
  });

  it('keeps the dialog open with the server’s message and creates nothing when the copy is refused', async () => {
    refuseSave = true;
    renderPage();
    await settle();
    await createRoleCopying(1);
    expect(calls('POST')).toHaveLength(1);
    expect(calls('PUT')).toHaveLength(0);
    await waitUntil(() => byTestId('snackbar') !== null);
    expect(byTestId('snackbar')?.getAttribute('data-variant')).toBe('error');
    expect(byTestId('snackbar')?.textContent).toContain('No puede otorgar permisos que usted no tiene');
    expect(byTestId('role-dialog')).not.toBeNull();
    expect(byTestId('role-row-soporte')).toBeNull();
  });

  it('creates an empty role when no source is chosen', async () => {
    renderPage();
    await settle();
    act(() => byTestId('role-new')?.click());
    await settle();
    expect(byTestId<HTMLInputElement>('role-copy-from')?.value).toBe('');
    type(byTestId<HTMLInputElement>('role-field-name') as HTMLInputElement, 'soporte');
    type(byTestId<HTMLInputElement>('role-field-label') as HTMLInputElement, 'Soporte');
    act(() => byTestId('role-dialog-save')?.click());
    await settle();
    expect(calls('POST').map((call) => JSON.parse(String(call.body)))).toEqual([
      { name: 'soporte', label: 'Soporte', copyFromRoleId: null },
    ]);
    expect(calls('PUT')).toHaveLength(0);
    await waitUntil(() => byTestId('snackbar') !== null);
    expect(byTestId('snackbar')?.textContent).toContain('Rol creado');
  });
});
