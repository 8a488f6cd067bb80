import { dynamicFormBodySchema, reusableListBodySchema } from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
import {
  addOption,
  type BuilderState,
  builderToBody,
  builderToFields,
  cleanOptions,
  compactValues,
  formToBuilder,
  initialValues,
  listFormToBody,
  move,
  moveOption,
  newField,
  optionErrorPath,
  relabel,
  removeOption,
  setOptionLabel,
  slugifyKey,
  uniqueKey,
} from './model';

describe('field keys', () => {
  it('slugs labels to valid keys (accents, spaces, symbols, leading digits)', () => {
    expect(slugifyKey('Motivo de la llamada')).toBe('motivo_de_la_llamada');
    expect(slugifyKey('  Teléfono / Móvil  ')).toBe('telefono_movil');
    expect(slugifyKey('¿Año?')).toBe('ano');
    expect(slugifyKey('2 opciones')).toBe('opciones');
    expect(slugifyKey('***')).toBe('');
    expect(slugifyKey('a'.repeat(80))).toHaveLength(60);
    for (const key of ['motivo_de_la_llamada', 'telefono_movil', 'ano']) {
      expect(key).toMatch(/^[a-z][a-z0-9_]{0,59}$/);
    }
  });

  it('makes keys unique with a numeric suffix', () => {
    expect(uniqueKey('motivo', [])).toBe('motivo');
    expect(uniqueKey('motivo', ['motivo', 'motivo_2'])).toBe('motivo_3');
    expect(uniqueKey('', [])).toBe('field');
  });

  it('follows the label until the key is edited by hand', () => {
    const fields = [newField(), newField(['field'])];
    const first = relabel(fields, 0, 'Ciudad');
    expect(first[0]?.key).toBe('ciudad');
    const second = relabel(first, 1, 'Ciudad');
    expect(second[1]?.key).toBe('ciudad_2');
    const edited = [{ ...(second[0] as (typeof second)[number]), keyEdited: true, key: 'mi_clave' }, second[1]];
    expect(relabel(edited as typeof second, 0, 'Otra cosa')[0]?.key).toBe('mi_clave');
  });
});

describe('builder state and API body', () => {
  const state: BuilderState = {
    name: 'Encuesta',
    description: '  ',
    requireNotes: true,
    requireNextTask: false,
    enabled: true,
    fields: [
      { ...newField(), key: 'motivo', label: 'Motivo', type: 'list', options: [{ label: 'Compra', children: [] }] },
      {
        ...newField(),
        key: 'zona',
        label: 'Zona',
        type: 'multilevel',
        options: [{ label: 'Norte', children: [{ label: 'Bogotá' }] }],
      },
      {
        ...newField(),
        key: 'lista',
        label: 'Lista',
        type: 'radio',
        optionSource: 'list',
        reusableListId: 4,
        options: [{ label: 'x' }],
      },
      { ...newField(), key: 'nota', label: 'Nota', type: 'text', options: [{ label: 'ignored' }], reusableListId: 9 },
    ],
  };

  it('numbers the order, keeps options only where they belong and blanks become null', () => {
    const body = builderToBody(state);
    expect(body.description).toBeNull();
    expect(body.fields.map((field) => field.order)).toEqual([0, 1, 2, 3]);
    expect(body.fields[0]?.options).toEqual([{ label: 'Compra' }]);
    expect(body.fields[1]?.options).toEqual([{ label: 'Norte', children: [{ label: 'Bogotá' }] }]);
    expect(body.fields[2]).toMatchObject({ options: [], reusableListId: 4 });
    expect(body.fields[3]).toMatchObject({ options: [], reusableListId: null, defaultValue: null });
    expect(dynamicFormBodySchema.safeParse(body).success).toBe(true);
  });

  it('round-trips through the API shape', () => {
    const fields = builderToFields(state);
    const back = formToBuilder({
      id: 1,
      name: state.name,
      description: null,
      requireNotes: true,
      requireNextTask: false,
      enabled: true,
      fields: [...fields].reverse(),
      campaigns: [],
      createdAt: '',
      updatedAt: '',
    });
    expect(back.fields.map((field) => field.key)).toEqual(['motivo', 'zona', 'lista', 'nota']);
    expect(back.fields[2]).toMatchObject({ optionSource: 'list', reusableListId: 4, keyEdited: true });
    expect(builderToBody(back).fields).toEqual(builderToBody(state).fields);
  });

  it('moves items within bounds', () => {
    expect(move([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(move([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(move([1, 2, 3], 2, -2)).toEqual([3, 1, 2]);
  });
});

describe('option trees', () => {
  it('adds, relabels, moves and removes nested options', () => {
    let tree = addOption([], []);
    tree = setOptionLabel(tree, [0], 'Norte');
    tree = addOption(tree, [0]);
    tree = setOptionLabel(tree, [0, 0], 'Bogotá');
    tree = addOption(tree, [0]);
    tree = setOptionLabel(tree, [0, 1], 'Tunja');
    expect(tree).toEqual([{ label: 'Norte', children: [{ label: 'Bogotá' }, { label: 'Tunja' }] }]);
    tree = moveOption(tree, [0, 1], -1);
    expect(tree[0]?.children?.map((node) => node.label)).toEqual(['Tunja', 'Bogotá']);
    tree = removeOption(tree, [0, 0]);
    expect(tree).toEqual([{ label: 'Norte', children: [{ label: 'Bogotá' }] }]);
    expect(cleanOptions(tree, false)).toEqual([{ label: 'Norte' }]);
  });

  it('names errors as the API does', () => {
    expect(optionErrorPath([1])).toBe('options.1');
    expect(optionErrorPath([1, 0, 2])).toBe('options.1.children.0.children.2');
  });

  it('reusable list body refuses empty options with the spec message', () => {
    const body = listFormToBody({
      name: 'Ciudades',
      description: '',
      type: 'list',
      alphabeticalOrder: false,
      enabled: true,
      options: [{ label: '' }],
    });
    const parsed = reusableListBodySchema.safeParse(body);
    expect(parsed.error?.issues[0]?.message).toBe('i18n:forms.emptyFieldsOrOptions');
    expect(parsed.error?.issues[0]?.path).toEqual(['options', 0, 'label']);
  });
});

describe('rendered form values', () => {
  it('starts from default values with the right type per field', () => {
    const fields = builderToFields({
      ...(undefined as unknown as BuilderState),
      name: 'x',
      description: '',
      requireNotes: false,
      requireNextTask: false,
      enabled: true,
      fields: [
        { ...newField(), key: 'acepta', type: 'checkbox', defaultValue: 'true' },
        { ...newField(), key: 'zona', type: 'multilevel', defaultValue: 'Norte / Bogotá' },
        { ...newField(), key: 'nota', type: 'text', defaultValue: '' },
      ],
    });
    expect(initialValues(fields)).toEqual({ acepta: true, zona: ['Norte', 'Bogotá'], nota: '' });
    expect(compactValues({ acepta: false, zona: [], nota: '' })).toEqual({ acepta: false });
  });
});
