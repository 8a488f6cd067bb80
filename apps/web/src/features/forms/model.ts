import {
  type DynamicForm,
  type DynamicFormBody,
  FIELD_TYPES,
  type FieldType,
  type FormField,
  type FormValue,
  OPTION_FIELD_TYPES,
  type OptionNode,
  type ReusableList,
  type ReusableListBody,
} from '@atiende/contracts';

export type ListOptions = ReadonlyMap<number, OptionNode[]>;

/** `GET dynamic-forms/:id`'s `lists` as the map the renderer and buildFormValuesSchema take. */
export function listsToMap(lists: readonly { id: number; options: OptionNode[] }[] | undefined): ListOptions {
  return new Map((lists ?? []).map((list) => [list.id, list.options]));
}

export { FIELD_TYPES };

/** The spec's message for empty fields and/or options (translation key). */
export const EMPTY_KEY = 'forms.emptyFieldsOrOptions';

/** A field key from a label: lowercase ASCII, digits and underscores, starting with a letter, at most 60 chars. */
export function slugifyKey(label: string): string {
  const slug = label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .replace(/^[0-9_]+/, '');
  return slug.slice(0, 60).replace(/_+$/, '');
}

/** `base`, or `base_2`, `base_3`… so that it is not in `taken`. */
export function uniqueKey(base: string, taken: readonly string[]): string {
  const root = base || 'field';
  if (!taken.includes(root)) return root;
  for (let n = 2; ; n++) {
    const suffix = `_${n}`;
    const candidate = `${root.slice(0, 60 - suffix.length)}${suffix}`;
    if (!taken.includes(candidate)) return candidate;
  }
}

let uidCounter = 0;
export function newUid(): string {
  uidCounter += 1;
  return `f${uidCounter}`;
}

export type OptionSource = 'own' | 'list';

/** A field row of the form builder. */
export interface BuilderField {
  uid: string;
  key: string;
  /** The key was typed by hand: the label no longer rewrites it. */
  keyEdited: boolean;
  label: string;
  description: string;
  type: FieldType;
  required: boolean;
  alphabeticalOrder: boolean;
  defaultValue: string;
  optionSource: OptionSource;
  options: OptionNode[];
  reusableListId: number | null;
}

export interface BuilderState {
  name: string;
  description: string;
  requireNotes: boolean;
  requireNextTask: boolean;
  enabled: boolean;
  fields: BuilderField[];
}

export const hasOptions = (type: FieldType) => OPTION_FIELD_TYPES.includes(type);

export function newField(taken: readonly string[] = []): BuilderField {
  return {
    uid: newUid(),
    key: uniqueKey('field', taken),
    keyEdited: false,
    label: '',
    description: '',
    type: 'text',
    required: false,
    alphabeticalOrder: false,
    defaultValue: '',
    optionSource: 'own',
    options: [],
    reusableListId: null,
  };
}

export const EMPTY_BUILDER: BuilderState = {
  name: '',
  description: '',
  requireNotes: false,
  requireNextTask: false,
  enabled: true,
  fields: [],
};

/** The new label of a field: its key follows the label (unique among the others) until edited by hand. */
export function relabel(fields: readonly BuilderField[], index: number, label: string): BuilderField[] {
  return fields.map((field, i) => {
    if (i !== index) return field;
    if (field.keyEdited) return { ...field, label };
    const taken = fields.filter((_, j) => j !== index).map((other) => other.key);
    return { ...field, label, key: uniqueKey(slugifyKey(label), taken) };
  });
}

/** Moves the item at `from` by `delta` places (no-op at the ends). */
export function move<T>(items: readonly T[], from: number, delta: number): T[] {
  const to = from + delta;
  if (to < 0 || to >= items.length) return [...items];
  const copy = [...items];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item as T);
  return copy;
}

export function fieldToBuilder(field: FormField): BuilderField {
  return {
    uid: newUid(),
    key: field.key,
    keyEdited: true,
    label: field.label,
    description: field.description ?? '',
    type: field.type,
    required: field.required,
    alphabeticalOrder: field.alphabeticalOrder,
    defaultValue: field.defaultValue ?? '',
    optionSource: field.reusableListId ? 'list' : 'own',
    options: field.options ?? [],
    reusableListId: field.reusableListId ?? null,
  };
}

export function formToBuilder(form: DynamicForm): BuilderState {
  return {
    name: form.name,
    description: form.description ?? '',
    requireNotes: form.requireNotes,
    requireNextTask: form.requireNextTask,
    enabled: form.enabled,
    fields: [...form.fields].sort((a, b) => a.order - b.order).map(fieldToBuilder),
  };
}

/** Drops option children that are empty arrays (flat lists stay flat). */
export function cleanOptions(options: readonly OptionNode[], tree: boolean): OptionNode[] {
  return options.map((option) => {
    const children = tree && option.children && option.children.length > 0 ? cleanOptions(option.children, true) : [];
    return children.length > 0 ? { label: option.label, children } : { label: option.label };
  });
}

