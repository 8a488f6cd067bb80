import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { PUBLIC_TEXT_SECTIONS } from '../src/locales/parts.ts';

/** `virtual:texts/<locale>.<part>`: the public sections of a locale file, or all the others ('app'). */
const ID = /^virtual:texts\/([a-z]{2})\.(public|app)$/;
const RESOLVED = '\0';

/** Picks the sections of one part of a locale file: `public` lists PUBLIC_TEXT_SECTIONS, `app` has all the others. */
export function textsPart(texts: Record<string, unknown>, part: 'public' | 'app'): Record<string, unknown> {
  const inPublic = new Set(PUBLIC_TEXT_SECTIONS);
  return Object.fromEntries(Object.entries(texts).filter(([section]) => inPublic.has(section) === (part === 'public')));
}

/**
 * Vite plugin: serves `virtual:texts/<locale>.<part>` from src/locales/<locale>.json, so the sign-in pages download
 * only their sections of the texts and /app the rest, while each language stays one file in the sources.
 */
export function localeParts(localesDir: string): Plugin {
  return {
    name: 'atiende-locale-parts',
    resolveId(id) {
      return ID.test(id) ? `${RESOLVED}${id}` : null;
    },
    load(id) {
      const match = id.startsWith(RESOLVED) ? ID.exec(id.slice(RESOLVED.length)) : null;
      if (!match) return null;
      const [, locale, part] = match;
      const file = path.join(localesDir, `${locale}.json`);
      this.addWatchFile(file);
      const texts = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      // JSON.parse of a string literal starts faster than the same object as JavaScript.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(textsPart(texts, part as 'public' | 'app')))});`;
    },
  };
}
