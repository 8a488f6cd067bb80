import { act } from 'react';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../core/i18n';
import { byTestId, mount, settle, type, waitUntil } from '../test/dom';
import { AutocompleteWhenUsed, type FieldStart } from './AutocompleteWhenUsed';

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

const field = (id: string) => byTestId(id) as HTMLInputElement;

describe('a search field that becomes an Autocomplete when used', () => {
  it('Enter before the Autocomplete arrives goes to onEnter with the trimmed text, and the module is asked for once', async () => {
    await i18n.changeLanguage('en');
    const load = vi.fn(() => new Promise<never>(() => {}));
    const onEnter = vi.fn();
    root = mount(
      <AutocompleteWhenUsed load={load} placeholder="Search" ariaLabel="Search" testId="probe" onEnter={onEnter}>
        {() => null}
      </AutocompleteWhenUsed>,
    ).root;
    const standIn = field('probe');
    act(() => standIn.focus());
    type(standIn, '  camp ');
    act(() => {
      standIn.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
    expect(onEnter).toHaveBeenCalledWith('camp');
    // Hover, focus and typing asked for the module once.
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed download leaves the stand-in usable and is tried again on the next focus', async () => {
    let attempts = 0;
    const starts: FieldStart[] = [];
    const load = () => {
      attempts += 1;
      return attempts === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ Real: 'loaded' });
    };
    root = mount(
      <AutocompleteWhenUsed load={load} placeholder="Campaign" ariaLabel="Campaign" testId="probe" value="Ventas">
        {(module, start) => {
          starts.push(start);
          return <span data-testid="real">{module.Real}</span>;
        }}
      </AutocompleteWhenUsed>,
    ).root;
    const standIn = field('probe');
    // The selected option's label shows, and is not typed text.
    expect(standIn.value).toBe('Ventas');
    act(() => standIn.focus());
    await settle();
    expect(byTestId('real')).toBeNull();
    act(() => standIn.blur());
    act(() => {
      standIn.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
      standIn.focus();
    });
    await waitUntil(() => byTestId('real') !== null);
    expect(attempts).toBe(2);
    expect(starts.at(-1)).toEqual({ text: '', focused: true, open: true });
  });
});
