import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ONE_PIXEL_PNG, postFile, signedIn, type TestApp } from '../../test/app.js';
import { type Actor, caller, signedInWith } from '../../test/desk.js';

let t: TestApp;
let api: ReturnType<typeof caller>;
let admin: Actor;
let supervisor: Actor;
let agent: Actor;
let reader: Actor;

/** A word no other test writes (letters only, so every stemmer keeps it whole). */
const word = `zq${Date.now()
  .toString()
  .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)])}`;

const page = (path: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: path, headers });

async function category(name: string, actor: Actor = admin) {
  const response = await api.post('/api/v2/knowledge-base/categories', actor, { name, description: `De ${word}` });
  expect(response.statusCode).toBe(201);
  return response.json().result as { id: number };
}

async function section(categoryId: number, name: string, visibleFor: string[], actor: Actor = admin) {
  const response = await api.post('/api/v2/knowledge-base/sections', actor, { categoryId, name, visibleFor });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().result as { id: number };
}

async function article(sectionId: number, values: Record<string, unknown>, actor: Actor = admin) {
  const response = await api.post('/api/v2/knowledge-base/articles', actor, { sectionId, ...values });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().result as { id: number; publicUrl: string | null; body: string; text: string };
}

const count = async (table: string, where: ReturnType<typeof sql>) =>
  Number(
    (await t.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.raw(table)} where ${where}`))
      .rows[0].n,
  );

beforeAll(async () => {
  t = await createTestApp();
  api = caller(t);
  admin = await signedIn(t, 'admin');
  supervisor = await signedIn(t, 'super');
  agent = await signedIn(t, 'agent');
  // Reads articles, nothing else (a custom role: reads the base as an agent does).
  reader = await signedInWith(t, admin, ['knowledgebase-ver-articulo']);
});

afterAll(async () => {
  await t?.close();
});

describe('knowledge base: who may do what', () => {
  it('lets only article editors manage categories and sections; readers without the menu get nothing', async () => {
    const refused = await api.post('/api/v2/knowledge-base/categories', agent, { name: 'No puedo' });
    expect(refused.statusCode).toBe(403);
    expect((await api.get('/api/v2/knowledge-base/categories', reader)).statusCode).toBe(403);
    expect((await api.put('/api/v2/knowledge-base/public-config', agent, {})).statusCode).toBe(403);
    const own = await category(`Propia ${word}`);
    expect((await api.delete(`/api/v2/knowledge-base/categories/${own.id}`, agent)).statusCode).toBe(403);
    expect(
      (await api.post('/api/v2/knowledge-base/articles', reader, { sectionId: 1, title: 'Nada' })).statusCode,
    ).toBe(403);
  });

  it('answers bad input with translated field errors and saves nothing', async () => {
    const before = await count('kb_sections', sql`true`);
    const es = await api.post('/api/v2/knowledge-base/sections', admin, { categoryId: 1, name: 'S', visibleFor: [] });
    expect(es.statusCode).toBe(422);
    expect(JSON.stringify(es.json())).toContain('Elija al menos a quién se muestra');
    const en = await api.post(
      '/api/v2/knowledge-base/sections',
      admin,
      { categoryId: 999_999_999, name: 'Sección', visibleFor: ['agent'] },
      'en',
    );
    expect(en.statusCode).toBe(422);
    expect(en.json().result.fields).toEqual([{ field: 'categoryId', message: 'The category does not exist' }]);
    const colour = await api.put('/api/v2/knowledge-base/public-config', admin, { primaryColor: 'red' }, 'en');
    expect(colour.statusCode).toBe(422);
    expect(JSON.stringify(colour.json())).toContain('Colour as #RRGGBB');
    const unknownSection = await api.post('/api/v2/knowledge-base/articles', admin, {
      sectionId: 999_999_999,
      title: 'Huérfano',
    });
    expect(unknownSection.statusCode).toBe(422);
    expect(unknownSection.json().result.fields[0].field).toBe('sectionId');
    expect(await count('kb_sections', sql`true`)).toBe(before);
  });
});

describe('knowledge base: visibility', () => {
  let ids: {
    adminOnly: number;
    agents: number;
    publicSection: number;
    draft: number;
    published: number;
    hidden: number;
  };

  beforeAll(async () => {
    const base = await category(`Ayuda ${word}`);
    const adminOnly = await section(base.id, `Solo administración ${word}`, ['admin']);
    const agents = await section(base.id, `Agentes ${word}`, ['agent', 'super']);
    const publicSection = await section(base.id, `Pública ${word}`, ['public', 'agent']);
    const hidden = await article(adminOnly.id, { title: `Secreto ${word}`, status: 'published' });
    const draft = await article(publicSection.id, { title: `Borrador ${word}`, status: 'draft' });
    const published = await article(publicSection.id, {
      title: `Cómo pagar ${word}`,
      body: `<p>Pague en línea con ${word}.</p>`,
      status: 'published',
    });
    ids = {
      adminOnly: adminOnly.id,
      agents: agents.id,
      publicSection: publicSection.id,
      draft: draft.id,
      published: published.id,
      hidden: hidden.id,
    };
  });

  it('does not show an agent the sections for administrators only, nor drafts', async () => {
    const sections = (await api.get(`/api/v2/knowledge-base/sections?searchText=${word}&sizePerPage=50`, agent)).json()
      .result.data as { id: number }[];
    expect(sections.map((row) => row.id).sort()).toEqual([ids.agents, ids.publicSection].sort());
    expect((await api.get(`/api/v2/knowledge-base/sections/${ids.adminOnly}`, agent)).statusCode).toBe(404);
    expect((await api.get(`/api/v2/knowledge-base/articles/${ids.hidden}`, agent)).statusCode).toBe(404);
    expect((await api.get(`/api/v2/knowledge-base/articles/${ids.draft}`, agent)).statusCode).toBe(404);
    const listed = (await api.get(`/api/v2/knowledge-base/articles?sectionId=${ids.publicSection}`, agent)).json()
      .result.data as { id: number }[];
    expect(listed.map((row) => row.id)).toEqual([ids.published]);
    // The same rule in search.
    const hits = (await api.get(`/api/v2/knowledge-base/search?q=${word}&limit=50`, agent)).json().result as {
      id: number;
    }[];
    expect(hits.map((hit) => hit.id)).toEqual([ids.published]);
    // A custom role reads as an agent.
    expect((await api.get(`/api/v2/knowledge-base/articles/${ids.published}`, reader)).statusCode).toBe(200);
    expect((await api.get(`/api/v2/knowledge-base/articles/${ids.hidden}`, reader)).statusCode).toBe(404);
  });

  it('shows editors the drafts of what they see; administrators see everything', async () => {
    expect((await api.get(`/api/v2/knowledge-base/articles/${ids.draft}`, admin)).statusCode).toBe(200);
    const sections = (await api.get(`/api/v2/knowledge-base/sections?searchText=${word}&sizePerPage=50`, admin)).json()
      .result.data;
    expect(sections).toHaveLength(3);
    // The supervisor adds articles (sees drafts) but is not in the public section's audiences.
    expect((await api.get(`/api/v2/knowledge-base/articles/${ids.draft}`, supervisor)).statusCode).toBe(404);
    const mine = await article(ids.agents, { title: `Nota de supervisión ${word}` }, supervisor);
    expect((await api.get(`/api/v2/knowledge-base/articles/${mine.id}`, supervisor)).statusCode).toBe(200);
    expect((await api.get(`/api/v2/knowledge-base/articles/${mine.id}`, agent)).statusCode).toBe(404);
  });

  it('refuses a supervisor a section they would not see, and an edit of another audience’s article', async () => {
    const base = await category(`Supervisión ${word}`);
    const refused = await api.post('/api/v2/knowledge-base/sections', supervisor, {
      categoryId: base.id,
      name: `Oculta ${word}`,
      visibleFor: ['admin'],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().result.fields[0].field).toBe('visibleFor');
    const edit = await api.put(`/api/v2/knowledge-base/articles/${ids.hidden}`, supervisor, {
      sectionId: ids.agents,
      title: 'Robado',
    });
    expect(edit.statusCode).toBe(404);
    expect((await api.delete(`/api/v2/knowledge-base/sections/${ids.adminOnly}`, supervisor)).statusCode).toBe(404);
  });

  it('shows a public visitor only published articles of public sections', async () => {
    const home = await page('/kb/es');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain(`Pública ${word}`);
    expect(home.body).not.toContain(`Solo administración ${word}`);
    expect(home.body).not.toContain(`Agentes ${word}`);
    const sectionPage = await page(`/kb/es/sections/${ids.publicSection}`);
    expect(sectionPage.body).toContain(`Cómo pagar ${word}`);
    expect(sectionPage.body).not.toContain(`Borrador ${word}`);
    expect((await page(`/kb/es/sections/${ids.adminOnly}`)).statusCode).toBe(404);
    expect((await page(`/kb/es/articles/${ids.draft}`)).statusCode).toBe(404);
    expect((await page(`/kb/es/articles/${ids.hidden}`)).statusCode).toBe(404);
    const search = await page(`/kb/en/search?q=${word}`);
    expect(search.body).toContain(`<mark>${word}</mark>`);
    expect(search.body).not.toContain(`Secreto ${word}`);
    expect(search.body).not.toContain(`Borrador ${word}`);
    const sitemap = await page('/kb/sitemap.xml');
    expect(sitemap.headers['content-type']).toContain('application/xml');
    expect(sitemap.body).toContain(`/kb/es/articles/${ids.published}-como-pagar-${word}`);
    expect(sitemap.body).not.toContain(`/kb/es/articles/${ids.draft}-`);
    expect(sitemap.body).not.toContain(`/kb/es/articles/${ids.hidden}-`);
  });

  it('serves an article at one clean address, with its title, description and canonical link', async () => {
    const path = `/kb/es/articles/${ids.published}-como-pagar-${word}`;
    const read = await api.get(`/api/v2/knowledge-base/articles/${ids.published}`, agent);
    expect(read.json().result.publicUrl).toBe(`http://localhost:3000${path}`);
    const moved = await page(`/kb/es/articles/${ids.published}-titulo-viejo`);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(path);
    const html = await page(path);
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain(`<title>Cómo pagar ${word} · Centro de ayuda</title>`);
    expect(html.body).toContain(`<meta name="description" content="Pague en línea con ${word}.">`);
    expect(html.body).toContain(`<link rel="canonical" href="http://localhost:3000${path}">`);
    expect(html.body).toContain('<html lang="es"');
    const english = await page('/kb', { 'accept-language': 'en-GB,en;q=0.9' });
    expect(english.statusCode).toBe(302);
    expect(english.headers.location).toBe('/kb/en');
    expect((await page('/kb/en')).body).toContain('How can we help?');
  });
});

