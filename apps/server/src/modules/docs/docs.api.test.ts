import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesOf } from '../../platform/http/auth-hook.js';
import { API_TAGS } from '../../platform/http/openapi.js';
import { createTestApp, ONE_PIXEL_PNG, postFile, signedIn, type TestApp } from '../../test/app.js';
import { type Actor, caller, deskCampaign } from '../../test/desk.js';
import { startWhatsappCloud } from '../../test/whatsapp-cloud.js';

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const API_CLIENT = path.join(ROOT, 'packages/api-client');
/** A real installation's address (Redocly refuses localhost and example.com as servers). */
const PUBLIC_URL = 'https://soporte.tiendademo.co';
const SHOP = 'https://www.tiendademo.co';
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
}
interface Document {
  openapi: string;
  tags: { name: string; description?: string }[];
  security: unknown[];
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
  paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
}

let t: TestApp;
let admin: Actor;
let document: Document;
let documentFile: string;
let cloud: Awaited<ReturnType<typeof startWhatsappCloud>>;

beforeAll(async () => {
  cloud = await startWhatsappCloud({ accessToken: 'EAAG-docs-token' });
  t = await createTestApp({ env: { PUBLIC_URL }, allowOutbound: [cloud.url()] });
  admin = await signedIn(t, 'admin');
  const answer = await t.app.inject({ method: 'GET', url: '/api/v2/docs' });
  expect(answer.statusCode).toBe(200);
  document = answer.json();
  documentFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'atiende-openapi-')), 'openapi.json');
  fs.writeFileSync(documentFile, JSON.stringify(document, null, 2));
});

afterAll(async () => {
  await t?.close();
  await cloud?.close();
  if (documentFile) fs.rmSync(path.dirname(documentFile), { recursive: true, force: true });
});

/** The document's path of a Fastify route: `:id` → `{id}`, a trailing wildcard → `{path}`. */
const documentPathOf = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\/\*$/, '/{path}');

