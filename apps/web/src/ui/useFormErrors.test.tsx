import { act, type FormEvent, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import i18n from '../core/i18n';
import { FormField } from './FormField';
import { IdMultiSelect } from './IdMultiSelect';
import { RichTextEditor } from './RichTextEditor';
import { type FieldErrors, type FormErrors, firstInvalid, useFormErrors, valueAt } from './useFormErrors';

const schema = z.object({
  name: z.string().trim().min(2),
  email: z.email(),
  agents: z.array(z.object({ userId: z.number().int().positive() })),
});
type Values = z.input<typeof schema>;

let root: Root | null = null;
let container: HTMLDivElement;
let api: FormErrors | null = null;
let setValues: ((change: (values: Values) => Values) => void) | null = null;

beforeEach(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await i18n.changeLanguage('en');
  container = document.createElement('div');
  document.body.appendChild(container);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  api = null;
  container.remove();
  vi.restoreAllMocks();
});

/**
 * A long form whose page order (email, name, the agent's user, the script) differs from the schema's key order,
 * so "first" can only mean first in the page. `rules` adds a check the schema lacks.
 */
function Harness({ rules }: { rules?: (values: Values) => FieldErrors }) {
  const [values, set] = useState<Values>({ name: '', email: '', agents: [{ userId: 0 }] });
  const form = useFormErrors({ values, schema, rules });
  api = form;
  setValues = set;
  const { errors } = form;
  return (
    <form
      ref={form.formRef}
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        form.check();
      }}
    >
      <FormField
        label="Email"
        value={values.email}
        onValueChange={(email) => set((current) => ({ ...current, email }))}
        error={errors.email}
        testId="email"
      />
      <FormField
        label="Name"
        value={values.name}
        onValueChange={(name) => set((current) => ({ ...current, name }))}
        error={errors.name}
        testId="name"
      />
      <IdMultiSelect
        label="Agent"
        value={values.agents.map((agent) => agent.userId).filter((id) => id > 0)}
        options={[{ id: 7, label: 'Ana' }]}
        onChange={(ids) => set((current) => ({ ...current, agents: [{ userId: ids[0] ?? 0 }] }))}
        error={errors['agents.0.userId']}
        testId="agent"
      />
      <RichTextEditor label="Script" value="" onChange={() => undefined} error={errors.script} testId="script" />
      <button type="submit" data-testid="submit">
        Save
      </button>
    </form>
  );
}

function renderHarness(rules?: (values: Values) => FieldErrors) {
  act(() => {
    root = createRoot(container);
    root.render(<Harness rules={rules} />);
  });
}

const byTestId = <T extends HTMLElement = HTMLElement>(id: string) =>
  container.querySelector<T>(`[data-testid="${id}"]`) as T;

