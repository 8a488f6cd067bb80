import { AVATAR_MAX_BYTES } from '@atiende/contracts';
import type { FastifyRequest } from 'fastify';
import { sniffImage } from '../storage.js';
import { AppError } from './errors.js';

export interface ImageUpload {
  content: Buffer;
  extension: string;
}

/** Reads the one multipart field `file` within a size limit: a missing file is 400, a larger one 413. */
/** An uploaded file's bytes and the name the client gave it (services get this, never the request). */
export interface UploadedFile {
  content: Buffer;
  filename: string;
}

export async function readUpload(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ content: Buffer; filename: string }> {
  if (!request.isMultipart()) throw new AppError(400, 'UPLOAD.MISSING', 'upload.missing');
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!part) throw new AppError(400, 'UPLOAD.MISSING', 'upload.missing');
  const content = await part.toBuffer().catch((error: { code?: string }) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'UPLOAD.TOO_LARGE', 'upload.tooLarge');
    throw error;
  });
  if (part.file.truncated) throw new AppError(413, 'UPLOAD.TOO_LARGE', 'upload.tooLarge');
  return { content, filename: part.filename ?? '' };
}

/** Accepts the uploaded file only if its bytes are a PNG, JPEG or WebP within the limit. */
export async function readImageUpload(request: FastifyRequest, maxBytes = AVATAR_MAX_BYTES): Promise<ImageUpload> {
  const { content } = await readUpload(request, maxBytes);
  const image = sniffImage(content);
  if (!image) throw new AppError(415, 'UPLOAD.TYPE', 'upload.type');
  return { content, extension: image.extension };
}