describe('knowledge base: cascades', () => {
  it('deleting a section removes its articles; deleting a category removes its sections and their articles', async () => {
    const base = await category(`Borrar ${word}`);
    const first = await section(base.id, `Primera ${word}`, ['agent']);
    const second = await section(base.id, `Segunda ${word}`, ['agent']);
    const a1 = await article(first.id, { title: `Uno ${word}` });
    await article(first.id, { title: `Dos ${word}` });
    await article(second.id, { title: `Tres ${word}` });
    const file = await postFile(
      t,
      `/api/v2/knowledge-base/articles/${a1.id}/attachments`,
      admin,
      Buffer.from('texto del adjunto\n'),
      'nota.txt',
      'text/plain',
    );
    expect(file.statusCode).toBe(201);
    const stored = (
      await t.ctx.db.execute<{ stored_path: string }>(
        sql`select stored_path from kb_article_attachments where article_id = ${a1.id}`,
      )
    ).rows[0].stored_path;
    expect(t.ctx.storage.absolutePath(stored)).toBeTruthy();

    const removedSection = await api.delete(`/api/v2/knowledge-base/sections/${first.id}`, admin);
    expect(removedSection.json().result).toEqual({ sections: 1, articles: 2 });
    expect(await count('kb_articles', sql`section_id = ${first.id}`)).toBe(0);
    expect(await count('kb_article_attachments', sql`article_id = ${a1.id}`)).toBe(0);
    const fs = await import('node:fs');
    expect(fs.existsSync(t.ctx.storage.absolutePath(stored) ?? '')).toBe(false);

    const summary = (await api.get(`/api/v2/knowledge-base/categories/${base.id}`, admin)).json().result;
    expect(summary).toMatchObject({ sections: 1, articles: 1 });
    const removed = await api.delete(`/api/v2/knowledge-base/categories/${base.id}`, admin, 'en');
    expect(removed.json()).toMatchObject({ result: { sections: 1, articles: 1 }, message: 'Deleted' });
    expect(await count('kb_sections', sql`category_id = ${base.id}`)).toBe(0);
    expect(await count('kb_articles', sql`section_id = ${second.id}`)).toBe(0);
    expect((await api.get(`/api/v2/knowledge-base/categories/${base.id}`, admin)).statusCode).toBe(404);
  });

  it('does not let someone delete a category holding sections they cannot see', async () => {
    const base = await category(`Mixta ${word}`);
    await section(base.id, `Visible ${word}`, ['super']);
    await section(base.id, `Invisible ${word}`, ['admin']);
    expect((await api.delete(`/api/v2/knowledge-base/categories/${base.id}`, supervisor)).statusCode).toBe(403);
    expect(await count('kb_sections', sql`category_id = ${base.id}`)).toBe(2);
  });
});

