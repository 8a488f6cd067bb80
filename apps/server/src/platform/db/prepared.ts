import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './client.js';

/**
 * Named (prepared) statements for the hot paths: PostgreSQL parses and plans a named statement once per connection
 * instead of on every call, which for the inbound pipeline's joins costs more than running them. The name comes
 * from the statement's text, so one text always has one name (node-postgres refuses a name reused for another
 * text). Only for statements whose text does not vary with the data (values are parameters, never inlined, and no
 * lists of varying length): each distinct text stays prepared on every connection that ran it.
 */
const dialect = new PgDialect();
const names = new Map<string, string>();

function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `atiende_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

/** Runs a raw statement as a named one; the answer is shaped like `db.execute`'s. */
export async function executePrepared<R extends Record<string, unknown>>(
  db: Executor,
  query: SQL,
): Promise<{ rows: R[] }> {
  const built = dialect.sqlToQuery(query);
  const prepared = db._.session.prepareQuery(built, undefined, nameOf(built.sql), false);
  return (await prepared.execute()) as { rows: R[] };
}

/** Runs a query builder's statement as a named one (its rows mapped as the builder maps them). */
export function runPrepared<R>(query: { toSQL(): { sql: string }; prepare(name: string): { execute(): Promise<R> } }) {
  return query.prepare(nameOf(query.toSQL().sql)).execute();
}
