import dns from 'node:dns';
import net from 'node:net';
import type { OutboundTarget } from '@atiende/contracts';
import { Agent, buildConnector, fetch as undiciFetch } from 'undici';

/**
 * The one outbound policy: every URL or host Atiende connects to on a user's word (a channel's API base URL, its
 * IMAP and SMTP servers) or on a payload's word (a file link from a webhook, a media URL from Graph) goes through
 * here. Provider hosts are fixed unless the operator's allow-list (`OUTBOUND_ALLOWED_HOSTS`) widens them; addresses
 * that are loopback, private, link-local (the cloud metadata service), shared, reserved or multicast are refused
 * when saved and when connecting, where the address actually connected to is the one checked (a name resolved
 * once, checked, then connected to by that address: DNS rebinding between check and connect finds nothing to
 * change). A private address is reached only when it is itself on the allow-list.
 */

/** What an address is; only `public` is reached without the operator's word. */
export type AddressKind =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'sharedAddressSpace'
  | 'linkLocal'
  | 'uniqueLocal'
  | 'multicast'
  | 'reserved';

const IPV4_RANGES: [string, number, AddressKind][] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'sharedAddressSpace'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'linkLocal'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'reserved'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['198.51.100.0', 24, 'reserved'],
  ['203.0.113.0', 24, 'reserved'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

/** IPv6 ranges inside global unicast (2000::/3) that are not public; everything outside 2000::/3 is refused too. */
const IPV6_RANGES: [string, number, AddressKind][] = [
  ['2001::', 23, 'reserved'],
  ['2001:db8::', 32, 'reserved'],
  ['3fff::', 20, 'reserved'],
];
const IPV6_OUTSIDE_GLOBAL: [string, number, AddressKind][] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['fc00::', 7, 'uniqueLocal'],
  ['fe80::', 10, 'linkLocal'],
  ['fec0::', 10, 'private'],
  ['ff00::', 8, 'multicast'],
];

function blockLists(ranges: [string, number, AddressKind][], family: 'ipv4' | 'ipv6') {
  return ranges.map(([network, prefix, kind]) => {
    const list = new net.BlockList();
    list.addSubnet(network, prefix, family);
    return { list, kind };
  });
}
const ipv4Lists = blockLists(IPV4_RANGES, 'ipv4');
const ipv6Lists = blockLists(IPV6_RANGES, 'ipv6');
const ipv6OutsideLists = blockLists(IPV6_OUTSIDE_GLOBAL, 'ipv6');
const globalUnicast = new net.BlockList();
globalUnicast.addSubnet('2000::', 3, 'ipv6');

/** The eight 16-bit groups of a valid IPv6 address (zone id dropped, a trailing dotted quad folded in). */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0].toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [left, right] = text.split('::');
  const head = left ? left.split(':') : [];
  const tail = right === undefined ? [] : right ? right.split(':') : [];
  const groups = right === undefined ? head : [...head, ...Array(8 - head.length - tail.length).fill('0'), ...tail];
  return groups.map((group) => Number.parseInt(group, 16));
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

/**
 * The IPv4 address an IPv6 address carries and is routed to: IPv4-mapped (::ffff:a.b.c.d), NAT64's well-known
 * prefix (64:ff9b::/96) and 6to4 (2002::/16). Such an address is as reachable as the IPv4 address inside.
 */
function embeddedIpv4(groups: number[]): string | null {
  const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  if (zeros(0, 5) && groups[5] === 0xffff) return ipv4Of(groups[6], groups[7]);
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return ipv4Of(groups[6], groups[7]);
  if (groups[0] === 0x2002) return ipv4Of(groups[1], groups[2]);
  return null;
}

/** Classifies an IP address (v4 or v6, as a string); anything that is not an IP address is `reserved`. */
export function classifyAddress(address: string): AddressKind {
  const bare = address.replace(/^\[|\]$/g, '');
  if (net.isIPv4(bare)) {
    return ipv4Lists.find(({ list }) => list.check(bare, 'ipv4'))?.kind ?? 'public';
  }
  if (!net.isIPv6(bare)) return 'reserved';
  const groups = ipv6Groups(bare);
  const inside = embeddedIpv4(groups);
  if (inside) return classifyAddress(inside);
  const canonical = groups.map((group) => group.toString(16)).join(':');
  const outside = ipv6OutsideLists.find(({ list }) => list.check(canonical, 'ipv6'))?.kind;
  if (outside) return outside;
  if (!globalUnicast.check(canonical, 'ipv6')) return 'reserved';
  return ipv6Lists.find(({ list }) => list.check(canonical, 'ipv6'))?.kind ?? 'public';
}

