import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** JSON answers smaller than this are sent as they are: compressing them saves less than a packet. */
export const COMPRESS_JSON_FROM_BYTES = 2048;

/**
 * Compresses the JSON answers of the scope it is registered in (app.ts: the /api/v2 routes) from
 * COMPRESS_JSON_FROM_BYTES on, brotli (quality 4, fast) or gzip as the client accepts: a page of 1,000 tickets is
 * 457 KB of JSON, 10 KB in brotli (docs/performance.md). Only JSON: the web app and the widget come precompressed
 * (web-app.ts), files keep their own types, and the streamed exports (`reply.hijack()`, `reply.raw`) and Socket.IO
 * do not pass through Fastify's reply, so they stay as they were.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    // Request bodies are read as they come, as before (no decoding of compressed uploads).
    globalDecompression: false,
    threshold: COMPRESS_JSON_FROM_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: /^application\/json(?:;|$)/,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
