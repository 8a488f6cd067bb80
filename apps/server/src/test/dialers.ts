import { sql } from 'drizzle-orm';
import { cataloguesRepo } from '../modules/catalogues/catalogues.repo.js';
import type { Database } from '../platform/db/client.js';

let sequence = 0;

/** Customers of the campaign, one per phone, named `lastName` (a dialer chooses them with `byLastName`). */
export async function accountsWith(db: Database, campaignId: number, lastName: string, phones: string[]) {
  const documents = await cataloguesRepo.idsByCode(db, 'tipo-documento');
  const contacts = await cataloguesRepo.idsByCode(db, 'tipo-dato-contacto');
  for (const [index, phone] of phones.entries()) {
    const [row] = (
      await db.execute<{ id: string }>(sql`
        insert into customers (identification_type_id, identification_number, first_name, last_name, search_text)
        values (${[...documents.values()][0]}, ${`${lastName}-${index}-${++sequence}-${Date.now()}`},
          ${`Cliente${index}`}, ${lastName}, ${`cliente${index} ${lastName.toLowerCase()}`})
        returning id`)
    ).rows;
    await db.execute(sql`insert into customer_contacts (customer_id, type_id, value, normalized_value)
      values (${row.id}, ${contacts.get('2') as number}, ${phone}, ${phone.replace(/\D/g, '')})`);
    await db.execute(sql`insert into campaign_customers (campaign_id, customer_id) values (${campaignId}, ${row.id})`);
  }
}

/** A dialer's `accounts`: the customers `accountsWith` named `lastName`. */
export const byLastName = (lastName: string) => ({
  conditions: {
    match: 'all',
    conditions: [{ field: 'customer.lastName', operator: 'equals', type: 'text', value: lastName }],
  },
});

export async function dialerRow(db: Database, id: number) {
  return (await db.execute<Record<string, unknown>>(sql`select * from dialers where id = ${id}`)).rows[0];
}
