import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../test/app.js';
import { COMPRESS_JSON_FROM_BYTES } from './compression.js';
import { IMMUTABLE_CACHE } from './web-app.js';

// The built web app and widget as the web build leaves them (apps/web/build/compress.ts): each compressible file with
// a .br and a .gz sibling, small files without. The real builds do not exist before `npm run build`, so the test
// writes a folder of its own and the real app serves it.

const ASSET = 'assets/index-B4dF9x2Q.js';
const SMALL_ASSET = 'assets/links-o_I5IDif.js';
const script = `export const texts = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `línea ${i} del paquete`))};\n`;
const page = `<!doctype html><html lang="es"><head><script src="/v2/shell.js"></script><script type="module" src="/v2/${ASSET}"></script></head><body>${'<div class="shell-line"></div>'.repeat(60)}</body></html>`;
const widget = `(function(){var t=${JSON.stringify('Hola, ¿en qué podemos ayudarte? '.repeat(80))};})();`;

let webDist: string;
let widgetDist: string;
let t: TestApp;

function write(root: string, file: string, content: string, precompressed: boolean) {
  const absolute = path.join(root, file);
  fs.mkdirSync(path.dirname(absolute), { recursive: true });
  fs.writeFileSync(absolute, content);
  if (!precompressed) return;
  fs.writeFileSync(`${absolute}.br`, zlib.brotliCompressSync(content));
  fs.writeFileSync(`${absolute}.gz`, zlib.gzipSync(content, { level: 9 }));
}

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'atiende-web-'));
  widgetDist = fs.mkdtempSync(path.join(os.tmpdir(), 'atiende-widget-'));
  write(webDist, 'index.html', page, true);
  write(webDist, ASSET, script, true);
  write(webDist, SMALL_ASSET, 'export const a=1;', false);
  write(webDist, 'shell.js', `// shell\n${'document.documentElement.dataset.shell="light";\n'.repeat(20)}`, true);
  write(widgetDist, 'widget.js', widget, true);
  write(widgetDist, 'widget-io.js', '(function(){})();', false);
  t = await createTestApp({ webDist, widgetDist });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
  fs.rmSync(widgetDist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

/** The body as the browser reads it after undoing the Content-Encoding. */
function decoded(response: Awaited<ReturnType<typeof get>>): string {
  const body = response.rawPayload;
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8');
  expect(encoding).toBeUndefined();
  return body.toString('utf8');
}

const varies = (response: Awaited<ReturnType<typeof get>>) =>
  String(response.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/);

describe('the built web app', () => {
  it('sends a hashed asset brotli- or gzip-encoded as the browser accepts, cached for a year', async () => {
    const cases: [string | undefined, string | undefined][] = [
      ['br', 'br'],
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0.8', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
    ];
    for (const [accept, expected] of cases) {
      const response = await get(`/v2/${ASSET}`, accept);
      expect(response.statusCode, accept).toBe(200);
      expect(response.headers['content-encoding'], accept).toBe(expected);
      expect(varies(response), accept).toContain('accept-encoding');
      expect(response.headers['content-type'], accept).toBe('application/javascript; charset=utf-8');
      expect(response.headers['cache-control'], accept).toBe(IMMUTABLE_CACHE);
      expect(decoded(response), accept).toBe(script);
      if (expected) expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(script) / 2);
    }
    // HEAD answers the same headers without a body.
    const head = await get(`/v2/${ASSET}`, 'br', 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.rawPayload.length).toBe(0);
  });

  it('sends a file the build left uncompressed as it is, still varying on Accept-Encoding', async () => {
    const response = await get(`/v2/${SMALL_ASSET}`, 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(varies(response)).toContain('accept-encoding');
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(response.body).toBe('export const a=1;');
  });

  it('sends index.html compressed but never cached without revalidation, for its own path and every app route', async () => {
    for (const url of ['/v2/', '/v2/index.html', '/v2/app/tickets', '/v2/login?next=%2Fapp']) {
      for (const [accept, expected] of [
        ['br', 'br'],
        ['gzip', 'gzip'],
        [undefined, undefined],
      ] as const) {
        const response = await get(url, accept);
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
        expect(response.headers['content-encoding'], `${url} ${accept}`).toBe(expected);
        expect(varies(response), url).toContain('accept-encoding');
        expect(response.headers['cache-control'], url).toBe('no-cache');
        expect(decoded(response), url).toBe(page);
      }
    }
  });

  it('gives unhashed files no long lifetime, and the compressed siblings no address of their own', async () => {
    const shell = await get('/v2/shell.js', 'gzip');
    expect(shell.statusCode).toBe(200);
    expect(shell.headers['content-encoding']).toBe('gzip');
    expect(shell.headers['cache-control']).toBe('public, max-age=0');
    expect(decoded(shell)).toContain('// shell');
    for (const url of [`/v2/${ASSET}.br`, `/v2/${ASSET}.gz`, '/v2/index.html.br']) {
      const response = await get(url, 'br');
      // Not a file route: the history fallback answers with the page, never the compressed bytes as a file.
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(decoded(response), url).toBe(page);
    }
    expect((await get('/v2/assets/missing-abc.js', 'br')).headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('compresses the API’s large JSON answers; small ones and streamed exports go as they are', async () => {
    const plain = await get('/api/v2/docs');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_JSON_FROM_BYTES);
    for (const [accept, expected] of [
      ['br', 'br'],
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const response = await get('/api/v2/docs', accept);
      expect(response.statusCode, accept).toBe(200);
      expect(response.headers['content-encoding'], accept).toBe(expected);
      expect(varies(response), accept).toContain('accept-encoding');
      expect(response.headers['content-type'], accept).toContain('application/json');
      expect(JSON.parse(decoded(response)), accept).toEqual(plain.json());
      expect(response.rawPayload.length, accept).toBeLessThan(plain.rawPayload.length / 5);
    }
    const health = await get('/api/v2/health', 'br, gzip');
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json().statusResult).toBe(true);
    // The xlsx export writes to the raw response: a zip file, as before.
    const admin = await signedIn(t);
    const workbook = await t.app.inject({
      method: 'GET',
      url: '/api/v2/tickets/export',
      headers: { ...admin.headers, 'accept-encoding': 'br, gzip' },
    });
    expect(workbook.statusCode).toBe(200);
    expect(workbook.headers['content-encoding']).toBeUndefined();
    expect(workbook.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
  });
});

describe('the widget scripts', () => {
  it('sends the embed script brotli- or gzip-encoded, for any site, with a short lifetime', async () => {
    for (const [accept, expected] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['deflate', undefined],
      [undefined, undefined],
    ] as const) {
      const response = await get('/widget.js', accept);
      expect(response.statusCode, accept).toBe(200);
      expect(response.headers['content-encoding'], accept).toBe(expected);
      expect(varies(response), accept).toContain('accept-encoding');
      expect(response.headers['content-type'], accept).toContain('application/javascript');
      expect(response.headers['cache-control'], accept).toBe('public, max-age=300');
      expect(response.headers['cross-origin-resource-policy'], accept).toBe('cross-origin');
      expect(decoded(response), accept).toBe(widget);
    }
    const realtime = await get('/widget-io.js', 'br');
    expect(realtime.statusCode).toBe(200);
    expect(realtime.headers['content-encoding']).toBeUndefined();
    expect(realtime.body).toBe('(function(){})();');
    expect((await get('/widget.js.br', 'br')).statusCode).toBe(404);
  });
});
