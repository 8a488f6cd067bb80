import type { CustomerContact, CustomerListItem } from '@atiende/contracts';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { concurrently, type Executor } from '../../platform/db/client.js';
import { cappedCount } from '../../platform/db/paging.js';
import { escapeLike } from '../../platform/text.js';
import { catalogueEntries } from '../catalogues/catalogues.schema.js';
import { users } from '../users/users.schema.js';
import {
  campaignCustomers,
  customerContacts,
  customerLabels,
  customerRelations,
  customers,
} from './customers.schema.js';

export type CustomerRow = typeof customers.$inferSelect;
export type CustomerValues = Omit<typeof customers.$inferInsert, 'id'>;
export type ContactValues = Omit<typeof customerContacts.$inferInsert, 'id' | 'customerId'>;

export interface CustomerListFilter {
  page: number;
  sizePerPage: number;
  sortName: 'name' | 'identificationNumber' | 'createdAt' | 'id';
  sortOrder: 'asc' | 'desc';
  search?: string;
  labelId?: number;
  ownerUserId?: number;
  campaignId?: number;
}

const idType = alias(catalogueEntries, 'id_type');

function orderOf(filter: CustomerListFilter): SQL[] {
  const dir = filter.sortOrder === 'desc' ? desc : asc;
  switch (filter.sortName) {
    case 'name':
      return [dir(customers.lastName), dir(customers.firstName), dir(customers.id)];
    case 'identificationNumber':
      return [dir(customers.identificationNumber), dir(customers.id)];
    case 'id':
      return [dir(customers.id)];
    default:
      return [dir(customers.createdAt), dir(customers.id)];
  }
}

