import type { ConditionGroup } from '@atiende/contracts';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { ConditionBuilder } from './ConditionBuilder';
import { type ConditionOptions, conditionErrorsAt, EMPTY_CONDITION_OPTIONS } from './model';

const options: ConditionOptions = {
  ...EMPTY_CONDITION_OPTIONS,
  users: [
    { id: 4, name: 'Andrea Gómez' },
    { id: 5, name: 'Pedro Ruiz' },
  ],
  labels: [{ id: 8, name: 'VIP' }],
  formFields: [{ key: 'reason', label: 'Motivo', type: 'list', options: ['Queja', 'Consulta'] }],
};

/** One condition of each value editor. */
const everyKind: ConditionGroup = {
  match: 'all',
  conditions: [
    { field: 'ticket.status', operator: 'in', type: 'enum', value: [0, 1] },
    { field: 'ticket.assignedUserId', operator: 'equals', type: 'reference', value: 99 },
    { field: 'ticket.createdAt', operator: 'olderThan', type: 'datetime', value: { amount: 2, unit: 'hours' } },
    { field: 'task.count', operator: 'between', type: 'number', value: [1, 3] },
    { field: 'ticket.unread', operator: 'equals', type: 'boolean', value: true },
    {
      match: 'any',
      conditions: [
        { field: 'customer.labels', operator: 'in', type: 'labels', value: [8] },
        { field: 'form.reason', operator: 'equals', type: 'text', value: 'Queja' },
        { field: 'ticket.updatedAt', operator: 'greater', type: 'datetime', value: '2026-11-26T14:30:00Z' },
        { field: 'message.text', operator: 'isEmpty', type: 'text' },
      ],
    },
  ],
};

let root: Root | null = null;
let container: HTMLDivElement;
let changes: ConditionGroup[] = [];

function render(value: ConditionGroup, extra: { forSchedule?: boolean; errors?: Record<string, string> } = {}) {
  changes = [];
  act(() => {
    root ??= createRoot(container);
    root.render(
      <ConditionBuilder
        value={value}
        onChange={(next) => changes.push(next)}
        options={options}
        forSchedule={extra.forSchedule}
        errors={extra.errors}
        testId="cb"
      />,
    );
  });
}

const byTestId = (id: string) => container.querySelector<HTMLElement>(`[data-testid="${id}"]`);
/** What the builder sent last. */
const last = (): ConditionGroup => changes[changes.length - 1];
const click = (id: string) => act(() => byTestId(id)!.click());

beforeEach(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await i18n.changeLanguage('es');
  container = document.createElement('div');
  document.body.appendChild(container);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
});

describe('ConditionBuilder', () => {
  it('renders every kind of value with labelled controls', () => {
    render(everyKind);
    expect(container.querySelectorAll('[role="group"][aria-label^="Condición "]')).toHaveLength(9);
    expect(byTestId('cb-group-5')?.getAttribute('aria-label')).toBe('Grupo de condiciones, nivel 2');
    expect((byTestId('cb-field-0') as HTMLInputElement).value).toBe('Caso · Estado');
    expect((byTestId('cb-field-5-1') as HTMLInputElement).value).toBe('Campos del formulario · Motivo');
    expect(container.textContent).toContain('Abierto');
    // An agent the campaign no longer has is named by its id.
    expect((byTestId('cb-value-1') as HTMLInputElement).value).toBe('No disponible (#99)');
    expect((byTestId('cb-value-2-amount') as HTMLInputElement).value).toBe('2');
    expect((byTestId('cb-value-3-from') as HTMLInputElement).value).toBe('1');
    expect(container.textContent).toContain('VIP');
    // isEmpty takes no value.
    expect(byTestId('cb-value-5-3')).toBeNull();
    // Every input has a label.
    for (const input of container.querySelectorAll('input:not([type="hidden"]):not([aria-hidden="true"])')) {
      const id = input.getAttribute('id');
      const labelled =
        input.getAttribute('aria-label') ||
        input.getAttribute('aria-labelledby') ||
        (id && container.querySelector(`label[for="${id}"]`));
      expect(labelled, input.outerHTML).toBeTruthy();
    }
  });

  it('adds conditions and groups, removes them and switches all / any', () => {
    render(everyKind);
    click('cb-add-condition-root');
    expect(last().conditions).toHaveLength(7);
    click('cb-add-group-5');
    const inner = (last().conditions[5] as ConditionGroup).conditions;
    expect(inner).toHaveLength(5);
    expect(inner[4]).toMatchObject({ match: 'any', conditions: [{ field: 'ticket.status', operator: 'equals' }] });
    click('cb-remove-5-0');
    expect((last().conditions[5] as ConditionGroup).conditions).toHaveLength(3);
    click('cb-remove-group-5');
    expect(last().conditions).toHaveLength(5);
    click('cb-match-any-root');
    expect(last().match).toBe('any');
  });

  it('offers no deeper group at the depth limit', () => {
    render({ match: 'all', conditions: [{ match: 'all', conditions: [{ match: 'all', conditions: [] }] }] });
    expect(byTestId('cb-add-group-root')).not.toBeNull();
    expect(byTestId('cb-add-group-0')).not.toBeNull();
    expect(byTestId('cb-add-group-0-0')).toBeNull();
    expect(container.textContent).toContain('Los grupos se anidan hasta 3 niveles.');
  });

  it('shows messages at the condition they concern and the group’s own above it', () => {
    const errors = conditionErrorsAt(
      {
        conditions: 'Se permiten hasta 50 condiciones',
        'conditions.conditions.3.value.0': 'Ingresa un número',
        'conditions.conditions.5.conditions.1.value': 'Ingresa un valor',
      },
      'conditions',
    );
    render(everyKind, { errors });
    expect(byTestId('cb-error')?.textContent).toBe('Se permiten hasta 50 condiciones');
    expect(byTestId('cb-condition-3')?.textContent).toContain('Ingresa un número');
    expect(byTestId('cb-condition-5-1')?.textContent).toContain('Ingresa un valor');
    expect(byTestId('cb-value-3-from')?.getAttribute('aria-invalid')).toBe('true');
  });

  it('flags changedTo in a rule on a schedule', () => {
    render(
      { match: 'all', conditions: [{ field: 'ticket.status', operator: 'changedTo', type: 'enum', value: 4 }] },
      { forSchedule: true },
    );
    expect(byTestId('cb-condition-0')?.textContent).toContain('«Cambió a» solo se puede usar');
  });
});
