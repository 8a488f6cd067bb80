import type { CatalogueEntry, CatalogueModel } from '@atiende/contracts';
import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../platform/db/client.js';
import { exactCount, pageOf } from '../../platform/db/paging.js';
import { escapeLike } from '../../platform/text.js';
import { users } from '../users/users.schema.js';
import { catalogueEntries } from './catalogues.schema.js';

export type CatalogueRow = typeof catalogueEntries.$inferSelect;
export type CatalogueValues = Omit<typeof catalogueEntries.$inferInsert, 'id' | 'model'>;

export interface CatalogueListFilter {
  model: CatalogueModel;
  page: number;
  sizePerPage: number;
  sortName: 'name' | 'abbr' | 'createdAt' | 'id' | 'sortOrder';
  sortOrder: 'asc' | 'desc';
  searchText?: string;
  enabled?: boolean;
  parentId?: number;
}

const SORT_COLUMNS = {
  name: catalogueEntries.name,
  abbr: catalogueEntries.abbr,
  createdAt: catalogueEntries.createdAt,
  id: catalogueEntries.id,
  sortOrder: catalogueEntries.sortOrder,
} as const;

const parent = alias(catalogueEntries, 'parent');
const creator = alias(users, 'creator');
const updater = alias(users, 'updater');

function selectView(db: Executor) {
  return db
    .select({
      entry: catalogueEntries,
      parentName: parent.name,
      creatorName: creator.name,
      updaterName: updater.name,
    })
    .from(catalogueEntries)
    .leftJoin(parent, eq(parent.id, catalogueEntries.parentId))
    .leftJoin(creator, eq(creator.id, catalogueEntries.createdBy))
    .leftJoin(updater, eq(updater.id, catalogueEntries.updatedBy));
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof selectView>['execute']>>[number];

function toEntry(row: ViewRow): CatalogueEntry {
  const { entry } = row;
  return {
    id: entry.id,
    model: entry.model as CatalogueModel,
    code: entry.code,
    name: entry.name,
    abbr: entry.abbr,
    description: entry.description,
    enabled: entry.enabled,
    parentId: entry.parentId,
    parentName: row.parentName,
    color: entry.color,
    kanban: entry.kanban,
    sortOrder: entry.sortOrder,
    createdAt: entry.createdAt.toISOString(),
    createdBy: entry.createdBy ? { id: entry.createdBy, nombre: row.creatorName ?? '' } : null,
    updatedAt: entry.updatedAt.toISOString(),
    updatedBy: entry.updatedBy ? { id: entry.updatedBy, nombre: row.updaterName ?? '' } : null,
  };
}

export const cataloguesRepo = {
  async list(db: Executor, filter: CatalogueListFilter): Promise<{ data: CatalogueEntry[]; total: number }> {
    const conditions = [eq(catalogueEntries.model, filter.model)];
    if (filter.enabled !== undefined) conditions.push(eq(catalogueEntries.enabled, filter.enabled));
    if (filter.parentId !== undefined) conditions.push(eq(catalogueEntries.parentId, filter.parentId));
    if (filter.searchText) {
      const pattern = `%${escapeLike(filter.searchText)}%`;
      const text = or(ilike(catalogueEntries.name, pattern), ilike(catalogueEntries.abbr, pattern));
      if (text) conditions.push(text);
    }
    const where = and(...conditions);
    const column = SORT_COLUMNS[filter.sortName];
    const order = filter.sortOrder === 'desc' ? desc(column) : asc(column);
    // Catalogues are small reference tables (hundreds of rows at most): an exact count is cheap here.
    const { rows, total } = await pageOf(
      db,
      filter,
      (window) =>
        selectView(db).where(where).orderBy(order, asc(catalogueEntries.id)).limit(window.limit).offset(window.offset),
      () => exactCount(db, catalogueEntries, where),
    );
    return { data: rows.map(toEntry), total };
  },

  async find(db: Executor, model: CatalogueModel, id: number): Promise<CatalogueEntry | null> {
    const [row] = await selectView(db).where(and(eq(catalogueEntries.model, model), eq(catalogueEntries.id, id)));
    return row ? toEntry(row) : null;
  },

  async lock(db: Executor, model: CatalogueModel, id: number): Promise<CatalogueRow | null> {
    const [row] = await db
      .select()
      .from(catalogueEntries)
      .where(and(eq(catalogueEntries.model, model), eq(catalogueEntries.id, id)))
      .for('update');
    return row ?? null;
  },

  async insert(db: Executor, model: CatalogueModel, values: CatalogueValues): Promise<number> {
    const [row] = await db
      .insert(catalogueEntries)
      .values({ ...values, model })
      .returning({ id: catalogueEntries.id });
    return row.id;
  },

  async update(db: Executor, id: number, values: CatalogueValues): Promise<void> {
    await db
      .update(catalogueEntries)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(catalogueEntries.id, id));
  },

  async countByModel(db: Executor, model: CatalogueModel): Promise<number> {
    const [row] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(catalogueEntries)
      .where(eq(catalogueEntries.model, model));
    return row.total;
  },

  /** Ids of enabled entries of a model among the given ones (to check references such as a user's skills). */
  async existingEnabledIds(db: Executor, model: CatalogueModel, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: catalogueEntries.id })
      .from(catalogueEntries)
      .where(
        and(
          eq(catalogueEntries.model, model),
          eq(catalogueEntries.enabled, true),
          inArray(catalogueEntries.id, [...ids]),
        ),
      );
    return rows.map((row) => row.id);
  },

  /** Entries by id with their names, in the order asked (what the audit log names a skill or a label by). */
  async refs(db: Executor, ids: readonly number[]): Promise<{ id: number; name: string }[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: catalogueEntries.id, name: catalogueEntries.name })
      .from(catalogueEntries)
      .where(inArray(catalogueEntries.id, [...ids]));
    const names = new Map(rows.map((row) => [row.id, row.name]));
    return ids.map((id) => ({ id, name: names.get(id) ?? `#${id}` }));
  },

  async idsByCode(db: Executor, model: CatalogueModel): Promise<Map<string, number>> {
    const rows = await db
      .select({ id: catalogueEntries.id, code: catalogueEntries.code })
      .from(catalogueEntries)
      .where(eq(catalogueEntries.model, model));
    return new Map(rows.filter((row) => row.code).map((row) => [row.code as string, row.id]));
  },
};
