#!/usr/bin/env node
// Installs the telephony daemons Atiende runs when VOICE_ENABLED is on (docs/voice.md): Kamailio with its TLS,
// WebSocket and HTTP client modules, rtpengine (user space), coturn, baresip (the call workers), sox (tones, audio
// conversion) and espeak-ng (spoken announcements),
// from Debian's packages. Needs root; does nothing when they are all there. `npm run voice:setup`.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const VOICE_PACKAGES = [
  'kamailio',
  'kamailio-tls-modules',
  'kamailio-websocket-modules',
  // http_client: the registrar asks Atiende where a call to a channel's number goes.
  'kamailio-utils-modules',
  'rtpengine-daemon',
  'coturn',
  'baresip-core',
  'sox',
  // Speaks a channel's unavailable message to callers outside its business hours.
  'espeak-ng',
];

const installed = (name) =>
  spawnSync('dpkg-query', ['-W', `-f=\${Status}`, name], { encoding: 'utf8' }).stdout?.includes('install ok installed');

/** Installs what is missing; returns true when every package is there afterwards. */
export function setupVoice({ quiet = false } = {}) {
  const missing = VOICE_PACKAGES.filter((name) => !installed(name));
  if (missing.length === 0) {
    if (!quiet) process.stdout.write('The telephony packages are installed.\n');
    return true;
  }
  if (process.getuid?.() !== 0) {
    process.stderr.write(
      `The telephony packages ${missing.join(', ')} are missing; install them as root: ` +
        `sudo apt-get install -y --no-install-recommends ${missing.join(' ')}\n`,
    );
    return false;
  }
  process.stdout.write(`\n▶ Installing Debian’s telephony packages: ${missing.join(', ')}\n`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], { stdio: 'inherit', env }).status;
  if (install() !== 0) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    install();
  }
  return VOICE_PACKAGES.every(installed);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(setupVoice() ? 0 : 1);
