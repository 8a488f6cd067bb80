import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipartFile, ONE_PIXEL_PNG, signedIn, type TestApp } from '../../test/app.js';
import { type Actor, caller, signedInWith } from '../../test/desk.js';

let t: TestApp;
let api: ReturnType<typeof caller>;
let admin: Actor;
let agent: Actor;
let webchatId: number;
let whatsappId: number;

const widget = (overrides: Record<string, unknown> = {}) => ({
  name: `Widget ${Date.now()}${Math.floor(Math.random() * 1e6)}`,
  enabled: true,
  allowedOrigins: ['https://www.tienda.test', 'https://tienda.test'],
  channelIds: [webchatId, whatsappId],
  style: 'floating',
  title: '¿Hablamos?',
  subtitle: 'Respondemos en minutos',
  position: 'bottom-left',
  primaryColor: '#1E88E5',
  iconType: 'default',
  ...overrides,
});

beforeAll(async () => {
  t = await createTestApp();
  api = caller(t);
  admin = await signedIn(t, 'admin');
  agent = await signedIn(t, 'agent');
  const stamp = Date.now();
  webchatId = (
    await api.post('/api/v2/channels', admin, { name: `Chat ${stamp}`, type: 'webchat', direction: 'inbound' })
  ).json().result.id;
  whatsappId = (
    await api.post('/api/v2/channels', admin, {
      name: `WhatsApp ${stamp}`,
      type: 'whatsapp',
      direction: 'blended',
      config: {
        phoneNumberId: '573001234567',
        businessAccountId: '1',
        accessToken: 'secret-access-token',
        appSecret: 'secret-app',
        verifyToken: 'secret-verify',
      },
    })
  ).json().result.id;
});
afterAll(async () => {
  await t?.close();
});

