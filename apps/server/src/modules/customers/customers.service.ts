import type { Writable } from 'node:stream';
import {
  type Customer,
  type CustomerListItem,
  type customerBodySchema,
  type customerListQuerySchema,
  EMAIL_CONTACT_CODES,
  type KanbanColumn,
  type Locale,
  type Page,
  PHONE_CONTACT_CODES,
  PHONE_PATTERN,
} from '@atiende/contracts';
import { z } from 'zod';
import { auditRepo } from '../../platform/audit/audit.repo.js';
import { type AuditSnapshot, diffForAudit } from '../../platform/audit/diff.js';
import type { AuthContext } from '../../platform/auth-context.js';
import type { AppContext } from '../../platform/context.js';
import type { Executor } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { AppError, errors } from '../../platform/http/errors.js';
import { normalizeContactValue, searchable } from '../../platform/text.js';
import { type CustomerScope, customerScopeOf } from '../../policies/customers.js';
import { campaignsRepo } from '../campaigns/campaigns.repo.js';
import { cataloguesRepo } from '../catalogues/catalogues.repo.js';
import { usersRepo } from '../users/users.repo.js';
import { exportCustomers } from './customers.export.js';
import { type ContactValues, customersRepo } from './customers.repo.js';

type CustomerBody = z.output<typeof customerBodySchema>;

export type ContactKind = 'email' | 'phone' | 'other';
export function contactKind(code: string | null): ContactKind {
  if (code && EMAIL_CONTACT_CODES.includes(code)) return 'email';
  if (code && PHONE_CONTACT_CODES.includes(code)) return 'phone';
  return 'other';
}

const emailSchema = z.email();

/** Contact types by id with their codes, to check each value by its kind (e-mail, phone, other). */
export async function contactTypes(db: Executor): Promise<Map<number, string | null>> {
  const { data } = await cataloguesRepo.list(db, {
    model: 'tipo-dato-contacto',
    page: 1,
    sizePerPage: 200,
    sortName: 'id',
    sortOrder: 'asc',
  });
  return new Map(data.map((entry) => [entry.id, entry.code]));
}

/** Checks contact values by type and returns them ready to store (with their normalised form), or field errors. */
export function prepareContacts(
  contacts: CustomerBody['contacts'],
  types: ReadonlyMap<number, string | null>,
): {
  values: ContactValues[];
  problems: {
    field: string;
    messageKey: 'customers.contactType' | 'customers.contactEmail' | 'customers.contactPhone';
  }[];
} {
  const problems: {
    field: string;
    messageKey: 'customers.contactType' | 'customers.contactEmail' | 'customers.contactPhone';
  }[] = [];
  const values = contacts.map((contact, index) => {
    if (!types.has(contact.typeId))
      problems.push({ field: `contacts.${index}.typeId`, messageKey: 'customers.contactType' });
    const kind = contactKind(types.get(contact.typeId) ?? null);
    if (kind === 'email' && !emailSchema.safeParse(contact.value).success) {
      problems.push({ field: `contacts.${index}.value`, messageKey: 'customers.contactEmail' });
    }
    if (kind === 'phone' && !PHONE_PATTERN.test(contact.value)) {
      problems.push({ field: `contacts.${index}.value`, messageKey: 'customers.contactPhone' });
    }
    return {
      typeId: contact.typeId,
      label: contact.label,
      value: contact.value,
      normalizedValue: normalizeContactValue(contact.value, kind),
      areaCode: contact.areaCode,
      extension: contact.extension,
      zone: contact.zone,
      cityId: contact.cityId ?? null,
    };
  });
  return { values, problems };
}

export function customerSearchText(
  body: Pick<CustomerBody, 'firstName' | 'middleName' | 'lastName' | 'secondLastName' | 'identificationNumber'>,
  contacts: { value: string }[],
) {
  return searchable(
    body.firstName,
    body.middleName,
    body.lastName,
    body.secondLastName,
    body.identificationNumber,
    ...contacts.map((contact) => contact.value),
  );
}

export function rethrowDuplicateIdentification(error: unknown): never {
  if (isUniqueViolation(error, 'customers_identification_unique')) {
    throw errors.duplicate('CUSTOMER.IDENTIFICATION_TAKEN', 'identificationNumber', 'customers.identificationTaken');
  }
  throw error;
}

