import { sql } from 'drizzle-orm';
import { cataloguesRepo } from '../modules/catalogues/catalogues.repo.js';
import type { Database } from '../platform/db/client.js';

let sequence = 0;

/**
 * Customers named `lastName`, one per phone (null: a customer with no phone), each with an e-mail too (only a phone
 * contact makes a dialer's account), in campaign `campaignId` (null: in none). A dialer chooses them with
 * `byLastName`. Returns their ids.
 */
export async function accountsWith(
  db: Database,
  campaignId: number | null,
  lastName: string,
  phones: readonly (string | null)[],
): Promise<number[]> {
  const documents = await cataloguesRepo.idsByCode(db, 'tipo-documento');
  const contacts = await cataloguesRepo.idsByCode(db, 'tipo-dato-contacto');
  const mobile = contacts.get('2') as number;
  const email = contacts.get('4') as number;
  const ids: number[] = [];
  for (const [index, phone] of phones.entries()) {
    const [row] = (
      await db.execute<{ id: string }>(sql`
        insert into customers (identification_type_id, identification_number, first_name, last_name, search_text)
        values (${[...documents.values()][0]}, ${`${lastName}-${index}-${++sequence}`},
          ${`Cliente${index}`}, ${lastName}, ${`cliente${index} ${lastName.toLowerCase()}`})
        returning id`)
    ).rows;
    const id = Number(row.id);
    ids.push(id);
    await db.execute(sql`insert into customer_contacts (customer_id, type_id, value, normalized_value)
      values (${id}, ${email}, ${`c${id}@correo.test`}, ${`c${id}@correo.test`})`);
    if (phone !== null) {
      await db.execute(sql`insert into customer_contacts (customer_id, type_id, value, normalized_value)
        values (${id}, ${mobile}, ${phone}, ${phone.replace(/\D/g, '')})`);
    }
    if (campaignId !== null) {
      await db.execute(sql`insert into campaign_customers (campaign_id, customer_id) values (${campaignId}, ${id})`);
    }
  }
  return ids;
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
