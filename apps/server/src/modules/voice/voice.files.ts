import crypto from 'node:crypto';
import { SOFTPHONE } from '@atiende/contracts';
import { SIP_REALM } from './voice.credentials.js';

/** The path segment Kamailio names the call router with: only it (it holds the secret) knows it. */
export function routerKey(secret: string): string {
  return crypto.createHmac('sha256', secret).update('atiende call router').digest('hex').slice(0, 32);
}

/** Where and how the telephony daemons listen (config.ts `voice`). */
export interface VoiceNetwork {
  /** The address browsers' secure WebSocket and TURN listen on, and rtpengine's media interface. */
  listenIp: string;
  /** The address rtpengine and TURN announce to browsers when it differs (behind NAT); none by default. */
  advertiseIp?: string;
  /** The registrar's secure WebSocket port (spec: 8089). */
  websocketPort: number;
  /** Plain SIP over UDP for Atiende's own call workers: bound to loopback only, trusted without credentials. */
  sipPort: number;
  /** Desk phones' plain SIP, UDP and TCP, on listenIp: every request they send is challenged. */
  deskPhonePort: number;
  /** TURN (spec: 3478). */
  turnPort: number;
  /** rtpengine's control (ng) port, on loopback (its CLI takes the next one). */
  controlPort: number;
  /** Atiende's call router, on loopback: Kamailio asks it where a call to a channel's number goes. */
  routerPort: number;
  rtpPorts: { min: number; max: number };
  relayPorts: { min: number; max: number };
}

export interface VoiceFiles {
  runDir: string;
  certificate: string;
  privateKey: string;
  kamailioModules: string;
}

/** Kamailio's TLS profile for the secure WebSocket (browsers do not present certificates). */
export function kamailioTlsConfig(files: VoiceFiles): string {
  return [
    '[server:default]',
    'method = TLSv1.2+',
    'verify_certificate = no',
    'require_certificate = no',
    `private_key = ${files.privateKey}`,
    `certificate = ${files.certificate}`,
    '',
  ].join('\n');
}

const BROWSER_MEDIA =
  'ICE=force SDES-off UDP/TLS/RTP/SAVPF rtcp-mux-require generate-mid replace-origin replace-session-connection';
/**
 * Offers to a browser leave the DTLS role to it (actpass). Towards a calling browser rtpengine is the DTLS client:
 * it finishes ICE with the caller from the offer's candidates, before the answer arrives, and a caller told to be
 * the client (rtpengine passive) then never completed the handshake in Chromium (found by the softphones' test).
 */
const BROWSER_OFFER = `${BROWSER_MEDIA} DTLS=passive`;
const BROWSER_ANSWER = `${BROWSER_MEDIA} DTLS=active`;
const PLAIN_MEDIA = 'ICE=remove RTP/AVP rtcp-mux-demux replace-origin replace-session-connection';

/**
 * The registrar and proxy: browsers register over wss://…:8089/ws with time-limited credentials (their password is
 * recomputed here from the installation secret, so no user table is read); calls find the callee by location and
 * every offer/answer goes through rtpengine, which bridges the browsers' DTLS-SRTP/ICE/Opus to plain RTP for the
 * workers. The registration expiry may be as short as the spec's 30 s (min_expires). 127.0.0.1 is never an alias
 * (the workers' requests on it would be taken as addressed to the proxy itself).
 */
