import type {
  DynamicForm,
  dynamicFormBodySchema,
  formListQuerySchema,
  OptionNode,
  Page,
  ReusableList,
  reusableListBodySchema,
} from '@atiende/contracts';
import type { z } from 'zod';
import { auditRepo } from '../../platform/audit/audit.repo.js';
import { type AuditMember, type AuditSnapshot, diffForAudit } from '../../platform/audit/diff.js';
import type { AppContext } from '../../platform/context.js';
import type { Executor } from '../../platform/db/client.js';
import { errors } from '../../platform/http/errors.js';
import { type FormRow, formsRepo, type ListRow } from './forms.repo.js';

type FormBody = z.output<typeof dynamicFormBodySchema>;
type ListBody = z.output<typeof reusableListBodySchema>;
type ListQuery = z.output<typeof formListQuerySchema>;

function filterOf(query: ListQuery) {
  return {
    page: query.page,
    sizePerPage: query.sizePerPage,
    sortName: query.sortName,
    sortOrder: query.sortOrder,
    searchText: query.searchText || undefined,
    enabled: query.enabled === 'all' ? undefined : query.enabled === 'true',
  };
}

function toForm(row: FormRow, campaigns: { id: number; name: string }[]): DynamicForm {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    requireNotes: row.requireNotes,
    requireNextTask: row.requireNextTask,
    enabled: row.enabled,
    fields: [...row.fields].sort((a, b) => a.order - b.order),
    campaigns,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toList(row: ListRow, usedBy: { id: number; name: string }[]): ReusableList {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type as ReusableList['type'],
    alphabeticalOrder: row.alphabeticalOrder,
    enabled: row.enabled,
    options: row.options,
    usedBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Options (a tree for multi-level lists) as the audit compares them: one member per option, named by its path. */
function optionMembers(options: readonly OptionNode[], parent = ''): AuditMember[] {
  return options.flatMap((option) => {
    const path = parent ? `${parent} › ${option.label}` : option.label;
    return [{ id: path, name: path }, ...optionMembers(option.children ?? [], path)];
  });
}

/** A form as its audit compares it: each field identified by its key, its reusable list by its name now. */
async function formSnapshot(tx: Executor, row: FormRow): Promise<AuditSnapshot<'dynamic-form'>> {
  const listIds = [...new Set(row.fields.flatMap((field) => (field.reusableListId ? [field.reusableListId] : [])))];
  const lists = new Map((await formsRepo.refs(tx, 'list', listIds)).map((list) => [list.id, list]));
  return {
    name: row.name,
    description: row.description,
    requireNotes: row.requireNotes,
    requireNextTask: row.requireNextTask,
    enabled: row.enabled,
    fields: row.fields.map((field) => ({
      id: field.key,
      name: field.label,
      type: field.type,
      description: field.description,
      order: field.order,
      required: field.required,
      alphabeticalOrder: field.alphabeticalOrder,
      defaultValue: field.defaultValue,
      options: optionMembers(field.options),
      reusableList: field.reusableListId ? lists.get(field.reusableListId) : null,
    })),
  };
}

function listSnapshot(row: ListRow): AuditSnapshot<'reusable-list'> {
  return {
    name: row.name,
    description: row.description,
    type: row.type,
    alphabeticalOrder: row.alphabeticalOrder,
    enabled: row.enabled,
    options: optionMembers(row.options),
  };
}

/** Fields that take options from a reusable list must name one that exists. */
async function checkListReferences(db: Executor, body: FormBody): Promise<void> {
  const referenced = [...new Set(body.fields.flatMap((field) => (field.reusableListId ? [field.reusableListId] : [])))];
  const existing = await formsRepo.existingListIds(db, referenced);
  const missing = body.fields.findIndex((field) => field.reusableListId && !existing.includes(field.reusableListId));
  if (missing >= 0) throw errors.invalidField(`fields.${missing}.reusableListId`, 'forms.unknownList');
}

export function createFormsService(ctx: AppContext) {
  const { db } = ctx;

  async function formView(id: number): Promise<DynamicForm> {
    const row = await formsRepo.findForm(db, id);
    if (!row) throw errors.notFound();
    return toForm(row, await formsRepo.campaignsUsingForm(db, id));
  }

  async function listView(id: number): Promise<ReusableList> {
    const row = await formsRepo.findList(db, id);
    if (!row) throw errors.notFound();
    return toList(row, await formsRepo.formsUsingList(db, id));
  }

  async function storedForm(tx: Executor, id: number): Promise<FormRow> {
    const row = await formsRepo.findForm(tx, id);
    if (!row) throw errors.notFound();
    return row;
  }

  async function storedList(tx: Executor, id: number): Promise<ListRow> {
    const row = await formsRepo.findList(tx, id);
    if (!row) throw errors.notFound();
    return row;
  }

  const formValues = (body: FormBody) => ({
    name: body.name,
    description: body.description,
    requireNotes: body.requireNotes,
    requireNextTask: body.requireNextTask,
    enabled: body.enabled,
    fields: body.fields,
  });

  const listValues = (body: ListBody) => ({
    name: body.name,
    description: body.description,
    type: body.type,
    alphabeticalOrder: body.alphabeticalOrder,
    enabled: body.enabled,
    options: body.options,
  });

  return {
    async listForms(query: ListQuery): Promise<Page<DynamicForm>> {
      const { rows, total } = await formsRepo.listForms(db, filterOf(query));
      return { data: rows.map((row) => toForm(row, [])), total, page: query.page, sizePerPage: query.sizePerPage };
    },

    getForm: formView,

    async createForm(actorUserId: number, body: FormBody): Promise<DynamicForm> {
      const id = await db.transaction(async (tx) => {
        await checkListReferences(tx, body);
        const values = formValues(body);
        const created = await formsRepo.insertForm(tx, { ...values, createdBy: actorUserId, updatedBy: actorUserId });
        await auditRepo.record(tx, {
          actorUserId,
          entity: 'dynamic-form',
          entityId: created,
          action: 'created',
          changes: diffForAudit('dynamic-form', null, await formSnapshot(tx, await storedForm(tx, created))),
        });
        return created;
      });
      return formView(id);
    },

    async updateForm(actorUserId: number, id: number, body: FormBody): Promise<DynamicForm> {
      await db.transaction(async (tx) => {
        const current = await formsRepo.findForm(tx, id, true);
        if (!current) throw errors.notFound();
        await checkListReferences(tx, body);
        const values = formValues(body);
        await formsRepo.updateForm(tx, id, { ...values, updatedBy: actorUserId });
        await auditRepo.record(tx, {
          actorUserId,
          entity: 'dynamic-form',
          entityId: id,
          action: 'updated',
          changes: diffForAudit(
            'dynamic-form',
            await formSnapshot(tx, current),
            await formSnapshot(tx, await storedForm(tx, id)),
          ),
        });
      });
      return formView(id);
    },

    async listLists(query: ListQuery): Promise<Page<ReusableList>> {
      const { rows, total } = await formsRepo.listLists(db, filterOf(query));
      return { data: rows.map((row) => toList(row, [])), total, page: query.page, sizePerPage: query.sizePerPage };
    },

    getList: listView,

    async createList(actorUserId: number, body: ListBody): Promise<ReusableList> {
      const id = await db.transaction(async (tx) => {
        const values = listValues(body);
        const created = await formsRepo.insertList(tx, { ...values, createdBy: actorUserId, updatedBy: actorUserId });
        await auditRepo.record(tx, {
          actorUserId,
          entity: 'reusable-list',
          entityId: created,
          action: 'created',
          changes: diffForAudit('reusable-list', null, listSnapshot(await storedList(tx, created))),
        });
        return created;
      });
      return listView(id);
    },

    async updateList(actorUserId: number, id: number, body: ListBody): Promise<ReusableList> {
      await db.transaction(async (tx) => {
        const current = await formsRepo.findList(tx, id, true);
        if (!current) throw errors.notFound();
        const values = listValues(body);
        await formsRepo.updateList(tx, id, { ...values, updatedBy: actorUserId });
        await auditRepo.record(tx, {
          actorUserId,
          entity: 'reusable-list',
          entityId: id,
          action: 'updated',
          changes: diffForAudit('reusable-list', listSnapshot(current), listSnapshot(await storedList(tx, id))),
        });
      });
      return listView(id);
    },

    /** The definition a browser needs to render and validate a form: fields plus the reusable lists they use. */
    async formWithLists(id: number) {
      const form = await formView(id);
      const listIds = [
        ...new Set(form.fields.flatMap((field) => (field.reusableListId ? [field.reusableListId] : []))),
      ];
      const lists = await formsRepo.listsByIds(db, listIds);
      return { form, lists: lists.map((row) => ({ id: row.id, options: row.options })) };
    },
  };
}

export type FormsService = ReturnType<typeof createFormsService>;
