import type { Executor } from '../../platform/db/client.js';
import { business } from './business.schema.js';

export type BusinessRow = typeof business.$inferSelect;

export const businessRepo = {
  async get(db: Executor): Promise<BusinessRow | null> {
    const [row] = await db.select().from(business).orderBy(business.id).limit(1);
    return row ?? null;
  },

  async insert(db: Executor, values: typeof business.$inferInsert): Promise<BusinessRow> {
    const [row] = await db.insert(business).values(values).returning();
    return row;
  },
};
