/**
 * How an integration calls Atiende with the client typed from the OpenAPI document. The docs API test generates
 * `generated/schema.d.ts` from the running server and compiles this file: a document whose types break, or lose
 * their detail (the `@ts-expect-error` lines need precise types), fails that test.
 */
import createClient from 'openapi-fetch';
import type { components, paths } from '../generated/schema.js';

type Schemas = components['schemas'];

export function atiendeClient(baseUrl: string, token: string) {
  return createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${token}` } });
}
type Client = ReturnType<typeof atiendeClient>;

/** A detail: the result is the named component; refusals are the error envelope. */
export async function userEmail(client: Client, id: number): Promise<string | null> {
  const { data, error } = await client.GET('/api/v2/users/{id}', { params: { path: { id } } });
  if (error) {
    const fields: Schemas['FieldError'][] = error.result?.fields ?? [];
    return fields.length > 0 ? null : error.code;
  }
  const user: Schemas['UserDetail'] = data.result;
  const birthday: string | null = user.birthday;
  // @ts-expect-error: a user never carries a password
  const password = user.password;
  return birthday === password ? null : user.email;
}

/** A list with its query parameters: a page of tickets. */
export async function ticketNumbers(client: Client): Promise<number[]> {
  const { data } = await client.GET('/api/v2/tickets', {
    params: { query: { page: 2, sizePerPage: 50, sortName: 'updated_at', sortOrder: 'desc' } },
  });
  if (!data) return [];
  const capped: boolean = data.result.totalCapped;
  return data.result.data.map((ticket: Schemas['TicketListItem']) => (capped ? -ticket.number : ticket.number));
}

/** A body checked against the request schema, and the 201 answer. */
export async function createCustomer(client: Client, identificationTypeId: number): Promise<number | undefined> {
  const { data } = await client.POST('/api/v2/customers', {
    body: { identificationTypeId, identificationNumber: '1020304050', firstName: 'Ana', lastName: 'Pérez' },
  });
  await client.POST('/api/v2/customers', {
    // @ts-expect-error: the first name is required
    body: { identificationTypeId, identificationNumber: '1020304050', lastName: 'Pérez' },
  });
  return data?.result.id;
}

/** A public operation with two successes: a session (200), or the verification code was sent (202). */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string | 'code-sent'> {
  const client = createClient<paths>({ baseUrl });
  const { data, error } = await client.POST('/api/v2/login', { body: { email, password } });
  if (error) throw new Error(`${error.code}: ${error.message}`);
  return 'token' in data.result ? data.result.token : 'code-sent';
}

/** An integration token from the OAuth endpoint: OAuth's fields at the top level. */
export async function integrationToken(baseUrl: string, clientId: string, secret: string): Promise<string> {
  const client = createClient<paths>({ baseUrl });
  const { data } = await client.POST('/api/v2/oauth/token', {
    body: { grant_type: 'client_credentials', client_id: clientId, client_secret: secret },
  });
  const type: 'Bearer' | undefined = data?.token_type;
  return type ? (data?.access_token ?? '') : '';
}
