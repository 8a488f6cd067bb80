import type { KbHighlight, KbLanguage, KbPublicConfig } from '@atiende/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { escapeHtml } from '../../platform/html.js';
import { sendStoredFile } from '../../platform/http/downloads.js';
import { PUBLIC_VIEWER } from './kb.repo.js';
import { KB_SITE_PATH, type KbService, publicArticlePath, slugOf } from './kb.service.js';

/**
 * The public knowledge base (docs/knowledge-base.md): server-rendered pages of the published articles of public
 * sections, with clean URLs (/kb/es/articles/12-como-pagar), titles, meta descriptions, canonical links, a sitemap
 * and search, in Spanish and English. No script: the pages are HTML and one small stylesheet inline.
 */

const TEXTS = {
  es: {
    home: 'Centro de ayuda',
    searchTitle: '¿Cómo podemos ayudarle?',
    searchSubtitle: 'Busque en nuestros artículos de ayuda',
    searchLabel: 'Buscar en la ayuda',
    searchButton: 'Buscar',
    results: (count: number, q: string) => `${count} resultado${count === 1 ? '' : 's'} para «${q}»`,
    noResults: 'No encontramos artículos con esas palabras. Pruebe con otras.',
    articles: (count: number) => `${count} artículo${count === 1 ? '' : 's'}`,
    emptySection: 'Esta sección aún no tiene artículos publicados.',
    empty: 'Aún no hay artículos publicados.',
    attachments: 'Adjuntos',
    updated: 'Actualizado el',
    previous: 'Anterior',
    next: 'Siguiente',
    otherLanguage: 'English',
    notFound: 'No encontramos esta página',
    notFoundText: 'Puede que el artículo ya no esté publicado.',
    backHome: 'Volver al inicio',
    contact: 'Contacto',
  },
  en: {
    home: 'Help center',
    searchTitle: 'How can we help?',
    searchSubtitle: 'Search our help articles',
    searchLabel: 'Search the help center',
    searchButton: 'Search',
    results: (count: number, q: string) => `${count} result${count === 1 ? '' : 's'} for “${q}”`,
    noResults: 'No articles match those words. Try other ones.',
    articles: (count: number) => `${count} article${count === 1 ? '' : 's'}`,
    emptySection: 'This section has no published articles yet.',
    empty: 'No articles are published yet.',
    attachments: 'Attachments',
    updated: 'Updated on',
    previous: 'Previous',
    next: 'Next',
    otherLanguage: 'Español',
    notFound: 'We could not find this page',
    notFoundText: 'The article may no longer be published.',
    backHome: 'Back to the start',
    contact: 'Contact',
  },
} as const;

const PAGE_SIZE = 20;
const langSchema = z.enum(['es', 'en']);
/** `12` or `12-any-slug`: the id decides, the slug is for people and search engines. */
const refSchema = z.string().regex(/^\d{1,15}(-[a-z0-9-]{0,120})?$/);

type Texts = (typeof TEXTS)[KbLanguage];

interface Layout {
  lang: KbLanguage;
  title: string;
  description: string;
  canonical: string;
  body: string;
  /** The same page in the other language. */
  alternatePath: string;
  query?: string;
  /** The home page's search heading is its h1; elsewhere the page's own title is. */
  home?: boolean;
  /** Search results are not for search engines. */
  noindex?: boolean;
}

const e = escapeHtml;

function marked(parts: KbHighlight): string {
  return parts.map((part) => (part.match ? `<mark>${e(part.text)}</mark>` : e(part.text))).join('');
}

function metaDescription(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 160 ? `${flat.slice(0, 157).replace(/\s+\S*$/, '')}…` : flat;
}

/** The primary colour's readable text colour (black or white by luminance). */
function contrastOf(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255);
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.55 ? '#111' : '#fff';
}