export function kamailioConfig(network: VoiceNetwork, files: VoiceFiles, secret: string): string {
  if (!/^[0-9a-f]{64}$/.test(secret)) throw new Error('the voice secret must be 64 hex digits');
  const router = `http://127.0.0.1:${network.routerPort}/route/${routerKey(secret)}`;
  return `#!KAMAILIO
#!define FLT_FROM_WS 1
debug=1
log_stderror=yes
fork=yes
children=2
tcp_children=2
auto_aliases=no
enable_tls=yes
tcp_accept_no_cl=yes
tcp_connection_lifetime=3605
listen=udp:127.0.0.1:${network.sipPort}
listen=udp:${network.listenIp}:${network.deskPhonePort}
listen=tcp:${network.listenIp}:${network.deskPhonePort}
listen=tls:${network.listenIp}:${network.websocketPort}
mpath="${files.kamailioModules}"
loadmodule "kex.so"
loadmodule "corex.so"
loadmodule "tm.so"
loadmodule "tmx.so"
loadmodule "sl.so"
loadmodule "rr.so"
loadmodule "pv.so"
loadmodule "maxfwd.so"
loadmodule "usrloc.so"
loadmodule "registrar.so"
loadmodule "textops.so"
loadmodule "siputils.so"
loadmodule "xlog.so"
loadmodule "auth.so"
loadmodule "crypto.so"
loadmodule "nathelper.so"
loadmodule "rtpengine.so"
loadmodule "tls.so"
loadmodule "xhttp.so"
loadmodule "websocket.so"
loadmodule "http_client.so"
modparam("tls", "config", "${files.runDir}/tls.cfg")
modparam("usrloc", "db_mode", 0)
modparam("registrar", "min_expires", 10)
modparam("registrar", "default_expires", ${SOFTPHONE.registerExpiresSeconds})
modparam("registrar", "max_expires", 3600)
# No GRUU: browsers would use it as their Contact, which carries no WebSocket transport for calls to reach them by.
modparam("registrar", "gruu_enabled", 0)
modparam("rr", "append_fromtag", 1)
modparam("nathelper", "received_avp", "$avp(RECEIVED)")
modparam("registrar", "received_avp", "$avp(RECEIVED)")
modparam("rtpengine", "rtpengine_sock", "udp:127.0.0.1:${network.controlPort}")
modparam("http_client", "connection_timeout", 2)
modparam("http_client", "httpcon", "router=>${router}")

request_route {
	if (!mf_process_maxfwd_header("10")) { sl_send_reply("483", "Too Many Hops"); exit; }
	if (nat_uac_test("64")) {
		force_rport();
		setflag(FLT_FROM_WS);
		if (is_method("REGISTER")) fix_nated_register();
		else if (!has_totag()) add_contact_alias();
	}
	if (is_method("CANCEL")) {
		if (t_check_trans()) { rtpengine_delete(); t_relay(); }
		exit;
	}
	if (has_totag()) {
		if (loose_route()) {
			handle_ruri_alias();
			if (is_method("BYE")) rtpengine_delete();
			else if (has_body("application/sdp")) route(MEDIA_OFFER);
			t_on_reply("MEDIA_REPLY");
			t_relay();
			exit;
		}
		if (is_method("ACK")) { if (t_check_trans()) t_relay(); exit; }
		sl_send_reply("404", "Not here");
		exit;
	}
	if (is_method("REGISTER")) {
		route(AUTH);
		if (!save("location")) sl_reply_error();
		exit;
	}
	if (is_method("OPTIONS")) { sl_send_reply("200", "OK"); exit; }
	if (!is_method("INVITE|MESSAGE|INFO")) { sl_send_reply("405", "Method Not Allowed"); exit; }
	route(AUTH);
	remove_hf("Route");
	if (is_method("INVITE")) record_route();
	if (!lookup("location")) {
		if (is_method("INVITE") && $rU =~ "^[+]?[0-9]{3,15}$") route(CHANNEL_NUMBER);
		else { sl_send_reply("480", "Temporarily Unavailable"); exit; }
	}
	if (is_method("INVITE")) {
		t_on_branch("MEDIA_BRANCH");
		t_on_reply("MEDIA_REPLY");
		t_on_failure("MEDIA_FAILURE");
	}
	if (!t_relay()) sl_reply_error();
	exit;
}

# Atiende's workers send from loopback over UDP to their own port; everyone else (browsers, desk phones, even from
# loopback) proves who they are.
route[AUTH] {
	if (!isflagset(FLT_FROM_WS) && $si == "127.0.0.1" && $proto == "udp" && $Rp == ${network.sipPort}) return;
	if (!is_present_hf("Authorization") && !is_present_hf("Proxy-Authorization")) {
		auth_challenge("${SIP_REALM}", "0");
		exit;
	}
	$var(expiry) = $(aU{s.select,0,:});
	$var(extension) = $(aU{s.select,1,:});
	if ($var(extension) != $fU || $(var(expiry){s.int}) < $Ts) {
		xlog("L_NOTICE", "voice: expired or foreign credentials for $fU from $si\\n");
		auth_challenge("${SIP_REALM}", "0");
		exit;
	}
	crypto_hmac_sha256("$aU", "${secret}", "$var(password)");
	if (!pv_auth_check("${SIP_REALM}", "$var(password)", "0", "0")) {
		xlog("L_NOTICE", "voice: wrong password for $fU from $si\\n");
		auth_challenge("${SIP_REALM}", "0");
		exit;
	}
	consume_credentials();
}

# A number nobody registered: Atiende's call router answers with the call worker that takes a call to one of its
# telephony channels (the caller waits there for an agent), 404 for a number of no channel, 486 when it is full.
route[CHANNEL_NUMBER] {
	$var(code) = http_connect("router", "?did=$(rU{s.escape.param})&from=$(fU{s.escape.param})&call=$(ci{s.escape.param})", "$var(target)");
	if ($var(code) == 486) { sl_send_reply("486", "Busy Here"); exit; }
	if ($var(code) != 200 || !($var(target) =~ "^[a-z0-9-]{1,64}$")) { sl_send_reply("404", "Not Found"); exit; }
	$rU = $var(target);
	if (!lookup("location")) { sl_send_reply("480", "Temporarily Unavailable"); exit; }
}

route[MEDIA_OFFER] {
	if ($du =~ "transport=ws" || $ru =~ "transport=ws") rtpengine_offer("${BROWSER_OFFER}");
	else rtpengine_offer("${PLAIN_MEDIA}");
}

branch_route[MEDIA_BRANCH] {
	if (has_body("application/sdp")) route(MEDIA_OFFER);
}

onreply_route[MEDIA_REPLY] {
	if (nat_uac_test("64")) add_contact_alias();
	if (has_body("application/sdp")) {
		if (isflagset(FLT_FROM_WS)) rtpengine_answer("${BROWSER_ANSWER}");
		else rtpengine_answer("${PLAIN_MEDIA}");
	}
}

failure_route[MEDIA_FAILURE] {
	rtpengine_delete();
}

event_route[xhttp:request] {
	set_reply_close();
	set_reply_no_connect();
	if ($Rp == ${network.websocketPort} && $hdr(Upgrade) =~ "websocket" && $hdr(Connection) =~ "Upgrade" && $rm == "GET" && $hu =~ "^${SOFTPHONE.websocketPath}") {
		if (ws_handle_handshake()) exit;
	}
	xhttp_reply("404", "Not Found", "", "");
}
`;
}

