import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadedFormValuesValidator, useSendWithFormValuesValidator } from './formValuesValidator';

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

/** A form whose submit records whether the validator was there when it ran, and the form's value then. */
function Form({ sent }: { sent: { validated: boolean; value: string }[] }) {
  const [value, setValue] = useState('first');
  const send = useSendWithFormValuesValidator(() => {
    sent.push({ validated: loadedFormValuesValidator() !== null, value });
  });
  return (
    <>
      <button type="button" data-testid="edit" onClick={() => setValue('second')} />
      <button type="button" data-testid="send" onClick={send} />
    </>
  );
}

const click = (id: string) => container.querySelector<HTMLButtonElement>(`[data-testid="${id}"]`)?.click();

describe('useSendWithFormValuesValidator', () => {
  it('sends once the validation has loaded, once for a double click, with the form as it is then', async () => {
    expect(loadedFormValuesValidator()).toBeNull();
    const sent: { validated: boolean; value: string }[] = [];
    act(() => {
      root = createRoot(container);
      root.render(<Form sent={sent} />);
    });
    act(() => {
      click('send');
      click('send');
      click('edit');
    });
    expect(sent).toEqual([]);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      await import('./validation');
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(sent).toEqual([{ validated: true, value: 'second' }]);
    // Loaded: the next submit runs at once.
    act(() => click('send'));
    expect(sent).toHaveLength(2);
    expect(loadedFormValuesValidator()).toBeTypeOf('function');
  });
});