function operations(): { path: string; method: string; operation: Operation }[] {
  return Object.entries(document.paths).flatMap(([documentPath, item]) =>
    METHODS.flatMap((method) => {
      const operation = item[method];
      return operation ? [{ path: documentPath, method, operation }] : [];
    }),
  );
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document (swagger-parser)', async () => {
    expect(document.openapi).toBe('3.1.0');
    // validate() dereferences in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it('passes Redocly’s lint (recommended rules, stricter where redocly.yaml says) without a problem', async () => {
    const cli = path.join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');
    const config = path.join(API_CLIENT, 'redocly.yaml');
    const lint = await run(process.execPath, [cli, 'lint', documentFile, '--config', config, '--format=json'], {
      cwd: API_CLIENT,
      env: {
        ...process.env,
        REDOCLY_TELEMETRY: 'off',
        REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
        REDOCLY_SUPPRESS_NOTIFICATIONS: 'true',
      },
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { stdout?: string; stderr?: string }) => error);
    const report = JSON.parse(String(lint.stdout)) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
    };
    const problems = report.problems.map(
      (problem) => `${problem.ruleId} ${problem.location[0]?.pointer}: ${problem.message}`,
    );
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 120_000);

  it('has every API route, each with operationId, summary, a described tag and documented bodies', () => {
    const documented = new Set(operations().map(({ path: p, method }) => `${method} ${p}`));
    const hidden = (route: { method: string; url: string }) =>
      route.url === '/api/v2/docs' || route.method === 'OPTIONS';
    const routes = routesOf(t.app).filter((route) => !hidden(route));
    expect(routes.length).toBeGreaterThan(140);
    const missing = routes
      .map((route) => `${route.method.toLowerCase()} ${documentPathOf(route.url)}`)
      .filter((key) => !documented.has(key));
    expect(missing).toEqual([]);

    const tags = new Map(document.tags.map((tag) => [tag.name, tag.description]));
    expect([...tags.keys()].sort()).toEqual(API_TAGS.map((tag) => tag.name).sort());
    const operationIds = new Set<string>();
    for (const { path: p, method, operation } of operations()) {
      const where = `${method} ${p}`;
      expect(operation.operationId, where).toMatch(/^[a-z][A-Za-z]+$/);
      expect(operationIds.has(operation.operationId as string), `${where}: duplicate operationId`).toBe(false);
      operationIds.add(operation.operationId as string);
      expect(operation.summary?.length, `${where}: summary`).toBeGreaterThan(5);
      expect(operation.tags?.length, `${where}: one tag`).toBe(1);
      expect(tags.get(operation.tags?.[0] as string), `${where}: a described tag`).toBeTruthy();
      const statuses = Object.keys(operation.responses);
      expect(
        statuses.some((status) => status.startsWith('2')),
        `${where}: a success answer`,
      ).toBe(true);
      for (const [status, response] of Object.entries(operation.responses)) {
        expect(response.description, `${where} ${status}: description`).toBeTruthy();
        const media = Object.values(response.content ?? {});
        expect(media.length, `${where} ${status}: a body`).toBeGreaterThan(0);
        for (const content of media) expect(content.schema, `${where} ${status}: its schema`).toBeTruthy();
      }
    }
  });

  it('answers with the statuses each route’s declaration implies; public routes need no token', () => {
    expect(document.components.securitySchemes.bearer).toEqual({ type: 'http', scheme: 'bearer' });
    expect(document.security).toEqual([{ bearer: [] }]);
    for (const route of routesOf(t.app)) {
      const operation = document.paths[documentPathOf(route.url)]?.[route.method.toLowerCase() as 'get'];
      if (!operation) continue;
      const where = `${route.method} ${route.url}`;
      const statuses = Object.keys(operation.responses);
      const expected: string[] = [];
      if (route.public) expect(operation.security, `${where}: no token`).toEqual([]);
      else {
        expect(operation.security, `${where}: the document's bearer token`).toBeUndefined();
        expected.push('401');
      }
      if (route.permission) expected.push('403');
      const pathParameters = operation.parameters?.filter((parameter) => parameter.in === 'path') ?? [];
      if (pathParameters.length > 0) expected.push('404');
      // The wildcard of /files/* takes any text (an unknown file is 404); every other path parameter is validated.
      if (pathParameters.some((parameter) => !route.url.endsWith('/*') || parameter.name !== 'path')) {
        expected.push('400');
      }
      if (operation.parameters?.some((parameter) => parameter.in === 'query')) expected.push('400');
      if (operation.requestBody?.content['application/json']) expected.push('400', '422');
      if (operation.requestBody?.content['multipart/form-data']) expected.push('400', '413', '415');
      // Any API call may meet the database restarting.
      if (route.url.startsWith('/api/')) expected.push('503');
      expect(statuses, where).toEqual(expect.arrayContaining(expected));
      for (const status of statuses.filter((code) => Number(code) >= 400 && code !== '503')) {
        expect(operation.responses[status].content?.['application/json']?.schema, `${where} ${status}`).toEqual({
          $ref: '#/components/schemas/ErrorEnvelope',
        });
      }
    }
    // The routes the product keeps public, by name.
    const publicOperations = operations()
      .filter(({ operation }) => operation.security?.length === 0)
      .map(({ operation }) => operation.operationId);
    expect(publicOperations).toEqual(
      expect.arrayContaining([
        'getHealth',
        'login',
        'requestPasswordReset',
        'resetPassword',
        'getBusiness',
        'issueOAuthToken',
        'getPublicWidget',
        'sendWidgetVisitorMessage',
        'getWidgetScript',
        'receiveWhatsappWebhook',
        'verifyWhatsappWebhook',
        'receiveTelegramUpdate',
        'receiveFacebookWebhook',
        'receiveInstagramWebhook',
        'getPublicFile',
      ]),
    );
    expect(publicOperations).not.toContain('listUsers');
  });

  it('documents downloads, exports, scripts and the OAuth token with their real content types', () => {
    const contentTypes = (documentPath: string, method: 'get' | 'post', status = '200') =>
      Object.keys(document.paths[documentPath]?.[method]?.responses[status]?.content ?? {});
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    expect(contentTypes('/api/v2/tickets/export', 'get')).toEqual([xlsx]);
    expect(contentTypes('/api/v2/customers/export', 'get')).toEqual([xlsx]);
    expect(contentTypes('/api/v2/customers/imports/{id}/errors', 'get')).toEqual([xlsx]);
    expect(contentTypes('/api/v2/tickets/{id}/attachments/{attachmentId}', 'get')).toEqual([
      'application/octet-stream',
    ]);
    expect(contentTypes('/widget.js', 'get')).toEqual(['application/javascript']);
    expect(contentTypes('/api/v2/webhooks/whatsapp/{id}', 'get')).toEqual(['text/plain']);
    expect(contentTypes('/api/v2/files/{path}', 'get')).toEqual(['image/png', 'image/jpeg', 'image/webp']);
    const token = document.paths['/api/v2/oauth/token']?.post;
    expect(Object.keys(token?.requestBody?.content ?? {})).toEqual([
      'application/x-www-form-urlencoded',
      'application/json',
    ]);
    expect(token?.responses['200']?.content?.['application/json']?.schema).toMatchObject({
      required: expect.arrayContaining(['access_token', 'token_type', 'expires_in', 'statusResult', 'result']),
    });
    const upload = document.paths['/api/v2/tickets/{id}/attachments']?.post?.requestBody?.content;
    expect(upload?.['multipart/form-data']).toMatchObject({
      schema: { properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] },
    });
  });

  it('a typed client generated from it (openapi-typescript) compiles with its usage', async () => {
    const generated = path.join(API_CLIENT, 'generated', 'schema.d.ts');
    await run(process.execPath, [path.join(API_CLIENT, 'generate.mjs'), documentFile, generated], { cwd: API_CLIENT });
    expect(fs.readFileSync(generated, 'utf8')).toContain('UserDetail');
    const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
    const compiled = await run(process.execPath, [tsc, '-p', path.join(API_CLIENT, 'tsconfig.json')], {
      cwd: API_CLIENT,
    }).catch((error: { stdout?: string; code?: number }) => ({ stdout: error.stdout, failed: true }));
    expect(String(compiled.stdout)).toBe('');
    expect('failed' in compiled).toBe(false);
  }, 180_000);
});

