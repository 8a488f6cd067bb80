import { TICKET_STATUS } from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
import {
  agentStatusRows,
  allZero,
  barsHeight,
  DEFAULT_FILTERS,
  dashboardQuery,
  durationTick,
  durationTicks,
  fillHours,
  filtersFromSearch,
  filtersToSearch,
  handlingState,
  hourLabel,
  namedRows,
  numberFormatter,
  percentFormatter,
  serviceLevelState,
  sortCampaigns,
  statusTimeRows,
  ticketStatusRows,
} from './model';

describe('filters in the query string', () => {
  it('read the defaults from an empty or malformed query', () => {
    expect(filtersFromSearch(new URLSearchParams())).toEqual(DEFAULT_FILTERS);
    expect(filtersFromSearch(new URLSearchParams('preset=someday&from=yesterday&campaigns=a,-1,0&user=x'))).toEqual(
      DEFAULT_FILTERS,
    );
  });

  it('round-trip a custom period, campaigns and an agent', () => {
    const filters = { preset: 'custom' as const, from: '2026-03-01', to: '2026-03-10', campaigns: [3, 1], user: 7 };
    const search = filtersToSearch(filters);
    expect(search.toString()).toBe('preset=custom&from=2026-03-01&to=2026-03-10&campaigns=3%2C1&user=7');
    expect(filtersFromSearch(search)).toEqual({ ...filters, campaigns: [1, 3] });
  });

  it('write only what differs from the default, the days only for a custom period', () => {
    expect(filtersToSearch(DEFAULT_FILTERS).toString()).toBe('');
    expect(filtersToSearch({ ...DEFAULT_FILTERS, preset: 'thisMonth', from: '2026-03-01' }).toString()).toBe(
      'preset=thisMonth',
    );
  });

  it('ask the API with comma-separated campaigns, the user only on the user dashboard', () => {
    const filters = { preset: 'custom' as const, from: '2026-03-01', to: '', campaigns: [1, 2], user: 9 };
    expect(dashboardQuery(filters, true)).toEqual({
      preset: 'custom',
      from: '2026-03-01',
      to: undefined,
      campaigns: '1,2',
      user: '9',
    });
    expect(dashboardQuery({ ...filters, preset: 'today' }, false)).toEqual({
      preset: 'today',
      from: undefined,
      to: undefined,
      campaigns: '1,2',
      user: undefined,
    });
  });
});

describe('series from an answer', () => {
  it('fill the 24 local hours', () => {
    const hours = fillHours(
      [
        { hour: 3, count: 2 },
        { hour: 23, count: 1 },
      ],
      (hour) => ({ hour, count: 0 }),
    );
    expect(hours).toHaveLength(24);
    expect(hours[3]).toEqual({ hour: 3, count: 2 });
    expect(hours[4]).toEqual({ hour: 4, count: 0 });
    expect(hours.map((row) => row.hour)).toEqual(Array.from({ length: 24 }, (_, hour) => hour));
    expect(hourLabel(7)).toBe('07');
  });

  it('list every ticket status in order', () => {
    expect(
      ticketStatusRows([
        { status: TICKET_STATUS.closed, count: 4 },
        { status: TICKET_STATUS.new, count: 1 },
      ]),
    ).toEqual([
      { key: 'new', count: 1 },
      { key: 'open', count: 0 },
      { key: 'escalated', count: 0 },
      { key: 'transferred', count: 0 },
      { key: 'closed', count: 4 },
    ]);
    expect(allZero([0, 0])).toBe(true);
    expect(allZero([0, 2])).toBe(false);
  });

  it('put statuses first in their order, then pauses by time, and drop empty ones', () => {
    expect(
      statusTimeRows([
        { status: 'ALMUERZO', seconds: 600 },
        { status: 'G', seconds: 100 },
        { status: 'BANO', seconds: 900 },
        { status: 'A', seconds: 50 },
        { status: 'E', seconds: 0 },
      ]),
    ).toEqual([
      { status: 'A', code: 'A', pause: null, seconds: 50 },
      { status: 'G', code: 'G', pause: null, seconds: 100 },
      { status: 'BANO', code: 'P', pause: 'BANO', seconds: 900 },
      { status: 'ALMUERZO', code: 'P', pause: 'ALMUERZO', seconds: 600 },
    ]);
  });

  it('count agents in every status', () => {
    expect(agentStatusRows([{ status: 'G', count: 2 }])).toEqual([
      { code: 'D', count: 0 },
      { code: 'A', count: 0 },
      { code: 'E', count: 0 },
      { code: 'G', count: 2 },
      { code: 'P', count: 0 },
    ]);
  });

  it('sort named counts largest first, the unnamed last, without zeros', () => {
    expect(
      namedRows([
        { id: null, name: null, count: 9 },
        { id: 1, name: 'Ana', count: 2 },
        { id: 2, name: 'Beto', count: 5 },
        { id: 3, name: 'Ceci', count: 0 },
      ]).map((row) => row.name),
    ).toEqual(['Beto', 'Ana', null]);
  });

  it('sort campaigns busiest first', () => {
    const campaign = (campaignId: number, name: string, tickets: number) => ({
      campaignId,
      name,
      tickets,
      answered: 0,
      answeredInTime: 0,
      serviceLevelPercent: null,
      serviceLevelTarget: 80,
      serviceLevelSeconds: 60,
      averageFirstResponseSeconds: null,
      handled: 0,
      averageHandlingSeconds: null,
      targetHandlingSeconds: 300,
    });
    expect(sortCampaigns([campaign(1, 'B', 1), campaign(2, 'A', 1), campaign(3, 'C', 5)]).map((c) => c.name)).toEqual([
      'C',
      'A',
      'B',
    ]);
  });
});

describe('targets', () => {
  it('meet a service level at or above the target', () => {
    expect(serviceLevelState(80, 80)).toBe('met');
    expect(serviceLevelState(79.9, 80)).toBe('below');
    expect(serviceLevelState(null, 80)).toBe('none');
    expect(serviceLevelState(90, null)).toBe('none');
  });

  it('meet a handling time at or under the target', () => {
    expect(handlingState(300, 300)).toBe('met');
    expect(handlingState(301, 300)).toBe('below');
    expect(handlingState(100, 0)).toBe('none');
    expect(handlingState(null, 300)).toBe('none');
  });
});

describe('numbers in the UI language', () => {
  it('format counts and percentages', () => {
    expect(numberFormatter('es')(12345)).toBe('12.345');
    expect(numberFormatter('en')(12345)).toBe('12,345');
    expect(numberFormatter('en')(null)).toBe('—');
    expect(percentFormatter('en')(87.5)).toBe('87.5%');
    expect(percentFormatter('es')(87.5)).toBe('87,5\u00a0%');
  });

  it('size horizontal charts by their categories', () => {
    expect(barsHeight(0)).toBe(180);
    expect(barsHeight(10)).toBe(380);
    expect(barsHeight(100)).toBe(640);
  });
});

describe('duration axes', () => {
  it('tick on whole seconds, minutes or hours', () => {
    expect(durationTicks(2)).toEqual([0, 1, 2]);
    expect(durationTicks(3000)).toEqual([0, 600, 1200, 1800, 2400, 3000]);
    expect(durationTicks(250)).toEqual([0, 60, 120, 180, 240, 300]);
    expect(durationTicks(0)).toEqual([0, 1]);
  });

  it('name ticks in the UI language', () => {
    expect(durationTick('en')(45)).toBe('45 s');
    expect(durationTick('es')(90)).toBe('1,5 min');
    expect(durationTick('en')(5400)).toBe('1.5 h');
  });
});
