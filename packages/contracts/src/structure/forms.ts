import { z } from 'zod';
import { idSchema, instantSchema, listQuerySchema, namedRefSchema, optionalText } from '../admin/common.js';
import { named } from '../registry.js';
import { multiLine, singleLine } from '../text.js';
import { FIELD_TYPES, OPTION_FIELD_TYPES, type OptionNode, resolveOptions } from './forms.constants.js';

const EMPTY = 'i18n:forms.emptyFieldsOrOptions';
const nonEmpty = (max: number) => singleLine().min(1, { message: EMPTY }).max(max);

// Recursive: the document names it (OptionNodeBody) so that the tree can refer to itself.
export const optionNodeSchema: z.ZodType<OptionNode> = named(
  'OptionNodeBody',
  z.lazy(() => z.object({ label: nonEmpty(200), children: z.array(optionNodeSchema).max(500).optional() })),
);
/** An option as stored and answered. */
export const optionNodeViewSchema: z.ZodType<OptionNode> = named(
  'OptionNode',
  z.lazy(() => z.object({ label: z.string(), children: z.array(optionNodeViewSchema).optional() })),
);

export const formFieldSchema = z
  .object({
    key: singleLine().regex(/^[a-z][a-z0-9_]{0,59}$/, { message: 'i18n:forms.fieldKey' }),
    label: nonEmpty(200),
    description: optionalText(500),
    type: z.enum(FIELD_TYPES),
    order: z.number().int().min(0).max(1000).default(0),
    alphabeticalOrder: z.boolean().default(false),
    required: z.boolean().default(false),
    defaultValue: multiLine().max(500).nullish(),
    /** Options of list and radio fields, or the tree of a multi-level list. */
    options: z.array(optionNodeSchema).max(1000).default([]),
    /** Instead of own options: a reusable list's options. */
    reusableListId: z.number().int().positive().nullish(),
  })
  .refine((field) => !OPTION_FIELD_TYPES.includes(field.type) || field.options.length > 0 || !!field.reusableListId, {
    path: ['options'],
    message: EMPTY,
  });
export type FormField = z.output<typeof formFieldSchema>;

export const dynamicFormBodySchema = z
  .object({
    name: nonEmpty(120),
    description: optionalText(1000, { multiLine: true }),
    requireNotes: z.boolean().default(false),
    requireNextTask: z.boolean().default(false),
    enabled: z.boolean().default(true),
    fields: z.array(formFieldSchema).min(1, { message: EMPTY }).max(200),
  })
  .refine((form) => new Set(form.fields.map((field) => field.key)).size === form.fields.length, {
    path: ['fields'],
    message: 'i18n:forms.duplicateKeys',
  });
export type DynamicFormBody = z.input<typeof dynamicFormBodySchema>;

/**
 * A reusable list: named options (flat, or a tree for multi-level lists) that many forms' list fields use.
 * The spec lists form-like flags for it; options are what forms reuse, so that is what it holds.
 */
export const reusableListBodySchema = z.object({
  name: nonEmpty(120),
  description: optionalText(1000, { multiLine: true }),
  type: z.enum(['list', 'multilevel']).default('list'),
  alphabeticalOrder: z.boolean().default(false),
  enabled: z.boolean().default(true),
  options: z.array(optionNodeSchema).min(1, { message: EMPTY }).max(5000),
});
export type ReusableListBody = z.input<typeof reusableListBodySchema>;

export const formListQuerySchema = listQuerySchema(['name', 'createdAt', 'id'], 'name').extend({
  enabled: z.enum(['true', 'false', 'all']).default('all'),
});

/** A field as stored and answered (checked when the form was saved). */
export const formFieldViewSchema = z.object({
  key: z.string(),
  label: z.string(),
  description: z.string().nullable(),
  type: z.enum(FIELD_TYPES),
  order: z.number().int(),
  alphabeticalOrder: z.boolean(),
  required: z.boolean(),
  defaultValue: z.string().nullish(),
  options: z.array(optionNodeViewSchema),
  reusableListId: idSchema.nullish(),
}) satisfies z.ZodType<FormField>;

