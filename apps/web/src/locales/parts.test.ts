import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { textsPart } from '../../build/locale-parts';
import en from './en.json';
import es from './es.json';
import { ADMIN_TEXT_SECTIONS, PUBLIC_TEXT_SECTIONS, WORKSPACE_FEATURE_TEXTS } from './parts';

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

const read = (file: string) => fs.readFileSync(path.join(SRC, file), 'utf8');

/** What a file imports from src: statically, and with `dynamic`, also by `import()` not wrapped in withAdminTexts. */
function importsOf(code: string, dynamic: boolean): string[] {
  const specifiers = [
    ...code.matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gms),
    ...code.matchAll(/^import\s+'(\.[^']+)'/gm),
  ].map(([, specifier]) => specifier);
  if (dynamic) {
    const withoutAdmin = code.replace(/withAdminTexts\(\s*\(\)\s*=>\s*import\(\s*'[^']+'\s*\)\s*\)/g, '');
    specifiers.push(...[...withoutAdmin.matchAll(/\bimport\(\s*'(\.[^']+)'\s*\)/g)].map(([, specifier]) => specifier));
  }
  return specifiers;
}

/**
 * A source file and everything it imports from src: statically (dynamic `import()` loads later, with its own
 * texts), or with `dynamic` also what it loads later without waiting for the administration texts.
 */
function importGraph(entries: string[], dynamic = false): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of importsOf(read(file), dynamic)) {
      const base = path.join(path.dirname(file), specifier);
      const target = ['', '.ts', '.tsx', '/index.ts']
        .map((suffix) => base + suffix)
        .find((candidate) => {
          const absolute = path.join(SRC, candidate);
          return fs.existsSync(absolute) && fs.statSync(absolute).isFile();
        });
      if (target && !target.endsWith('.json') && !target.endsWith('.css')) visit(target);
    }
  };
  for (const entry of entries) visit(entry);
  return [...seen];
}

