import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * Sends a stored file that someone uploaded: always as a download, never rendered inline (no sniffing, a sandbox if
 * a browser tries anyway), never cached by shared caches. The name is sent RFC 5987-encoded, so any name is safe.
 */
export function sendStoredFile(
  reply: FastifyReply,
  file: { name: string; contentType: string },
  stream: Readable,
): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .send(stream);
}
