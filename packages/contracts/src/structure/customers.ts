import { z } from 'zod';
import {
  dateSchema,
  idSchema,
  instantSchema,
  listQuerySchema,
  namedRefSchema,
  optionalText,
  personRefSchema,
} from '../admin/common.js';
import { named } from '../registry.js';
import { multiLine, singleLine } from '../text.js';
import { CUSTOMER_SORT_COLUMNS, GENDERS, IMPORT_STATUSES, IMPORT_TARGETS } from './customers.constants.js';

export const customerContactSchema = z.object({
  id: z.number().int().positive().optional(),
  typeId: z.number().int().positive(),
  label: optionalText(60),
  value: singleLine().min(1).max(254),
  areaCode: optionalText(10),
  extension: optionalText(10),
  zone: optionalText(60),
  cityId: z.number().int().positive().nullish(),
});
export type CustomerContactInput = z.input<typeof customerContactSchema>;

export const customerBodySchema = z.object({
  identificationTypeId: z.number().int().positive(),
  identificationNumber: singleLine()
    .min(3)
    .max(40)
    .regex(/^[A-Za-z0-9.-]+$/, { message: 'i18n:customers.identificationFormat' }),
  firstName: singleLine().min(1).max(80),
  middleName: optionalText(80),
  lastName: singleLine().min(1).max(80),
  secondLastName: optionalText(80),
  birthday: z.iso
    .date()
    .nullish()
    .or(z.literal('').transform(() => null)),
  gender: z.enum(GENDERS).default('no-info'),
  labelIds: z.array(z.number().int().positive()).max(50).default([]),
  contacts: z.array(customerContactSchema).max(100).default([]),
  relatedCustomerIds: z.array(z.number().int().positive()).max(100).default([]),
  ownerUserId: z.number().int().positive().nullish(),
});
export type CustomerBody = z.input<typeof customerBodySchema>;

export const customerListQuerySchema = listQuerySchema(CUSTOMER_SORT_COLUMNS, 'createdAt').extend({
  labelId: z.coerce.number().int().positive().optional(),
  ownerUserId: z.coerce.number().int().positive().optional(),
  campaignId: z.coerce.number().int().positive().optional(),
});

export const moveCustomerLabelBodySchema = z.object({
  fromLabelId: z.number().int().positive().nullish(),
  toLabelId: z.number().int().positive(),
});

export const customerListItemSchema = named(
  'CustomerListItem',
  z.object({
    id: idSchema,
    identificationType: z.object({ id: idSchema, abbr: z.string().nullable(), name: z.string() }),
    identificationNumber: z.string(),
    fullName: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    labels: z.array(z.object({ id: idSchema, name: z.string(), color: z.string().nullable() })),
    primaryEmail: z.string().nullable(),
    primaryPhone: z.string().nullable(),
    owner: personRefSchema.nullable(),
    createdAt: instantSchema,
  }),
);
export type CustomerListItem = z.infer<typeof customerListItemSchema>;

export const customerContactItemSchema = z.object({
  id: idSchema,
  type: z.object({ id: idSchema, name: z.string(), code: z.string().nullable() }),
  label: z.string().nullable(),
  value: z.string(),
  areaCode: z.string().nullable(),
  extension: z.string().nullable(),
  zone: z.string().nullable(),
  city: namedRefSchema.nullable(),
});
export type CustomerContact = z.infer<typeof customerContactItemSchema>;

export const customerSchema = named(
  'Customer',
  customerListItemSchema.extend({
    middleName: z.string().nullable(),
    secondLastName: z.string().nullable(),
    birthday: dateSchema.nullable(),
    gender: z.enum(GENDERS),
    contacts: z.array(customerContactItemSchema),
    related: z.array(z.object({ id: idSchema, fullName: z.string(), identificationNumber: z.string() })),
    updatedAt: instantSchema,
  }),
);
export type Customer = z.infer<typeof customerSchema>;

export const kanbanColumnSchema = named(
  'KanbanColumn',
  z.object({
    label: z.object({
      id: idSchema,
      name: z.string(),
      color: z.string().nullable(),
      sortOrder: z.number().int().nullable(),
    }),
    total: z.number().int(),
    customers: z.array(customerListItemSchema),
  }),
);
export type KanbanColumn = z.infer<typeof kanbanColumnSchema>;

export const assignCustomersBodySchema = z.object({
  customerIds: z.array(z.number().int().positive()).min(1).max(1000),
  ownerUserId: z.number().int().positive(),
});
/** How many customers changed owner. */
export const customersAssignedSchema = z.object({ updated: z.number().int() });

export const kanbanQuerySchema = z.object({
  searchText: singleLine().max(200).optional(),
  perColumn: z.coerce.number().int().min(1).max(100).default(20),
});

export const startImportBodySchema = z.object({
  /** Target field → the file's column header (a header cell may hold line breaks). */
  mapping: z.partialRecord(z.enum(IMPORT_TARGETS), multiLine().min(1).max(200)),
  /** Used when no column gives the identification type, or a row leaves it blank. */
  defaultIdentificationTypeId: z.number().int().positive().nullish(),
  campaignId: z.number().int().positive().nullish(),
});

export const customerImportSchema = named(
  'CustomerImport',
  z.object({
    id: idSchema,
    fileName: z.string(),
    columns: z.array(z.string()),
    preview: z.array(z.array(z.string())),
    totalRows: z.number().int(),
    status: z.enum(IMPORT_STATUSES),
    processed: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    failed: z.number().int(),
    /** 0-100. */
    progress: z.number(),
    hasErrorReport: z.boolean(),
    campaignId: idSchema.nullable(),
    createdAt: instantSchema,
    finishedAt: instantSchema.nullable(),
  }),
);
export type CustomerImport = z.infer<typeof customerImportSchema>;
