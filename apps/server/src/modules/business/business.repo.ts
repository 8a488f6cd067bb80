import { eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { business } from './business.schema.js';

export type BusinessRow = typeof business.$inferSelect;
export type BusinessChanges = Partial<Omit<typeof business.$inferInsert, 'id'>>;

export const businessRepo = {
  async get(db: Executor): Promise<BusinessRow | null> {
    const [row] = await db.select().from(business).orderBy(business.id).limit(1);
    return row ?? null;
  },

  /** The single row, locked for an update in this transaction. */
  async lock(db: Executor): Promise<BusinessRow | null> {
    const [row] = await db.select().from(business).orderBy(business.id).limit(1).for('update');
    return row ?? null;
  },

  async insert(db: Executor, values: typeof business.$inferInsert): Promise<BusinessRow> {
    const [row] = await db.insert(business).values(values).returning();
    return row;
  },

  async update(db: Executor, id: number, changes: BusinessChanges): Promise<BusinessRow> {
    const [row] = await db
      .update(business)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(business.id, id))
      .returning();
    return row;
  },
};
