import { MAX_TICKET_LIST_VIEWS } from '@atiende/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../test/app.js';

// Saved views of the tickets list are kept per user on the server: every browser of the user sees them, nobody
// else reads or deletes them.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Headers = Record<string, string>;
const listViews = (headers: Headers) => t.app.inject({ method: 'GET', url: '/api/v2/tickets/views', headers });
const saveView = (headers: Headers, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/v2/tickets/views', headers, payload });
const deleteView = (headers: Headers, id: number) =>
  t.app.inject({ method: 'DELETE', url: `/api/v2/tickets/views/${id}`, headers });

describe('saved views of the tickets list', () => {
  it('saves, replaces by name, lists by name and deletes the caller’s own views', async () => {
    const supervisor = await signedIn(t, 'super');
    const first = await saveView(supervisor.headers, { name: ' Urgentes ', search: 'priorities=2&status=1' });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('Vista guardada');
    expect(first.json().result).toMatchObject({ name: 'Urgentes', search: 'priorities=2&status=1' });
    await saveView(supervisor.headers, { name: 'Abiertos', search: 'status=1' });
    const replaced = await saveView(supervisor.headers, { name: 'Urgentes', search: 'priorities=2' });
    expect(replaced.json().result.id).toBe(first.json().result.id);

    const views = (await listViews(supervisor.headers)).json().result;
    expect(views.map((view: { name: string; search: string }) => [view.name, view.search])).toEqual([
      ['Abiertos', 'status=1'],
      ['Urgentes', 'priorities=2'],
    ]);

    expect((await deleteView(supervisor.headers, first.json().result.id)).statusCode).toBe(200);
    expect((await listViews(supervisor.headers)).json().result).toHaveLength(1);
    expect((await deleteView(supervisor.headers, first.json().result.id)).statusCode).toBe(404);
  });

  it('another user neither sees nor deletes them', async () => {
    const owner = await signedIn(t, 'agent');
    const other = await signedIn(t, 'admin');
    const saved = (await saveView(owner.headers, { name: 'Mías', search: 'unread=true' })).json().result;
    expect((await listViews(other.headers)).json().result).toEqual([]);
    expect((await deleteView(other.headers, saved.id)).statusCode).toBe(404);
    expect((await listViews(owner.headers)).json().result.map((view: { id: number }) => view.id)).toEqual([saved.id]);
  });

  it('refuses bad input with translated field messages and keeps at most the limit', async () => {
    const agent = await signedIn(t, 'agent');
    const blank = await saveView({ ...agent.headers, 'x-locale': 'en' }, { name: '  ', search: '' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().result.fields.map((field: { field: string }) => field.field)).toEqual(['name']);
    const control = await saveView(agent.headers, { name: 'Vista', search: 'status=1\u0000' });
    expect(control.statusCode).toBe(422);
    expect(control.json().result.fields).toEqual([
      { field: 'search', message: 'Contiene caracteres que no están permitidos' },
    ]);

    for (let index = 0; index < MAX_TICKET_LIST_VIEWS; index++)
      expect((await saveView(agent.headers, { name: `v${index}`, search: '' })).statusCode).toBe(200);
    const over = await saveView({ ...agent.headers, 'x-locale': 'en' }, { name: 'una más', search: '' });
    expect(over.statusCode).toBe(422);
    expect(over.json().result.fields).toEqual([
      { field: 'name', message: 'You can keep up to 20 views: delete one or save under the name of an existing one' },
    ]);
    // Replacing an existing one is still allowed at the limit.
    expect((await saveView(agent.headers, { name: 'v0', search: 'status=2' })).statusCode).toBe(200);
    expect((await listViews(agent.headers)).json().result).toHaveLength(MAX_TICKET_LIST_VIEWS);
  });
});
