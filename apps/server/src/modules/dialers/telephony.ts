import type { AppContext } from '../../platform/context.js';
import { telephonyReady } from '../voice/voice.service.js';

/**
 * Whether calls can be placed on this installation: the one question dialers ask before starting, restarting,
 * repeating or playing (docs/dialers.md). The voice layer answers it for every node: the business's WebRTC setting
 * and the heartbeat of the node that runs the telephony daemons (docs/voice.md).
 */
export async function isTelephonyConfigured(ctx: Pick<AppContext, 'db'>): Promise<boolean> {
  return telephonyReady(ctx.db);
}