const PRIVATE_RANGES = [
  '0.0.0.0-0.255.255.255',
  '10.0.0.0-10.255.255.255',
  '100.64.0.0-100.127.255.255',
  '127.0.0.0-127.255.255.255',
  '169.254.0.0-169.254.255.255',
  '172.16.0.0-172.31.255.255',
  '192.168.0.0-192.168.255.255',
  '::1',
  'fc00::-fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
  'fe80::-febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
];

/**
 * coturn with the REST API's shared secret. It relays only to public peers and to rtpengine's own address: a TURN
 * server that relays anywhere would let any holder of credentials reach the private network (the outbound policy's
 * rule, applied to media).
 */
export function turnConfig(network: VoiceNetwork, files: VoiceFiles, secret: string): string {
  const media = network.advertiseIp ?? network.listenIp;
  return [
    `listening-ip=${network.listenIp}`,
    `listening-port=${network.turnPort}`,
    ...(network.advertiseIp ? [`external-ip=${network.advertiseIp}/${network.listenIp}`] : []),
    `relay-ip=${network.listenIp}`,
    `min-port=${network.relayPorts.min}`,
    `max-port=${network.relayPorts.max}`,
    `realm=${SIP_REALM}`,
    'use-auth-secret',
    `static-auth-secret=${secret}`,
    'fingerprint',
    'no-tls',
    'no-dtls',
    'no-cli',
    'no-multicast-peers',
    ...PRIVATE_RANGES.map((range) => `denied-peer-ip=${range}`),
    `allowed-peer-ip=${media}`,
    ...(media !== network.listenIp ? [`allowed-peer-ip=${network.listenIp}`] : []),
    'log-file=stdout',
    'simple-log',
    `pidfile=${files.runDir}/turnserver.pid`,
    '',
  ].join('\n');
}

/** rtpengine in user space (no kernel module), its control port on loopback. */
export function rtpengineArguments(network: VoiceNetwork): string[] {
  const media = network.advertiseIp ? `${network.listenIp}!${network.advertiseIp}` : network.listenIp;
  return [
    `--interface=${media}`,
    `--listen-ng=127.0.0.1:${network.controlPort}`,
    // Its command line interface next to the control port (the default 2224 would clash between installations).
    `--listen-cli=127.0.0.1:${network.controlPort + 1}`,
    `--port-min=${network.rtpPorts.min}`,
    `--port-max=${network.rtpPorts.max}`,
    '--table=-1',
    '--foreground',
    '--log-stderr',
    '--log-level=5',
    '--delete-delay=0',
  ];
}
