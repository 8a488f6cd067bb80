import { CODES } from '@atiende/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, signedIn, type TestApp } from '../../test/app.js';
import { type Actor, caller, deskCampaign, messagesOf } from '../../test/desk.js';
import { type DeclaredRoute, routesOf } from './auth-hook.js';

const REFUSED = {
  es: 'Contiene caracteres que no están permitidos',
  en: 'Contains characters that are not allowed',
};
const SITE = 'https://www.hygiene.test';
/** Routes whose text is kept, cleaned, instead of refused (docs/ARCHITECTURE.md, text hygiene). */
const STRIPPING_ROUTES = [
  'POST /api/v2/channels/:id/inbound',
  'POST /api/v2/channels/:id/delivery-reports',
  'POST /api/v2/public/widgets/:publicKey/visitors',
  'POST /api/v2/public/widgets/:publicKey/messages',
  'POST /api/v2/internalchat/sendMessage',
];
/**
 * Meta's subscription check (GET /webhooks/{product}/:id): its query values are compared and echoed, never stored,
 * and its schema lives with the webhook parsers; only "never a 500" is asked of it.
 */
const UNSTORED_QUERIES = [
  'GET /api/v2/webhooks/whatsapp/:id',
  'GET /api/v2/webhooks/facebook/:id',
  'GET /api/v2/webhooks/instagram/:id',
];

let t: TestApp;
let api: ReturnType<typeof caller>;
let admin: Actor;
let publicKey: string;
/** A web-chat channel of an inbound campaign (the widget's chat, and the API channel's messages). */
let channelId: number;

beforeAll(async () => {
  t = await createTestApp();
  api = caller(t);
  admin = await signedIn(t, 'admin');
  ({ channelId } = await deskCampaign(t, admin, { agents: [] }));
  const widget = await api.post('/api/v2/omni-widgets', admin, {
    name: `Widget ${Date.now()}`,
    allowedOrigins: [SITE],
    channelIds: [channelId],
  });
  expect(widget.statusCode).toBe(201);
  publicKey = widget.json().result.publicKey;
});

afterAll(async () => {
  await t?.close();
});

// ---------------------------------------------------------------------------------------------------------------
// Every route, every text field: requests built from the routes' own schemas, so a field added tomorrow is in.

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  pattern?: string;
  format?: string;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
}

/** A text field the request carries a bad character in; `plain` when only the text rule can refuse it. */
interface PoisonedField {
  path: string;
  plain: boolean;
}