/**
 * A host as the policy compares it: lower case, no brackets or trailing dot, IP literals in their canonical form
 * (the URL parser's, so `127.1`, `2130706433` and `0x7f.0.0.1` are all `127.0.0.1`). Null when it is not a host.
 */
export function normalizeHost(raw: string): string | null {
  const host = raw.trim().replace(/\.$/, '');
  if (!host || /[\s/?#@\\]/.test(host)) return null;
  const unbracketed = host.replace(/^\[(.*)\]$/, '$1');
  const ipv6 = net.isIPv6(unbracketed);
  if (!ipv6 && host.includes(':')) return null;
  try {
    const parsed = new URL(`http://${ipv6 ? `[${unbracketed}]` : host}/`);
    return parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  } catch {
    return null;
  }
}

/** One entry of the operator's allow-list: a host (name or IP), for every port or one. */
export interface AllowedHost {
  host: string;
  port: number | null;
}

/**
 * Parses `OUTBOUND_ALLOWED_HOSTS`: comma-separated `host` or `host:port` entries (`[v6]:port` for IPv6 with a
 * port). Throws with the first entry that is not one.
 */
export function parseAllowedHosts(value: string): AllowedHost[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const withPort = /^(\[[^\]]+\]|[^:[\]]+):(\d{1,5})$/.exec(entry);
      const host = normalizeHost(withPort ? withPort[1] : entry);
      const port = withPort ? Number(withPort[2]) : null;
      if (!host || (port !== null && (port < 1 || port > 65_535))) {
        throw new Error(`"${entry}" is not a host or host:port`);
      }
      return { host, port };
    });
}

/** Where each kind of connection may go without the operator's word: exact hosts and whole domains. */
export const OUTBOUND_TARGET_RULES: Record<
  OutboundTarget,
  { defaultUrl: string | null; hosts: readonly string[]; domains: readonly string[]; anyHost: boolean }
> = {
  /** Meta's Graph API (WhatsApp Cloud API, Messenger Platform, Instagram messaging). */
  metaGraph: {
    defaultUrl: 'https://graph.facebook.com',
    hosts: ['graph.facebook.com', 'graph.instagram.com'],
    domains: [],
    anyHost: false,
  },
  /** Files on Meta's CDNs: WhatsApp media (lookaside.fbsbx.com), Messenger and Instagram attachments. */
  metaFiles: { defaultUrl: null, hosts: [], domains: ['fbsbx.com', 'fbcdn.net', 'cdninstagram.com'], anyHost: false },
  /** The Telegram Bot API and its file downloads. */
  telegram: { defaultUrl: 'https://api.telegram.org', hosts: ['api.telegram.org'], domains: [], anyHost: false },
  /**
   * Twilio's Programmable Messaging API and the media of customers' MMS: api.twilio.com answers a media URL with a
   * redirect to mms.twiliocdn.com (accounts that enforce HTTP auth on media) or to the older public bucket.
   */
  sms: {
    defaultUrl: 'https://api.twilio.com',
    hosts: ['api.twilio.com', 's3-external-1.amazonaws.com'],
    domains: ['twiliocdn.com'],
    anyHost: false,
  },
  /** A mail server the channel names (IMAP, SMTP): any host, as long as its addresses are public. */
  mail: { defaultUrl: null, hosts: [], domains: [], anyHost: true },
  /** A business rule's webhook, a bot's web service: any host with public addresses. */
  webhook: { defaultUrl: null, hosts: [], domains: [], anyHost: true },
  /** Dialogflow's detectIntent (global and regional endpoints) and Google's OAuth token endpoint. */
  dialogflow: {
    defaultUrl: 'https://dialogflow.googleapis.com',
    hosts: ['dialogflow.googleapis.com', 'oauth2.googleapis.com'],
    domains: ['googleapis.com'],
    anyHost: false,
  },
};

/** Whether a host is one of the target's own (the allow-list aside): Meta's CDNs for `metaFiles`, and so on. */
export function isProviderHost(target: OutboundTarget, rawHost: string): boolean {
  const rules = OUTBOUND_TARGET_RULES[target];
  const host = normalizeHost(rawHost);
  if (!host) return false;
  return (
    rules.anyHost ||
    rules.hosts.includes(host) ||
    rules.domains.some((domain) => host === domain || host.endsWith(`.${domain}`))
  );
}

