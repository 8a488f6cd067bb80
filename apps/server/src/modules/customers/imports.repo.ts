import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import type { CustomerScope } from '../../policies/customers.js';
import { customerScopeCondition } from './customers.repo.js';
import { customerImports } from './customers.schema.js';

export type ImportRow = typeof customerImports.$inferSelect;

export interface ImportCustomer {
  identificationTypeId: number;
  identificationNumber: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  secondLastName: string | null;
  birthday: string | null;
  gender: string;
  searchText: string;
  contacts: { typeId: number; value: string; normalizedValue: string }[];
}

/** A customer's identity in an import: one row per key in a batch, as the unique index sees it. */
export const importKey = (typeId: number | string, number: string) => `${typeId}|${number.toLowerCase()}`;

export const importsRepo = {
  async insert(db: Executor, values: typeof customerImports.$inferInsert): Promise<number> {
    const [row] = await db.insert(customerImports).values(values).returning({ id: customerImports.id });
    return row.id;
  },

  async find(db: Executor, id: number): Promise<ImportRow | null> {
    const [row] = await db.select().from(customerImports).where(eq(customerImports.id, id));
    return row ?? null;
  },

  /**
   * Fresh planner statistics for the tables a large import wrote. Autovacuum analyses them too, but only after its
   * next nap: until then the lists and the scope probes could be planned on figures from before the import (a test
   * saw tickets estimated at 23 rows while holding 50,157, and one SELECT took minutes instead of milliseconds).
   */
  async refreshStatistics(db: Executor): Promise<void> {
    await db.execute(sql`analyze customers, customer_contacts, campaign_customers`);
  },

  async update(db: Executor, id: number, values: Partial<typeof customerImports.$inferInsert>): Promise<void> {
    await db.update(customerImports).set(values).where(eq(customerImports.id, id));
  },

  /**
   * Creates or updates a batch of customers by (identification type, number) in one statement, then adds the
   * contact values they do not have yet, and links them to a campaign. Re-importing the same file changes nothing
   * but the names it carries: no duplicates. An existing customer outside the importer's scope is left untouched and
   * its row comes back in `refused` (its key: type id | lower-case number).
   */
  async upsertBatch(
    db: Executor,
    rows: ImportCustomer[],
    actorUserId: number,
    scope: CustomerScope,
    campaignId: number | null,
  ): Promise<{ created: number; updated: number; refused: string[] }> {
    if (rows.length === 0) return { created: 0, updated: 0, refused: [] };
    const scoped = customerScopeCondition(scope);
    const payload = JSON.stringify(
      rows.map((row) => ({
        t: row.identificationTypeId,
        n: row.identificationNumber,
        f: row.firstName,
        m: row.middleName,
        l: row.lastName,
        s: row.secondLastName,
        b: row.birthday,
        g: row.gender,
        q: row.searchText,
      })),
    );
    const upserted = await db.execute<{ id: string; number: string; type_id: string; inserted: boolean }>(sql`
      insert into customers (identification_type_id, identification_number, first_name, middle_name, last_name,
        second_last_name, birthday, gender, search_text, created_by, updated_by)
      select (r->>'t')::bigint, r->>'n', r->>'f', r->>'m', r->>'l', r->>'s', (r->>'b')::date, r->>'g', r->>'q',
        ${actorUserId}, ${actorUserId}
      from jsonb_array_elements(${payload}::jsonb) r
      on conflict (identification_type_id, lower(identification_number)) do update set
        first_name = excluded.first_name,
        middle_name = coalesce(excluded.middle_name, customers.middle_name),
        last_name = excluded.last_name,
        second_last_name = coalesce(excluded.second_last_name, customers.second_last_name),
        birthday = coalesce(excluded.birthday, customers.birthday),
        search_text = excluded.search_text,
        updated_by = excluded.updated_by,
        updated_at = now()
      ${scoped ? sql`where ${scoped}` : sql``}
      returning id, identification_number as number, identification_type_id as type_id, (xmax = 0) as inserted`);
    const idByKey = new Map(upserted.rows.map((row) => [importKey(row.type_id, row.number), Number(row.id)]));
    const contacts = rows.flatMap((row) => {
      const customerId = idByKey.get(importKey(row.identificationTypeId, row.identificationNumber));
      return customerId
        ? row.contacts.map((contact) => ({
            c: customerId,
            t: contact.typeId,
            v: contact.value,
            n: contact.normalizedValue,
          }))
        : [];
    });
    if (contacts.length > 0) {
      await db.execute(sql`
        insert into customer_contacts (customer_id, type_id, value, normalized_value)
        select (r->>'c')::bigint, (r->>'t')::bigint, r->>'v', r->>'n'
        from jsonb_array_elements(${JSON.stringify(contacts)}::jsonb) r
        where not exists (select 1 from customer_contacts x where x.customer_id = (r->>'c')::bigint
          and x.type_id = (r->>'t')::bigint and x.normalized_value = r->>'n')`);
    }
    if (campaignId) {
      await db.execute(sql`
        insert into campaign_customers (campaign_id, customer_id)
        select ${campaignId}, unnest(${`{${[...idByKey.values()].join(',')}}`}::bigint[])
        on conflict do nothing`);
    }
    const created = upserted.rows.filter((row) => row.inserted).length;
    const refused = rows
      .map((row) => importKey(row.identificationTypeId, row.identificationNumber))
      .filter((key) => !idByKey.has(key));
    return { created, updated: upserted.rows.length - created, refused };
  },
};
