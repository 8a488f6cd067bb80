import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import i18n from '../core/i18n';
import { loadErrorText } from './LoadError';

const failure = (httpStatus: number, message: string) =>
  new ApiError({ statusResult: false, status: 'ERROR', code: null, message, result: undefined, httpStatus });

describe('loadErrorText', () => {
  const t = i18n.getFixedT('en');

  it('passes on the server’s own message for a refused request', () => {
    expect(loadErrorText(failure(403, 'Insufficient permissions'), t)).toBe('Insufficient permissions');
  });

  it('says one translated line for a server failure, a lost connection, a throttle or anything else', () => {
    expect(loadErrorText(failure(500, 'TypeError: x is undefined'), t)).toBe(t('errors.server'));
    expect(loadErrorText(failure(0, 'Failed to fetch'), t)).toBe(t('errors.network'));
    expect(loadErrorText(failure(429, 'Too Many Requests'), t)).toBe(t('errors.rateLimited'));
    expect(loadErrorText(new Error('boom'), t)).toBe(t('errors.unexpected'));
    expect(t('errors.server')).not.toBe('errors.server');
  });
});
