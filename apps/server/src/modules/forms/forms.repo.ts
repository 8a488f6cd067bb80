import { and, asc, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { exactCount, pageOf } from '../../platform/db/paging.js';
import { escapeLike } from '../../platform/text.js';
import { campaigns } from '../campaigns/campaigns.schema.js';
import { dynamicForms, reusableLists } from './forms.schema.js';

export interface NamedListFilter {
  page: number;
  sizePerPage: number;
  sortName: 'name' | 'createdAt' | 'id';
  sortOrder: 'asc' | 'desc';
  searchText?: string;
  enabled?: boolean;
}

type Table = typeof dynamicForms | typeof reusableLists;

function listWhere(table: Table, filter: NamedListFilter) {
  const conditions: SQL[] = [];
  if (filter.enabled !== undefined) conditions.push(eq(table.enabled, filter.enabled));
  if (filter.searchText) conditions.push(ilike(table.name, `%${escapeLike(filter.searchText)}%`));
  return conditions.length ? and(...conditions) : undefined;
}

async function namedListPage<T extends Table>(db: Executor, table: T, filter: NamedListFilter) {
  const where = listWhere(table, filter);
  const column = { name: table.name, createdAt: table.createdAt, id: table.id }[filter.sortName];
  const { rows, total } = await pageOf(
    db,
    filter,
    (window) =>
      db
        .select()
        .from(table as Table)
        .where(where)
        .orderBy(filter.sortOrder === 'desc' ? desc(column) : asc(column), asc(table.id))
        .limit(window.limit)
        .offset(window.offset),
    () => exactCount(db, table, where),
  );
  return { rows: rows as T['$inferSelect'][], total };
}

export type FormRow = typeof dynamicForms.$inferSelect;
export type ListRow = typeof reusableLists.$inferSelect;

export const formsRepo = {
  listForms: (db: Executor, filter: NamedListFilter) => namedListPage(db, dynamicForms, filter),
  listLists: (db: Executor, filter: NamedListFilter) => namedListPage(db, reusableLists, filter),

  async findForm(db: Executor, id: number, lock = false): Promise<FormRow | null> {
    const query = db.select().from(dynamicForms).where(eq(dynamicForms.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },

  async findList(db: Executor, id: number, lock = false): Promise<ListRow | null> {
    const query = db.select().from(reusableLists).where(eq(reusableLists.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },

  async insertForm(db: Executor, values: typeof dynamicForms.$inferInsert): Promise<number> {
    const [row] = await db.insert(dynamicForms).values(values).returning({ id: dynamicForms.id });
    return row.id;
  },

  async updateForm(db: Executor, id: number, values: Partial<typeof dynamicForms.$inferInsert>): Promise<void> {
    await db
      .update(dynamicForms)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(dynamicForms.id, id));
  },

  async insertList(db: Executor, values: typeof reusableLists.$inferInsert): Promise<number> {
    const [row] = await db.insert(reusableLists).values(values).returning({ id: reusableLists.id });
    return row.id;
  },

  async updateList(db: Executor, id: number, values: Partial<typeof reusableLists.$inferInsert>): Promise<void> {
    await db
      .update(reusableLists)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(reusableLists.id, id));
  },

  async existingListIds(db: Executor, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: reusableLists.id })
      .from(reusableLists)
      .where(inArray(reusableLists.id, [...ids]));
    return rows.map((row) => row.id);
  },

  async listsByIds(db: Executor, ids: readonly number[]): Promise<ListRow[]> {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(reusableLists)
      .where(inArray(reusableLists.id, [...ids]));
  },

  /** Forms whose fields take their options from the list (JSON containment, no scan of field arrays in JS). */
  async formsUsingList(db: Executor, listId: number) {
    return db
      .select({ id: dynamicForms.id, name: dynamicForms.name })
      .from(dynamicForms)
      .where(sql`${dynamicForms.fields} @> ${JSON.stringify([{ reusableListId: listId }])}::jsonb`)
      .orderBy(dynamicForms.name);
  },

  async campaignsUsingForm(db: Executor, formId: number) {
    return db
      .select({ id: campaigns.id, name: campaigns.name })
      .from(campaigns)
      .where(eq(campaigns.formId, formId))
      .orderBy(campaigns.name);
  },

  /** Forms or reusable lists by id with their names (what the audit log names them by). */
  async refs(db: Executor, kind: 'form' | 'list', ids: readonly number[]): Promise<{ id: number; name: string }[]> {
    if (ids.length === 0) return [];
    const table = kind === 'form' ? dynamicForms : reusableLists;
    const rows = await db
      .select({ id: table.id, name: table.name })
      .from(table)
      .where(inArray(table.id, [...ids]));
    const names = new Map(rows.map((row) => [row.id, row.name]));
    return ids.map((id) => ({ id, name: names.get(id) ?? `#${id}` }));
  },

  async existingFormIds(db: Executor, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: dynamicForms.id })
      .from(dynamicForms)
      .where(inArray(dynamicForms.id, [...ids]));
    return rows.map((row) => row.id);
  },
};
