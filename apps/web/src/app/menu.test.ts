import { DEFAULT_ROLE_PERMISSIONS, hasPermission, type PermissionExpression, STORAGE_KEYS } from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
import { startSession } from '../core/session';
import en from '../locales/en.json';
import es from '../locales/es.json';
import { safeNext } from './guards';
import { rankMenuEntries } from './layout/MenuSearch';
import { MENU, visibleMenu } from './menu';

const canFor = (granted: readonly string[]) => (required: PermissionExpression | undefined) =>
  hasPermission(granted, required);
const paths = (sections: ReturnType<typeof visibleMenu>) =>
  sections.flatMap((s) => s.items.map((i) => i.path ?? i.key));

describe('menu', () => {
  it('shows an agent fewer items than an administrator, and nothing the agent may not open', () => {
    const admin = paths(visibleMenu(canFor(DEFAULT_ROLE_PERMISSIONS.admin), [], ['admin']));
    const agent = paths(visibleMenu(canFor(DEFAULT_ROLE_PERMISSIONS.agent), [], ['agent']));
    expect(agent.length).toBeLessThan(admin.length);
    expect(agent).toContain('/app/tickets');
    expect(agent).not.toContain('/app/users');
    expect(agent).not.toContain('/app/permissions-manager');
  });

  it('lists every section and item of the spec for an administrator', () => {
    const admin = visibleMenu(canFor(DEFAULT_ROLE_PERMISSIONS.admin), [], ['admin']);
    expect(admin.map((section) => section.key)).toEqual(MENU.map((section) => section.key));
    expect(paths(admin)).toEqual(
      expect.arrayContaining(['/app/entities/pais/list', '/app/credentials-api', '/app/supervision/queues']),
    );
  });

  it('adds an integration only for users holding one of its roles', () => {
    const integration = {
      id: 7,
      nombre: 'CRM',
      icono: 'web',
      ruta: 'crm',
      url: 'https://crm.example',
      roles: ['super'],
    };
    const forSuper = paths(visibleMenu(canFor([]), [integration], ['super']));
    const forAgent = paths(visibleMenu(canFor([]), [integration], ['agent']));
    expect(forSuper).toContain('/app/crm');
    expect(forAgent).not.toContain('/app/crm');
  });

  it('menu search ranks names starting with the query first, ignoring accents and case', () => {
    const entries = [
      { path: '/a', label: 'Reportes generados' },
      { path: '/b', label: 'Campañas' },
      { path: '/c', label: 'Plantillas de campaña' },
    ];
    expect(rankMenuEntries(entries, 'campana').map((entry) => entry.path)).toEqual(['/b', '/c']);
  });
});

describe('login redirect', () => {
  it('only follows next targets inside the app', () => {
    expect(safeNext('/app/tickets?x=1')).toBe('/app/tickets?x=1');
    expect(safeNext('https://evil.example')).toBe('/app');
    expect(safeNext('//evil.example')).toBe('/app');
    expect(safeNext(null)).toBe('/app');
  });
});

describe('session storage', () => {
  it('clears the previous user’s working context when a different user signs in', () => {
    const user = (id: number) => ({
      id,
      nombre: 'U',
      username: 'u',
      email: 'u@x.co',
      url_image: null,
      mfa: false,
      roles: [],
      nombre_roles: [],
      nombre_permisos: [],
      extension: null,
    });
    const result = (id: number) => ({
      token: `t${id}`,
      sessionId: `s${id}`,
      user: user(id),
      shash: '',
      sstart: new Date().toISOString(),
      ssip: '',
      turn: null,
      webrtc: false,
      advanced_search: 0 as const,
    });
    startSession(result(1));
    localStorage.setItem(STORAGE_KEYS.selectedCampaign, '3');
    startSession(result(1));
    expect(localStorage.getItem(STORAGE_KEYS.selectedCampaign)).toBe('3');
    startSession(result(2));
    expect(localStorage.getItem(STORAGE_KEYS.selectedCampaign)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('t2');
  });
});

describe('locales', () => {
  const keys = (value: unknown, prefix = ''): string[] =>
    value && typeof value === 'object'
      ? Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key))
      : [prefix];

  it('Spanish and English have the same keys', () => {
    expect(keys(en).sort()).toEqual(keys(es).sort());
  });
});