/** The sections of the translation keys a file names: t('auth.email'), t(`languages.${x}`), 'i18n:auth.x'. */
function sectionsUsed(file: string): string[] {
  const code = read(file);
  const keys = [
    ...code.matchAll(/\bt\(\s*['`]([a-zA-Z][\w-]*)\./g),
    ...code.matchAll(/i18n\.t\(\s*['`]([a-zA-Z][\w-]*)\./g),
    ...code.matchAll(/'i18n:([a-zA-Z][\w-]*)\./g),
  ];
  return keys.map(([, section]) => section);
}

describe('the texts split for the sign-in pages', () => {
  it('gives the public pages every section they use', () => {
    const files = importGraph(PUBLIC_PAGES);
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

  it('cuts each locale file into three parts that hold every section once', () => {
    for (const texts of [es, en] as Record<string, unknown>[]) {
      const parts = (['public', 'app', 'admin'] as const).map((part) => textsPart(texts, part));
      const [publicPart, , adminPart] = parts;
      expect(Object.keys(publicPart).sort()).toEqual([...PUBLIC_TEXT_SECTIONS].sort());
      expect(Object.keys(adminPart).sort()).toEqual([...ADMIN_TEXT_SECTIONS].sort());
      expect(Object.assign({}, ...parts)).toEqual(texts);
      expect(parts.flatMap(Object.keys).length).toBe(Object.keys(texts).length);
    }
  });
});

/** The router's pages declared with `page(...)`, which render without the administration texts (app/router.tsx). */
function pagesWithoutAdminTexts(): string[] {
  const router = read('app/router.tsx');
  return [...router.matchAll(/const \w+ = page\(\s*(?:async )?\(\) =>[^;]*?import\('(\.[^']+)'\)/g)].map(
    ([, specifier]) => {
      const base = path.join('app', specifier);
      return ['.tsx', '.ts'].map((suffix) => base + suffix).find((file) => fs.existsSync(path.join(SRC, file))) ?? base;
    },
  );
}

/** Every string a file holds that starts like a key of an administration section: 'users.title', `channels.${x}`. */
function adminKeysNamed(file: string): string[] {
  const sections = ADMIN_TEXT_SECTIONS.join('|');
  const pattern = new RegExp(`['\`](?:i18n:)?((?:${sections})\\.(?:[a-zA-Z]|\\$\\{)[^'\`]*)['\`]`, 'g');
  return [...read(file).matchAll(pattern)].map(([, key]) => key);
}

describe('the texts split for the workspace', () => {
  it('gives the workspace and the pages that do not wait for the administration texts every section they use', () => {
    const pages = pagesWithoutAdminTexts();
    for (const expected of [
      'app/layout/AppLayout.tsx',
      'features/tickets/TicketsListPage.tsx',
      'features/tickets/TicketViewPage.tsx',
      'features/pages/StartPage.tsx',
      'features/auth/LoginPage.tsx',
    ]) {
      expect(pages).toContain(expected);
    }
    const files = importGraph(pages, true);
    // Found through dynamic imports: the pending drawer, the SLA card, the header's menus.
    for (const expected of [
      'app/layout/PendingTicketsPanel.tsx',
      'features/automation/sla/TicketSlaCard.tsx',
      'app/layout/CampaignPicker.tsx',
      'features/tickets/TicketDialogs.tsx',
    ]) {
      expect(files).toContain(expected);
    }
    // Behind withAdminTexts: the ticket's history names fields with the administration sections.
    expect(files).not.toContain('features/audit/AuditHistory.tsx');
    const outside = files.flatMap((file) => [
      ...sectionsUsed(file)
        .filter((section) => ADMIN_TEXT_SECTIONS.includes(section))
        .map((section) => `${file}: ${section}`),
      ...adminKeysNamed(file).map((key) => `${file}: ${key}`),
    ]);
    expect(outside).toEqual([]);
  });

  it("merges the workspace features' texts into the app part, in its language only, under the app's own keys", async () => {
    const { mergeUnder } = await import('../../build/locale-parts');
    expect(mergeUnder({ a: { b: 'app', c: 'app' } }, { a: { b: 'feature', d: 'feature' }, e: 'feature' })).toEqual({
      a: { b: 'app', c: 'app', d: 'feature' },
      e: 'feature',
    });
    for (const folder of WORKSPACE_FEATURE_TEXTS) {
      expect(fs.existsSync(path.join(SRC, folder, 'es.json')), folder).toBe(true);
      expect(fs.existsSync(path.join(SRC, folder, 'en.json')), folder).toBe(true);
      // Merged by the build, not by an i18n module of the feature that would bring both languages along.
      expect(fs.existsSync(path.join(SRC, folder, '..', 'i18n.ts')), folder).toBe(false);
    }
  });
});

describe('the parts the build serves', () => {
  it("holds one language each, the workspace features' texts in the app part and the administration sections apart", async () => {
    const { default: esApp } = await import('virtual:texts/es.app');
    const { default: enAdmin } = await import('virtual:texts/en.admin');
    const { default: esPublic } = await import('virtual:texts/es.public');
    expect(Object.keys(esPublic).sort()).toEqual([...PUBLIC_TEXT_SECTIONS].sort());
    expect(Object.keys(enAdmin).sort()).toEqual([...ADMIN_TEXT_SECTIONS].sort());
    expect((enAdmin.users as { add: string }).add).toBe((en.users as { add: string }).add);
    // The desk's texts (features/desk/locales) in Spanish only, under the app's own sections.
    const desk = esApp.desk as { pending: { filters: { mine: string } } };
    expect(desk.pending.filters.mine).toBe('Mis casos');
    expect(esApp.tickets).toEqual(es.tickets);
    expect(Object.keys(esApp).filter((section) => ADMIN_TEXT_SECTIONS.includes(section))).toEqual([]);
  });
});