type ListQuery = z.output<typeof customerListQuerySchema>;

/** The list's filters as the repository reads them, within the actor's scope. */
function filterOf(scope: CustomerScope, query: Omit<ListQuery, 'page' | 'sizePerPage' | 'sortName' | 'sortOrder'>) {
  return {
    scope,
    search: query.searchText ? searchable(query.searchText) : undefined,
    labelId: query.labelId,
    ownerUserId: query.ownerUserId,
    campaignId: query.campaignId,
  };
}

export function createCustomersService(ctx: AppContext) {
  const { db } = ctx;
  const scopeOf = (actor: AuthContext) => customerScopeOf(db, actor);

  /** A customer outside the actor's scope answers 404, as if it did not exist (like tickets). */
  async function visible(tx: Executor, actor: AuthContext, id: number, lock = false) {
    const row = await customersRepo.findVisible(tx, await scopeOf(actor), id, lock);
    if (!row) throw errors.notFound();
    return row;
  }

  async function view(actor: AuthContext, id: number): Promise<Customer> {
    const scope = await scopeOf(actor);
    if (!(await customersRepo.findVisible(db, scope, id))) throw errors.notFound();
    return present(scope, id);
  }

  /**
   * The customer as the API shows it, related customers within the scope. After a write the actor just made, even
   * one that took the customer out of their scope (they gave it to another owner), they get what they saved.
   */
  async function present(scope: CustomerScope, id: number): Promise<Customer> {
    const [row, item, contacts, related] = await Promise.all([
      customersRepo.findRow(db, id),
      customersRepo.listItem(db, id),
      customersRepo.contacts(db, id),
      customersRepo.related(db, scope, id),
    ]);
    if (!row || !item) throw errors.notFound();
    return {
      ...item,
      middleName: row.middleName,
      secondLastName: row.secondLastName,
      birthday: row.birthday,
      gender: row.gender as Customer['gender'],
      contacts,
      related,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /**
   * The customer as its audit compares it, read in the transaction: type, owner, labels and related customers
   * (those the actor sees) by their names now; each contact identified by its type and value.
   */
  async function auditSnapshot(tx: Executor, scope: CustomerScope, id: number): Promise<AuditSnapshot<'customer'>> {
    const row = await customersRepo.findRow(tx, id);
    const item = await customersRepo.listItem(tx, id);
    if (!row || !item) throw errors.notFound();
    const contacts = await customersRepo.contacts(tx, id);
    const related = await customersRepo.related(tx, scope, id);
    return {
      identificationType: item.identificationType,
      identificationNumber: row.identificationNumber,
      firstName: row.firstName,
      middleName: row.middleName,
      lastName: row.lastName,
      secondLastName: row.secondLastName,
      birthday: row.birthday,
      gender: row.gender,
      labels: item.labels.map((label) => ({ id: label.id, name: label.name })),
      owner: item.owner && { id: item.owner.id, name: item.owner.nombre },
      related: related.map((customer) => ({
        id: customer.id,
        name: customer.fullName,
        detail: customer.identificationNumber,
      })),
      contacts: contacts.map((contact) => ({
        id: `${contact.type.id}:${contact.value}`,
        name: contact.value,
        detail: contact.type.name,
        label: contact.label,
        areaCode: contact.areaCode,
        extension: contact.extension,
        zone: contact.zone,
        city: contact.city,
      })),
    };
  }

  /**
   * Everything a customer refers to must exist: identification type, labels, related customers (among those the
   * actor sees), owner, cities.
   */
  async function prepare(tx: Executor, scope: CustomerScope, body: CustomerBody, selfId?: number) {
    const problems: { field: string; message: string }[] = [];
    const fail = (field: string, message: Parameters<typeof errors.invalidField>[1]) =>
      problems.push({ field, message });
    // One check at a time: a transaction is one connection, which runs one query at a time.
    if (!(await cataloguesRepo.find(tx, 'tipo-documento', body.identificationTypeId))) {
      fail('identificationTypeId', 'customers.identificationType');
    }
    const labelIds = [...new Set(body.labelIds)];
    if ((await cataloguesRepo.existingEnabledIds(tx, 'customer-label', labelIds)).length !== labelIds.length) {
      fail('labelIds', 'customers.unknownLabels');
    }
    const relatedIds = [...new Set(body.relatedCustomerIds)].filter((id) => id !== selfId);
    if ((await customersRepo.visible(tx, scope, relatedIds)).length !== relatedIds.length) {
      fail('relatedCustomerIds', 'customers.unknownRelated');
    }
    if (body.ownerUserId && (await campaignsRepo.existingPeople(tx, [body.ownerUserId])).length === 0) {
      fail('ownerUserId', 'customers.unknownOwner');
    }
    const types = await contactTypes(tx);
    const contacts = prepareContacts(body.contacts, types);
    for (const problem of contacts.problems) fail(problem.field, problem.messageKey);
    if (problems.length > 0) throw new AppError(422, 'VALIDATION', 'errors.validation', {}, problems);
    return {
      values: {
        identificationTypeId: body.identificationTypeId,
        identificationNumber: body.identificationNumber,
        firstName: body.firstName,
        middleName: body.middleName,
        lastName: body.lastName,
        secondLastName: body.secondLastName,
        birthday: body.birthday ?? null,
        gender: body.gender,
        ownerUserId: body.ownerUserId ?? null,
        searchText: customerSearchText(body, contacts.values),
      },
      contacts: contacts.values,
      labelIds,
      relatedIds,
    };
  }

  return {
    /** The list and the pickers (ticket form, related customers): only customers in the actor's scope. */
    async list(actor: AuthContext, query: ListQuery): Promise<Page<CustomerListItem> & { totalCapped: boolean }> {
      const { data, total, capped } = await customersRepo.list(db, {
        ...filterOf(await scopeOf(actor), query),
        page: query.page,
        sizePerPage: query.sizePerPage,
        sortName: query.sortName,
        sortOrder: query.sortOrder,
      });
      return { data, total, totalCapped: capped, page: query.page, sizePerPage: query.sizePerPage };
    },

    /** The list's rows as a streamed xlsx: the same scope and filters as the list. */
    async export(actor: AuthContext, query: ListQuery, output: Writable, locale: Locale): Promise<number> {
      return exportCustomers(db, output, filterOf(await scopeOf(actor), query), locale);
    },

    get: view,

    /** The creator keeps seeing the customer (the scope includes what a user created), whoever its owner is. */
    async create(actor: AuthContext, body: CustomerBody): Promise<Customer> {
      const scope = await scopeOf(actor);
      const id = await db
        .transaction(async (tx) => {
          const prepared = await prepare(tx, scope, body);
          const created = await customersRepo.insert(tx, {
            ...prepared.values,
            createdBy: actor.userId,
            updatedBy: actor.userId,
          });
          await customersRepo.replaceContacts(tx, created, prepared.contacts);
          await customersRepo.replaceLabels(tx, created, prepared.labelIds);
          await customersRepo.replaceRelations(tx, created, prepared.relatedIds);
          await auditRepo.record(tx, {
            actorUserId: actor.userId,
            entity: 'customer',
            entityId: created,
            action: 'created',
            changes: diffForAudit('customer', null, await auditSnapshot(tx, scope, created)),
          });
          return created;
        })
        .catch(rethrowDuplicateIdentification);
      return present(scope, id);
    },

    async update(actor: AuthContext, id: number, body: CustomerBody): Promise<Customer> {
      const scope = await scopeOf(actor);
      await db
        .transaction(async (tx) => {
          await visible(tx, actor, id, true);
          const previous = await auditSnapshot(tx, scope, id);
          const prepared = await prepare(tx, scope, body, id);
          // The form lists only the related customers the actor sees; relations to others stay as they were.
          const existing = await customersRepo.relatedIds(tx, id);
          const seen = new Set((await customersRepo.visible(tx, scope, existing)).map((row) => row.id));
          const kept = existing.filter((relatedId) => !seen.has(relatedId));
          await customersRepo.update(tx, id, { ...prepared.values, updatedBy: actor.userId });
          await customersRepo.replaceContacts(tx, id, prepared.contacts);
          await customersRepo.replaceLabels(tx, id, prepared.labelIds);
          await customersRepo.replaceRelations(tx, id, [...new Set([...prepared.relatedIds, ...kept])]);
          await auditRepo.record(tx, {
            actorUserId: actor.userId,
            entity: 'customer',
            entityId: id,
            action: 'updated',
            changes: diffForAudit('customer', previous, await auditSnapshot(tx, scope, id)),
          });
        })
        .catch(rethrowDuplicateIdentification);
      return present(scope, id);
    },

    /**
     * Kanban: one column per enabled label marked kanban, in the labels' order, newest customers first; cards and
     * totals within the actor's scope, as the list.
     */
    async kanban(actor: AuthContext, query: { searchText?: string; perColumn: number }): Promise<KanbanColumn[]> {
      const scope = await scopeOf(actor);
      const { data: labels } = await cataloguesRepo.list(db, {
        model: 'customer-label',
        page: 1,
        sizePerPage: 50,
        sortName: 'sortOrder',
        sortOrder: 'asc',
        enabled: true,
      });
      const search = query.searchText ? searchable(query.searchText) : undefined;
      return Promise.all(
        labels
          .filter((label) => label.kanban)
          .map(async (label) => {
            const { data, total } = await customersRepo.byLabel(db, scope, label.id, query.perColumn, search);
            return {
              label: { id: label.id, name: label.name, color: label.color, sortOrder: label.sortOrder },
              total,
              customers: data,
            };
          }),
      );
    },

    /** Dragging a card between kanban columns: the customer loses the source label and gains the target one. */
    async moveLabel(actor: AuthContext, id: number, fromLabelId: number | null, toLabelId: number): Promise<Customer> {
      const scope = await scopeOf(actor);
      await db.transaction(async (tx) => {
        await visible(tx, actor, id, true);
        if ((await cataloguesRepo.existingEnabledIds(tx, 'customer-label', [toLabelId])).length === 0) {
          throw errors.invalidField('toLabelId', 'customers.unknownLabels');
        }
        const labelsOf = async () =>
          ((await customersRepo.labelsOf(tx, [id])).get(id) ?? []).map((label) => ({ id: label.id, name: label.name }));
        const previous = await labelsOf();
        await customersRepo.moveLabel(tx, id, fromLabelId, toLabelId);
        await auditRepo.record(tx, {
          actorUserId: actor.userId,
          entity: 'customer',
          entityId: id,
          action: 'label-moved',
          changes: diffForAudit('customer', { labels: previous }, { labels: await labelsOf() }),
        });
      });
      return present(scope, id);
    },

    /**
     * Assigning customers to a user makes that user their owner. Every customer must be in the actor's scope: one
     * that is not is refused like an unknown one (422 naming its position) and nothing is assigned.
     */
    async assignOwner(actor: AuthContext, customerIds: number[], ownerUserId: number): Promise<{ updated: number }> {
      const scope = await scopeOf(actor);
      const ids = [...new Set(customerIds)];
      return db.transaction(async (tx) => {
        if ((await campaignsRepo.existingPeople(tx, [ownerUserId])).length === 0) {
          throw errors.invalidField('ownerUserId', 'customers.unknownOwner');
        }
        const found = new Map((await customersRepo.visible(tx, scope, ids, true)).map((row) => [row.id, row]));
        const missing = customerIds.findIndex((id) => !found.has(id));
        if (missing >= 0) throw errors.invalidField(`customerIds.${missing}`, 'customers.unknownCustomer');
        const updated = await customersRepo.assignOwner(tx, ids, ownerUserId);
        const owners = [...new Set([ownerUserId, ...[...found.values()].flatMap((row) => row.ownerUserId ?? [])])];
        const people = new Map((await usersRepo.refs(tx, owners)).map((person) => [person.id, person]));
        for (const customer of found.values()) {
          await auditRepo.record(tx, {
            actorUserId: actor.userId,
            entity: 'customer',
            entityId: customer.id,
            action: 'owner-assigned',
            changes: diffForAudit(
              'customer',
              { owner: customer.ownerUserId ? people.get(customer.ownerUserId) : null },
              { owner: people.get(ownerUserId) },
            ),
          });
        }
        return { updated };
      });
    },

    async audit(actor: AuthContext, id: number) {
      await visible(db, actor, id);
      return auditRepo.list(db, 'customer', id);
    },
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
