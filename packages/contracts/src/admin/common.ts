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

export const idParamSchema = z.object({ id: z.coerce.number().int().positive() });

/** Optional text field of a form (one line unless `multiLine`): blank becomes null. */
export const optionalText = (max: number, options: { multiLine?: boolean } = {}) =>
  (options.multiLine ? multiLine().trim() : singleLine())
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));

export const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');

export interface AuditEntry {
  id: number;
  action: string;
  changes: Record<string, unknown> | null;
  actor: { id: number; nombre: string } | null;
  createdAt: string;
}