export const dynamicFormSchema = named(
  'DynamicForm',
  z.object({
    id: idSchema,
    name: z.string(),
    description: z.string().nullable(),
    requireNotes: z.boolean(),
    requireNextTask: z.boolean(),
    enabled: z.boolean(),
    fields: z.array(formFieldViewSchema),
    campaigns: z.array(namedRefSchema),
    createdAt: instantSchema,
    updatedAt: instantSchema,
  }),
);
export type DynamicForm = z.infer<typeof dynamicFormSchema>;

/** `GET /dynamic-forms/:id`: what a browser needs to render and validate the form (its reusable lists' options). */
export const formWithListsSchema = z.object({
  form: dynamicFormSchema,
  lists: z.array(z.object({ id: idSchema, options: z.array(optionNodeViewSchema) })),
});

export const reusableListSchema = named(
  'ReusableList',
  z.object({
    id: idSchema,
    name: z.string(),
    description: z.string().nullable(),
    type: z.enum(['list', 'multilevel']),
    alphabeticalOrder: z.boolean(),
    enabled: z.boolean(),
    options: z.array(optionNodeViewSchema),
    usedBy: z.array(namedRefSchema),
    createdAt: instantSchema,
    updatedAt: instantSchema,
  }),
);
export type ReusableList = z.infer<typeof reusableListSchema>;

const blankToUndefined = (value: unknown) =>
  value === '' || value === null || (Array.isArray(value) && value.length === 0) ? undefined : value;

function pathExists(options: readonly OptionNode[], path: readonly string[]): boolean {
  let level: readonly OptionNode[] | undefined = options;
  for (const label of path) {
    const node: OptionNode | undefined = level?.find((option) => option.label === label);
    if (!node) return false;
    level = node.children;
  }
  return true;
}

/**
 * The zod schema of a filled form, built from its definition: the same rules validate in the browser and on the
 * server. Values are keyed by field key; multi-level lists take the chosen path of labels.
 */
export function buildFormValuesSchema(
  fields: readonly FormField[],
  lists: ReadonlyMap<number, OptionNode[]> = new Map(),
) {
  const shape: Record<string, z.ZodType> = {};
  for (const field of fields) {
    const options = resolveOptions(field, lists);
    let schema: z.ZodType;
    switch (field.type) {
      case 'number':
        schema = z.coerce.number({ message: 'i18n:forms.valueNumber' });
        break;
      case 'date':
        schema = z.iso.date({ message: 'i18n:forms.valueDate' });
        break;
      case 'time':
        schema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'i18n:forms.valueTime' });
        break;
      case 'datetime':
        schema = z.iso.datetime({ local: true, offset: true, message: 'i18n:forms.valueDatetime' });
        break;
      case 'checkbox':
        schema = z.boolean();
        break;
      case 'email':
        schema = z.email({ message: 'i18n:forms.valueEmail' }).max(254);
        break;
      case 'phone':
        schema = z.string().regex(/^\+?[0-9 ()-]{5,25}$/, { message: 'i18n:forms.valuePhone' });
        break;
      case 'list':
      case 'radio':
        schema = z.string().refine((value) => options.some((option) => option.label === value), {
          message: 'i18n:forms.valueOption',
        });
        break;
      case 'multilevel':
        schema = z
          .array(z.string())
          .min(1)
          .refine((path) => pathExists(options, path), { message: 'i18n:forms.valueOption' });
        break;
      default:
        schema = field.type === 'textarea' ? multiLine().max(10_000) : singleLine().max(500);
    }
    shape[field.key] =
      field.type === 'checkbox'
        ? field.required
          ? z.literal(true, { message: 'i18n:forms.valueRequired' })
          : schema.optional().default(false)
        : z.preprocess(blankToUndefined, schema.optional().nullable());
  }
  // Required values are checked on the whole object: a missing key never reaches its own field schema.
  const required = fields.filter((field) => field.required && field.type !== 'checkbox').map((field) => field.key);
  return z.object(shape).superRefine((values, context) => {
    for (const key of required) {
      if (values[key] === undefined || values[key] === null) {
        context.addIssue({ code: 'custom', path: [key], message: 'i18n:forms.valueRequired' });
      }
    }
  });
}
