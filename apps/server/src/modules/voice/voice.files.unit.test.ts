import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { credentialUser, newVoiceSecret, sipPassword, turnPassword } from './voice.credentials.js';
import { kamailioConfig, routerKey, rtpengineArguments, turnConfig, type VoiceNetwork } from './voice.files.js';

const network: VoiceNetwork = {
  listenIp: '127.0.0.1',
  websocketPort: 8089,
  sipPort: 5060,
  deskPhonePort: 5062,
  turnPort: 3478,
  controlPort: 22222,
  routerPort: 22224,
  rtpPorts: { min: 30000, max: 30999 },
  relayPorts: { min: 31000, max: 31999 },
};
const files = { runDir: '/run/atiende', certificate: '/c.pem', privateKey: '/k.pem', kamailioModules: '/m' };

describe('voice credentials', () => {
  it('are the expiry and the extension, signed with the installation secret', () => {
    const secret = newVoiceSecret();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    const user = credentialUser('2101', new Date('2026-12-06T12:00:00Z'));
    expect(user).toBe(`${Date.parse('2026-12-06T12:00:00Z') / 1000}:2101`);
    // Kamailio's crypto_hmac_sha256 gives base64url without padding; coturn expects base64 of HMAC-SHA1.
    expect(sipPassword(secret, user)).toBe(crypto.createHmac('sha256', secret).update(user).digest('base64url'));
    expect(sipPassword(secret, user)).not.toContain('=');
    expect(turnPassword(secret, user)).toBe(crypto.createHmac('sha1', secret).update(user).digest('base64'));
    expect(sipPassword(newVoiceSecret(), user)).not.toBe(sipPassword(secret, user));
  });
});

describe('the daemons’ configuration', () => {
  const secret = 'a'.repeat(64);

  it('lets the registrar take 30 s registrations, keeps the workers’ plain SIP on loopback and never aliases it', () => {
    const config = kamailioConfig(network, files, secret);
    expect(config).toContain('modparam("registrar", "min_expires", 10)');
    expect(config).toContain('modparam("registrar", "gruu_enabled", 0)');
    expect(config).toContain('listen=udp:127.0.0.1:5060');
    expect(config).toContain('listen=tls:127.0.0.1:8089');
    // Desk phones over UDP and TCP; only the workers' own port is trusted without credentials.
    expect(config).toContain('listen=udp:127.0.0.1:5062');
    expect(config).toContain('listen=tcp:127.0.0.1:5062');
    expect(config).toContain('$si == "127.0.0.1" && $proto == "udp" && $Rp == 5060) return;');
    expect(config).not.toMatch(/^alias=/m);
    expect(config).toContain('auto_aliases=no');
    // Browsers get DTLS-SRTP with ICE from rtpengine; plain SIP legs plain RTP without ICE.
    expect(config).toMatch(
      /rtpengine_offer\("ICE=force SDES-off UDP\/TLS\/RTP\/SAVPF rtcp-mux-require generate-mid.* DTLS=passive"\)/,
    );
    // Towards a calling browser rtpengine starts the DTLS handshake itself.
    expect(config).toMatch(/rtpengine_answer\("ICE=force SDES-off UDP\/TLS\/RTP\/SAVPF .* DTLS=active"\)/);
    expect(config).toContain('ICE=remove RTP/AVP');
  });

  it('refuses a secret that could break out of the configuration', () => {
    expect(() => kamailioConfig(network, files, 'x"; exit; "')).toThrow(/64 hex/);
  });

  it('relays TURN only to the media server, never to private or loopback peers', () => {
    const config = turnConfig({ ...network, listenIp: '10.0.0.5', advertiseIp: '203.0.113.7' }, files, secret);
    expect(config).toContain('use-auth-secret');
    expect(config).toContain('denied-peer-ip=10.0.0.0-10.255.255.255');
    expect(config).toContain('denied-peer-ip=127.0.0.0-127.255.255.255');
    expect(config).toContain('denied-peer-ip=169.254.0.0-169.254.255.255');
    expect(config).toContain('allowed-peer-ip=203.0.113.7');
    expect(config).toContain('allowed-peer-ip=10.0.0.5');
    expect(config).toContain('external-ip=203.0.113.7/10.0.0.5');
  });

  it('runs rtpengine in user space with its control port on loopback', () => {
    const args = rtpengineArguments({ ...network, advertiseIp: '203.0.113.7' });
    expect(args).toContain('--interface=127.0.0.1!203.0.113.7');
    expect(args).toContain('--listen-ng=127.0.0.1:22222');
    expect(args).toContain('--table=-1');
  });

  it('asks the call router, on loopback and with a key only it knows, where a call to an unregistered number goes', () => {
    const config = kamailioConfig(network, files, secret);
    expect(config).toContain('loadmodule "http_client.so"');
    const key = routerKey(secret);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(key).not.toBe(routerKey('b'.repeat(64)));
    expect(config).toContain(`modparam("http_client", "httpcon", "router=>http://127.0.0.1:22224/route/${key}")`);
    // Only numbers go to the router, only INVITEs, and only after nobody registered the number.
    expect(config).toMatch(
      /if \(!lookup\("location"\)\) \{\s*if \(is_method\("INVITE"\) && \$rU =~ "\^\[\+\]\?\[0-9\]\{3,15\}\$"\) route\(CHANNEL_NUMBER\);/,
    );
    // Its answer must be a bridge's user name before it becomes the request's user.
    expect(config).toContain('!($var(target) =~ "^[a-z0-9-]{1,64}$")');
    expect(config).toContain('if ($var(code) == 486) { sl_send_reply("486", "Busy Here"); exit; }');
  });
});
