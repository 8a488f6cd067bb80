import type { CustomerContact, CustomerListItem } from '@atiende/contracts';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { concurrently, type Executor } from '../../platform/db/client.js';
import { cappedCount, noCount, pageOf } from '../../platform/db/paging.js';
import { escapeLike } from '../../platform/text.js';
import type { CustomerScope } from '../../policies/customers.js';
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

/** Filters of the list, the kanban, the search and the export; `scope` is who is asking (policies/customers.ts). */
export interface CustomerListFilter {
  scope: CustomerScope;
  page: number;
  sizePerPage: number;
  sortName: 'name' | 'identificationNumber' | 'createdAt' | 'id';
  sortOrder: 'asc' | 'desc';
  search?: string;
  labelId?: number;
  ownerUserId?: number;
  campaignId?: number;
  /** False: the page only, no total (the header's search). */
  withTotal?: boolean;
}

const idType = alias(catalogueEntries, 'id_type');

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

type LimitedScope = Extract<CustomerScope, { kind: 'limited' }>;

/** The pieces of the rule (policies/customers.ts) as SQL, so that both renderings below say the same thing. */
function ruleOf(scope: LimitedScope) {
  const { userId, wholeCampaignIds: whole, ownTicketCampaignIds: own } = scope;
  const tickets: SQL[] = [];
  if (whole.length) tickets.push(sql`t.campaign_id in (${idList(whole)})`);
  if (own.length) tickets.push(sql`(t.assigned_user_id = ${userId} and t.campaign_id in (${idList(own)}))`);
  const accounts = whole.length || own.length ? sql`cc.campaign_id in (${idList([...whole, ...own])})` : null;
  return { userId, tickets, accounts };
}

/**
 * The customer scope as a condition on one "customers" row: owner, creator, or a relating ticket or account found
 * through indexes (tickets by campaign and customer, campaign_customers by customer). Right for single customers
 * and for users related to many customers (an ordered scan probes row by row and stops at the page); lists of
 * users related to fewer customers use `listScopeCondition` instead.
 */
export function customerScopeCondition(scope: CustomerScope): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  const { userId, tickets, accounts } = ruleOf(scope);
  const parts = [sql`"customers"."owner_user_id" = ${userId}`, sql`"customers"."created_by" = ${userId}`];
  // `offset 0` keeps each EXISTS a probe of one customer's index entries. Without it PostgreSQL may hash every
  // relating ticket first (it plans for all rows, not for the page): 250,000 tickets hashed to show 10 customers.
  if (tickets.length) {
    parts.push(
      sql`exists (select 1 from tickets t where t.customer_id = "customers"."id" and (${sql.join(tickets, sql` or `)}) offset 0)`,
    );
  }
  if (accounts) {
    parts.push(
      sql`exists (select 1 from campaign_customers cc where cc.customer_id = "customers"."id" and ${accounts} offset 0)`,
    );
  }
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** Up to this many related customers, lists get them as an id list. */
const FEW_CUSTOMERS = 50_000;
const listScopes = new WeakMap<CustomerScope, Promise<SQL | undefined>>();

/**
 * The scope for lists, totals, the kanban and the export, once per scope (a request). The customers a user is
 * related to are read from the indexes alone: when there are at most FEW_CUSTOMERS (an agent's, a campaign's), the
 * list filters on that id array, whose size the planner knows, so pages and totals cost what the user sees and not
 * what the table holds. Beyond that, the row condition (`customerScopeCondition`), whose ordered scans reach a page
 * quickly because such a user sees a large share of the table.
 */
function listScopeCondition(db: Executor, scope: CustomerScope): Promise<SQL | undefined> {
  if (scope.kind === 'all') return Promise.resolve(undefined);
  let condition = listScopes.get(scope);
  if (!condition) {
    condition = relatedIds(db, scope).then((ids) =>
      ids === null ? customerScopeCondition(scope) : sql`"customers"."id" = any(${ids}::bigint[])`,
    );
    listScopes.set(scope, condition);
    condition.catch(() => listScopes.delete(scope));
  }
  return condition;
}