function whereOf(filter: Omit<CustomerListFilter, 'page' | 'sizePerPage' | 'sortName' | 'sortOrder'>): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.search) conditions.push(sql`${customers.searchText} like ${`%${escapeLike(filter.search)}%`}`);
  if (filter.labelId) {
    conditions.push(
      sql`exists (select 1 from customer_labels l where l.customer_id = "customers"."id" and l.label_id = ${filter.labelId})`,
    );
  }
  if (filter.ownerUserId) conditions.push(eq(customers.ownerUserId, filter.ownerUserId));
  if (filter.campaignId) {
    conditions.push(
      sql`exists (select 1 from campaign_customers cc where cc.customer_id = "customers"."id" and cc.campaign_id = ${filter.campaignId})`,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

export const fullName = (row: Pick<CustomerRow, 'firstName' | 'middleName' | 'lastName' | 'secondLastName'>) =>
  [row.firstName, row.middleName, row.lastName, row.secondLastName].filter(Boolean).join(' ');

export const customersRepo = {
  /** One page of customers with labels, main contacts, type and owner, in a fixed number of queries. */
  async list(
    db: Executor,
    filter: CustomerListFilter,
  ): Promise<{ data: CustomerListItem[]; total: number; capped: boolean }> {
    const where = whereOf(filter);
    const [rows, counted] = await concurrently(db, [
      () =>
        db
          .select({ customer: customers, typeName: idType.name, typeAbbr: idType.abbr, ownerName: users.name })
          .from(customers)
          .innerJoin(idType, eq(idType.id, customers.identificationTypeId))
          .leftJoin(users, eq(users.id, customers.ownerUserId))
          .where(where)
          .orderBy(...orderOf(filter))
          .limit(filter.sizePerPage)
          .offset((filter.page - 1) * filter.sizePerPage),
      () => cappedCount(db, customers, where),
    ]);
    const data = await this.hydrate(db, rows);
    return { data, ...counted };
  },

  async hydrate(
    db: Executor,
    rows: { customer: CustomerRow; typeName: string; typeAbbr: string | null; ownerName: string | null }[],
  ): Promise<CustomerListItem[]> {
    const ids = rows.map((row) => row.customer.id);
    const [labels, contacts] = await concurrently(db, [
      () => this.labelsOf(db, ids),
      () => this.mainContactsOf(db, ids),
    ]);
    return rows.map(({ customer, typeName, typeAbbr, ownerName }) => ({
      id: customer.id,
      identificationType: { id: customer.identificationTypeId, abbr: typeAbbr, name: typeName },
      identificationNumber: customer.identificationNumber,
      fullName: fullName(customer),
      firstName: customer.firstName,
      lastName: customer.lastName,
      labels: labels.get(customer.id) ?? [],
      primaryEmail: contacts.get(customer.id)?.email ?? null,
      primaryPhone: contacts.get(customer.id)?.phone ?? null,
      owner: customer.ownerUserId ? { id: customer.ownerUserId, nombre: ownerName ?? '' } : null,
      createdAt: customer.createdAt.toISOString(),
    }));
  },

  async labelsOf(db: Executor, ids: readonly number[]) {
    const byCustomer = new Map<number, { id: number; name: string; color: string | null }[]>();
    if (ids.length === 0) return byCustomer;
    const rows = await db
      .select({
        customerId: customerLabels.customerId,
        id: catalogueEntries.id,
        name: catalogueEntries.name,
        color: catalogueEntries.color,
      })
      .from(customerLabels)
      .innerJoin(catalogueEntries, eq(catalogueEntries.id, customerLabels.labelId))
      .where(inArray(customerLabels.customerId, [...ids]))
      .orderBy(catalogueEntries.sortOrder, catalogueEntries.name);
    for (const row of rows) {
      const list = byCustomer.get(row.customerId) ?? [];
      list.push({ id: row.id, name: row.name, color: row.color });
      byCustomer.set(row.customerId, list);
    }
    return byCustomer;
  },

  /** The first e-mail and the first phone of each customer (contact type codes 4, and 1/2/9). */
  async mainContactsOf(db: Executor, ids: readonly number[]) {
    const byCustomer = new Map<number, { email?: string; phone?: string }>();
    if (ids.length === 0) return byCustomer;
    const rows = await db
      .select({ customerId: customerContacts.customerId, value: customerContacts.value, code: catalogueEntries.code })
      .from(customerContacts)
      .innerJoin(catalogueEntries, eq(catalogueEntries.id, customerContacts.typeId))
      .where(and(inArray(customerContacts.customerId, [...ids]), inArray(catalogueEntries.code, ['1', '2', '4', '9'])))
      .orderBy(customerContacts.position, customerContacts.id);
    for (const row of rows) {
      const entry = byCustomer.get(row.customerId) ?? {};
      if (row.code === '4') entry.email ??= row.value;
      else entry.phone ??= row.value;
      byCustomer.set(row.customerId, entry);
    }
    return byCustomer;
  },

  async findRow(db: Executor, id: number, lock = false): Promise<CustomerRow | null> {
    const query = db.select().from(customers).where(eq(customers.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },

  async listItem(db: Executor, id: number): Promise<CustomerListItem | null> {
    const rows = await db
      .select({ customer: customers, typeName: idType.name, typeAbbr: idType.abbr, ownerName: users.name })
      .from(customers)
      .innerJoin(idType, eq(idType.id, customers.identificationTypeId))
      .leftJoin(users, eq(users.id, customers.ownerUserId))
      .where(eq(customers.id, id));
    return (await this.hydrate(db, rows))[0] ?? null;
  },

  async contacts(db: Executor, customerId: number): Promise<CustomerContact[]> {
    const city = alias(catalogueEntries, 'city');
    const rows = await db
      .select({
        contact: customerContacts,
        typeName: catalogueEntries.name,
        typeCode: catalogueEntries.code,
        cityName: city.name,
      })
      .from(customerContacts)
      .innerJoin(catalogueEntries, eq(catalogueEntries.id, customerContacts.typeId))
      .leftJoin(city, eq(city.id, customerContacts.cityId))
      .where(eq(customerContacts.customerId, customerId))
      .orderBy(customerContacts.position, customerContacts.id);
    return rows.map(({ contact, typeName, typeCode, cityName }) => ({
      id: contact.id,
      type: { id: contact.typeId, name: typeName, code: typeCode },
      label: contact.label,
      value: contact.value,
      areaCode: contact.areaCode,
      extension: contact.extension,
      zone: contact.zone,
      city: contact.cityId ? { id: contact.cityId, name: cityName ?? '' } : null,
    }));
  },

  async related(db: Executor, customerId: number) {
    const rows = await db
      .select({ customer: customers })
      .from(customerRelations)
      .innerJoin(customers, eq(customers.id, customerRelations.relatedId))
      .where(eq(customerRelations.customerId, customerId))
      .orderBy(customers.lastName);
    return rows.map(({ customer }) => ({
      id: customer.id,
      fullName: fullName(customer),
      identificationNumber: customer.identificationNumber,
    }));
  },

  async insert(db: Executor, values: CustomerValues): Promise<number> {
    const [row] = await db.insert(customers).values(values).returning({ id: customers.id });
    return row.id;
  },

  async update(db: Executor, id: number, values: Partial<CustomerValues>): Promise<void> {
    await db
      .update(customers)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(customers.id, id));
  },

  async replaceContacts(db: Executor, customerId: number, contacts: ContactValues[]): Promise<void> {
    await db.delete(customerContacts).where(eq(customerContacts.customerId, customerId));
    if (contacts.length) {
      await db
        .insert(customerContacts)
        .values(contacts.map((contact, position) => ({ ...contact, customerId, position })));
    }
  },

  async replaceLabels(db: Executor, customerId: number, labelIds: readonly number[]): Promise<void> {
    await db.delete(customerLabels).where(eq(customerLabels.customerId, customerId));
    if (labelIds.length) await db.insert(customerLabels).values(labelIds.map((labelId) => ({ customerId, labelId })));
  },

  async replaceRelations(db: Executor, customerId: number, relatedIds: readonly number[]): Promise<void> {
    await db
      .delete(customerRelations)
      .where(sql`${customerRelations.customerId} = ${customerId} or ${customerRelations.relatedId} = ${customerId}`);
    if (relatedIds.length) {
      await db
        .insert(customerRelations)
        .values(
          relatedIds.flatMap((relatedId) => [
            { customerId, relatedId },
            { customerId: relatedId, relatedId: customerId },
          ]),
        )
        .onConflictDoNothing();
    }
  },

  async existingIds(db: Executor, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: customers.id })
      .from(customers)
      .where(inArray(customers.id, [...ids]));
    return rows.map((row) => row.id);
  },

  async moveLabel(db: Executor, customerId: number, fromLabelId: number | null, toLabelId: number): Promise<void> {
    if (fromLabelId) {
      await db
        .delete(customerLabels)
        .where(and(eq(customerLabels.customerId, customerId), eq(customerLabels.labelId, fromLabelId)));
    }
    await db.insert(customerLabels).values({ customerId, labelId: toLabelId }).onConflictDoNothing();
  },

  async assignOwner(db: Executor, customerIds: readonly number[], ownerUserId: number): Promise<number> {
    const rows = await db
      .update(customers)
      .set({ ownerUserId, updatedAt: new Date() })
      .where(inArray(customers.id, [...customerIds]))
      .returning({ id: customers.id });
    return rows.length;
  },

  async addToCampaign(db: Executor, campaignId: number, customerIds: readonly number[]): Promise<void> {
    if (customerIds.length === 0) return;
    await db
      .insert(campaignCustomers)
      .values(customerIds.map((customerId) => ({ campaignId, customerId })))
      .onConflictDoNothing();
  },

  /** Every matching customer in id order, a page at a time by keyset (no offset), for exports of any size. */
  async *batches(
    db: Executor,
    filter: Omit<CustomerListFilter, 'page' | 'sizePerPage' | 'sortName' | 'sortOrder'>,
    size = 1000,
  ) {
    let afterId = 0;
    while (true) {
      const where = whereOf(filter);
      const rows = await db
        .select({ customer: customers, typeName: idType.name, typeAbbr: idType.abbr, ownerName: users.name })
        .from(customers)
        .innerJoin(idType, eq(idType.id, customers.identificationTypeId))
        .leftJoin(users, eq(users.id, customers.ownerUserId))
        .where(where ? and(where, sql`${customers.id} > ${afterId}`) : sql`${customers.id} > ${afterId}`)
        .orderBy(asc(customers.id))
        .limit(size);
      if (rows.length === 0) return;
      yield await this.hydrate(db, rows);
      afterId = rows[rows.length - 1].customer.id;
      if (rows.length < size) return;
    }
  },

  /** Kanban: the customers of one label, newest first, and how many there are (capped). */
  async byLabel(db: Executor, labelId: number, limit: number, search?: string) {
    return this.list(db, { page: 1, sizePerPage: limit, sortName: 'createdAt', sortOrder: 'desc', labelId, search });
  },
};
