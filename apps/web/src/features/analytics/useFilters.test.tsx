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

/** Every setter the hook gave, render after render, and the address as last rendered. */
const seen: { setters: ((patch: Partial<DashboardFilters>) => void)[]; search: string } = { setters: [], search: '' };

function Probe() {
  seen.setters.push(useDashboardFilters().setFilters);
  seen.search = useLocation().search;
  return null;
}

describe('useDashboardFilters', () => {
  it('keeps two quick changes made with the first render’s setter (a control that kept an old handler)', () => {
    act(() => {
      root = createRoot(container);
      root.render(
        <MemoryRouter initialEntries={['/dashboard?preset=last30Days']}>
          <Probe />
        </MemoryRouter>,
      );
    });
    const first = seen.setters[0];
    act(() => first({ preset: 'thisYear' }));
    expect(seen.search).toBe('?preset=thisYear');
    // The same, first render's setter again: the period chosen just before stays.
    act(() => first({ campaigns: [1] }));
    expect(new URLSearchParams(seen.search).get('preset')).toBe('thisYear');
    expect(new URLSearchParams(seen.search).get('campaigns')).toBe('1');
  });
});