function type(input: HTMLInputElement, value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const submit = () => act(() => byTestId('submit').click());

function check(): boolean {
  let valid = false;
  act(() => {
    valid = api?.check() ?? false;
  });
  return valid;
}

describe('useFormErrors', () => {
  it('shows the schema errors on submit and takes each away once its field is valid', () => {
    renderHarness();
    submit();
    expect(api?.errors).toEqual({
      name: 'Must be at least 2 characters',
      email: 'Enter a valid email address',
      'agents.0.userId': expect.any(String),
    });
    expect(byTestId('name').getAttribute('aria-invalid')).toBe('true');

    type(byTestId('name'), 'Ana');
    expect(api?.errors.name).toBeUndefined();
    expect(byTestId('name').getAttribute('aria-invalid')).toBe('false');
    // The others were not touched: still there.
    expect(Object.keys(api?.errors ?? {})).toEqual(['email', 'agents.0.userId']);

    // A nested key goes once its value is valid.
    act(() => setValues?.((values) => ({ ...values, agents: [{ userId: 7 }] })));
    expect(Object.keys(api?.errors ?? {})).toEqual(['email']);
  });

  it('keeps the error of a field that is still invalid, with the message of its current value', () => {
    renderHarness();
    submit();
    type(byTestId('email'), 'ana@');
    expect(api?.errors.email).toBe('Enter a valid email address');
    type(byTestId('name'), 'A');
    expect(api?.errors.name).toBe('Must be at least 2 characters');
    type(byTestId('name'), '');
    expect(api?.errors.name).toBe('Must be at least 2 characters');
    // Emptied again after being fixed: the field shows its problem again.
    type(byTestId('name'), 'Ana');
    expect(api?.errors.name).toBeUndefined();
    type(byTestId('name'), '');
    expect(api?.errors.name).toBeDefined();
  });

  it('keeps a message only the server gave until the field changes, and checks the form’s own rules', () => {
    renderHarness(
      (values): FieldErrors => (values.name.trim().toLowerCase() === 'root' ? { name: 'Reserved name' } : {}),
    );
    type(byTestId('name'), 'Ana');
    type(byTestId('email'), 'ana@atiende.test');
    act(() => setValues?.((values) => ({ ...values, agents: [{ userId: 7 }] })));
    expect(check()).toBe(true);

    act(() => api?.show({ email: 'Already in use', 'agents.0.userId': 'Unknown user' }));
    // The client's rules accept both values, but the server said no: the messages stay.
    type(byTestId('name'), 'Anabel');
    expect(api?.errors).toEqual({ email: 'Already in use', 'agents.0.userId': 'Unknown user' });
    type(byTestId('email'), 'anabel@atiende.test');
    expect(api?.errors).toEqual({ 'agents.0.userId': 'Unknown user' });

    type(byTestId('name'), 'root');
    expect(check()).toBe(false);
    expect(api?.errors).toEqual({ name: 'Reserved name' });
    type(byTestId('name'), 'Rosa');
    expect(api?.errors).toEqual({});
  });

  it('clears one field or all of them on demand', () => {
    renderHarness();
    submit();
    act(() => api?.clear('email'));
    expect(Object.keys(api?.errors ?? {})).toEqual(['name', 'agents.0.userId']);
    act(() => api?.reset());
    expect(api?.errors).toEqual({});
  });

  it('scrolls to and focuses the first invalid field in page order, not in the order of the errors', () => {
    const scrolled: Element[] = [];
    vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement) {
      scrolled.push(this);
    });
    renderHarness();
    submit();
    // The errors list name first; email comes first in the page.
    const email = byTestId<HTMLInputElement>('email');
    expect(document.activeElement).toBe(email);
    expect(scrolled).toHaveLength(1);
    expect(scrolled[0]?.contains(email)).toBe(true);

    // Only the select left: its control (not the hidden native input) gets the focus.
    type(email, 'ana@atiende.test');
    type(byTestId('name'), 'Ana');
    submit();
    expect(document.activeElement).toBe(byTestId('agent'));
    expect(byTestId('agent').getAttribute('role')).toBe('combobox');
    expect(scrolled).toHaveLength(2);
  });

  it('does not move the focus again while the user fixes the fields', () => {
    const scroll = vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(() => undefined);
    renderHarness();
    submit();
    const name = byTestId<HTMLInputElement>('name');
    act(() => name.focus());
    type(name, 'Ana');
    type(byTestId('email'), 'x');
    expect(document.activeElement).toBe(name);
    expect(scroll).toHaveBeenCalledTimes(1);
  });

  it('finds the rich text editor as an invalid field', () => {
    renderHarness();
    act(() => api?.show({ script: 'Required' }));
    const editor = byTestId('script');
    expect(editor.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(editor);
  });
});

describe('firstInvalid', () => {
  it('skips hidden elements and reaches the control of a group whose only mark is its error text', () => {
    const box = document.createElement('div');
    box.innerHTML = `
      <input aria-invalid="true" aria-hidden="true" tabindex="-1" data-testid="hidden" />
      <div class="MuiFormControl-root">
        <label><input type="checkbox" data-testid="check" /> Accept</label>
        <p class="MuiFormHelperText-root Mui-error">Required</p>
      </div>
      <input aria-invalid="true" data-testid="later" />`;
    const found = firstInvalid(box);
    expect(found?.focus?.getAttribute('data-testid')).toBe('check');
    expect(found?.scroll.className).toBe('MuiFormControl-root');
  });

  it('scrolls to a list-wide error marked data-invalid even when it has no control', () => {
    const box = document.createElement('div');
    box.innerHTML = `<p data-invalid="true" data-testid="list">Add at least one agent</p><input aria-invalid="true" />`;
    const found = firstInvalid(box);
    expect(found?.scroll.getAttribute('data-testid')).toBe('list');
    expect(found?.focus).toBeNull();
  });
});

describe('valueAt', () => {
  it('reads dotted paths through objects and arrays', () => {
    expect(valueAt({ agents: [{ userId: 3 }] }, 'agents.0.userId')).toBe(3);
    expect(valueAt({ agents: [] }, 'agents.0.userId')).toBeUndefined();
    expect(valueAt({ name: 'x' }, '_')).toBeUndefined();
  });
});
