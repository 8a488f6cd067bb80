import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { MIN_COMPRESS_BYTES, precompressFolder } from './compress.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function folderWith(files: Record<string, string | Buffer>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'atiende-compress-'));
  folders.push(root);
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
  }
  return root;
}

const script = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, name: `fila ${i}` })))};`;
const exists = (root: string, file: string) => fs.existsSync(path.join(root, file));

describe('precompression', () => {
  it('writes .br and .gz beside each compressible file that gains from it, decoding to the same bytes', async () => {
    const png = Buffer.alloc(4096, 7);
    const root = folderWith({
      'index.html': `<!doctype html>${'<p>hola</p>'.repeat(200)}`,
      'assets/index-a1.js': script,
      'assets/tiny-b2.js': 'export const a = 1;',
      'assets/logo-c3.png': png,
      'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(400)}</svg>`,
      '.vite/manifest.json': JSON.stringify({ big: 'x'.repeat(5000) }),
    });
    const results = await precompressFolder(root);

    for (const file of ['index.html', 'assets/index-a1.js', 'favicon.svg']) {
      const original = fs.readFileSync(path.join(root, file));
      expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(root, `${file}.br`)))).toEqual(original);
      expect(zlib.gunzipSync(fs.readFileSync(path.join(root, `${file}.gz`)))).toEqual(original);
    }
    const js = results.find((result) => result.file === 'assets/index-a1.js');
    expect(js?.brotli).toBeLessThan(js?.gzip ?? 0);
    expect(js?.gzip).toBeLessThan(Buffer.byteLength(script) / 3);
    // Too small to gain, not text, or build metadata that is never served: left alone.
    expect(Buffer.byteLength('export const a = 1;')).toBeLessThan(MIN_COMPRESS_BYTES);
    for (const file of ['assets/tiny-b2.js', 'assets/logo-c3.png', '.vite/manifest.json']) {
      expect(exists(root, `${file}.br`), file).toBe(false);
      expect(exists(root, `${file}.gz`), file).toBe(false);
    }
    expect(results.find((result) => result.file === 'assets/tiny-b2.js')).toMatchObject({ gzip: null, brotli: null });
  });

  it('drops siblings that no longer match a file, as when a folder is built again without emptying it', async () => {
    const root = folderWith({ 'widget.js': script, 'archive.tar.gz': Buffer.from([1, 2, 3]) });
    await precompressFolder(root);
    expect(exists(root, 'widget.js.br')).toBe(true);
    fs.rmSync(path.join(root, 'widget.js'));
    fs.writeFileSync(path.join(root, 'small.js'), 'export {};');
    fs.writeFileSync(path.join(root, 'small.js.br'), 'stale');
    await precompressFolder(root);
    expect(exists(root, 'widget.js.br')).toBe(false);
    expect(exists(root, 'widget.js.gz')).toBe(false);
    expect(exists(root, 'small.js.br')).toBe(false);
    // Not the sibling of a compressible file: a file of its own.
    expect(exists(root, 'archive.tar.gz')).toBe(true);
  });
});