function jsonSchemaOf(schema: unknown): JsonSchema | null {
  return schema ? (z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : null;
}

/**
 * A value for the schema where every free string (no enum or constant) holds `bad`; other values are the smallest
 * the schema takes. `fields` collects the poisoned paths. Recursive definitions are expanded once.
 */
function poisoned(root: JsonSchema, bad: string) {
  const fields: PoisonedField[] = [];
  const badKey = `key${bad}`;
  const text = (schema: JsonSchema) => {
    if (schema.format === 'email') return `an${bad}a@example.com`;
    if (schema.format === 'uri') return `https://example.com/a${bad}b`;
    const value = `ab${bad}cd`.padEnd(schema.minLength ?? 0, 'a');
    return schema.maxLength !== undefined && schema.maxLength < value.length ? bad : value;
  };
  const build = (schema: JsonSchema, path: string[], refs: string[]): unknown => {
    if (schema.$ref) {
      if (refs.includes(schema.$ref)) return undefined;
      const name = schema.$ref.split('/').pop() as string;
      return build(root.$defs?.[name] ?? {}, path, [...refs, schema.$ref]);
    }
    if (schema.const !== undefined) return schema.const;
    if (schema.enum) return schema.enum[0];
    const branches = schema.anyOf ?? schema.oneOf;
    if (branches) {
      // The branch that takes text when there is one (nullable text, text-or-number unions), else the first.
      const textual = branches.find((branch) => branch.type === 'string' && !branch.enum && branch.const === undefined);
      return build(textual ?? branches.find((branch) => branch.type !== 'null') ?? branches[0], path, refs);
    }
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    switch (type) {
      case 'string':
        fields.push({ path: path.join('.'), plain: !schema.pattern && !schema.format });
        return text(schema);
      case 'integer':
      case 'number':
        return schema.minimum ?? (schema.exclusiveMinimum ?? 0) + 1;
      case 'boolean':
        return true;
      case 'null':
        return null;
      case 'array': {
        const item = build(schema.items ?? {}, [...path, '0'], refs);
        return item === undefined ? [] : Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => item);
      }
      case 'object': {
        const value: Record<string, unknown> = {};
        for (const [key, property] of Object.entries(schema.properties ?? {})) {
          const item = build(property, [...path, key], refs);
          if (item !== undefined) value[key] = item;
        }
        const values = schema.additionalProperties;
        if (values && typeof values === 'object') {
          const keys = schema.propertyNames?.enum;
          if (keys) value[String(keys[0])] = build(values, [...path, String(keys[0])], refs);
          else {
            // A free key holding a harmless value, and a plain key holding a poisoned one.
            value[badKey] = 1;
            fields.push({ path: [...path, badKey].join('.'), plain: true });
            value.key = build(values, [...path, 'key'], refs);
          }
        }
        return value;
      }
      default:
        // Any JSON value (jsonb): a string is one.
        fields.push({ path: path.join('.'), plain: false });
        return `ab${bad}cd`;
    }
  };
  return { value: build(root, [], []), fields };
}

const NUMERIC_PARAMS = /^(id|number|messageId|attachmentId|versionId)$/;

/** Path parameters that reach validation: real where the route looks them up before (the widget's key). */
function cleanParams(route: DeclaredRoute): Record<string, string> {
  const schema = jsonSchemaOf(route.schema?.params);
  const params: Record<string, string> = {};
  for (const [name, property] of Object.entries(schema?.properties ?? {})) {
    if (name === 'publicKey') params[name] = publicKey;
    else if (property.enum) params[name] = String(property.enum[0]);
    else if (NUMERIC_PARAMS.test(name)) params[name] = '999999';
    else params[name] = 'a.png';
  }
  return params;
}

function urlOf(route: DeclaredRoute, params: Record<string, string>, query?: Record<string, unknown>): string {
  const path = route.url
    .replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? '1'))
    .replace('*', 'x');
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (typeof value === 'string' || typeof value === 'number') search.set(name, String(value));
  }
  const encoded = search.toString();
  return encoded ? `${path}?${encoded}` : path;
}

function headersOf(route: DeclaredRoute) {
  return {
    ...admin.headers,
    ...(route.url.startsWith('/api/v2/public/widgets/') ? { origin: SITE } : {}),
  };
}

type Part = 'body' | 'querystring' | 'params';

/** Sends the route a request whose `part` carries `bad` in every free string; the answer and the poisoned fields. */
async function poisonedRequest(route: DeclaredRoute, part: Part, bad: string) {
  const schema = jsonSchemaOf(route.schema?.[part]);
  if (!schema) return null;
  const { value, fields } = poisoned(schema, bad);
  if (fields.length === 0) return null;
  const params = part === 'params' ? (value as Record<string, string>) : cleanParams(route);
  const response = await t.app.inject({
    method: route.method as 'POST',
    url: urlOf(route, params, part === 'querystring' ? (value as Record<string, unknown>) : undefined),
    headers: headersOf(route),
    ...(part === 'body' ? { payload: value as object } : {}),
  });
  return { response, fields };
}

/** What a refused request failed to report: fields it let through, or plain text refused for another reason. */
function unreported(fields: PoisonedField[], reported: { field: string; message: string }[]): string[] {
  const missing: string[] = [];
  for (const field of fields) {
    const at = reported.filter((item) => item.field === field.path || item.field.startsWith(`${field.path}.`));
    if (at.length === 0) missing.push(`${field.path} (not refused)`);
    else if (field.plain && !at.some((item) => item.message === REFUSED.es))
      missing.push(`${field.path} (refused as: ${at.map((item) => item.message).join('; ')})`);
  }
  return missing;
}