/** The ids of the customers the user is related to, as an array literal; null when more than FEW_CUSTOMERS. */
async function relatedIds(db: Executor, scope: LimitedScope): Promise<string | null> {
  const { userId, wholeCampaignIds, ownTicketCampaignIds } = scope;
  const { accounts } = ruleOf(scope);
  // Each source yields each customer once (a campaign's tickets walked in customer order by their index), so the
  // read stops early for a scope too wide for a list; only customers in several sources repeat.
  const sources = [
    sql`select o.id from customers o where o.owner_user_id = ${userId}`,
    sql`select o.id from customers o where o.created_by = ${userId}`,
    ...wholeCampaignIds.map(
      (campaignId) => sql`(select distinct t.customer_id from tickets t where t.campaign_id = ${campaignId})`,
    ),
    ...(ownTicketCampaignIds.length
      ? [
          sql`(select distinct t.customer_id from tickets t where t.assigned_user_id = ${userId}
            and t.campaign_id in (${idList(ownTicketCampaignIds)}))`,
        ]
      : []),
    ...(accounts ? [sql`select cc.customer_id from campaign_customers cc where ${accounts}`] : []),
  ];
  // Rows read are capped (customers in several sources repeat); a scope too wide comes back as null, not as rows,
  // and the ids as one array literal, handed back as it is.
  const limit = FEW_CUSTOMERS * 2;
  const result = await db.execute<{ ids: string | null }>(sql`
    with related as (select id from (${sql.join(sources, sql` union all `)}) sources(id) limit ${limit + 1})
    select case when count(*) > ${limit} or count(distinct id) > ${FEW_CUSTOMERS} then null
      else coalesce(array_agg(distinct id), '{}')::text end as ids
    from related`);
  return result.rows[0]?.ids ?? null;
}

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

export type CustomerFilter = Omit<CustomerListFilter, 'page' | 'sizePerPage' | 'sortName' | 'sortOrder'>;