describe('knowledge base: search', () => {
  let spanishTitle: number;
  let spanishBody: number;
  let englishTitle: number;
  let englishBody: number;

  beforeAll(async () => {
    const base = await category(`Búsqueda ${word}`);
    const shelf = await section(base.id, `Estante ${word}`, ['agent']);
    spanishBody = (
      await article(shelf.id, {
        title: `Horarios ${word}`,
        body: `<p>Nuestra atención es rápida. La atención por chat y la atención telefónica: ${'atención '.repeat(8)}</p>`,
        status: 'published',
      })
    ).id;
    spanishTitle = (
      await article(shelf.id, {
        title: `Atención al cliente ${word}`,
        body: '<p>Escríbanos cuando quiera.</p>',
        status: 'published',
      })
    ).id;
    englishBody = (
      await article(shelf.id, {
        title: `Opening hours ${word}`,
        body: `<p>Our customers get replies fast; customers love it. ${'customers '.repeat(6)}</p>`,
        status: 'published',
        language: 'en',
      })
    ).id;
    englishTitle = (
      await article(shelf.id, {
        title: `Customer accounts ${word}`,
        body: '<p>Create one in a minute.</p>',
        status: 'published',
        language: 'en',
      })
    ).id;
  });

  const search = async (q: string) =>
    (await api.get(`/api/v2/knowledge-base/search?q=${encodeURIComponent(q)}&limit=20`, agent)).json().result as {
      id: number;
      title: { text: string; match: boolean }[];
      snippet: { text: string; match: boolean }[];
    }[];

  it('finds "atención" for "atencion" and ranks the title match above the body match (Spanish)', async () => {
    const hits = await search(`atencion ${word}`);
    expect(hits.map((hit) => hit.id)).toEqual([spanishTitle, spanishBody]);
    expect(hits[0].title.filter((part) => part.match).map((part) => part.text)).toEqual(['Atención', word]);
    expect(hits[1].snippet.some((part) => part.match && part.text === 'atención')).toBe(true);
    // Typed with its accent and in capitals, the same.
    expect((await search(`ATENCIÓN ${word}`)).map((hit) => hit.id)).toEqual([spanishTitle, spanishBody]);
  });

  it('stems English words and ranks the title match first (English)', async () => {
    const hits = await search(`customers ${word}`);
    expect(hits.map((hit) => hit.id)).toEqual([englishTitle, englishBody]);
    expect(hits[0].title.find((part) => part.match)?.text).toBe('Customer');
  });

  it('finds words by their beginning, and nothing for a search of symbols', async () => {
    expect((await search(`aten ${word}`)).map((hit) => hit.id)).toEqual([spanishTitle, spanishBody]);
    expect(await search('&|!')).toEqual([]);
  });
});

