import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { IMAGE_TYPES } from '@atiende/contracts';

/** Uploaded files live under DATA_DIR/files; the stored path (e.g. `usuario/3/perfil/ab12.png`) is what rows keep. */
export interface Storage {
  save(folder: string, extension: string, content: Buffer): Promise<string>;
  absolutePath(storedPath: string): string | null;
  remove(storedPath: string): Promise<void>;
}

export function createStorage(dataDir: string): Storage {
  const root = path.join(dataDir, 'files');
  const absolutePath = (storedPath: string) => {
    const resolved = path.resolve(root, storedPath);
    return resolved.startsWith(`${root}${path.sep}`) ? resolved : null;
  };
  return {
    async save(folder, extension, content) {
      const storedPath = `${folder}/${randomBytes(12).toString('hex')}.${extension}`;
      const target = absolutePath(storedPath);
      if (!target) throw new Error('invalid storage folder');
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, content);
      return storedPath;
    },
    absolutePath,
    async remove(storedPath) {
      const target = absolutePath(storedPath);
      if (target) await fs.rm(target, { force: true });
    },
  };
}

export type ImageType = (typeof IMAGE_TYPES)[number];

/** Recognises PNG, JPEG and WebP by their first bytes: the name and the declared type are not trusted. */
export function sniffImage(content: Buffer): { type: ImageType; extension: string } | null {
  if (
    content.length >= 8 &&
    content.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return { type: 'image/png', extension: 'png' };
  }
  if (content.length >= 3 && content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff) {
    return { type: 'image/jpeg', extension: 'jpg' };
  }
  if (
    content.length >= 12 &&
    content.subarray(0, 4).toString('ascii') === 'RIFF' &&
    content.subarray(8, 12).toString('ascii') === 'WEBP'
  ) {
    return { type: 'image/webp', extension: 'webp' };
  }
  return null;
}

export const CONTENT_TYPES: Record<string, ImageType> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };
