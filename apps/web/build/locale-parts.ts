import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import {
  ADMIN_TEXT_SECTIONS,
  PUBLIC_TEXT_SECTIONS,
  type TextsPart,
  WORKSPACE_FEATURE_TEXTS,
} from '../src/locales/parts.ts';

/** `virtual:texts/<locale>.<part>`: one part of a language's texts (src/locales/parts.ts). */
const ID = /^virtual:texts\/([a-z]{2})\.(public|app|admin)$/;
const RESOLVED = '\0';

type Texts = Record<string, unknown>;

const isObject = (value: unknown): value is Texts =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `extra` merged under `base`, deeply: `base`'s values win, as i18next's addResourceBundle(…, deep, false) does. */
export function mergeUnder(base: Texts, extra: Texts): Texts {
  const merged: Texts = { ...extra };
  for (const [key, value] of Object.entries(base)) {
    merged[key] = isObject(value) && isObject(extra[key]) ? mergeUnder(value, extra[key]) : value;
  }
  return merged;
}

/** The sections of a locale file that belong to `part` (the workspace features' texts are not in the file). */
export function textsPart(texts: Texts, part: TextsPart): Texts {
  const partOf = (section: string): TextsPart =>
    PUBLIC_TEXT_SECTIONS.includes(section) ? 'public' : ADMIN_TEXT_SECTIONS.includes(section) ? 'admin' : 'app';
  return Object.fromEntries(Object.entries(texts).filter(([section]) => partOf(section) === part));
}

/**
 * Vite plugin: serves `virtual:texts/<locale>.<part>` from src/locales/<locale>.json (and, for `app`, the locale
 * files of the workspace's features), so each page downloads only the part and the language it needs while each
 * language stays one file in the sources.
 */
export function localeParts(srcDir: string): Plugin {
  return {
    name: 'atiende-locale-parts',
    resolveId(id) {
      return ID.test(id) ? `${RESOLVED}${id}` : null;
    },
    load(id) {
      const match = id.startsWith(RESOLVED) ? ID.exec(id.slice(RESOLVED.length)) : null;
      if (!match) return null;
      const [, locale, part] = match as unknown as [string, string, TextsPart];
      const read = (file: string): Texts => {
        this.addWatchFile(file);
        return JSON.parse(fs.readFileSync(file, 'utf8')) as Texts;
      };
      let texts = textsPart(read(path.join(srcDir, 'locales', `${locale}.json`)), part);
      if (part === 'app') {
        for (const folder of WORKSPACE_FEATURE_TEXTS) {
          texts = mergeUnder(texts, read(path.join(srcDir, folder, `${locale}.json`)));
        }
      }
      // JSON.parse of a string literal starts faster than the same object as JavaScript.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(texts))});`;
    },
  };
}
