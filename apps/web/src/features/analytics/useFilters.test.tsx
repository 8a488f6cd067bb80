import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DashboardFilters } from './model';
import { useDashboardFilters } from './useFilters';

let root: Root | null = null;
let container: HTMLDivElement;

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  container = document.createElement('div');
  document.body.appendChild(container);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
});

describe('useDashboardFilters', () => {
  it('keeps two quick changes made with the first render’s setter (a control that kept an old handler)', () => {
    const setters: ((patch: Partial<DashboardFilters>) => void)[] = [];
    let search = '';
    function Probe() {
      setters.push(useDashboardFilters().setFilters);
      search = useLocation().search;
      return null;
    }
    act(() => {
      root = createRoot(container);
      root.render(
        <MemoryRouter initialEntries={['/dashboard?preset=last30Days']}>
          <Probe />
        </MemoryRouter>,
      );
    });
    const first = setters[0];
    act(() => first({ preset: 'thisYear' }));
    expect(search).toBe('?preset=thisYear');
    // The same, first render's setter again: the period chosen just before stays.
    act(() => first({ campaigns: [1] }));
    expect(new URLSearchParams(search).get('preset')).toBe('thisYear');
    expect(new URLSearchParams(search).get('campaigns')).toBe('1');
  });
});
