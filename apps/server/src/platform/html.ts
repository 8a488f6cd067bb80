import sanitizeHtml from 'sanitize-html';

const RICH_TEXT = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'blockquote',
    'code',
    'pre',
    'ul',
    'ol',
    'li',
    'h1',
    'h2',
    'h3',
    'h4',
    'a',
    'span',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
  },
} satisfies sanitizeHtml.IOptions;

/**
 * Rich text written by staff (campaign scripts, later articles and templates): formatting and links survive;
 * scripts, event handlers, styles and javascript: URLs do not. Links open in a new tab without an opener.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT);
}

/** Where the knowledge base's own images are served (modules/knowledgebase: uploaded under an unguessable name). */
export const KB_IMAGE_PATH = /^\/api\/v2\/files\/kb\/[a-f0-9]{24}\.(png|jpg|webp)$/;

/**
 * A knowledge-base article (staff-written, shown to the public on the help site): rich text plus tables with merged
 * cells and images. An image stays only when it is one the base stored or an https address; anything else goes.
 */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, {
    ...RICH_TEXT,
    allowedTags: [...RICH_TEXT.allowedTags, 'img', 'colgroup', 'col'],
    allowedAttributes: {
      ...RICH_TEXT.allowedAttributes,
      img: ['src', 'alt', 'title'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan'],
    },
    allowedSchemesByTag: { img: ['https'] },
    exclusiveFilter: (frame) =>
      frame.tag === 'img' &&
      !(KB_IMAGE_PATH.test(frame.attribs.src ?? '') || /^https:\/\//i.test(frame.attribs.src ?? '')),
  });
}

/**
 * HTML that came from outside (a customer's e-mail or chat): like rich text, and remote images are not loaded:
 * each becomes an empty `<span data-remote-image="https://...">` that the web app turns into the image only when
 * the agent clicks it (no tracking pixels, no requests to the sender's servers by merely opening a ticket).
 */
export function sanitizeInboundHtml(html: string): string {
  return sanitizeHtml(html, {
    ...RICH_TEXT,
    allowedTags: [...RICH_TEXT.allowedTags, 'img'],
    allowedAttributes: { ...RICH_TEXT.allowedAttributes, span: ['data-remote-image', 'data-alt'] },
    transformTags: {
      ...RICH_TEXT.transformTags,
      span: () => ({ tagName: 'span', attribs: {} }),
      img: (_tagName, attribs): sanitizeHtml.Tag => {
        const src = attribs.src ?? '';
        const marker: Record<string, string> = /^https?:\/\//i.test(src)
          ? { 'data-remote-image': src, 'data-alt': (attribs.alt ?? '').slice(0, 200) }
          : {};
        return { tagName: 'span', attribs: marker };
      },
    },
  });
}

/** Plain text as safe HTML: escaped, line breaks kept. */
export function textToHtml(text: string): string {
  return escapeHtml(text).replace(/\r?\n/g, '<br>');
}

/** Text safe inside HTML elements and quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The readable text of (untrusted) HTML: every tag dropped, entities kept as text. */
export function htmlToText(html: string): string {
  return sanitizeHtml(html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/p>/gi, '\n'), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .trim();
}
