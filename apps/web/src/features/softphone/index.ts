import { isSoftphoneAvailable, normalizeDialNumber } from './bridge';

/**
 * The softphone's public face for other features. Importing this file costs a few hundred bytes: the softphone
 * itself (engine, panel, JsSIP, texts) loads only for users who have one (HeaderSoftphone).
 */
export {
  isSoftphoneAvailable,
  normalizeDialNumber,
  onSoftphoneCallEvent,
  type SoftphoneCallNotice,
  subscribeSoftphoneAvailable,
} from './bridge';

/**
 * Opens the softphone panel and calls `number` (spaces, dots, dashes and parentheses are dropped). Resolves false
 * when the softphone does not run in this tab (no WebRTC, no extension, telephony not configured); a number the
 * softphone refuses shows its error in the panel's number field.
 */
export async function dialFromSoftphone(number: string): Promise<boolean> {
  if (!isSoftphoneAvailable()) return false;
  const { softphone } = await import('./softphone');
  const outcome = await softphone.dial(normalizeDialNumber(number), { openPanel: true });
  return outcome.ok;
}