/** The filter as a condition, the scope included (as `listScopeCondition` gave it). */
function whereOf(filter: CustomerFilter, scoped: SQL | undefined): SQL | undefined {
  const conditions: SQL[] = [];
  if (scoped) conditions.push(scoped);
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

function selectItems(db: Executor) {
  return db
    .select({ customer: customers, typeName: idType.name, typeAbbr: idType.abbr, ownerName: users.name })
    .from(customers)
    .innerJoin(idType, eq(idType.id, customers.identificationTypeId))
    .leftJoin(users, eq(users.id, customers.ownerUserId));
}

export const customersRepo = {
  /** Adds a contact datum to a customer unless it already has that type and value. */
  async addContactOnce(
    db: Executor,
    customerId: number,
    contact: { typeId: number; value: string; normalizedValue: string },
  ): Promise<boolean> {
    const [exists] = await db
      .select({ id: customerContacts.id })
      .from(customerContacts)
      .where(
        and(
          eq(customerContacts.customerId, customerId),
          eq(customerContacts.typeId, contact.typeId),
          eq(customerContacts.normalizedValue, contact.normalizedValue),
        ),
      )
      .limit(1);
    if (exists) return false;
    const [{ position }] = await db
      .select({ position: sql<number>`coalesce(max(${customerContacts.position}), -1)::int + 1` })
      .from(customerContacts)
      .where(eq(customerContacts.customerId, customerId));
    await db.insert(customerContacts).values({ customerId, ...contact, position });
    await db
      .update(customers)
      .set({ searchText: sql`${customers.searchText} || ' ' || ${contact.normalizedValue}` })
      .where(eq(customers.id, customerId));
    return true;
  },

  /**
   * One page of customers with labels, main contacts, type and owner, in a fixed number of queries. Deferred join, as
   * the ticket list: the page's ids come from the customers table (scope, filters, sort index) alone, and only those
   * are joined to their type and owner.
   */
  async list(
    db: Executor,
    filter: CustomerListFilter,
  ): Promise<{ data: CustomerListItem[]; total: number; capped: boolean }> {
    const where = whereOf(filter, await listScopeCondition(db, filter.scope));
    const { rows: pageIds, ...counted } = await pageOf(
      db,
      filter,
      (window) =>
        db
          .select({ id: customers.id })
          .from(customers)
          .where(where)
          .orderBy(...orderOf(filter))
          .limit(window.limit)
          .offset(window.offset),
      () => (filter.withTotal === false ? noCount() : cappedCount(db, customers, where)),
    );
    const ids = pageIds.map((row) => row.id);
    const rows = ids.length ? await selectItems(db).where(inArray(customers.id, ids)) : [];
    const byId = new Map(rows.map((row) => [row.customer.id, row]));
    const data = await this.hydrate(
      db,
      ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [row] : [];
      }),
    );
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

  /** The customer when the scope lets its user see it (locked for update on request), else null. */
  async findVisible(db: Executor, scope: CustomerScope, id: number, lock = false): Promise<CustomerRow | null> {
    const scoped = customerScopeCondition(scope);
    const query = db
      .select()
      .from(customers)
      .where(scoped ? and(eq(customers.id, id), scoped) : eq(customers.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },

  /** Those of the customers whose user the scope lets see them, with their owner (locked for update on request). */
  async visible(
    db: Executor,
    scope: CustomerScope,
    ids: readonly number[],
    lock = false,
  ): Promise<{ id: number; ownerUserId: number | null }[]> {
    if (ids.length === 0) return [];
    const scoped = customerScopeCondition(scope);
    const query = db
      .select({ id: customers.id, ownerUserId: customers.ownerUserId })
      .from(customers)
      .where(scoped ? and(inArray(customers.id, [...ids]), scoped) : inArray(customers.id, [...ids]))
      .orderBy(customers.id);
    return lock ? await query.for('update') : await query;
  },

  async listItem(db: Executor, id: number): Promise<CustomerListItem | null> {
    return (await this.hydrate(db, await selectItems(db).where(eq(customers.id, id))))[0] ?? null;
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

  /** The related customers the scope lets its user see. */
  async related(db: Executor, scope: CustomerScope, customerId: number) {
    const scoped = customerScopeCondition(scope);
    const related = eq(customerRelations.customerId, customerId);
    const rows = await db
      .select({ customer: customers })
      .from(customerRelations)
      .innerJoin(customers, eq(customers.id, customerRelations.relatedId))
      .where(scoped ? and(related, scoped) : related)
      .orderBy(customers.lastName);
    return rows.map(({ customer }) => ({
      id: customer.id,
      fullName: fullName(customer),
      identificationNumber: customer.identificationNumber,
    }));
  },

  async relatedIds(db: Executor, customerId: number): Promise<number[]> {
    const rows = await db
      .select({ id: customerRelations.relatedId })
      .from(customerRelations)
      .where(eq(customerRelations.customerId, customerId));
    return rows.map((row) => row.id);
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
  async *batches(db: Executor, filter: CustomerFilter, size = 1000) {
    let afterId = 0;
    const where = whereOf(filter, await listScopeCondition(db, filter.scope));
    while (true) {
      const rows = await selectItems(db)
        .where(where ? and(where, sql`${customers.id} > ${afterId}`) : sql`${customers.id} > ${afterId}`)
        .orderBy(asc(customers.id))
        .limit(size);
      if (rows.length === 0) return;
      yield await this.hydrate(db, rows);
      afterId = rows[rows.length - 1].customer.id;
      if (rows.length < size) return;
    }
  },

  /** Kanban: the customers of one label in the scope, newest first, and how many there are (capped). */
  async byLabel(db: Executor, scope: CustomerScope, labelId: number, limit: number, search?: string) {
    return this.list(db, {
      scope,
      page: 1,
      sizePerPage: limit,
      sortName: 'createdAt',
      sortOrder: 'desc',
      labelId,
      search,
    });
  },
};
