import { describe, expect, it } from 'vitest';
import { pickLocale } from './codes.js';
import {
  ALL_PERMISSIONS,
  DEFAULT_ROLE_PERMISSIONS,
  hasPermission,
  PERMISSION_CATEGORIES,
  type PermissionExpression,
} from './permissions.js';

describe('hasPermission', () => {
  it('grants when no permission is required', () => {
    expect(hasPermission([], undefined)).toBe(true);
  });

  it('grants alternatives when ANY is held, not only the last one', () => {
    expect(hasPermission(['ver-caso'], 'ver-caso|editar-caso')).toBe(true);
    expect(hasPermission(['editar-caso'], 'ver-caso|editar-caso')).toBe(true);
    expect(hasPermission(['ver-cliente'], 'ver-caso|editar-caso')).toBe(false);
  });

  it('ignores empty alternatives', () => {
    // Not a valid expression for the type checker, but a stored or hand-built one must still be refused.
    expect(hasPermission(new Set(['']), '|' as PermissionExpression)).toBe(false);
  });
});

describe('permission catalogue', () => {
  it('has every key once and covers the manager’s nineteen categories', () => {
    expect(new Set(ALL_PERMISSIONS).size).toBe(ALL_PERMISSIONS.length);
    expect(Object.keys(PERMISSION_CATEGORIES)).toHaveLength(19);
  });

  it('gives admin everything and agents a strict subset of supervisors’ ticket work', () => {
    expect(DEFAULT_ROLE_PERMISSIONS.admin).toEqual(ALL_PERMISSIONS);
    expect(DEFAULT_ROLE_PERMISSIONS.agent).not.toContain('editar-permisos-roles');
    expect(DEFAULT_ROLE_PERMISSIONS.super).not.toContain('editar-permisos-roles');
    expect(DEFAULT_ROLE_PERMISSIONS.agent).toContain('cambiar-estado-usuario');
  });

  it('lets supervisors hold everything agents hold, so they may manage agents’ accounts', () => {
    const supervisor = new Set(DEFAULT_ROLE_PERMISSIONS.super);
    expect(DEFAULT_ROLE_PERMISSIONS.agent.filter((permission) => !supervisor.has(permission))).toEqual([]);
  });
});

describe('pickLocale', () => {
  it('defaults to Spanish and accepts English', () => {
    expect(pickLocale(undefined)).toBe('es');
    expect(pickLocale('fr')).toBe('es');
    expect(pickLocale('en')).toBe('en');
    expect(pickLocale('en-US')).toBe('en');
  });
});