export async function kbSiteRoutes(app: FastifyInstance, kb: KbService, publicUrl: string): Promise<void> {
  const absolute = (path: string) => `${publicUrl}${path}`;

  async function render(reply: FastifyReply, config: KbPublicConfig, layout: Layout, status = 200) {
    const t = TEXTS[layout.lang];
    const business = await kb.site.business();
    const siteName = config.headerTitle || business?.name || t.home;
    const colour = config.primaryColor;
    const logo =
      config.displayLogo && business?.logo_path
        ? `<img class="logo" src="/api/v2/files/${e(business.logo_path)}" alt="${e(business.name)}" height="36">`
        : '';
    const contact =
      config.displayBusinessInfo && business
        ? `<address><strong>${e(business.name)}</strong>${[
            business.address && business.city ? `${business.address}, ${business.city}` : business.address,
            business.phone,
            business.contact_email,
          ]
            .filter(Boolean)
            .map((line) => `<span>${e(String(line))}</span>`)
            .join('')}</address>`
        : '';
    const other = layout.lang === 'es' ? 'en' : 'es';
    const html = `<!doctype html>
<html lang="${layout.lang}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(layout.title)}</title>
<meta name="description" content="${e(layout.description)}">${layout.noindex ? '\n<meta name="robots" content="noindex">' : ''}
<link rel="canonical" href="${e(layout.canonical)}">
<link rel="alternate" hreflang="${other}" href="${e(absolute(layout.alternatePath))}">
<meta property="og:title" content="${e(layout.title)}">
<meta property="og:description" content="${e(layout.description)}">
<meta property="og:type" content="website">
<style>
:root { --primary: ${colour}; --on-primary: ${contrastOf(colour)}; color-scheme: light dark; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.6 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2328; background: #f6f8fa; }
@media (prefers-color-scheme: dark) { body { color: #e6edf3; background: #0d1117; } .card, article.content { background: #161b22 !important; border-color: #30363d !important; } a { color: #79b8ff; } }
a { color: #0b57d0; }
header.top { background: var(--primary); color: var(--on-primary); }
header.top .bar { max-width: 1040px; margin: 0 auto; padding: 12px 20px; display: flex; gap: 16px; align-items: center; }
header.top a { color: var(--on-primary); text-decoration: none; }
header.top .name { font-weight: 600; font-size: 1.15rem; flex: 1; }
.hero { background: var(--primary); color: var(--on-primary); padding: 16px 20px 40px; text-align: center; }
.hero .hero-title { margin: 0 0 4px; font-size: 1.6rem; font-weight: 700; line-height: 1.3; }
main h1 { font-size: 1.6rem; line-height: 1.3; margin: 0 0 8px; }
@media (max-width: 600px) { main h1, .hero .hero-title { font-size: 1.35rem; } article.content { padding: 18px; } }
.hero p { margin: 0 0 20px; opacity: .9; }
form.search { display: flex; max-width: 620px; margin: 0 auto; gap: 8px; }
form.search input { flex: 1; min-width: 0; padding: 12px 14px; border-radius: 8px; border: 1px solid #d0d7de; font-size: 1rem; }
form.search button { padding: 12px 18px; border-radius: 8px; border: 0; background: #1f2328; color: #fff; font-size: 1rem; cursor: pointer; }
main { max-width: 1040px; margin: 0 auto; padding: 24px 20px 48px; }
.grid { display: grid; gap: 16px; grid-template-columns: repeat(auto-fill, minmax(280px, 1fr)); }
.card { background: #fff; border: 1px solid #d0d7de; border-radius: 10px; padding: 16px 18px; }
.card h2, .card h3 { margin: 0 0 6px; font-size: 1.1rem; }
.card ul { list-style: none; padding: 0; margin: 8px 0 0; }
.card li { padding: 4px 0; }
.muted { color: #656d76; font-size: .9rem; }
nav.crumbs { font-size: .9rem; margin-bottom: 12px; }
nav.crumbs a { text-decoration: none; }
article.content { background: #fff; border: 1px solid #d0d7de; border-radius: 10px; padding: 24px 28px; overflow-wrap: anywhere; }
article.content img { max-width: 100%; height: auto; }
article.content h2 { font-size: 1.25rem; margin: 1.2em 0 .4em; }
article.content h3 { font-size: 1.1rem; margin: 1em 0 .3em; }
article.content .table-scroll { overflow-x: auto; margin: 12px 0; }
article.content table { border-collapse: collapse; min-width: 100%; }
article.content th, article.content td { border: 1px solid #d0d7de; padding: 6px 10px; text-align: start; vertical-align: top; }
article.content th p, article.content td p { margin: 0; }
mark { background: #fff3b0; color: inherit; padding: 0 1px; border-radius: 2px; }
ol.results { list-style: none; padding: 0; }
ol.results li { margin: 0 0 16px; }
.pager { display: flex; gap: 12px; justify-content: space-between; margin-top: 20px; }
footer { border-top: 1px solid #d0d7de; padding: 24px 20px; text-align: center; font-size: .9rem; }
footer address { font-style: normal; display: flex; flex-wrap: wrap; gap: 6px 16px; justify-content: center; margin-top: 6px; }
.logo { display: block; max-height: 36px; width: auto; }
:focus-visible { outline: 3px solid #ffbf47; outline-offset: 2px; }
</style>
</head>
<body>
<header class="top"><div class="bar">${logo}<a class="name" href="${KB_SITE_PATH}/${layout.lang}">${e(siteName)}</a><a href="${e(layout.alternatePath)}" hreflang="${other}" lang="${other}">${t.otherLanguage}</a></div></header>
<div class="hero">
<${layout.home ? 'h1' : 'p'} class="hero-title">${e(config.searchTitle || t.searchTitle)}</${layout.home ? 'h1' : 'p'}>
<p>${e(config.searchSubtitle || t.searchSubtitle)}</p>
<form class="search" role="search" action="${KB_SITE_PATH}/${layout.lang}/search" method="get">
<label class="sr" for="q" style="position:absolute;left:-9999px">${t.searchLabel}</label>
<input id="q" name="q" type="search" value="${e(layout.query ?? '')}" placeholder="${t.searchLabel}" maxlength="200" required>
<button type="submit">${t.searchButton}</button>
</form>
</div>
<main>
${layout.body}
</main>
<footer>${config.footerTitle ? `<div>${e(config.footerTitle)}</div>` : ''}${contact}</footer>
</body>
</html>`;
    return reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'public, max-age=60')
      .send(html);
  }

  async function notFound(reply: FastifyReply, config: KbPublicConfig, lang: KbLanguage) {
    const t = TEXTS[lang];
    return render(
      reply,
      config,
      {
        lang,
        title: t.notFound,
        description: t.notFoundText,
        canonical: absolute(`${KB_SITE_PATH}/${lang}`),
        alternatePath: `${KB_SITE_PATH}/${lang === 'es' ? 'en' : 'es'}`,
        body: `<h1>${t.notFound}</h1><p>${t.notFoundText}</p><p><a href="${KB_SITE_PATH}/${lang}">${t.backHome}</a></p>`,
      },
      404,
    );
  }

  /** The site's settings, or a plain 404 when the business switched the site off. */
  async function siteConfig(reply: FastifyReply): Promise<KbPublicConfig | null> {
    const config = await kb.publicConfig();
    if (config.enabled) return config;
    await reply.code(404).header('content-type', 'text/plain; charset=utf-8').send('Not found');
    return null;
  }

  const langOf = (request: FastifyRequest): KbLanguage => {
    const parsed = langSchema.safeParse((request.params as { lang?: string }).lang);
    return parsed.success ? parsed.data : 'es';
  };

  const route = { config: { public: true }, schema: { hide: true } };

  app.get(KB_SITE_PATH, route, async (request, reply) => {
    const accepted = String(request.headers['accept-language'] ?? '').toLowerCase();
    const english = /^en\b/.test(accepted) || (accepted.includes('en') && !accepted.includes('es'));
    return reply.redirect(`${KB_SITE_PATH}/${english ? 'en' : 'es'}`, 302);
  });

  app.get(`${KB_SITE_PATH}/sitemap.xml`, route, async (_request, reply) => {
    const config = await siteConfig(reply);
    if (!config) return reply;
    const [sections, articles] = await Promise.all([kb.site.sections(), kb.site.index()]);
    const urls = [
      ...(['es', 'en'] as const).map((lang) => `<url><loc>${e(absolute(`${KB_SITE_PATH}/${lang}`))}</loc></url>`),
      ...sections.map(
        (section) =>
          `<url><loc>${e(absolute(`${KB_SITE_PATH}/es/sections/${section.id}-${slugOf(section.name)}`))}</loc></url>`,
      ),
      ...articles.map(
        (article) =>
          `<url><loc>${e(absolute(publicArticlePath(article)))}</loc><lastmod>${article.updated_at.toISOString()}</lastmod></url>`,
      ),
    ];
    return reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
      );
  });

  app.get(`${KB_SITE_PATH}/:lang`, route, async (request, reply) => {
    const lang = langOf(request);
    const config = await siteConfig(reply);
    if (!config) return reply;
    if (!langSchema.safeParse((request.params as { lang: string }).lang).success) return notFound(reply, config, lang);
    const t: Texts = TEXTS[lang];
    const sections = await kb.site.sections();
    const byCategory = new Map<number, { name: string; description: string; sections: typeof sections }>();
    for (const section of sections) {
      const entry = byCategory.get(section.category_id) ?? {
        name: section.category_name,
        description: section.category_description,
        sections: [],
      };
      entry.sections.push(section);
      byCategory.set(section.category_id, entry);
    }
    const cards = [...byCategory.values()]
      .map(
        (category) => `<section class="card" aria-labelledby="c-${category.sections[0].category_id}">
<h2 id="c-${category.sections[0].category_id}">${e(category.name)}</h2>
${category.description ? `<p class="muted">${e(category.description)}</p>` : ''}
<ul>${category.sections
          .map(
            (section) =>
              `<li><a href="${KB_SITE_PATH}/${lang}/sections/${section.id}-${slugOf(section.name)}">${e(section.name)}</a> <span class="muted">· ${t.articles(section.articles)}</span></li>`,
          )
          .join('')}</ul>
</section>`,
      )
      .join('\n');
    const business = await kb.site.business();
    return render(reply, config, {
      lang,
      title: `${config.headerTitle || business?.name || t.home} · ${t.home}`,
      description: config.searchSubtitle || t.searchSubtitle,
      canonical: absolute(`${KB_SITE_PATH}/${lang}`),
      alternatePath: `${KB_SITE_PATH}/${lang === 'es' ? 'en' : 'es'}`,
      body: cards ? `<div class="grid">${cards}</div>` : `<p class="muted">${t.empty}</p>`,
      home: true,
    });
  });

  app.get(`${KB_SITE_PATH}/:lang/sections/:ref`, route, async (request, reply) => {
    const lang = langOf(request);
    const config = await siteConfig(reply);
    if (!config) return reply;
    const { ref } = request.params as { ref: string };
    const t = TEXTS[lang];
    if (!refSchema.safeParse(ref).success) return notFound(reply, config, lang);
    const id = Number.parseInt(ref, 10);
    const section = (await kb.site.sections()).find((candidate) => candidate.id === id);
    if (!section) return notFound(reply, config, lang);
    const canonicalPath = `${KB_SITE_PATH}/${lang}/sections/${section.id}-${slugOf(section.name)}`;
    const page = Math.max(
      1,
      Math.min(10_000, Number.parseInt(String((request.query as { page?: string }).page ?? '1'), 10) || 1),
    );
    const { rows, total } = await kb.site.articles(section.id, page, PAGE_SIZE);
    const items = rows
      .map(
        (article) =>
          `<li><a href="${e(publicArticlePath(article))}">${e(article.title)}</a>${article.bodyText ? `<div class="muted">${e(metaDescription(article.bodyText))}</div>` : ''}</li>`,
      )
      .join('');
    const pager = [
      page > 1 ? `<a rel="prev" href="${canonicalPath}?page=${page - 1}">${t.previous}</a>` : '<span></span>',
      page * PAGE_SIZE < total ? `<a rel="next" href="${canonicalPath}?page=${page + 1}">${t.next}</a>` : '',
    ].join('');
    return render(reply, config, {
      lang,
      title: `${section.name} · ${t.home}`,
      description: section.description || `${section.category_name} · ${section.name}`,
      canonical: absolute(page > 1 ? `${canonicalPath}?page=${page}` : canonicalPath),
      alternatePath: `${KB_SITE_PATH}/${lang === 'es' ? 'en' : 'es'}/sections/${section.id}-${slugOf(section.name)}`,
      body: `<nav class="crumbs" aria-label="breadcrumb"><a href="${KB_SITE_PATH}/${lang}">${t.home}</a> › ${e(section.category_name)}</nav>
<h1>${e(section.name)}</h1>${section.description ? `<p class="muted">${e(section.description)}</p>` : ''}
<div class="card">${items ? `<ul>${items}</ul>` : `<p class="muted">${t.emptySection}</p>`}</div>
<nav class="pager">${pager}</nav>`,
    });
  });

  app.get(`${KB_SITE_PATH}/:lang/articles/:ref`, route, async (request, reply) => {
    const lang = langOf(request);
    const config = await siteConfig(reply);
    if (!config) return reply;
    const { ref } = request.params as { ref: string };
    if (!refSchema.safeParse(ref).success) return notFound(reply, config, lang);
    const article = await kb.site.article(Number.parseInt(ref, 10));
    if (!article) return notFound(reply, config, lang);
    const t = TEXTS[lang];
    // One address per article: another slug (an old title) or the other language's path moves here for good.
    const path = publicArticlePath(article);
    if (request.url.split('?')[0] !== path && lang === article.language) return reply.redirect(path, 301);
    const updated = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(article.updatedAt);
    const attachments = article.attachments.length
      ? `<h2>${t.attachments}</h2><ul>${article.attachments
          .map(
            (file) =>
              `<li><a href="${KB_SITE_PATH}/${lang}/articles/${article.id}/attachments/${file.id}">${e(file.name)}</a> <span class="muted">(${Math.max(1, Math.round(file.size / 1024))} KB)</span></li>`,
          )
          .join('')}</ul>`
      : '';
    return render(reply, config, {
      lang,
      title: `${article.title} · ${t.home}`,
      description: metaDescription(article.bodyText) || article.title,
      canonical: absolute(path),
      alternatePath: path,
      body: `<nav class="crumbs" aria-label="breadcrumb"><a href="${KB_SITE_PATH}/${lang}">${t.home}</a> › ${e(article.categoryName)} › <a href="${KB_SITE_PATH}/${lang}/sections/${article.sectionId}-${slugOf(article.sectionName)}">${e(article.sectionName)}</a></nav>
<article class="content" lang="${article.language}">
<h1>${e(article.title)}</h1>
<p class="muted">${t.updated} ${e(updated)}</p>
${article.bodyHtml.replace(/<table/g, '<div class="table-scroll"><table').replace(/<\/table>/g, '</table></div>')}
${attachments}
</article>`,
    });
  });

  app.get(`${KB_SITE_PATH}/:lang/articles/:id/attachments/:attachmentId`, route, async (request, reply) => {
    const config = await siteConfig(reply);
    if (!config) return reply;
    const params = z
      .object({ id: z.coerce.number().int().positive(), attachmentId: z.coerce.number().int().positive() })
      .safeParse(request.params);
    if (!params.success) return notFound(reply, config, langOf(request));
    const file = await kb.attachmentFile(PUBLIC_VIEWER, params.data.id, params.data.attachmentId).catch(() => null);
    if (!file) return notFound(reply, config, langOf(request));
    return sendStoredFile(reply, file, file.stream);
  });

  app.get(`${KB_SITE_PATH}/:lang/search`, route, async (request, reply) => {
    const lang = langOf(request);
    const config = await siteConfig(reply);
    if (!config) return reply;
    const t = TEXTS[lang];
    const raw = String((request.query as { q?: unknown }).q ?? '');
    // Invalid characters and overlong searches are cut, not refused: a visitor gets results, never an error page.
    const q = raw
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
      .replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
      .trim()
      .slice(0, 200);
    const hits = q
      ? await kb.search(PUBLIC_VIEWER, { q, limit: 30, publishedOnly: true }, (row) => publicArticlePath(row))
      : [];
    const list = hits
      .map(
        (hit) =>
          `<li><a href="${e(hit.publicUrl ?? '#')}">${marked(hit.title)}</a><div class="muted">${e(hit.section.name)}</div><div>${marked(hit.snippet)}</div></li>`,
      )
      .join('');
    return render(reply, config, {
      lang,
      title: `${q || t.searchButton} · ${t.home}`,
      description: t.searchSubtitle,
      canonical: absolute(`${KB_SITE_PATH}/${lang}/search`),
      alternatePath: `${KB_SITE_PATH}/${lang === 'es' ? 'en' : 'es'}/search?q=${encodeURIComponent(q)}`,
      query: q,
      noindex: true,
      body: `<nav class="crumbs" aria-label="breadcrumb"><a href="${KB_SITE_PATH}/${lang}">${t.home}</a></nav>
<h1>${e(t.results(hits.length, q))}</h1>
${list ? `<ol class="results">${list}</ol>` : `<p>${t.noResults}</p>`}`,
    });
  });
}