describe('knowledge base: articles', () => {
  let shelf: number;

  beforeAll(async () => {
    const base = await category(`Artículos ${word}`);
    shelf = (await section(base.id, `Manuales ${word}`, ['agent', 'super', 'public'])).id;
  });

  it('keeps formatting, tables and the base’s images, and drops scripts and foreign images', async () => {
    const image = await postFile(t, '/api/v2/knowledge-base/images', admin, ONE_PIXEL_PNG, 'a.png', 'image/png');
    expect(image.statusCode).toBe(201);
    const url = image.json().result.url as string;
    expect(url).toMatch(/^\/api\/v2\/files\/kb\/[a-f0-9]{24}\.png$/);
    const served = await page(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    const saved = await article(shelf, {
      title: `<script>alert(1)</script> Guía ${word}`,
      body: `<h2>Pasos</h2><ol><li>Uno</li></ol><table><tbody><tr><th colspan="2">Plan</th></tr><tr><td>A</td><td>B</td></tr></tbody></table>
        <img src="${url}" alt="captura"><img src="http://tracker.example/p.gif"><img src="javascript:alert(1)">
        <p onclick="x()">Texto <a href="javascript:alert(1)">malo</a> <a href="https://atiende.test">bueno</a></p><script>alert(2)</script>`,
      labels: ['guía', 'guía', 'pagos'],
      status: 'published',
    });
    expect(saved.body).toContain('<h2>Pasos</h2>');
    expect(saved.body).toContain('<th colspan="2">Plan</th>');
    expect(saved.body).toContain(`<img src="${url}" alt="captura" />`);
    expect(saved.body).not.toContain('tracker.example');
    expect(saved.body).not.toContain('javascript:');
    expect(saved.body).not.toContain('<script>');
    expect(saved.body).not.toContain('onclick');
    expect(saved.text).toContain('Pasos');
    const read = (await api.get(`/api/v2/knowledge-base/articles/${saved.id}`, agent)).json().result;
    expect(read.labels).toEqual(['guía', 'pagos']);
    // The hostile title is text on the public site.
    const html = await page(new URL(read.publicUrl).pathname);
    expect(html.body).toContain('&#60;script&#62;alert(1)&#60;/script&#62; Guía');
    expect(html.body).not.toContain('<script>alert');
  });

  it('records who wrote and who changed an article, and when it was published', async () => {
    const draft = await article(shelf, { title: `Historia ${word}` }, supervisor);
    const first = (await api.get(`/api/v2/knowledge-base/articles/${draft.id}`, admin)).json().result;
    expect(first).toMatchObject({ status: 'draft', publishedAt: null, publicUrl: null });
    expect(first.createdBy.id).toBe(supervisor.id);
    const published = await api.put(`/api/v2/knowledge-base/articles/${draft.id}`, admin, {
      sectionId: shelf,
      title: `Historia ${word}`,
      status: 'published',
    });
    expect(published.json().message).toBe('Artículo guardado');
    const after = published.json().result;
    expect(after.updatedBy.id).toBe(admin.id);
    expect(after.createdBy.id).toBe(supervisor.id);
    expect(after.publishedAt).not.toBeNull();
    expect(after.publicUrl).toContain(`/kb/es/articles/${draft.id}-historia-`);
    const back = await api.put(`/api/v2/knowledge-base/articles/${draft.id}`, admin, {
      sectionId: shelf,
      title: `Historia ${word}`,
      status: 'draft',
    });
    expect(back.json().result).toMatchObject({ publishedAt: null, publicUrl: null });
  });

  it('attaches files checked by their content, serves them to readers and the public site, refuses the rest', async () => {
    const saved = await article(shelf, { title: `Adjuntos ${word}`, status: 'published' });
    const upload = await postFile(
      t,
      `/api/v2/knowledge-base/articles/${saved.id}/attachments`,
      admin,
      Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'),
      'manual de uso.pdf',
      'application/pdf',
    );
    expect(upload.statusCode, upload.body).toBe(201);
    const attachment = upload.json().result;
    expect(attachment).toMatchObject({ name: 'manual de uso.pdf', contentType: 'application/pdf' });
    const download = await api.get(`/api/v2/knowledge-base/articles/${saved.id}/attachments/${attachment.id}`, reader);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('attachment');
    const publicDownload = await page(`/kb/es/articles/${saved.id}/attachments/${attachment.id}`);
    expect(publicDownload.statusCode).toBe(200);
    const executable = await postFile(
      t,
      `/api/v2/knowledge-base/articles/${saved.id}/attachments`,
      admin,
      Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]),
      'factura.pdf.exe',
    );
    expect(executable.statusCode).toBe(415);
    const refused = await postFile(
      t,
      `/api/v2/knowledge-base/articles/${saved.id}/attachments`,
      agent,
      Buffer.from('hola'),
      'a.txt',
    );
    expect(refused.statusCode).toBe(403);
    expect(
      (await api.delete(`/api/v2/knowledge-base/articles/${saved.id}/attachments/${attachment.id}`, admin)).statusCode,
    ).toBe(200);
    expect((await page(`/kb/es/articles/${saved.id}/attachments/${attachment.id}`)).statusCode).toBe(404);
  });
});

