import { DIALER_AUDIO_TYPES } from '@atiende/contracts';
import { type SniffedFile, sniffMedia } from '../../platform/files.js';

/** Where dialers' audio files are kept in storage, and the only keys a dialer may name. */
export const DIALER_AUDIO_FOLDER = 'dialers/audio';
export const DIALER_AUDIO_KEY = /^dialers\/audio\/[a-f0-9]{24}\.(wav|mp3|ogg)$/;

/**
 * What an audio file really is, from its first bytes (never its name): WAV (a RIFF container of type WAVE), Ogg,
 * or MP3 (an ID3 tag or an MPEG audio frame). Anything else, AAC and AMR included, is refused (null).
 */
export function sniffDialerAudio(content: Buffer): SniffedFile | null {
  if (
    content.length >= 12 &&
    content.subarray(0, 4).toString('ascii') === 'RIFF' &&
    content.subarray(8, 12).toString('ascii') === 'WAVE'
  ) {
    return { contentType: DIALER_AUDIO_TYPES.wav, extension: 'wav' };
  }
  const media = sniffMedia(content);
  if (media?.extension === 'ogg') return { contentType: DIALER_AUDIO_TYPES.ogg, extension: 'ogg' };
  if (media?.extension === 'mp3') return { contentType: DIALER_AUDIO_TYPES.mp3, extension: 'mp3' };
  return null;
}
