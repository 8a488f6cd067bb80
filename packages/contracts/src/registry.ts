import { z } from 'zod';

/**
 * Response schemas that the OpenAPI document names (components/schemas/<id>) instead of repeating them inline.
 * Its own registry, not zod's global one: contracts may be evaluated more than once in a process (test isolation),
 * and the global registry refuses an id it already holds.
 */
export const apiSchemas = z.registry<{ id?: string; format?: string }>();

/** Registers a response schema under the name its TypeScript type has; returns the same schema. */
export function named<T extends z.ZodType>(id: string, schema: T): T {
  apiSchemas.add(schema, { id });
  return schema;
}
