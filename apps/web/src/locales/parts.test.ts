import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { textsPart } from '../../build/locale-parts';
import en from './en.json';
import es from './es.json';
import { PUBLIC_TEXT_SECTIONS } from './parts';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The pages outside /app (app/router.tsx): they render with the public sections only. */
const PUBLIC_PAGES = [
  'features/auth/LoginPage.tsx',
  'features/auth/ForgotPasswordPage.tsx',
  'features/auth/ResetPasswordPage.tsx',
  'features/auth/LockscreenPage.tsx',
  'features/auth/AuthenticatingPage.tsx',
  'features/pages/MaintenancePage.tsx',
  'features/pages/NotFoundPage.tsx',
  'features/pages/ErrorPage.tsx',
  // What every page loads: main.tsx and its static imports (router, providers, API client, snackbar).
  'main.tsx',
];

/** A source file and everything it imports statically from src (dynamic `import()` loads later, with its own texts). */
function staticGraph(entries: string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = fs.readFileSync(path.join(SRC, file), 'utf8');
    for (const [, specifier] of code.matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gms)) {
      const base = path.join(path.dirname(file), specifier);
      const target = ['', '.ts', '.tsx', '/index.ts']
        .map((suffix) => base + suffix)
        .find((candidate) => {
          const absolute = path.join(SRC, candidate);
          return fs.existsSync(absolute) && fs.statSync(absolute).isFile();
        });
      if (target && !target.endsWith('.json')) visit(target);
    }
  };
  for (const entry of entries) visit(entry);
  return [...seen];
}

/** The sections of the translation keys a file names: t('auth.email'), t(`languages.${x}`), 'i18n:auth.x'. */
function sectionsUsed(file: string): string[] {
  const code = fs.readFileSync(path.join(SRC, file), 'utf8');
  const keys = [
    ...code.matchAll(/\bt\(\s*['`]([a-zA-Z][\w-]*)\./g),
    ...code.matchAll(/i18n\.t\(\s*['`]([a-zA-Z][\w-]*)\./g),
    ...code.matchAll(/'i18n:([a-zA-Z][\w-]*)\./g),
  ];
  return keys.map(([, section]) => section);
}

describe('the texts split for the sign-in pages', () => {
  it('gives the public pages every section they use', () => {
    const files = staticGraph(PUBLIC_PAGES);
    expect(files).toContain('features/auth/ui.tsx');
    expect(files).toContain('features/auth/AuthLayout.tsx');
    // Loaded when opened, with the public texts already there: it may use only them too.
    files.push('app/layout/LanguageMenuList.tsx', 'ui/SnackbarView.tsx');
    const outside = files.flatMap((file) =>
      sectionsUsed(file)
        .filter((section) => !PUBLIC_TEXT_SECTIONS.includes(section))
        .map((section) => `${file}: ${section}`),
    );
    expect(outside).toEqual([]);
  });

  it('cuts each locale file into two parts that hold every section once', () => {
    for (const texts of [es, en] as Record<string, unknown>[]) {
      const publicPart = textsPart(texts, 'public');
      const appPart = textsPart(texts, 'app');
      expect(Object.keys(publicPart).sort()).toEqual([...PUBLIC_TEXT_SECTIONS].sort());
      expect({ ...publicPart, ...appPart }).toEqual(texts);
      expect(Object.keys(publicPart).filter((section) => section in appPart)).toEqual([]);
    }
  });
});
