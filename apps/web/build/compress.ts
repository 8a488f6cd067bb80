import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; images other than SVG, fonts in woff2 and the like are compressed already. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|ico)$/;
/** Below this a compressed copy saves less than a TCP packet: the file is sent as it is. */
export const MIN_COMPRESS_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export interface CompressedFile {
  /** Path relative to the folder, with forward slashes. */
  file: string;
  raw: number;
  gzip: number | null;
  brotli: number | null;
}

/** Brotli at its best quality (the files are compressed once, at build time) and gzip at level 9. */
export function compress(content: Buffer): Promise<[Buffer, Buffer]> {
  return Promise.all([
    brotli(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
}

function filesUnder(root: string, folder = ''): string[] {
  return fs.readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = folder ? `${folder}/${entry.name}` : entry.name;
    // Vite's .vite/ (the manifest, budgets) is build metadata, never served.
    if (entry.isDirectory()) return entry.name.startsWith('.') ? [] : filesUnder(root, relative);
    return entry.isFile() ? [relative] : [];
  });
}

/**
 * Writes `<file>.br` and `<file>.gz` next to every compressible file of `root` (at least MIN_COMPRESS_BYTES), each
 * only when it is smaller than the file, and removes siblings left from an earlier build that no longer apply. The
 * server sends them with Content-Encoding (apps/server/src/platform/http/web-app.ts).
 */
export async function precompressFolder(root: string): Promise<CompressedFile[]> {
  const files = filesUnder(root);
  const present = new Set(files);
  const sources = files.filter((file) => !file.endsWith('.br') && !file.endsWith('.gz'));
  const results = await Promise.all(
    sources.map(async (file): Promise<CompressedFile> => {
      const absolute = path.join(root, file);
      const content = fs.readFileSync(absolute);
      const result: CompressedFile = { file, raw: content.length, gzip: null, brotli: null };
      if (COMPRESSIBLE.test(file) && content.length >= MIN_COMPRESS_BYTES) {
        const [br, gz] = await compress(content);
        if (br.length < content.length) {
          fs.writeFileSync(`${absolute}.br`, br);
          result.brotli = br.length;
        }
        if (gz.length < content.length) {
          fs.writeFileSync(`${absolute}.gz`, gz);
          result.gzip = gz.length;
        }
      }
      if (result.brotli === null && present.has(`${file}.br`)) fs.rmSync(`${absolute}.br`);
      if (result.gzip === null && present.has(`${file}.gz`)) fs.rmSync(`${absolute}.gz`);
      return result;
    }),
  );
  // A sibling whose file is gone (the widget folder is not emptied between its two builds) goes too.
  for (const file of files) {
    const original = file.replace(/\.(?:br|gz)$/, '');
    if (original !== file && COMPRESSIBLE.test(original) && !present.has(original)) fs.rmSync(path.join(root, file));
  }
  return results.sort((a, b) => a.file.localeCompare(b.file));
}

/** Vite plugin: precompresses the output folder once the build has written it. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'atiende-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await precompressFolder(outDir);
      const sum = (pick: (file: CompressedFile) => number | null) =>
        files.reduce((total, file) => total + (pick(file) ?? 0), 0);
      const compressed = files.filter((file) => file.brotli !== null || file.gzip !== null);
      this.info(
        `precompressed ${compressed.length} of ${files.length} files: ` +
          `${(sum((file) => (file.brotli !== null ? file.raw : 0)) / 1024).toFixed(0)} KB → ` +
          `${(sum((file) => file.brotli) / 1024).toFixed(0)} KB brotli, ${(sum((file) => file.gzip) / 1024).toFixed(0)} KB gzip`,
      );
    },
  };
}
