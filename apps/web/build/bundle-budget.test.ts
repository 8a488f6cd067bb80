import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { build, type Manifest } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { BUDGETS_FILE, budgetReport, bundleBudgets, KB, measureBudgets, routeFiles } from './bundle-budget.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});
function tempFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'atiende-budget-'));
  folders.push(folder);
  return folder;
}

/** Text that gzip cannot shrink much: random bytes in base64 (about three quarters of it stays). */
const incompressible = (bytes: number) => crypto.randomBytes(bytes).toString('base64').slice(0, bytes);

// index.html → entry chunk → shared chunk; the entry lazily imports the login page and the workspace; the workspace
// statically imports a heavy chunk the login page must not count.
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-a1.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_shared-b2.js'],
    dynamicImports: ['src/Login.tsx', 'src/Workspace.tsx'],
    css: ['assets/index-c3.css'],
  },
  '_shared-b2.js': { file: 'assets/shared-b2.js' },
  'src/Login.tsx': {
    file: 'assets/Login-d4.js',
    src: 'src/Login.tsx',
    isDynamicEntry: true,
    imports: ['_shared-b2.js'],
  },
  'src/Workspace.tsx': {
    file: 'assets/Workspace-e5.js',
    src: 'src/Workspace.tsx',
    isDynamicEntry: true,
    imports: ['_heavy-f6.js', 'index.html'],
  },
  '_heavy-f6.js': { file: 'assets/heavy-f6.js', imports: ['_shared-b2.js'] },
};

function writeBuild(): string {
  const outDir = tempFolder();
  fs.mkdirSync(path.join(outDir, 'assets'));
  const sizes: Record<string, number> = {
    'assets/index-a1.js': 2_000,
    'assets/index-c3.css': 500,
    'assets/shared-b2.js': 3_000,
    'assets/Login-d4.js': 1_000,
    'assets/Workspace-e5.js': 1_500,
    'assets/heavy-f6.js': 20_000,
  };
  for (const [file, bytes] of Object.entries(sizes)) fs.writeFileSync(path.join(outDir, file), incompressible(bytes));
  return outDir;
}

const gzipOf = (outDir: string, files: string[]) =>
  files.reduce((sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(outDir, file)), { level: 9 }).length, 0);

describe('the files a route loads', () => {
  it('follows static imports transitively, counts CSS, and leaves dynamic imports out', () => {
    expect(routeFiles(manifest, ['index.html', 'src/Login.tsx'])).toEqual([
      'assets/Login-d4.js',
      'assets/index-a1.js',
      'assets/index-c3.css',
      'assets/shared-b2.js',
    ]);
    // An import cycle (the workspace imports the entry back) is visited once.
    expect(routeFiles(manifest, ['src/Workspace.tsx'])).toEqual([
      'assets/Workspace-e5.js',
      'assets/heavy-f6.js',
      'assets/index-a1.js',
      'assets/index-c3.css',
      'assets/shared-b2.js',
    ]);
  });

  it('refuses an entry the manifest does not have, so a renamed page cannot drop out of its budget', () => {
    expect(() => routeFiles(manifest, ['index.html', 'src/Renamed.tsx'])).toThrow(
      /"src\/Renamed\.tsx" is not an entry/,
    );
  });
});

describe('the budgets', () => {
  it('sums each file gzip-compressed on its own and tells which route is over', () => {
    const outDir = writeBuild();
    const loginFiles = routeFiles(manifest, ['index.html', 'src/Login.tsx']);
    const workspaceFiles = routeFiles(manifest, ['index.html', 'src/Workspace.tsx']);
    const loginGzip = gzipOf(outDir, loginFiles);
    const workspaceGzip = gzipOf(outDir, workspaceFiles);
    expect(workspaceGzip).toBeGreaterThan(loginGzip + 10 * KB);

    const budget = (loginGzip + 2 * KB) / KB;
    const results = measureBudgets(manifest, outDir, [
      { name: 'login', entries: ['index.html', 'src/Login.tsx'], maxGzipKb: budget },
      { name: 'workspace', entries: ['index.html', 'src/Workspace.tsx'], maxGzipKb: budget },
    ]);
    expect(results.map((result) => [result.name, result.gzip, result.over])).toEqual([
      ['login', loginGzip, false],
      ['workspace', workspaceGzip, true],
    ]);
    expect(results[0].files.map((file) => file.file)).toEqual(loginFiles);
    expect(results[1].raw).toBe(2_000 + 500 + 3_000 + 1_500 + 20_000);
    expect(results[1].brotli).toBeGreaterThan(0);
    const report = budgetReport(results);
    expect(report).toMatch(/^✔ login: 4 files, /m);
    expect(report).toMatch(/^✘ workspace: 5 files, 26\.4 KB raw, \d+\.\d KB gzip \(budget \d+\.\d KB\)/m);
  });
});

describe('the build', () => {
  /** A real Vite build of a tiny app: an entry that lazily loads a page. */
  async function buildApp(maxGzipKb: number) {
    const root = tempFolder();
    fs.mkdirSync(path.join(root, 'src'));
    fs.writeFileSync(
      path.join(root, 'index.html'),
      '<!doctype html><html><body><script type="module" src="/src/main.js"></script></body></html>',
    );
    fs.writeFileSync(path.join(root, 'src/main.js'), "import('./page.js').then((page) => page.show());\n");
    fs.writeFileSync(
      path.join(root, 'src/page.js'),
      `export function show() { document.body.textContent = ${JSON.stringify(incompressible(30_000))}; }\n`,
    );
    await build({
      root,
      logLevel: 'silent',
      configFile: false,
      build: { outDir: 'dist', manifest: true },
      plugins: [bundleBudgets([{ name: 'page', entries: ['index.html', 'src/page.js'], maxGzipKb }])],
    });
    return JSON.parse(fs.readFileSync(path.join(root, 'dist', BUDGETS_FILE), 'utf8'));
  }

  it('passes under the budget and leaves the measured files for the browser tests', async () => {
    const budgets = await buildApp(100);
    expect(budgets.page.over).toBe(false);
    expect(budgets.page.files).toHaveLength(2);
    expect(budgets.page.gzip).toBeGreaterThan(15 * KB);
  });

  it('fails when a route is over its budget', async () => {
    await expect(buildApp(10)).rejects.toThrow(/bundle budget exceeded \(page\)[\s\S]*✘ page: 2 files/);
  });
});
