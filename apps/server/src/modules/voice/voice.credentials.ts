import crypto from 'node:crypto';

/**
 * Time-limited credentials derived from the installation's voice secret, so neither the registrar nor TURN keeps a
 * password per user (the scheme of coturn's REST API, also checked by Kamailio's script, voice.files.ts):
 * the user name is `<expiry in unix seconds>:<extension>` and the password an HMAC of it.
 */
export const SIP_REALM = 'atiende';

export function credentialUser(extension: string, expiresAt: Date): string {
  return `${Math.floor(expiresAt.getTime() / 1000)}:${extension}`;
}

/** The SIP digest password Kamailio recomputes with crypto_hmac_sha256 (base64url, no padding). */
export function sipPassword(secret: string, authorizationUser: string): string {
  return crypto.createHmac('sha256', secret).update(authorizationUser).digest('base64url');
}

/** coturn's `use-auth-secret` password: base64 of HMAC-SHA1 of the user name. */
export function turnPassword(secret: string, username: string): string {
  return crypto.createHmac('sha1', secret).update(username).digest('base64');
}

/** A new installation secret: 32 random bytes, hex (it goes into the daemons' configuration files as is). */
export function newVoiceSecret(): string {
  return crypto.randomBytes(32).toString('hex');
}

/** The installation's TURN server for a browser that reached the voice host as `host`, with time-limited credentials. */
export function turnServers(options: { secret: string; host: string; port: number; user: string }) {
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return [
    {
      urls: `turn:${host}:${options.port}?transport=udp`,
      username: options.user,
      credential: turnPassword(options.secret, options.user),
    },
  ];
}