describe('real answers match their documented schemas', () => {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  formats.default(ajv);
  ajv.addFormat('binary', true);
  let loaded = false;
  const pointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

  /** Checks a real answer against the document's schema of that path, method and status. */
  function expectDocumented(response: LightMyRequestResponse, method: string, documentPath: string, status = 200) {
    if (!loaded) {
      ajv.addSchema(document as object, 'openapi');
      loaded = true;
    }
    const where = `${method} ${documentPath} ${status}`;
    expect(response.statusCode, `${where}: ${response.body.slice(0, 500)}`).toBe(status);
    const ref = `openapi#/paths/${pointer(documentPath)}/${method}/responses/${status}/content/application~1json/schema`;
    const validate = ajv.getSchema(ref);
    expect(validate, `${where}: documented`).toBeTruthy();
    const body = response.json();
    const valid = validate?.(body);
    expect(valid ? [] : validate?.errors, where).toEqual([]);
    return body.result;
  }

  it('lists and details of every module', async () => {
    const api = caller(t);
    const get = (url: string, actor: Actor = admin) => api.get(url, actor);
    const agent = await signedIn(t, 'agent');

    // Structure: a web-chat channel and a campaign where the agent works, a form, a list, a template, a role.
    const { channelId, campaignId } = await deskCampaign(t, admin, { agents: [agent] });
    expectDocumented(await get('/api/v2/channels'), 'get', '/api/v2/channels');
    expectDocumented(await get(`/api/v2/channels/${channelId}`), 'get', '/api/v2/channels/{id}');
    expectDocumented(await get(`/api/v2/channels/${channelId}/audit`), 'get', '/api/v2/channels/{id}/audit');
    expectDocumented(await get('/api/v2/campaigns'), 'get', '/api/v2/campaigns');
    expectDocumented(await get(`/api/v2/campaigns/${campaignId}`), 'get', '/api/v2/campaigns/{id}');
    expectDocumented(
      await get('/api/v2/supervision/obtenerCampanas', agent),
      'get',
      '/api/v2/supervision/obtenerCampanas',
    );

    const list = await api.post('/api/v2/reusable-lists', admin, {
      name: `Ciudades ${Date.now()}`,
      type: 'multilevel',
      options: [{ label: 'Colombia', children: [{ label: 'Bogotá' }, { label: 'Medellín' }] }],
    });
    const listId = expectDocumented(list, 'post', '/api/v2/reusable-lists', 201).id;
    const form = await api.post('/api/v2/dynamic-forms', admin, {
      name: `Encuesta ${Date.now()}`,
      fields: [
        { key: 'motivo', label: 'Motivo', type: 'list', options: [{ label: 'Reclamo' }, { label: 'Consulta' }] },
        { key: 'ciudad', label: 'Ciudad', type: 'multilevel', reusableListId: listId },
      ],
    });
    const formId = expectDocumented(form, 'post', '/api/v2/dynamic-forms', 201).id;
    expectDocumented(await get('/api/v2/dynamic-forms'), 'get', '/api/v2/dynamic-forms');
    expectDocumented(await get(`/api/v2/dynamic-forms/${formId}`), 'get', '/api/v2/dynamic-forms/{id}');
    expectDocumented(await get('/api/v2/reusable-lists'), 'get', '/api/v2/reusable-lists');
    expectDocumented(await get(`/api/v2/reusable-lists/${listId}`), 'get', '/api/v2/reusable-lists/{id}');

    const template = await api.post('/api/v2/templates', admin, {
      name: `Saludo ${Date.now()}`,
      body: 'Hola {{cliente.nombre}}, le atiende {{agente.nombre}}.',
    });
    const templateId = expectDocumented(template, 'post', '/api/v2/templates', 201).id;
    expectDocumented(await get('/api/v2/templates'), 'get', '/api/v2/templates');
    expectDocumented(await get(`/api/v2/templates/${templateId}`), 'get', '/api/v2/templates/{id}');

    const role = await api.post('/api/v2/roles', admin, { name: `docs-${Date.now()}`, label: 'Documentación' });
    const roleId = expectDocumented(role, 'post', '/api/v2/roles', 201).id;
    expectDocumented(await get('/api/v2/roles'), 'get', '/api/v2/roles');
    expectDocumented(await get(`/api/v2/roles/${roleId}/permissions`), 'get', '/api/v2/roles/{id}/permissions');
    expectDocumented(await get('/api/v2/permissions'), 'get', '/api/v2/permissions');

    // Users, the session and the business.
    expectDocumented(await get('/api/v2/users'), 'get', '/api/v2/users');
    expectDocumented(await get(`/api/v2/users/${agent.id}`), 'get', '/api/v2/users/{id}');
    expectDocumented(await get(`/api/v2/users/${agent.id}/campaigns`), 'get', '/api/v2/users/{id}/campaigns');
    const avatar = await postFile(t, '/api/v2/profile/avatar', agent, ONE_PIXEL_PNG, 'yo.png', 'image/png');
    expect(expectDocumented(avatar, 'post', '/api/v2/profile/avatar').url_image).toMatch(/^\/api\/v2\/files\//);
    expectDocumented(await get('/api/v2/profile', agent), 'get', '/api/v2/profile');
    expectDocumented(await get('/api/v2/usuario', agent), 'get', '/api/v2/usuario');
    expectDocumented(await get('/api/v2/usuario/perfil', agent), 'get', '/api/v2/usuario/perfil');
    expectDocumented(await get(`/api/v2/users/${admin.id}/audit`), 'get', '/api/v2/users/{id}/audit');
    expectDocumented(await t.app.inject({ method: 'GET', url: '/api/v2/empresa' }), 'get', '/api/v2/empresa');
    expectDocumented(await t.app.inject({ method: 'GET', url: '/api/v2/health' }), 'get', '/api/v2/health');
    const types = expectDocumented(await get('/api/v2/entities/tipo-documento'), 'get', '/api/v2/entities/{model}');
    const identificationTypeId = types.data[0].id as number;
    expectDocumented(
      await get(`/api/v2/entities/tipo-documento/${identificationTypeId}`),
      'get',
      '/api/v2/entities/{model}/{id}',
    );
    const credential = await api.post('/api/v2/api-credentials', admin, { name: 'Integración CRM', roleId });
    expectDocumented(credential, 'post', '/api/v2/api-credentials', 201);
    expectDocumented(await get('/api/v2/api-credentials'), 'get', '/api/v2/api-credentials');
    const token = await t.app.inject({
      method: 'POST',
      url: '/api/v2/oauth/token',
      payload: {
        grant_type: 'client_credentials',
        client_id: credential.json().result.client_id,
        client_secret: credential.json().result.secret,
      },
    });
    expect(expectDocumented(token, 'post', '/api/v2/oauth/token').token_type).toBe('Bearer');

    // Customers: one by hand, one from a message of the API channel, which also opens a ticket with a conversation.
    const customer = await api.post('/api/v2/customers', admin, {
      identificationTypeId,
      identificationNumber: `${Date.now()}`.slice(-10),
      firstName: 'Lucía',
      lastName: 'Restrepo',
      birthday: '1990-04-12',
      contacts: [],
    });
    const customerId = expectDocumented(customer, 'post', '/api/v2/customers', 201).id;
    expectDocumented(await get('/api/v2/customers'), 'get', '/api/v2/customers');
    expectDocumented(await get(`/api/v2/customers/${customerId}`), 'get', '/api/v2/customers/{id}');
    expectDocumented(await get('/api/v2/customers/kanban'), 'get', '/api/v2/customers/kanban');
    expectDocumented(await get(`/api/v2/customers/${customerId}/dashboard`), 'get', '/api/v2/customers/{id}/dashboard');

    const inbound = await api.post(`/api/v2/channels/${channelId}/inbound`, admin, {
      providerMessageId: `docs-${Date.now()}`,
      from: `visitante-${Date.now()}`,
      senderName: 'Marta Gómez',
      text: 'Buenas tardes, mi pedido no ha llegado.',
    });
    const { ticketId } = expectDocumented(inbound, 'post', '/api/v2/channels/{id}/inbound', 201);
    const reply = await api.post(`/api/v2/tickets/${ticketId}/messages`, admin, { text: 'Ya lo revisamos.' });
    expectDocumented(reply, 'post', '/api/v2/tickets/{id}/messages', 201);
    const attached = await postFile(
      t,
      `/api/v2/tickets/${ticketId}/attachments`,
      admin,
      ONE_PIXEL_PNG,
      'guia.png',
      'image/png',
    );
    expectDocumented(attached, 'post', '/api/v2/tickets/{id}/attachments', 201);
    const note = await api.post(`/api/v2/tickets/${ticketId}/notes`, admin, { body: 'Cliente frecuente.' });
    expectDocumented(note, 'post', '/api/v2/tickets/{id}/notes', 201);
    const ticket = expectDocumented(await get(`/api/v2/tickets/${ticketId}`), 'get', '/api/v2/tickets/{id}');
    expect(ticket.interactions[0].messages.length).toBe(2);
    expect(ticket.attachments.length).toBe(1);
    expectDocumented(
      await get(`/api/v2/tickets/by-number/${ticket.number}`),
      'get',
      '/api/v2/tickets/by-number/{number}',
    );
    expectDocumented(await get('/api/v2/tickets'), 'get', '/api/v2/tickets');
    expectDocumented(await get(`/api/v2/tickets/${ticketId}/history`), 'get', '/api/v2/tickets/{id}/history');
    expectDocumented(await get(`/api/v2/tickets/${ticketId}/templates`), 'get', '/api/v2/tickets/{id}/templates');
    expectDocumented(
      await get(`/api/v2/caso/pendientes?campana=${campaignId}&filter=all`),
      'get',
      '/api/v2/caso/pendientes',
    );
    expectDocumented(await get(`/api/v2/infogeneral?searchText=Marta`), 'get', '/api/v2/infogeneral');
    expectDocumented(await get(`/api/v2/users/${agent.id}/ticket-stats`), 'get', '/api/v2/users/{id}/ticket-stats');
    expectDocumented(await get(`/api/v2/users/${agent.id}/agenda`), 'get', '/api/v2/users/{id}/agenda');

    // Agents and supervision.
    expectDocumented(await get('/api/v2/listaestados/simple', agent), 'get', '/api/v2/listaestados/simple');
    expectDocumented(await get('/api/v2/supervision/agente/estado', agent), 'get', '/api/v2/supervision/agente/estado');
    expectDocumented(await get('/api/v2/supervision/agentes'), 'get', '/api/v2/supervision/agentes');
    expectDocumented(await get('/api/v2/supervision/colas'), 'get', '/api/v2/supervision/colas');
    expectDocumented(
      await get(`/api/v2/supervision/agentes/${agent.id}/historial`),
      'get',
      '/api/v2/supervision/agentes/{id}/historial',
    );

    // Internal chat: the contacts, then one conversation.
    const sent = await api.post('/api/v2/internalchat/sendMessage', admin, {
      mensaje: '¿Puedes revisar el caso de Marta?',
      usuario_destino_id: agent.id,
    });
    expectDocumented(sent, 'post', '/api/v2/internalchat/sendMessage', 201);
    expectDocumented(await get('/api/v2/internalchat/getMessages', agent), 'get', '/api/v2/internalchat/getMessages');
    expectDocumented(
      await get(`/api/v2/internalchat/getMessages?userId=${admin.id}`, agent),
      'get',
      '/api/v2/internalchat/getMessages',
    );

    // Widgets: the administration, then the website's visitor through the public API.
    const widget = await api.post('/api/v2/omni-widgets', admin, {
      name: `Widget ${Date.now()}`,
      allowedOrigins: [SHOP],
      channelIds: [channelId],
    });
    const { id: widgetId, publicKey } = expectDocumented(widget, 'post', '/api/v2/omni-widgets', 201);
    expectDocumented(await get('/api/v2/omni-widgets'), 'get', '/api/v2/omni-widgets');
    expectDocumented(await get(`/api/v2/omni-widgets/${widgetId}`), 'get', '/api/v2/omni-widgets/{id}');
    const visitorCall = (method: 'GET' | 'POST', url: string, payload?: object, token?: string) =>
      t.app.inject({
        method,
        url: `/api/v2/public/widgets/${publicKey}${url}`,
        headers: { origin: SHOP, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        ...(payload ? { payload } : {}),
      });
    expectDocumented(await visitorCall('GET', ''), 'get', '/api/v2/public/widgets/{publicKey}');
    const visitor = expectDocumented(
      await visitorCall('POST', '/visitors', { name: 'Pedro', email: 'pedro@correo.co' }),
      'post',
      '/api/v2/public/widgets/{publicKey}/visitors',
    );
    const visitorMessage = await visitorCall(
      'POST',
      '/messages',
      { text: '¿Tienen envíos a Cali?', clientMessageId: `docs-${Date.now()}` },
      visitor.visitorToken,
    );
    expectDocumented(visitorMessage, 'post', '/api/v2/public/widgets/{publicKey}/messages', 201);
    expectDocumented(
      await visitorCall('GET', '/messages', undefined, visitor.visitorToken),
      'get',
      '/api/v2/public/widgets/{publicKey}/messages',
    );

    // WhatsApp templates, submitted to a local Graph API.
    const { channelId: whatsappChannelId } = await deskCampaign(t, admin, {
      agents: [],
      channelType: 'whatsapp',
      channelConfig: {
        phoneNumberId: '1055599999',
        businessAccountId: '2000000099',
        accessToken: 'EAAG-docs-token',
        appSecret: 'docs-app-secret',
        verifyToken: 'docs-verify',
        apiBaseUrl: cloud.url(),
      },
    });
    const submitted = await api.post('/api/v2/whatsapp-templates', admin, {
      channelId: whatsappChannelId,
      name: `confirmacion_${Date.now()}`,
      category: 'UTILITY',
      language: 'es',
      body: 'Hola {{1}}, su pedido {{2}} fue confirmado.',
      examples: ['Ana', '#1234'],
      buttonsType: 'quickReplies',
      buttons: [{ kind: 'quickReply', text: 'Gracias' }],
    });
    const whatsappTemplateId = expectDocumented(submitted, 'post', '/api/v2/whatsapp-templates', 201).id;
    expectDocumented(await get('/api/v2/whatsapp-templates'), 'get', '/api/v2/whatsapp-templates');
    expectDocumented(
      await get(`/api/v2/whatsapp-templates/${whatsappTemplateId}`),
      'get',
      '/api/v2/whatsapp-templates/{id}',
    );

    // Refusals carry the documented error envelope, field by field for invalid input.
    expectDocumented(await get(`/api/v2/users/${admin.id}`, agent), 'get', '/api/v2/users/{id}', 403);
    expectDocumented(await get('/api/v2/tickets/999999999'), 'get', '/api/v2/tickets/{id}', 404);
    const invalid = await api.post('/api/v2/customers', admin, { firstName: '' });
    expect(expectDocumented(invalid, 'post', '/api/v2/customers', 422).fields.length).toBeGreaterThan(1);
    expectDocumented(await t.app.inject({ method: 'GET', url: '/api/v2/users' }), 'get', '/api/v2/users', 401);
  }, 120_000);
});
