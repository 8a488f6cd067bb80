import { z } from 'zod';
import { named } from '../registry.js';
import { singleLine } from '../text.js';
import { idSchema, instantSchema, listQuerySchema, optionalText, personRefSchema } from './common.js';

/** The catalogue models of the spec (`/app/entities/:model`, `/api/v2/entities/:model`). */
export const CATALOGUE_MODELS = [
  'pais',
  'ciudad',
  'tipo-documento',
  'tipo-dato-contacto',
  'tipo-canal',
  'tipo-campo',
  'tipo-caso',
  'skill',
  'customer-label',
] as const;
export type CatalogueModel = (typeof CATALOGUE_MODELS)[number];

/** Which extra fields each model has: cities belong to a country; labels have colour, kanban and order. */
export const CATALOGUE_TRAITS: Record<CatalogueModel, { parent?: CatalogueModel; label?: boolean }> = {
  pais: {},
  ciudad: { parent: 'pais' },
  'tipo-documento': {},
  'tipo-dato-contacto': {},
  'tipo-canal': {},
  'tipo-campo': {},
  'tipo-caso': {},
  skill: {},
  'customer-label': { label: true },
};

export const catalogueModelParamSchema = z.object({ model: z.enum(CATALOGUE_MODELS) });
export const catalogueEntryParamSchema = catalogueModelParamSchema.extend({ id: z.coerce.number().int().positive() });

export const catalogueListQuerySchema = listQuerySchema(
  ['name', 'abbr', 'createdAt', 'id', 'sortOrder'],
  'name',
).extend({
  enabled: z.enum(['true', 'false', 'all']).default('all'),
  parentId: z.coerce.number().int().positive().optional(),
});

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

export const catalogueEntryBodySchema = z.object({
  name: singleLine().min(1).max(120),
  abbr: optionalText(20),
  description: optionalText(500, { multiLine: true }),
  enabled: z.boolean().default(true),
  parentId: z.number().int().positive().nullish(),
  color: z.string().regex(HEX_COLOR).nullish(),
  kanban: z.boolean().nullish(),
  sortOrder: z.number().int().min(0).max(10_000).nullish(),
});
export type CatalogueEntryBody = z.input<typeof catalogueEntryBodySchema>;

export const catalogueEntrySchema = named(
  'CatalogueEntry',
  z.object({
    id: idSchema,
    model: z.enum(CATALOGUE_MODELS),
    code: z.string().nullable(),
    name: z.string(),
    abbr: z.string().nullable(),
    description: z.string().nullable(),
    enabled: z.boolean(),
    parentId: idSchema.nullable(),
    parentName: z.string().nullable(),
    color: z.string().nullable(),
    kanban: z.boolean().nullable(),
    sortOrder: z.number().int().nullable(),
    createdAt: instantSchema,
    createdBy: personRefSchema.nullable(),
    updatedAt: instantSchema,
    updatedBy: personRefSchema.nullable(),
  }),
);
export type CatalogueEntry = z.infer<typeof catalogueEntrySchema>;
