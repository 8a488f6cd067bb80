import { apiSchemas, envelopeSchema, errorEnvelopeSchema } from '@atiende/contracts';
import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import './route-config.js';

/**
 * The OpenAPI document is generated from the routes: their zod schemas (request and response), operationId,
 * summary and tags. One onRoute hook completes every route from its access declaration (the refusals it implies,
 * `security: []` on public routes), so no route states those by hand.
 */

/** `{200: envelope}`: the operation's success answer, in the envelope. */
export function ok<T extends z.ZodType>(result: T) {
  return { 200: envelopeSchema(result) };
}

/** `{201: envelope}`: the operation created something. */
export function created<T extends z.ZodType>(result: T) {
  return { 201: envelopeSchema(result) };
}

/** Refusals a route answers beyond those its declaration implies (409 from a service, 404 without an :id, ...). */
export function refusals<const C extends number>(...codes: C[]): Record<C, typeof errorEnvelopeSchema> {
  return Object.fromEntries(codes.map((code) => [code, errorEnvelopeSchema])) as Record<C, typeof errorEnvelopeSchema>;
}

/** Bytes of a download (documentation only: files are streamed, never serialized). */
const binarySchema = z.string();
apiSchemas.add(binarySchema, { format: 'binary' });

/** A non-JSON answer: a file of the given types, or text (`z.string()`) such as a script or a challenge. */
export function file(
  description: string,
  contentTypes: readonly string[] = ['application/octet-stream'],
  schema: z.ZodType = binarySchema,
) {
  return { description, content: Object.fromEntries(contentTypes.map((type) => [type, { schema }])) };
}

/** An uploaded file: multipart/form-data with one field `file` (read by the handler, not by a body schema). */
export const MULTIPART = ['multipart/form-data'] as const;

/** Routes that belong in the document: the API and the widget's scripts. */
function isDocumented(url: string): boolean {
  return url.startsWith('/api/') || url === '/widget.js' || url === '/widget-io.js';
}

const STATUS_DESCRIPTIONS: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  400: 'Malformed request or invalid path or query parameter',
  401: 'No valid token (or a session ended by a newer login)',
  403: 'The token lacks the permission, or the object is not the caller’s',
  404: 'Not found (or not visible to the caller)',
  409: 'Conflicts with the current state',
  410: 'Gone: the link expired',
  413: 'Body or file too large',
  415: 'Unsupported content or file type',
  422: 'Invalid input: `result.fields` lists each field with a translated message',
  429: 'Too many requests: try again later',
  502: 'The provider refused or failed',
  503: 'The database cannot be reached right now (restarting): try again in a few seconds (`Retry-After`)',
};

type DocumentedSchema = FastifySchema & { response?: Record<string, unknown> };

/**
 * Completes a route's schema from its declaration: 401 unless public, 403 with a permission, 400/404 for path
 * parameters, 400 for a query, 400/413/422 for a body, 400/413/415 for an upload, 429 when rate limited, 503 for
 * every API route (database unreachable); and
 * `security: []` for public routes (the document's default is the bearer token).
 */
export function completeRouteSchema(route: RouteOptions): void {
  if (!isDocumented(route.url)) return;
  const schema = (route.schema ?? {}) as DocumentedSchema;
  if (schema.hide) return;
  const config = route.config ?? {};
  const implied: number[] = [];
  if (!config.public) implied.push(401);
  if (config.permission) implied.push(403);
  if (schema.params) implied.push(400, 404);
  if (schema.querystring) implied.push(400);
  if (schema.body) implied.push(400, 413, 422);
  if (schema.consumes?.includes('multipart/form-data')) implied.push(400, 413, 415);
  if ((config as { rateLimit?: unknown }).rateLimit) implied.push(429);
  // Every API route reads the database: while it restarts, the answer is 503 SERVICE_UNAVAILABLE.
  if (route.url.startsWith('/api/')) implied.push(503);
  // A new schema object: a route's schema may be shared, and HEAD routes copy GET's options.
  route.schema = {
    ...schema,
    response: { ...refusals(...implied), ...schema.response },
    ...(config.public ? { security: [] } : {}),
  } as FastifySchema;
}

const zodTransform = createJsonSchemaTransform({ schemaRegistry: apiSchemas });
const zodTransformObject = createJsonSchemaTransformObject({ schemaRegistry: apiSchemas });

type JsonSchema = Record<string, unknown>;

/** Documentation-only completions of a route after its zod schemas became JSON Schema. */
const transform: typeof zodTransform = (document) => {
  const { schema, url } = zodTransform(document) as { schema: DocumentedSchema & JsonSchema; url: string };
  if (!schema || schema.hide) return { schema, url };
  let documentedUrl = url;
  // A wildcard is not a path template: name it.
  if (url.endsWith('/*')) {
    documentedUrl = `${url.slice(0, -2)}/{path}`;
    const params = (schema.params ?? { type: 'object', properties: {}, required: [] }) as JsonSchema;
    const properties = { ...(params.properties as JsonSchema), path: { type: 'string' } };
    delete (properties as Record<string, unknown>)['*'];
    schema.params = { ...params, properties, required: ['path'] };
  }
  if (schema.consumes?.includes('multipart/form-data') && !schema.body) {
    schema.body = {
      type: 'object',
      properties: { file: { type: 'string', format: 'binary' } },
      required: ['file'],
    };
  }
  // Every answer described (a bare $ref cannot carry its description: give it the content form).
  const responses: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(schema.response ?? {})) {
    const described = response as JsonSchema;
    responses[status] =
      'content' in described
        ? described
        : {
            description: STATUS_DESCRIPTIONS[status] ?? status,
            content: { 'application/json': { schema: described } },
          };
  }
  schema.response = responses;
  return { schema, url: documentedUrl };
};

