/** Lower-case without accents, for search columns and comparisons ("Muñoz" and "munoz" match). */
export function searchable(...parts: (string | null | undefined)[]): string {
  return parts
    .filter((part): part is string => !!part)
    .join(' ')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (match) => `\\${match}`);
}

/** The canonical form of a contact value: e-mails lower-cased, phones reduced to digits. */
export function normalizeContactValue(value: string, kind: 'email' | 'phone' | 'other'): string {
  if (kind === 'email') return value.trim().toLowerCase();
  if (kind === 'phone') return value.replace(/\D/g, '');
  return searchable(value);
}

/** Splits a long text at line or word breaks into parts of at most `limit` characters (providers' message limits). */
export function splitLongText(text: string, limit: number): string[] {
  const parts: string[] = [];
  let rest = text.trim();
  while (rest.length > limit) {
    const window = rest.slice(0, limit);
    const cut = Math.max(window.lastIndexOf('\n'), window.lastIndexOf(' '));
    const at = cut > limit / 2 ? cut : limit;
    parts.push(rest.slice(0, at).trimEnd());
    rest = rest.slice(at).trimStart();
  }
  if (rest) parts.push(rest);
  return parts;
}

/**
 * Text without the characters that are not text: NUL and the other C0/C1 control characters (tab and line breaks
 * are kept), lone surrogates and the non-characters U+FFFE/U+FFFF. PostgreSQL refuses NUL in text columns, and the
 * rest only garbles what people read (binary data decoded as text, a mislabelled charset).
 */
export function stripControlCharacters(text: string): string {
  return text.replace(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters being removed.
    /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    '',
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The words around the first place `search` (already `searchable`) occurs in `text`, compared as `searchable`
 * compares (case, accents, runs of spaces), else around its first word; the start of the text when neither occurs.
 */
export function snippetAround(text: string, search: string, radius = 60): string {
  // Folding one character at a time keeps positions: a match in the folded text is the same span of the original.
  const folded = Array.from(text, (char) =>
    /\s/.test(char)
      ? ' '
      : (char
          .normalize('NFD')
          .replace(/\p{Diacritic}/gu, '')
          .toLowerCase()[0] ?? char),
  );
  const units = folded.join('');
  const chars = Array.from(text);
  const pattern = new RegExp(search.split(' ').map(escapeRegExp).join(' +'));
  // Words of a search match apart (word prefixes, see wordPrefixQuery): then the first word shows where.
  const found =
    pattern.exec(units) ?? (search.includes(' ') ? new RegExp(escapeRegExp(search.split(' ')[0])).exec(units) : null);
  if (!found) {
    const head = chars
      .slice(0, radius * 2)
      .join('')
      .replace(/\s+/g, ' ')
      .trim();
    return chars.length > radius * 2 ? `${head}…` : head;
  }
  // One folded unit per character of `chars`, so the match's offsets are character positions.
  const start = found.index;
  const end = start + found[0].length;
  const from = Math.max(0, start - radius);
  const to = Math.min(chars.length, end + radius);
  const body = chars.slice(from, to).join('').replace(/\s+/g, ' ').trim();
  return `${from > 0 ? '…' : ''}${body}${to < chars.length ? '…' : ''}`;
}

/**
 * A search as a PostgreSQL `tsquery` of word prefixes: every word must start a word of the text ("mari garc" finds
 * "María García"), and an address or a number keeps its shape ("ana.ruiz@correo.test" is one word there as in the
 * indexed text). Characters the tsquery syntax reserves are dropped; one-letter words must match whole (a prefix of
 * one letter matches nearly everything). Null when nothing searchable is left.
 */
export function wordPrefixQuery(search: string): string | null {
  const words = searchable(search)
    .replace(/[&|!():*<>'\\]/g, ' ')
    .split(' ')
    .filter((word) => /[\p{L}\p{N}]/u.test(word));
  if (words.length === 0) return null;
  return words.map((word) => ([...word].length > 1 ? `${word}:*` : word)).join(' & ');
}