describe('omni widgets (admin)', () => {
  it('creates, reads, lists, updates and audits a widget with its channels and embed script', async () => {
    const created = await api.post('/api/v2/omni-widgets', admin, widget());
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe('Widget guardado');
    const body = created.json().result;
    expect(body).toMatchObject({
      enabled: true,
      allowedOrigins: ['https://www.tienda.test', 'https://tienda.test'],
      style: 'floating',
      position: 'bottom-left',
      primaryColor: '#1e88e5',
      title: '¿Hablamos?',
      businessImageUrl: null,
      iconImageUrl: null,
    });
    expect(body.channels.map((channel: { id: number }) => channel.id)).toEqual([webchatId, whatsappId]);
    expect(body.channels[1]).toMatchObject({ type: 'whatsapp' });
    expect(body.publicKey).toMatch(/^[A-Za-z0-9_-]{20,40}$/);
    expect(body.script).toBe(
      `<script src="http://localhost:3000/widget.js" data-atiende-widget="${body.publicKey}" async></script>`,
    );

    const fetched = await api.get(`/api/v2/omni-widgets/${body.id}`, admin);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json().result).toEqual(body);

    // The channels' pages name the widgets that offer them (the list too, batched).
    const webchatChannel = (await api.get(`/api/v2/channels/${webchatId}`, admin)).json().result;
    expect(webchatChannel.widgets).toContainEqual({ id: body.id, name: body.name });
    const whatsappName = (await api.get(`/api/v2/channels/${whatsappId}`, admin)).json().result.name as string;
    const channelPage = (await api.get(`/api/v2/channels?searchText=${encodeURIComponent(whatsappName)}`, admin)).json()
      .result;
    const listedWhatsapp = channelPage.data.find((channel: { id: number }) => channel.id === whatsappId);
    expect(listedWhatsapp.widgets).toContainEqual({ id: body.id, name: body.name });

    const listed = await api.get(`/api/v2/omni-widgets?searchText=${encodeURIComponent(body.name)}`, admin);
    expect(listed.json().result).toMatchObject({ total: 1, page: 1 });
    expect(listed.json().result.data[0].id).toBe(body.id);
    expect(listed.body).not.toContain('secret-access-token');

    const updated = await api.put(
      `/api/v2/omni-widgets/${body.id}`,
      admin,
      widget({ name: body.name, style: 'list', channelIds: [whatsappId], enabled: false, title: '' }),
      'en',
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json().message).toBe('Widget saved');
    expect(updated.json().result).toMatchObject({ style: 'list', enabled: false, title: null });
    expect(updated.json().result.publicKey).toBe(body.publicKey);
    expect(updated.json().result.channels.map((channel: { id: number }) => channel.id)).toEqual([whatsappId]);
    const afterUpdate = (await api.get(`/api/v2/channels/${webchatId}`, admin)).json().result;
    expect(afterUpdate.widgets).not.toContainEqual({ id: body.id, name: body.name });

    const audit = (await api.get(`/api/v2/omni-widgets/${body.id}/audit`, admin)).json().result;
    expect(audit.map((entry: { action: string }) => entry.action)).toEqual(['updated', 'created']);
    expect(audit[0].changes).toMatchObject({ style: { from: 'floating', to: 'list' } });

    expect((await api.get('/api/v2/omni-widgets/999999999', admin)).statusCode).toBe(404);
    expect((await api.put('/api/v2/omni-widgets/999999999', admin, widget())).statusCode).toBe(404);
  });

  it('sorts by allow-listed columns only and pages', async () => {
    for (const name of ['zz widget b', 'zz widget a']) await api.post('/api/v2/omni-widgets', admin, widget({ name }));
    const sorted = await api.get('/api/v2/omni-widgets?searchText=zz%20widget&sortName=name&sortOrder=desc', admin);
    expect(sorted.json().result.data.map((item: { name: string }) => item.name)).toEqual([
      'zz widget b',
      'zz widget a',
    ]);
    const paged = await api.get('/api/v2/omni-widgets?searchText=zz%20widget&sizePerPage=1&page=2', admin);
    expect(paged.json().result).toMatchObject({ total: 2, page: 2, sizePerPage: 1 });
    expect(paged.json().result.data[0].name).toBe('zz widget b');
    expect((await api.get('/api/v2/omni-widgets?sortName=allowedOrigins', admin)).statusCode).toBe(400);
  });

  it('explains invalid values in Spanish and English and saves nothing', async () => {
    const payload = widget({
      allowedOrigins: ['https://www.tienda.test', 'https://www.tienda.test/contacto'],
      primaryColor: 'rojo',
      name: 'x',
    });
    const es = await api.post('/api/v2/omni-widgets', admin, payload);
    expect(es.statusCode).toBe(422);
    const esFields = Object.fromEntries(
      es.json().result.fields.map((field: { field: string; message: string }) => [field.field, field.message]),
    );
    expect(esFields['allowedOrigins.1']).toBe('Escriba solo el origen del sitio: https://dominio[:puerto]');
    expect(esFields.primaryColor).toBe('Escriba un color hexadecimal como #1e88e5');
    expect(esFields.name).toBeTruthy();
    const en = await api.post('/api/v2/omni-widgets', admin, payload, 'en');
    const enFields = Object.fromEntries(
      en.json().result.fields.map((field: { field: string; message: string }) => [field.field, field.message]),
    );
    expect(enFields['allowedOrigins.1']).toBe('Write only the site origin: https://domain[:port]');
    const noSite = await api.post('/api/v2/omni-widgets', admin, widget({ allowedOrigins: [] }));
    expect(noSite.statusCode).toBe(422);
    expect(noSite.json().result.fields.map((field: { field: string }) => field.field)).toEqual(['allowedOrigins']);
    expect(enFields.primaryColor).toBe('Write a hexadecimal colour such as #1e88e5');

    const unknown = await api.post('/api/v2/omni-widgets', admin, widget({ channelIds: [webchatId, 987654321] }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().result.fields).toEqual([{ field: 'channelIds', message: 'Uno o más canales no existen' }]);
    const unknownEn = await api.post(
      '/api/v2/omni-widgets',
      admin,
      widget({ name: 'never saved', channelIds: [987654321] }),
      'en',
    );
    expect(unknownEn.json().result.fields[0].message).toBe('One or more channels do not exist');
    const none = await api.get('/api/v2/omni-widgets?searchText=never%20saved', admin);
    expect(none.json().result.total).toBe(0);
  });

  it('uploads the business image and the icon, served publicly to other sites; other files are refused', async () => {
    const id = (await api.post('/api/v2/omni-widgets', admin, widget({ iconType: 'image' }))).json().result.id;
    const upload = multipartFile(ONE_PIXEL_PNG, 'logo.png', 'image/png');
    const business = await t.app.inject({
      method: 'POST',
      url: `/api/v2/omni-widgets/${id}/business-image`,
      headers: { ...admin.headers, ...upload.headers },
      payload: upload.payload,
    });
    expect(business.statusCode).toBe(200);
    const url: string = business.json().result.businessImageUrl;
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/v2\/public\/widgets\/[\w-]+\/images\/[a-f0-9]{24}\.png$/);
    const image = await t.app.inject({ method: 'GET', url: url.replace('http://localhost:3000', '') });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cross-origin-resource-policy']).toBe('cross-origin');

    const icon = multipartFile(ONE_PIXEL_PNG, 'icon.png', 'image/png');
    const iconAnswer = await t.app.inject({
      method: 'POST',
      url: `/api/v2/omni-widgets/${id}/icon-image`,
      headers: { ...admin.headers, ...icon.headers },
      payload: icon.payload,
    });
    expect(iconAnswer.json().result.iconImageUrl).toMatch(/\/images\/[a-f0-9]{24}\.png$/);
    expect(iconAnswer.json().result.businessImageUrl).toBe(url);

    const text = multipartFile(Buffer.from('not an image'), 'logo.png', 'image/png');
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/v2/omni-widgets/${id}/business-image`,
      headers: { ...admin.headers, ...text.headers },
      payload: text.payload,
    });
    expect(refused.statusCode).toBe(415);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v2/omni-widgets/${id}/business-image`,
      headers: admin.headers,
    });
    expect(removed.json().result.businessImageUrl).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: url.replace('http://localhost:3000', '') })).statusCode).toBe(404);
  });

  it('appears in the OpenAPI document', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/v2/docs' });
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/v2/omni-widgets',
        '/api/v2/omni-widgets/{id}',
        '/api/v2/public/widgets/{publicKey}',
        '/api/v2/public/widgets/{publicKey}/messages',
      ]),
    );
  });

  it('refuses users without the permissions', async () => {
    const id = (await api.post('/api/v2/omni-widgets', admin, widget())).json().result.id;
    expect((await api.get('/api/v2/omni-widgets', agent)).statusCode).toBe(403);
    expect((await api.get(`/api/v2/omni-widgets/${id}`, agent)).statusCode).toBe(403);
    expect((await api.post('/api/v2/omni-widgets', agent, widget())).statusCode).toBe(403);
    expect((await api.put(`/api/v2/omni-widgets/${id}`, agent, widget())).statusCode).toBe(403);

    // Listing does not allow creating or editing.
    const reader = await signedInWith(t, admin, ['ver-menu-omniwidgets', 'ver-lista-omniwidgets']);
    expect((await api.get('/api/v2/omni-widgets', reader)).statusCode).toBe(200);
    expect((await api.post('/api/v2/omni-widgets', reader, widget())).statusCode).toBe(403);
    const editor = await signedInWith(t, admin, ['editar-omniwidget']);
    expect((await api.put(`/api/v2/omni-widgets/${id}`, editor, widget())).statusCode).toBe(200);
    expect((await api.post('/api/v2/omni-widgets', editor, widget())).statusCode).toBe(403);
  });
});