async function walkRoutes(bad: string, parts: Part[]) {
  const routes = routesOf(t.app).filter((route) => route.schema);
  const failures: string[] = [];
  let checked = 0;
  for (const route of routes) {
    const name = `${route.method} ${route.url}`;
    for (const part of parts) {
      const sent = await poisonedRequest(route, part, bad);
      if (!sent) continue;
      checked += sent.fields.length;
      const { response, fields } = sent;
      const reported = (response.json().result?.fields ?? []) as { field: string; message: string }[];
      if (response.statusCode >= 500) {
        failures.push(`${name} ${part}: ${response.statusCode} ${response.body}`);
      } else if (STRIPPING_ROUTES.includes(name) && part === 'body') {
        // Kept, cleaned: free text is never refused for its characters (ids and e-mails still are).
        const plain = new Set(fields.filter((field) => field.plain).map((field) => field.path));
        const refusedText = reported.filter((item) => plain.has(item.field) && item.message === REFUSED.es);
        if (refusedText.length > 0) failures.push(`${name} ${part}: refused ${JSON.stringify(refusedText)}`);
      } else if (UNSTORED_QUERIES.includes(name) && part === 'querystring') {
        // Not a 500 is all that is asked (above).
      } else if (part === 'params' && response.statusCode === 404) {
        // A path names a record: one whose name is not text is not found (the widget's key is looked up first).
      } else if (
        part === 'querystring' &&
        response.statusCode === 400 &&
        fields.every((field) => !field.plain) &&
        unreported(fields, reported).length === 0
      ) {
        // No free text, only formatted values (dates): a wrong query is 400, each value reported (error-handler.ts).
      } else if (response.statusCode !== 422) {
        failures.push(`${name} ${part}: ${response.statusCode} instead of 422 ${response.body}`);
      } else {
        const missing = unreported(fields, reported);
        if (missing.length > 0) failures.push(`${name} ${part}: ${missing.join(', ')}`);
      }
    }
  }
  return { failures, checked };
}

