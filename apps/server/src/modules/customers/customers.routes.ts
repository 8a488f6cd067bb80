import {
  assignCustomersBodySchema,
  auditEntrySchema,
  cappedPageSchema,
  customerBodySchema,
  customerImportSchema,
  customerListItemSchema,
  customerListQuerySchema,
  customerSchema,
  customersAssignedSchema,
  envelopeSchema,
  IMPORT_MAX_BYTES,
  idParamSchema,
  kanbanColumnSchema,
  kanbanQuerySchema,
  moveCustomerLabelBodySchema,
  startImportBodySchema,
} from '@atiende/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-hook.js';
import { success } from '../../platform/http/envelope.js';
import { created, file, MULTIPART, ok, refusals } from '../../platform/http/openapi.js';
import { readUpload } from '../../platform/http/uploads.js';
import type { CustomersService } from './customers.service.js';
import type { ImportsService } from './imports.service.js';

export async function customersRoutes(
  app: FastifyInstance,
  customers: CustomersService,
  imports: ImportsService,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Customers'];
  const spreadsheet = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];

  api.get(
    '/customers/export',
    {
      config: { permission: 'exportar-clientes' },
      schema: {
        tags,
        operationId: 'exportCustomers',
        summary: 'The customers of the list’s filter as an Excel workbook (streamed)',
        querystring: customerListQuerySchema,
        response: { 200: file('The workbook', spreadsheet) },
      },
    },
    async (request, reply) => {
      const stamp = new Date().toISOString().slice(0, 10);
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'content-disposition': `attachment; filename="clientes-${stamp}.xlsx"`,
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store',
      });
      try {
        await customers.export(requireAuth(request), request.query, reply.raw, request.locale);
      } catch (error) {
        request.log.error({ err: error }, 'customer export failed');
        reply.raw.destroy(error as Error);
      }
    },
  );

  const uploadImport = {
    tags,
    operationId: 'uploadCustomerImport',
    summary: 'Upload a spreadsheet (multipart `file`: XLSX or CSV) to import: its columns and a preview',
    consumes: MULTIPART,
    response: created(customerImportSchema),
  };
  api.post(
    '/customers/imports',
    { config: { permission: 'importar-clientes' }, schema: uploadImport },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          success(request, await imports.upload(requireAuth(request), await readUpload(request, IMPORT_MAX_BYTES))),
        ),
  );
  api.get(
    '/customers/imports/:id',
    {
      config: { permission: 'importar-clientes' },
      schema: {
        tags,
        operationId: 'getCustomerImport',
        summary: 'One import of the caller: its status and counters',
        params: idParamSchema,
        response: ok(customerImportSchema),
      },
    },
    async (request) => success(request, await imports.get(requireAuth(request), request.params.id)),
  );
  api.post(
    '/customers/imports/:id/start',
    {
      config: { permission: 'importar-clientes' },
      schema: {
        tags,
        operationId: 'startCustomerImport',
        summary: 'Start an uploaded import with a column mapping (runs in the background)',
        params: idParamSchema,
        body: startImportBodySchema,
        response: { 202: envelopeSchema(customerImportSchema), ...refusals(409) },
      },
    },
    async (request, reply) =>
      reply.code(202).send(
        success(request, await imports.start(requireAuth(request), request.params.id, request.body, request.locale), {
          messageKey: 'imports.started',
        }),
      ),
  );
  api.get(
    '/customers/imports/:id/errors',
    {
      config: { permission: 'importar-clientes' },
      schema: {
        tags,
        operationId: 'getCustomerImportErrors',
        summary: 'The rows an import refused, with the reasons, as an Excel workbook',
        params: idParamSchema,
        response: { 200: file('The error report', spreadsheet) },
      },
    },
    async (request, reply) => {
      const report = await imports.errorReport(requireAuth(request), request.params.id);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${report.name}"`)
        .header('x-content-type-options', 'nosniff')
        .send(report.stream);
    },
  );

  api.get(
    '/customers',
    {
      config: { permission: 'ver-menu-clientes' },
      schema: {
        tags,
        operationId: 'listCustomers',
        summary: 'List customers, by page, filtered by label, owner and campaign',
        querystring: customerListQuerySchema,
        response: ok(cappedPageSchema(customerListItemSchema)),
      },
    },
    async (request) => success(request, await customers.list(requireAuth(request), request.query)),
  );
  api.post(
    '/customers',
    {
      config: { permission: 'agregar-cliente' },
      schema: {
        tags,
        operationId: 'createCustomer',
        summary: 'Create a customer with contacts, labels and related customers',
        body: customerBodySchema,
        response: { ...created(customerSchema), ...refusals(409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        success(request, await customers.create(requireAuth(request), request.body), {
          messageKey: 'customers.saved',
        }),
      ),
  );
  api.get(
    '/customers/kanban',
    {
      config: { permission: 'ver-menu-clientes' },
      schema: {
        tags,
        operationId: 'getCustomerKanban',
        summary: 'Customers by label (the kanban’s columns)',
        querystring: kanbanQuerySchema,
        response: ok(z.array(kanbanColumnSchema)),
      },
    },
    async (request) => success(request, await customers.kanban(requireAuth(request), request.query)),
  );
  api.post(
    '/customers/assign',
    {
      config: { permission: 'editar-cliente' },
      schema: {
        tags,
        operationId: 'assignCustomers',
        summary: 'Give customers an owner',
        body: assignCustomersBodySchema,
        response: ok(customersAssignedSchema),
      },
    },
    async (request) =>
      success(
        request,
        await customers.assignOwner(requireAuth(request), request.body.customerIds, request.body.ownerUserId),
        { messageKey: 'customers.saved' },
      ),
  );
  api.get(
    '/customers/:id',
    {
      config: { permission: 'ver-cliente' },
      schema: {
        tags,
        operationId: 'getCustomer',
        summary: 'One customer with contacts and related customers',
        params: idParamSchema,
        response: ok(customerSchema),
      },
    },
    async (request) => success(request, await customers.get(requireAuth(request), request.params.id)),
  );
  api.put(
    '/customers/:id',
    {
      config: { permission: 'editar-cliente' },
      schema: {
        tags,
        operationId: 'updateCustomer',
        summary: 'Update a customer',
        params: idParamSchema,
        body: customerBodySchema,
        response: { ...ok(customerSchema), ...refusals(409) },
      },
    },
    async (request) =>
      success(request, await customers.update(requireAuth(request), request.params.id, request.body), {
        messageKey: 'customers.saved',
      }),
  );
  api.post(
    '/customers/:id/move-label',
    {
      config: { permission: 'editar-cliente' },
      schema: {
        tags,
        operationId: 'moveCustomerLabel',
        summary: 'Move a customer from one label to another (a kanban drag)',
        params: idParamSchema,
        body: moveCustomerLabelBodySchema,
        response: ok(customerSchema),
      },
    },
    async (request) =>
      success(
        request,
        await customers.moveLabel(
          requireAuth(request),
          request.params.id,
          request.body.fromLabelId ?? null,
          request.body.toLabelId,
        ),
        { messageKey: 'customers.saved' },
      ),
  );
  api.get(
    '/customers/:id/audit',
    {
      config: { permission: 'ver-auditoria' },
      schema: {
        tags,
        operationId: 'listCustomerAudit',
        summary: 'The audit log of a customer, newest first',
        params: idParamSchema,
        response: ok(z.array(auditEntrySchema)),
      },
    },
    async (request) => success(request, await customers.audit(requireAuth(request), request.params.id)),
  );
}
