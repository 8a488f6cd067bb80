import { describe, expect, it } from 'vitest';
import { campaignDashboardQuerySchema, DATE_PRESETS, daysInRange, presetRange } from './analytics.js';

describe('date presets', () => {
  // Thursday 2026-11-26.
  const today = '2026-11-26';
  it.each([
    ['today', '2026-11-26', '2026-11-26'],
    ['yesterday', '2026-11-25', '2026-11-25'],
    ['thisWeek', '2026-11-23', '2026-11-26'],
    ['lastWeek', '2026-11-16', '2026-11-22'],
    ['last7Days', '2026-11-20', '2026-11-26'],
    ['thisMonth', '2026-11-01', '2026-11-26'],
    ['lastMonth', '2026-10-01', '2026-10-31'],
    ['last30Days', '2026-10-28', '2026-11-26'],
    ['last3Months', '2026-09-01', '2026-11-26'],
    ['last90Days', '2026-08-29', '2026-11-26'],
    ['last6Months', '2026-06-01', '2026-11-26'],
    ['thisYear', '2026-01-01', '2026-11-26'],
  ] as const)('%s is %s to %s', (preset, from, to) => {
    expect(presetRange(preset, today)).toEqual({ from, to });
  });

  it('cross years and leap days, and start weeks on Monday', () => {
    expect(presetRange('lastMonth', '2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetRange('lastMonth', '2024-03-31')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(presetRange('thisWeek', '2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-23' });
    expect(presetRange('thisWeek', '2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(presetRange('last3Months', '2026-02-10')).toEqual({ from: '2025-12-01', to: '2026-02-10' });
  });

  it('every preset but custom has a range no longer than a dashboard allows', () => {
    for (const preset of DATE_PRESETS) {
      if (preset === 'custom') continue;
      const { from, to } = presetRange(preset, '2024-12-31');
      expect(daysInRange(from, to)).toBeLessThanOrEqual(367);
    }
  });

  it('a custom range needs both days, in order, up to 367 days', () => {
    const parse = (query: Record<string, string>) => campaignDashboardQuerySchema.safeParse(query);
    expect(parse({ preset: 'custom', from: '2026-01-01', to: '2026-01-31' }).success).toBe(true);
    expect(parse({ preset: 'custom', from: '', to: '2026-01-31' }).error?.issues[0].path).toEqual(['from']);
    expect(parse({ preset: 'custom', from: '2026-02-01', to: '2026-01-31' }).error?.issues[0].message).toBe(
      'i18n:analytics.rangeOrder',
    );
    expect(parse({ preset: 'custom', from: '2025-01-01', to: '2026-01-03' }).error?.issues[0].message).toBe(
      'i18n:analytics.rangeTooLong',
    );
    expect(parse({ preset: 'thisMonth', campaigns: '3,4' }).data?.campaigns).toEqual([3, 4]);
  });
});