describe('every route refuses text that is not text (never a 500)', () => {
  it('NUL inputs answered 422: every free string of every body, query string and path parameter', async () => {
    const { failures, checked } = await walkRoutes('\u0000', ['body', 'querystring', 'params']);
    expect(failures).toEqual([]);
    // The walk really covered the API's text (one field per name, address, message, search box, ...).
    expect(checked).toBeGreaterThan(250);
  });

  it('a lone surrogate in any body is refused the same way (JSON carries it as \\ud800)', async () => {
    const { failures, checked } = await walkRoutes('\ud800', ['body']);
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(200);
  });

  it('other control characters and noncharacters too: a bell, an escape, a C1 control, U+FFFF', async () => {
    for (const bad of ['\u0007', '\u001b', '\u0085', '\uffff']) {
      const { failures } = await walkRoutes(bad, ['body']);
      expect(failures, JSON.stringify(bad)).toEqual([]);
    }
  });

  it('a NUL in any path segment, schema or not, is never a 500', async () => {
    const failures: string[] = [];
    for (const route of routesOf(t.app)) {
      if (!route.url.includes(':') && !route.url.includes('*')) continue;
      const url = route.url.replace(/:(\w+)/g, '%00').replace('*', '%00');
      const response = await t.app.inject({ method: route.method as 'GET', url, headers: headersOf(route) });
      if (response.statusCode >= 500) failures.push(`${route.method} ${route.url}: ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Focused cases: the message people read, and what the stripping entry points keep.

function fieldsOf(response: { json(): { result: { fields: { field: string; message: string }[] } } }) {
  return Object.fromEntries(response.json().result.fields.map((item) => [item.field, item.message]));
}

describe('typed text with characters that are not text', () => {
  it('a NUL in a user name: 422 with the field message in Spanish (default) and English', async () => {
    const body = {
      name: 'Ana\u0000 Pérez',
      email: `ana${Date.now()}@test.atiende`,
      password: 'Secreta.2026',
      password_confirmation: 'Secreta.2026',
      roleIds: [1],
    };
    const es = await api.post('/api/v2/users', admin, body);
    expect(es.statusCode).toBe(422);
    expect(es.json()).toMatchObject({ statusResult: false, code: CODES.VALIDATION });
    expect(fieldsOf(es)).toEqual({ name: REFUSED.es });
    const en = await api.post('/api/v2/users', admin, body, 'en');
    expect(en.statusCode).toBe(422);
    expect(fieldsOf(en)).toEqual({ name: REFUSED.en });
  });

  it('a customer name, a ticket note and an agent reply with a NUL are refused, nothing saved', async () => {
    const types = (await api.get('/api/v2/entities/tipo-documento?sizePerPage=1', admin)).json().result.data;
    const customer = await api.post('/api/v2/customers', admin, {
      identificationTypeId: types[0].id,
      identificationNumber: `NUL${Date.now()}`,
      firstName: 'Luis\u0000',
      lastName: 'Gómez',
    });
    expect(customer.statusCode).toBe(422);
    expect(fieldsOf(customer)).toEqual({ firstName: REFUSED.es });

    const ticketId = await inboundTicket();
    const note = await api.post(`/api/v2/tickets/${ticketId}/notes`, admin, { body: 'Llamar\u0000 mañana' });
    expect(note.statusCode).toBe(422);
    expect(fieldsOf(note)).toEqual({ body: REFUSED.es });
    const reply = await api.post(`/api/v2/tickets/${ticketId}/messages`, admin, { text: 'Hola\ud800' }, 'en');
    expect(reply.statusCode).toBe(422);
    expect(fieldsOf(reply)).toEqual({ text: REFUSED.en });
    // Line breaks and tabs are text where several lines are: the same note without the NUL is saved.
    const saved = await api.post(`/api/v2/tickets/${ticketId}/notes`, admin, { body: 'Llamar\n\tmañana' });
    expect(saved.statusCode).toBe(201);
    const view = (await api.get(`/api/v2/tickets/${ticketId}`, admin)).json().result;
    expect(view.notes.map((item: { body: string }) => item.body)).toEqual(['Llamar\n\tmañana']);
  });

  it('a NUL in a search box is 422, not 400 or 500 (customers, tickets, the header search, pending drawer)', async () => {
    for (const url of [
      '/api/v2/customers?searchText=ana%00',
      '/api/v2/tickets?searchText=ana%00',
      '/api/v2/infogeneral?searchText=ana%00',
      '/api/v2/caso/pendientes?searchText=%00',
    ]) {
      const response = await api.get(url, admin);
      expect(response.statusCode, url).toBe(422);
      expect(fieldsOf(response), url).toEqual({ searchText: REFUSED.es });
    }
  });

  it('a single-line field refuses a line break inside, but a trailing one is trimmed away', async () => {
    const inside = await api.post('/api/v2/roles', admin, { name: `rol-${Date.now()}`, label: 'Ventas\nNorte' });
    expect(fieldsOf(inside)).toEqual({ label: REFUSED.es });
    const trailing = await api.post('/api/v2/roles', admin, { name: `rol-${Date.now()}`, label: 'Ventas Norte\n' });
    expect(trailing.statusCode).toBe(201);
    expect(trailing.json().result.label).toBe('Ventas Norte');
  });
});

// A UTF-16 text read as UTF-8, as a misconfigured integration or mail client sends it: a NUL after every letter.
const UTF16_AS_UTF8 = Buffer.from('Hola', 'utf16le').toString('utf8');

async function inboundTicket(): Promise<number> {
  const answer = await api.post(`/api/v2/channels/${channelId}/inbound`, admin, {
    providerMessageId: `m-${Date.now()}`,
    from: `cliente-${Date.now()}@example.com`,
    text: 'Necesito ayuda',
  });
  expect(answer.statusCode).toBe(201);
  return answer.json().result.ticketId;
}

describe('text from outside is kept, cleaned', () => {
  it('an API-channel message with NULs and a lone surrogate is stored without them, nothing else lost', async () => {
    expect(UTF16_AS_UTF8).toBe('H\u0000o\u0000l\u0000a\u0000');
    const answer = await api.post(`/api/v2/channels/${channelId}/inbound`, admin, {
      providerMessageId: `nul-\u0000${Date.now()}`,
      from: `cliente-${Date.now()}@example.com`,
      senderName: 'María\u0000\r\nLópez',
      subject: 'Pedido\u0000 #12',
      text: `${UTF16_AS_UTF8}, ¿me ayudan?\ud800\nGracias 😀`,
      html: `<p>${UTF16_AS_UTF8}, ¿me ayudan?\ud800</p><p>Gracias 😀</p>`,
    });
    expect(answer.statusCode).toBe(201);
    const { ticketId } = answer.json().result;
    const [message] = await messagesOf(t, admin, ticketId);
    expect(message.text).toBe('Hola, ¿me ayudan?\nGracias 😀');
    expect(message.html).toContain('<p>Hola, ¿me ayudan?</p><p>Gracias 😀</p>');
    expect(message.senderName).toBe('María López');
    const view = (await api.get(`/api/v2/tickets/${ticketId}`, admin)).json().result;
    expect(view.description).toBe('Pedido #12');
    expect(view.customer.fullName).toBe('María López');
  });

  it('a message an adapter hands the pipeline itself (e-mail, WhatsApp, Telegram, Messenger) is cleaned there', async () => {
    const stamp = Date.now();
    const result = await t.services.inbound.receive(channelId, {
      providerMessageId: `<${stamp}\u0000@mail.example.com>`,
      from: `remitente-${stamp}@example.com`,
      senderName: 'Pedro\u0000 Ruiz\ud83d',
      subject: 'Factura\r\n vencida\u0000',
      text: `Adjunto ${UTF16_AS_UTF8}\u0000\ufffe la factura\n`,
      html: `<p>Adjunto ${UTF16_AS_UTF8} la factura</p>\u0000`,
    });
    expect(result.duplicate).toBe(false);
    const [message] = await messagesOf(t, admin, result.ticketId);
    expect(message).toMatchObject({ text: 'Adjunto Hola la factura\n', senderName: 'Pedro Ruiz' });
    expect(message.html).toBe('<p>Adjunto Hola la factura</p>');
    expect((await api.get(`/api/v2/tickets/${result.ticketId}`, admin)).json().result.description).toBe(
      'Factura vencida',
    );
  });

  it('a web-chat visitor’s NUL-laden name and message are stored cleaned', async () => {
    const visitor = await t.app.inject({
      method: 'POST',
      url: `/api/v2/public/widgets/${publicKey}/visitors`,
      headers: { origin: SITE },
      payload: { name: 'Visitante\u0000 Uno' },
    });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json().result.name).toBe('Visitante Uno');
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/v2/public/widgets/${publicKey}/messages`,
      headers: { origin: SITE, authorization: `Bearer ${visitor.json().result.visitorToken}` },
      payload: { text: `${UTF16_AS_UTF8} desde el sitio\u0007`, clientMessageId: `nul-${Date.now()}` },
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().result.text).toBe('Hola desde el sitio');
    await t.services.inbound.idle();
    const ticketId = Number(
      (await api.get(`/api/v2/tickets?searchText=${encodeURIComponent('Visitante Uno')}`, admin)).json().result.data[0]
        ?.id,
    );
    const [message] = await messagesOf(t, admin, ticketId);
    expect(message).toMatchObject({ text: 'Hola desde el sitio', senderName: 'Visitante Uno' });
  });
});
