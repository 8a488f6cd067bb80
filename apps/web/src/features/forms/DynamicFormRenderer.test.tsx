import { type FormField, formFieldSchema } from '@atiende/contracts';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../core/i18n';
import { choosePath, DynamicFormRenderer, levelsOf } from './DynamicFormRenderer';
import type { FormValues } from './model';
import { listsToMap } from './model';
import { validateFormValues } from './validation';

const field = (overrides: Partial<FormField> & Pick<FormField, 'key' | 'type'>): FormField =>
  formFieldSchema.parse({ label: overrides.key, ...overrides }) as FormField;

const tree = [
  { label: 'Norte', children: [{ label: 'Bogotá' }, { label: 'Tunja' }] },
  { label: 'Sur', children: [{ label: 'Pasto' }] },
];
const t = (key: string) => key;

describe('multi-level values', () => {
  it('offers the levels of the chosen path and drops deeper choices on change', () => {
    expect(levelsOf(tree, []).map((level) => level.length)).toEqual([2]);
    expect(levelsOf(tree, ['Norte']).map((level) => level.map((o) => o.label))).toEqual([
      ['Norte', 'Sur'],
      ['Bogotá', 'Tunja'],
    ]);
    expect(levelsOf(tree, ['Norte', 'Bogotá'])).toHaveLength(2);
    expect(choosePath(['Norte', 'Bogotá'], 0, 'Sur')).toEqual(['Sur']);
    expect(choosePath(['Norte', 'Bogotá'], 1, '')).toEqual(['Norte']);
  });
});

describe('validateFormValues', () => {
  const fields = [
    field({ key: 'motivo', type: 'list', required: true, reusableListId: 7 }),
    field({ key: 'correo', type: 'email' }),
    field({ key: 'zona', type: 'multilevel', options: tree }),
    field({ key: 'acepta', type: 'checkbox', required: true }),
  ];
  const lists = listsToMap([{ id: 7, options: [{ label: 'Compra' }, { label: 'Queja' }] }]);

  it('returns translated messages by field key', () => {
    const errors = validateFormValues(
      fields,
      lists,
      { motivo: 'Otro', correo: 'x', zona: ['Norte', 'Cali'], acepta: false },
      t,
    );
    expect(errors).toEqual({
      motivo: 'forms.valueOption',
      correo: 'forms.valueEmail',
      zona: 'forms.valueOption',
      acepta: 'forms.valueRequired',
    });
  });

  it('refuses control characters in filled text; a text area keeps its line breaks, a text field may not', () => {
    const texts = [field({ key: 'nombre', type: 'text' }), field({ key: 'detalle', type: 'textarea' })];
    expect(validateFormValues(texts, lists, { nombre: 'Ana\u0000', detalle: 'uno\u0007' }, t)).toEqual({
      nombre: 'validation.invalidCharacters',
      detalle: 'validation.invalidCharacters',
    });
    expect(validateFormValues(texts, lists, { nombre: 'Ana\nPérez', detalle: 'uno\ndos' }, t)).toEqual({
      nombre: 'validation.invalidCharacters',
    });
    expect(validateFormValues(texts, lists, { nombre: 'Ana Pérez', detalle: 'uno\r\n\tdos' }, t)).toEqual({});
  });

  it('accepts valid values (reusable list options resolved)', () => {
    const values = { motivo: 'Queja', correo: '', zona: ['Sur', 'Pasto'], acepta: true };
    expect(validateFormValues(fields, lists, values, t)).toEqual({});
  });
});

describe('DynamicFormRenderer', () => {
  let container: HTMLDivElement | null = null;
  afterEach(() => {
    container?.remove();
    container = null;
  });

  it('renders inputs by type and reports changed values', async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const fields = [
      field({ key: 'nombre', type: 'text', description: 'Nombre completo' }),
      field({ key: 'acepta', type: 'checkbox' }),
      field({ key: 'fecha', type: 'date' }),
    ];
    let values: FormValues = { nombre: 'Ana', acepta: false, fecha: '2026-03-05' };
    const changes: FormValues[] = [];
    container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    const render = () =>
      root.render(
        <DynamicFormRenderer
          fields={fields}
          values={values}
          errors={{ fecha: 'Enter a valid date' }}
          onChange={(next) => {
            changes.push(next);
            values = next;
          }}
        />,
      );
    await act(async () => render());
    const text = container.querySelector<HTMLInputElement>('[data-testid="dynamic-field-nombre"]');
    const date = container.querySelector<HTMLInputElement>('[data-testid="dynamic-field-fecha"]');
    const check = container.querySelector<HTMLInputElement>('[data-testid="dynamic-field-acepta"]');
    expect(text?.value).toBe('Ana');
    // Before it is used the date field is a preview with the value as the picker shows it (Spanish: day first); the
    // pickers' code is not loaded with the form.
    expect(date?.value).toBe('05/03/2026');
    expect(date?.readOnly).toBe(true);
    expect(container.querySelector('[role="group"]')).toBeNull();
    // Focused, it becomes the localised picker (not the browser's native date input), with the same value.
    await act(async () => date?.focus());
    await vi.waitFor(() => expect(container?.querySelector('[role="group"]')).not.toBeNull());
    const picker = container.querySelector<HTMLInputElement>('[data-testid="dynamic-field-fecha"]');
    expect(picker?.value).toBe('05/03/2026');
    expect(picker?.readOnly).toBe(false);
    expect(check?.type).toBe('checkbox');
    expect(container.textContent).toContain('Nombre completo');
    expect(container.textContent).toContain('Enter a valid date');

    await act(async () => {
      check?.click();
    });
    expect(changes.at(-1)).toEqual({ nombre: 'Ana', acepta: true, fecha: '2026-03-05' });

    await act(async () => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setter?.call(text, 'Ana María');
      text?.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(changes.at(-1)?.nombre).toBe('Ana María');
    await act(async () => root.unmount());
  });
});
