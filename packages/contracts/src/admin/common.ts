import { z } from 'zod';
import { multiLine, singleLine } from '../text.js';

/** Page-based list query (spec: page, sizePerPage, sortName, sortOrder, searchText). Sort columns are allow-listed. */
export function listQuerySchema<const S extends readonly [string, ...string[]]>(
  sortColumns: S,
  defaultSort: S[number],
) {
  return z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    sizePerPage: z.coerce.number().int().min(1).max(200).default(10),
    sortName: z.enum(sortColumns).default(defaultSort),
    sortOrder: z.enum(['asc', 'desc']).default('asc'),
    searchText: singleLine().max(200).optional(),
  });
}

export interface Page<T> {
  data: T[];
  total: number;
  page: number;
  sizePerPage: number;
}

/** One page of a list (`Page<T>`). */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    sizePerPage: z.number().int(),
  });
}

/** A page of a list whose total stops counting at a cap (`totalCapped`: the real total is larger). */
export function cappedPageSchema<T extends z.ZodType>(item: T) {
  return pageSchema(item).extend({ totalCapped: z.boolean() });
}

/** Response fields: ids, instants (UTC ISO 8601, as DESIGN.md §5 puts time on the wire) and calendar dates. */
export const idSchema = z.number().int();
export const instantSchema = z.iso.datetime();
export const dateSchema = z.iso.date();

/** A user as other objects mention them (author, owner, assignee). */
export const personRefSchema = z.object({ id: idSchema, nombre: z.string() });
/** Any other named object as others mention it (campaign, channel, type). */
export const namedRefSchema = z.object({ id: idSchema, name: z.string() });

export const idParamSchema = z.object({ id: z.coerce.number().int().positive() });

/** Optional text field of a form (one line unless `multiLine`): blank becomes null. */
export const optionalText = (max: number, options: { multiLine?: boolean } = {}) =>
  (options.multiLine ? multiLine().trim() : singleLine())
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));

export const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');