/** The base URL a channel's API calls go to: its configured one, else the target's default (no trailing slash). */
export function outboundBaseUrl(target: OutboundTarget, configured: unknown): string {
  const value = typeof configured === 'string' ? configured.trim() : '';
  return (value || OUTBOUND_TARGET_RULES[target].defaultUrl || '').replace(/\/+$/, '');
}

/** Why a URL or host is refused: not a URL or host, plain http, a host the target does not go to, or its address. */
export type OutboundRefusalReason = 'invalid' | 'scheme' | 'host' | 'address';

export interface OutboundRefusal {
  reason: OutboundRefusalReason;
  host: string;
}

/** A connection the policy refused; adapters turn it into the channel's problem. */
export class OutboundRefusedError extends Error {
  constructor(readonly refusal: OutboundRefusal) {
    super(`outbound connection to ${refusal.host || 'an invalid target'} refused (${refusal.reason})`);
  }
}

/** Resolves a name to all its addresses (tests replace it to play a DNS server). */
export type HostLookup = (hostname: string) => Promise<{ address: string; family: number }[]>;

const systemLookup: HostLookup = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/** How long a save waits for DNS before accepting a name it cannot resolve now (connecting checks again). */
const SAVE_LOOKUP_TIMEOUT_MS = 3_000;
const CONNECT_LOOKUP_TIMEOUT_MS = 10_000;
const CONNECT_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export interface OutboundPolicy {
  /** A URL as saved for a target (a channel's API base URL): null when allowed, else why not. */
  checkUrl(target: OutboundTarget, url: string): Promise<OutboundRefusal | null>;
  /** A host and port as saved for a target (a channel's IMAP or SMTP server): null when allowed, else why not. */
  checkHost(target: OutboundTarget, host: string, port: number): Promise<OutboundRefusal | null>;
  /**
   * `fetch` through the policy: the URL checked, the connection made to a checked address. Redirects of GET and
   * HEAD are followed (at most 3) when each hop passes the same checks; the Authorization header never follows
   * one to another origin. Other methods return a redirect as it came. Throws OutboundRefusedError.
   */
  fetch(target: OutboundTarget, url: string | URL, init?: RequestInit): Promise<Response>;
  /**
   * The address to open a mail connection to, resolved once and checked, with the name TLS must verify (null for
   * an IP literal). Connecting to this address, not the name, is what makes DNS rebinding fail.
   */
  connectAddress(
    target: OutboundTarget,
    host: string,
    port: number,
  ): Promise<{ address: string; servername: string | null }>;
  close(): Promise<void>;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const defaultPort = (url: URL) => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

export function createOutboundPolicy(allowed: readonly AllowedHost[], options: { lookup?: HostLookup } = {}) {
  const lookup = options.lookup ?? systemLookup;

  const allowListed = (host: string, port: number) =>
    allowed.some((entry) => entry.host === host && (entry.port === null || entry.port === port));

  /** An address may be connected to when it is public, or when the operator listed it (with this port). */
  const addressAllowed = (address: string, port: number) => {
    const host = normalizeHost(address);
    return host !== null && (classifyAddress(host) === 'public' || allowListed(host, port));
  };

  /**
   * The addresses of a host, checked. A literal IP is its own address. `unresolved` says what a name that does
   * not resolve means: fine when saving (DNS may be down; connecting checks again), an error when connecting.
   */
  async function checkedAddresses(host: string, port: number, unresolved: 'accept' | 'throw'): Promise<string[]> {
    const refuse = () => new OutboundRefusedError({ reason: 'address', host });
    if (net.isIP(host)) {
      if (!addressAllowed(host, port)) throw refuse();
      return [host];
    }
    let found: { address: string }[];
    try {
      found = await withTimeout(
        lookup(host),
        unresolved === 'accept' ? SAVE_LOOKUP_TIMEOUT_MS : CONNECT_LOOKUP_TIMEOUT_MS,
        `resolving ${host}`,
      );
    } catch (error) {
      if (unresolved === 'accept') return [];
      throw error;
    }
    if (found.length === 0 && unresolved === 'throw') throw new Error(`${host} has no address`);
    // One refused address refuses the name: a name that mixes public and private addresses is not trusted.
    if (found.some(({ address }) => !addressAllowed(address, port))) throw refuse();
    // IPv4 first: the one address connected to should be the family most hosts reach.
    return found
      .sort((a, b) => Number(net.isIPv6(a.address)) - Number(net.isIPv6(b.address)))
      .map(({ address }) => address);
  }

  /**
   * The URL rules that need no DNS, most telling first: syntax, a literal address nobody listed, the target's
   * hosts unless allow-listed, https unless allow-listed.
   */
  function urlRefusal(target: OutboundTarget, url: URL): OutboundRefusal | null {
    const host = normalizeHost(url.hostname);
    if (!host || url.username || url.password || !['http:', 'https:'].includes(url.protocol)) {
      return { reason: 'invalid', host: host ?? '' };
    }
    const port = defaultPort(url);
    if (net.isIP(host) && !addressAllowed(host, port)) return { reason: 'address', host };
    const listed = allowListed(host, port);
    if (!listed && !isProviderHost(target, host)) return { reason: 'host', host };
    if (url.protocol !== 'https:' && !listed) return { reason: 'scheme', host };
    return null;
  }

  async function saveRefusal(check: () => Promise<unknown>): Promise<OutboundRefusal | null> {
    try {
      await check();
      return null;
    } catch (error) {
      if (error instanceof OutboundRefusedError) return error.refusal;
      throw error;
    }
  }

  // Every connection of the policy's fetch: the origin's name resolved and checked here, then the socket opened to
  // that address (TLS still verifies and sends the name, which undici takes from the request's host).
  const connectDirect = buildConnector({ timeout: CONNECT_TIMEOUT_MS });
  const agent = new Agent({
    connect(connectOptions, callback) {
      const host = normalizeHost(connectOptions.hostname) ?? '';
      const port = Number(connectOptions.port) || (connectOptions.protocol === 'https:' ? 443 : 80);
      checkedAddresses(host, port, 'throw').then(
        ([address]) => connectDirect({ ...connectOptions, hostname: address }, callback),
        (error: Error) => callback(error, null),
      );
    },
  });

  /** The policy's refusal inside a failed fetch (undici wraps connection errors as `fetch failed` with a cause). */
  const refusalIn = (error: unknown): OutboundRefusedError | null => {
    for (let current = error; current; current = (current as { cause?: unknown }).cause) {
      if (current instanceof OutboundRefusedError) return current;
    }
    return null;
  };

  const policy: OutboundPolicy = {
    async checkUrl(target, raw) {
      let url: URL;
      try {
        url = new URL(raw);
      } catch {
        return { reason: 'invalid', host: '' };
      }
      const refusal = urlRefusal(target, url);
      if (refusal) return refusal;
      return saveRefusal(() => checkedAddresses(normalizeHost(url.hostname) ?? '', defaultPort(url), 'accept'));
    },

    async checkHost(target, raw, port) {
      const host = normalizeHost(raw);
      if (!host) return { reason: 'invalid', host: '' };
      if (!allowListed(host, port) && !isProviderHost(target, host)) return { reason: 'host', host };
      return saveRefusal(() => checkedAddresses(host, port, 'accept'));
    },

    async fetch(target, input, init = {}) {
      let url: URL;
      try {
        url = new URL(input);
      } catch {
        throw new OutboundRefusedError({ reason: 'invalid', host: '' });
      }
      const headers = new Headers(init.headers);
      const method = (init.method ?? 'GET').toUpperCase();
      const follows = method === 'GET' || method === 'HEAD';
      for (let hop = 0; ; hop += 1) {
        const refusal = urlRefusal(target, url);
        if (refusal) throw new OutboundRefusedError(refusal);
        let response: Response;
        try {
          // undici's own fetch with its own agent: the pinned package, whatever the Node version bundles.
          response = (await undiciFetch(url, {
            ...(init as Parameters<typeof undiciFetch>[1]),
            headers,
            redirect: 'manual',
            dispatcher: agent,
          })) as unknown as Response;
        } catch (error) {
          throw refusalIn(error) ?? error;
        }
        const location = response.headers.get('location');
        if (!follows || !REDIRECT_STATUSES.has(response.status) || !location || hop >= MAX_REDIRECTS) return response;
        const next = URL.parse(location, url.href);
        if (!next) return response;
        await response.body?.cancel();
        if (next.origin !== url.origin) {
          headers.delete('authorization');
          headers.delete('cookie');
        }
        url = next;
      }
    },

    async connectAddress(target, raw, port) {
      const host = normalizeHost(raw);
      if (!host) throw new OutboundRefusedError({ reason: 'invalid', host: '' });
      if (!allowListed(host, port) && !isProviderHost(target, host)) {
        throw new OutboundRefusedError({ reason: 'host', host });
      }
      const [address] = await checkedAddresses(host, port, 'throw');
      return { address, servername: net.isIP(host) ? null : host };
    },

    close: () => agent.close(),
  };
  return policy;
}
