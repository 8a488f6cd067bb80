import { createRoleBodySchema, createUserBodySchema } from '@atiende/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../core/i18n';
import { initialTableQuery, tableQueryParams, toggleSort } from './DataTable';
import { densityStorageKey, readDensity, writeDensity } from './density';
import { formatCompactDateTime, formatDateTime, formatDuration, formatDurationUnits } from './format';
import { checkImageFile } from './image';
import { issuesToErrors } from './validation';

const t = (key: string, options?: { count?: number }) =>
  options?.count !== undefined ? `${key}:${options.count}` : key;

describe('issuesToErrors', () => {
  it('translates i18n: messages and maps common zod issues to validation keys', () => {
    const parsed = createUserBodySchema.safeParse({
      name: '',
      email: 'not-an-email',
      password: 'short',
      password_confirmation: 'other',
      roleIds: [],
      username: 'bad name!',
    });
    expect(parsed.success).toBe(false);
    const errors = issuesToErrors(parsed.error?.issues ?? [], t);
    expect(errors.name).toBe('validation.minLength:2');
    expect(errors.email).toBe('validation.email');
    expect(errors.password).toBe('validation.minLength:8');
    expect(errors.roleIds).toBe('validation.minItems:1');
    expect(errors.username).toBe('users.usernameFormat');
  });

  it('uses the role slug message key', () => {
    const parsed = createRoleBodySchema.safeParse({ name: 'Bad Name', label: 'Quality' });
    expect(issuesToErrors(parsed.error?.issues ?? [], t).name).toBe('roles.nameFormat');
  });

  it('shows the text rule of contracts, translated, for characters that are not text (es and en)', () => {
    const parsed = createUserBodySchema.safeParse({
      name: 'Ana\u0000 Pérez',
      email: 'ana@atiende.test',
      password: 'Secreta.2026',
      password_confirmation: 'Secreta.2026',
      roleIds: [2],
      address: 'Calle 1\nApto 2',
    });
    const issues = parsed.error?.issues ?? [];
    expect(issuesToErrors(issues, i18n.getFixedT('es'))).toEqual({
      name: 'Contiene caracteres que no están permitidos',
      address: 'Contiene caracteres que no están permitidos',
    });
    expect(issuesToErrors(issues, i18n.getFixedT('en')).name).toBe('Contains characters that are not allowed');
  });
});

describe('table query helpers', () => {
  it('toggles the order on the same column and resets the page', () => {
    const query = { ...initialTableQuery('name'), page: 3 };
    expect(toggleSort(query, 'name')).toMatchObject({ sortName: 'name', sortOrder: 'desc', page: 1 });
    expect(toggleSort({ ...query, sortOrder: 'desc' }, 'email')).toMatchObject({ sortName: 'email', sortOrder: 'asc' });
  });

  it('leaves out an empty search', () => {
    expect(tableQueryParams(initialTableQuery('name'))).not.toHaveProperty('searchText');
    expect(tableQueryParams({ ...initialTableQuery('name'), searchText: ' ana ' }).searchText).toBe('ana');
  });
});

describe('density storage', () => {
  afterEach(() => localStorage.clear());
  it('remembers the density per table and ignores junk', () => {
    expect(readDensity('users')).toBe('medium');
    writeDensity('users', 'small');
    expect(readDensity('users')).toBe('small');
    expect(readDensity('other')).toBe('medium');
    localStorage.setItem(densityStorageKey('users'), 'huge');
    expect(readDensity('users')).toBe('medium');
  });
});

describe('checkImageFile', () => {
  it('accepts png/jpeg/webp up to 2 MiB', () => {
    expect(checkImageFile({ type: 'image/png', size: 1000 })).toBeNull();
    expect(checkImageFile({ type: 'image/gif', size: 1000 })).toBe('upload.invalidType');
    expect(checkImageFile({ type: 'image/webp', size: 2 * 1024 * 1024 + 1 })).toBe('upload.tooLarge');
  });
});

describe('format helpers', () => {
  it('formats dates', () => {
    expect(formatDateTime('nope', 'es')).toBe('');
    expect(formatDateTime('2026-01-02T10:00:00Z', 'en')).toContain('2026');
  });

  it('drops the year of a compact date and time only within the current year', () => {
    const now = new Date(2026, 10, 26, 9, 0);
    const thisYear = new Date(2026, 10, 26, 14, 40).toISOString();
    const lastYear = new Date(2025, 10, 26, 14, 40).toISOString();
    expect(formatCompactDateTime(thisYear, 'es', now)).toBe('26 nov, 14:40');
    expect(formatCompactDateTime(thisYear, 'en', now)).toBe('Nov 26, 2:40 PM');
    expect(formatCompactDateTime(lastYear, 'es', now)).toContain('2025');
    expect(formatCompactDateTime(null, 'es', now)).toBe('');
  });
});

describe('formatDuration', () => {
  it('writes hh:mm:ss, hours past a day included', () => {
    expect(formatDuration(0)).toBe('00:00:00');
    expect(formatDuration(59)).toBe('00:00:59');
    expect(formatDuration(3661)).toBe('01:01:01');
    expect(formatDuration(27 * 3600 + 5)).toBe('27:00:05');
    expect(formatDuration(12.9)).toBe('00:00:12');
  });

  it('reads invalid or negative values as zero', () => {
    expect(formatDuration(null)).toBe('00:00:00');
    expect(formatDuration(undefined)).toBe('00:00:00');
    expect(formatDuration(-5)).toBe('00:00:00');
    expect(formatDuration(Number.NaN)).toBe('00:00:00');
  });
});

describe('formatDurationUnits', () => {
  it('writes hours and minutes, minutes and seconds, or seconds', () => {
    expect(formatDurationUnits(35)).toBe('35 s');
    expect(formatDurationUnits(250)).toBe('4 min 10 s');
    expect(formatDurationUnits(240)).toBe('4 min');
    expect(formatDurationUnits(3900)).toBe('1 h 05 min');
    expect(formatDurationUnits(30 * 3600)).toBe('30 h 00 min');
  });

  it('reads invalid or negative values as zero seconds', () => {
    expect(formatDurationUnits(null)).toBe('0 s');
    expect(formatDurationUnits(-1)).toBe('0 s');
    expect(formatDurationUnits(Number.NaN)).toBe('0 s');
  });
});
