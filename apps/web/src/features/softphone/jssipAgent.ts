import { SOFTPHONE, type SoftphoneCredentials } from '@atiende/contracts';
import JsSIP from 'jssip';
import type { UaLike } from './types';

/**
 * A JsSIP user agent for these credentials, not started. This module (and JsSIP with it) loads only when the
 * softphone connects (softphone.ts). Registration over the registrar's secure WebSocket (spec section 7: port 8089,
 * path /ws), 30 s expiry; JsSIP reconnects a dropped WebSocket by itself between 2 s and 30 s.
 */
export function createJssipAgent(credentials: SoftphoneCredentials): UaLike {
  const socket = new JsSIP.WebSocketInterface(credentials.websocketUrl);
  const ua = new JsSIP.UA({
    sockets: [socket],
    uri: `sip:${credentials.extension}@${credentials.domain}`,
    authorization_user: credentials.authorizationUser,
    password: credentials.password,
    realm: credentials.realm,
    display_name: credentials.displayName,
    register_expires: SOFTPHONE.registerExpiresSeconds,
    session_timers: false,
    connection_recovery_min_interval: 2,
    connection_recovery_max_interval: 30,
    user_agent: 'Atiende',
  });
  return ua as unknown as UaLike;
}
