import { AVATAR_MAX_BYTES, IMAGE_TYPES } from '@atiende/contracts';

export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

/** Checks a picked image before upload: type png/jpeg/webp and at most 2 MiB. Returns an i18n key or null. */
export function checkImageFile(file: { type: string; size: number }, maxBytes = AVATAR_MAX_BYTES): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'upload.invalidType';
  if (file.size > maxBytes) return 'upload.tooLarge';
  return null;
}