/** A builder field as the API's field: order from its position; options or a reusable list only for option types. */
export function builderFieldToBody(field: BuilderField, index: number): DynamicFormBody['fields'][number] {
  const options = hasOptions(field.type);
  const useList = options && field.optionSource === 'list';
  return {
    key: field.key,
    label: field.label,
    description: field.description.trim() ? field.description : null,
    type: field.type,
    order: index,
    alphabeticalOrder: field.alphabeticalOrder,
    required: field.required,
    defaultValue: field.defaultValue.trim() ? field.defaultValue : null,
    options: options && !useList ? cleanOptions(field.options, field.type === 'multilevel') : [],
    reusableListId: useList ? field.reusableListId : null,
  };
}

export function builderToBody(state: BuilderState): DynamicFormBody {
  return {
    name: state.name,
    description: state.description.trim() ? state.description : null,
    requireNotes: state.requireNotes,
    requireNextTask: state.requireNextTask,
    enabled: state.enabled,
    fields: state.fields.map(builderFieldToBody),
  };
}

/** The builder's fields as contracts' FormField (for the preview renderer and buildFormValuesSchema). */
export function builderToFields(state: BuilderState): FormField[] {
  return state.fields.map((field, index) => {
    const body = builderFieldToBody(field, index);
    return {
      ...body,
      description: body.description ?? null,
      order: index,
      alphabeticalOrder: body.alphabeticalOrder ?? false,
      required: body.required ?? false,
      options: (body.options ?? []) as OptionNode[],
      defaultValue: body.defaultValue ?? null,
      reusableListId: body.reusableListId ?? null,
    };
  });
}

// --- option trees -------------------------------------------------------------------------------------------

/** Path of indexes into an option tree ([2, 0] = first child of the third option). */
export type OptionPath = readonly number[];

function updateAt(
  options: readonly OptionNode[],
  path: OptionPath,
  change: (siblings: OptionNode[], index: number) => OptionNode[],
): OptionNode[] {
  const [head, ...rest] = path;
  if (head === undefined) return [...options];
  if (rest.length === 0) return change([...options], head);
  return options.map((option, i) =>
    i === head ? { ...option, children: updateAt(option.children ?? [], rest, change) } : option,
  );
}

export function setOptionLabel(options: readonly OptionNode[], path: OptionPath, label: string): OptionNode[] {
  return updateAt(options, path, (siblings, index) =>
    siblings.map((option, i) => (i === index ? { ...option, label } : option)),
  );
}

export function removeOption(options: readonly OptionNode[], path: OptionPath): OptionNode[] {
  return updateAt(options, path, (siblings, index) => siblings.filter((_, i) => i !== index));
}

export function moveOption(options: readonly OptionNode[], path: OptionPath, delta: number): OptionNode[] {
  return updateAt(options, path, (siblings, index) => move(siblings, index, delta));
}

/** Adds an empty option under `parent` (the top level when parent is []). */
export function addOption(options: readonly OptionNode[], parent: OptionPath): OptionNode[] {
  if (parent.length === 0) return [...options, { label: '' }];
  return updateAt(options, parent, (siblings, index) =>
    siblings.map((option, i) =>
      i === index ? { ...option, children: [...(option.children ?? []), { label: '' }] } : option,
    ),
  );
}

/** Error path of an option, as the API names it (`options.1.children.0.label`, prefix excluded). */
export function optionErrorPath(path: OptionPath): string {
  return path.map((index, depth) => (depth === 0 ? `options.${index}` : `children.${index}`)).join('.');
}

// --- reusable lists -----------------------------------------------------------------------------------------

export interface ListFormState {
  name: string;
  description: string;
  type: 'list' | 'multilevel';
  alphabeticalOrder: boolean;
  enabled: boolean;
  options: OptionNode[];
}

export const EMPTY_LIST_FORM: ListFormState = {
  name: '',
  description: '',
  type: 'list',
  alphabeticalOrder: false,
  enabled: true,
  options: [{ label: '' }],
};

export function listToForm(list: ReusableList): ListFormState {
  return {
    name: list.name,
    description: list.description ?? '',
    type: list.type,
    alphabeticalOrder: list.alphabeticalOrder,
    enabled: list.enabled,
    options: list.options,
  };
}

export function listFormToBody(state: ListFormState): ReusableListBody {
  return {
    name: state.name,
    description: state.description.trim() ? state.description : null,
    type: state.type,
    alphabeticalOrder: state.alphabeticalOrder,
    enabled: state.enabled,
    options: cleanOptions(state.options, state.type === 'multilevel'),
  };
}

// --- values of a rendered form -------------------------------------------------------------------------------

export type FormValues = Record<string, FormValue>;

/** Initial values of a form: each field's default value, typed for its input (checkbox: boolean, multilevel: path). */
export function initialValues(fields: readonly FormField[]): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const fallback = field.defaultValue ?? '';
    if (field.type === 'checkbox')
      values[field.key] = ['true', '1', 'yes', 'si', 'sí'].includes(fallback.toLowerCase());
    else if (field.type === 'multilevel')
      values[field.key] = fallback ? fallback.split('/').map((part) => part.trim()) : [];
    else values[field.key] = fallback;
  }
  return values;
}

/** Values without the blanks (what would be sent with a task). */
export function compactValues(values: FormValues): FormValues {
  const out: FormValues = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === '' || value === null || (Array.isArray(value) && value.length === 0)) continue;
    out[key] = value;
  }
  return out;
}