describe('knowledge base: the public site’s settings', () => {
  it('saves the look of the site, shows it there, and switching the site off hides it', async () => {
    const saved = await api.put('/api/v2/knowledge-base/public-config', admin, {
      enabled: true,
      headerTitle: `Ayuda de ${word}`,
      footerTitle: 'Gracias por visitarnos',
      searchTitle: '¿En qué le ayudamos?',
      searchSubtitle: 'Escriba su pregunta',
      primaryColor: '#FFCC00',
      displayLogo: false,
      displayBusinessInfo: true,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().result).toMatchObject({ primaryColor: '#ffcc00', siteUrl: 'http://localhost:3000/kb' });
    const agentView = await api.get('/api/v2/knowledge-base/public-config', agent);
    expect(agentView.json().result.headerTitle).toBe(`Ayuda de ${word}`);
    const home = await page('/kb/es');
    expect(home.body).toContain(`Ayuda de ${word}`);
    expect(home.body).toContain('--primary: #ffcc00; --on-primary: #111;');
    expect(home.body).toContain('¿En qué le ayudamos?');
    expect(home.body).toContain('Gracias por visitarnos');

    await api.put('/api/v2/knowledge-base/public-config', admin, { enabled: false });
    expect((await page('/kb/es')).statusCode).toBe(404);
    expect((await page('/kb/sitemap.xml')).statusCode).toBe(404);
    await api.put('/api/v2/knowledge-base/public-config', admin, { enabled: true });
    expect((await page('/kb/es')).statusCode).toBe(200);
  });
});