/** The named response schemas as components, without those no operation refers to. */
const transformObject: typeof zodTransformObject = (document) => {
  const openapi = zodTransformObject(document) as { components?: { schemas?: Record<string, unknown> } };
  const schemas = openapi.components?.schemas ?? {};
  const used = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (key === '$ref' && typeof child === 'string' && child.startsWith('#/components/schemas/')) {
          const name = child.slice('#/components/schemas/'.length);
          if (!used.has(name)) {
            used.add(name);
            visit(schemas[name]);
          }
        } else visit(child);
      }
    }
  };
  visit({ ...openapi, components: { ...openapi.components, schemas: undefined } });
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
  return openapi as ReturnType<typeof zodTransformObject>;
};

export const API_TAGS = [
  { name: 'Platform', description: 'Health and the API document' },
  { name: 'Auth', description: 'Login, logout, password reset and the session user' },
  { name: 'Business', description: 'The business profile, integrations and shell configuration' },
  { name: 'Users', description: 'Users, profiles and colleagues' },
  { name: 'Roles', description: 'Roles and their permissions' },
  { name: 'Catalogues', description: 'Reference lists (countries, cities, types, skills, labels)' },
  { name: 'Credentials', description: 'API credentials and the OAuth 2.0 token endpoint' },
  { name: 'Channels', description: 'Contact channels and their provider settings' },
  { name: 'Campaigns', description: 'Campaigns: channels, agents, supervisors, scripts and rules' },
  { name: 'Forms', description: 'Dynamic forms and reusable lists' },
  { name: 'Templates', description: 'Message templates for replies' },
  { name: 'Customers', description: 'Customers, their contacts, kanban, imports and exports' },
  { name: 'Tickets', description: 'Tickets: list, detail, tasks, notes, transitions, attachments and exports' },
  { name: 'Analytics', description: 'Dashboards: an agent’s and campaigns’ figures for a period' },
  { name: 'Reports', description: 'Reports generated now or programmed, their progress and files (kept 30 days)' },
  {
    name: 'Automation',
    description: 'Business rules: conditions on tickets, actions on events or on a schedule, and their executions',
  },
  {
    name: 'Segmentation',
    description: 'Segmentations: a campaign’s open tickets sorted into other campaigns by conditions, and their runs',
  },
  {
    name: 'SLA',
    description: 'SLA rules: targets per priority, each ticket’s deadlines, warnings and breach records',
  },
  {
    name: 'Bulk messaging',
    description: 'Bulk messages: the wizard’s audience, saving, runs and their actions, recipients and results',
  },
  {
    name: 'Dialers',
    description: 'Dialers: configuration, the accounts they call, their actions, accounts list and charts',
  },
  {
    name: 'Bot builder',
    description: 'Bots: their versions (saved, updated, deleted, published), flow checks, export and import',
  },
  {
    name: 'Knowledge base',
    description: 'Categories, sections (shown per audience), articles with attachments, search and the public site',
  },
  {
    name: 'Surveys',
    description:
      'Surveys: questions, general and personal links, analysis, participants, the report and the public answers',
  },
  { name: 'Voice', description: 'Telephony status and the softphone’s time-limited SIP and TURN credentials' },
  { name: 'Agents', description: 'Agent statuses and live supervision' },
  { name: 'Interactions', description: 'Messages: the API channel, agent replies and delivery reports' },
  { name: 'Internal chat', description: 'One-to-one chat between staff' },
  { name: 'Widgets', description: 'Omni widgets (administration)' },
  { name: 'Web chat', description: 'The public API of the widget for website visitors, and its scripts' },
  { name: 'WhatsApp', description: 'WhatsApp message templates and the WhatsApp Cloud API webhook' },
  { name: 'Telegram', description: 'The Telegram webhook and its registration' },
  { name: 'SMS', description: 'Twilio’s SMS webhooks: customers’ messages and status callbacks' },
  { name: 'Messenger', description: 'The Messenger and Instagram webhooks' },
  { name: 'Files', description: 'Public stored images (avatars, logo)' },
] as const;
export type ApiTag = (typeof API_TAGS)[number]['name'];

/** Registers the document generator and the hook that completes every route's schema; call before any route. */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string): Promise<void> {
  app.addHook('onRoute', completeRouteSchema);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Atiende API',
        version: '2',
        license: { name: 'AGPL-3.0-only', identifier: 'AGPL-3.0-only' },
        description:
          'Every answer is the envelope {statusResult, status, code, message, result}; refusals and failures carry ' +
          'a stable `code` and a translated `message` (`X-Locale`: es, en), invalid input lists its fields in ' +
          '`result.fields`. Authenticate with `Authorization: Bearer <token>`: a login token, or an integration ' +
          'token from POST /api/v2/oauth/token (client credentials; scope `api` = the permissions of the ' +
          'credential’s role). Operations marked with no security need no token.',
      },
      servers: [{ url: publicUrl }],
      tags: API_TAGS.map((tag) => ({ ...tag })),
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform,
    transformObject,
  });
}
