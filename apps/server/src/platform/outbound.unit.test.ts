import http from 'node:http';
import type { AddressInfo } from 'node:net';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AddressKind,
  classifyAddress,
  createOutboundPolicy,
  type HostLookup,
  isProviderHost,
  normalizeHost,
  OutboundRefusedError,
  parseAllowedHosts,
} from './outbound.js';

/** A resolver playing DNS: each name answers its list of addresses, in turn when given several lists. */
function fakeDns(answers: Record<string, string[] | string[][]>): HostLookup & { asked: string[] } {
  const asked: string[] = [];
  const lookup = async (hostname: string) => {
    asked.push(hostname);
    const answer = answers[hostname];
    if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    const turn = Array.isArray(answer[0])
      ? (answer as string[][])[Math.min(asked.filter((name) => name === hostname).length - 1, answer.length - 1)]
      : (answer as string[]);
    return turn.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(lookup, { asked });
}

/** A local HTTP server that records who called it and answers what the test says. */
async function recorder(answer: (request: http.IncomingMessage, response: http.ServerResponse) => void) {
  const calls: { url: string; host: string | undefined; authorization: string | undefined }[] = [];
  const server = http.createServer((request, response) => {
    calls.push({ url: request.url ?? '', host: request.headers.host, authorization: request.headers.authorization });
    answer(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { calls, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('classifyAddress', () => {
  const cases: Record<AddressKind, string[]> = {
    public: ['8.8.8.8', '93.184.216.34', '172.32.0.1', '172.15.255.255', '100.128.0.1', '2606:4700:4700::1111'],
    loopback: ['127.0.0.1', '127.255.255.254', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '64:ff9b::7f00:1'],
    unspecified: ['0.0.0.0', '0.1.2.3', '::', '::ffff:0.0.0.0'],
    private: ['10.0.0.1', '172.16.5.4', '172.31.255.255', '192.168.1.1', '::ffff:10.0.0.1', '2002:c0a8:101::1'],
    sharedAddressSpace: ['100.64.0.1', '100.127.255.255'],
    linkLocal: ['169.254.169.254', '::ffff:169.254.169.254', 'fe80::1', 'fe80::1%eth0'],
    uniqueLocal: ['fd00:ec2::254', 'fc00::1'],
    multicast: ['224.0.0.1', '239.255.255.250', 'ff02::1'],
    reserved: ['240.0.0.1', '255.255.255.255', '192.0.2.1', '198.18.0.1', '2001:db8::1', '2001::1', '100::1', 'x'],
  };
  for (const [kind, addresses] of Object.entries(cases)) {
    it(`knows ${kind} addresses`, () => {
      for (const address of addresses) expect([address, classifyAddress(address)]).toEqual([address, kind]);
    });
  }

  it('reads an IPv6 address carrying an IPv4 one (mapped, NAT64, 6to4) as the IPv4 address', () => {
    expect(classifyAddress('64:ff9b::808:808')).toBe('public');
    expect(classifyAddress('2002:808:808::1')).toBe('public');
    expect(classifyAddress('[::ffff:192.168.0.10]')).toBe('private');
  });
});

describe('normalizeHost and parseAllowedHosts', () => {
  it('gives every spelling of an address one form', () => {
    for (const spelling of ['127.0.0.1', '127.1', '2130706433', '0x7f.0.0.1', '0177.0.0.1']) {
      expect(normalizeHost(spelling)).toBe('127.0.0.1');
    }
    expect(normalizeHost('[::1]')).toBe('::1');
    expect(normalizeHost('0:0:0:0:0:0:0:1')).toBe('::1');
    expect(normalizeHost('Mail.Example.COM.')).toBe('mail.example.com');
    expect(normalizeHost('correo.españa.es')).toBe('correo.xn--espaa-rta.es');
  });

  it('refuses what is not a host', () => {
    for (const value of ['', ' ', 'mail.example.com/inbox', 'mail.example.com:993', 'user@mail.example.com', 'a b']) {
      expect(normalizeHost(value)).toBeNull();
    }
  });

  it('parses the operator list, with and without ports', () => {
    expect(parseAllowedHosts(' 127.0.0.1:8080, Graph-Proxy.corp ,[::1]:993,, 10.0.0.7')).toEqual([
      { host: '127.0.0.1', port: 8080 },
      { host: 'graph-proxy.corp', port: null },
      { host: '::1', port: 993 },
      { host: '10.0.0.7', port: null },
    ]);
    expect(parseAllowedHosts('')).toEqual([]);
    expect(() => parseAllowedHosts('proxy.corp/x')).toThrow('"proxy.corp/x"');
    expect(() => parseAllowedHosts('proxy.corp:70000')).toThrow();
  });
});

describe('the outbound policy when saving', () => {
  const dns = fakeDns({
    'graph.facebook.com': ['157.240.0.1'],
    'mail.example.com': ['93.184.216.34'],
    localhost: ['127.0.0.1'],
    'metadata.example.com': ['169.254.169.254'],
    'mixed.example.com': ['93.184.216.34', '10.1.2.3'],
    'mapped.example.com': ['::ffff:127.0.0.1'],
    'proxy.corp': ['10.0.0.7'],
  });
  const policy = createOutboundPolicy(parseAllowedHosts('127.0.0.1:4000,proxy.corp'), { lookup: dns });
  afterAll(() => policy.close());

  it('keeps provider URLs on the provider’s hosts, over https', async () => {
    expect(await policy.checkUrl('metaGraph', 'https://graph.facebook.com')).toBeNull();
    expect(await policy.checkUrl('metaGraph', 'https://evil.example.com')).toEqual({
      reason: 'host',
      host: 'evil.example.com',
    });
    expect(await policy.checkUrl('metaGraph', 'http://graph.facebook.com')).toMatchObject({ reason: 'scheme' });
    expect(await policy.checkUrl('telegram', 'https://graph.facebook.com')).toMatchObject({ reason: 'host' });
    expect(await policy.checkUrl('metaGraph', 'https://user:pass@graph.facebook.com')).toMatchObject({
      reason: 'invalid',
    });
    expect(await policy.checkUrl('metaGraph', 'file:///etc/passwd')).toMatchObject({ reason: 'invalid' });
    expect(await policy.checkUrl('metaGraph', 'not a url')).toMatchObject({ reason: 'invalid' });
  });

  it('lets the allow-list widen the hosts, and reach a private address only when the address is listed', async () => {
    expect(await policy.checkUrl('metaGraph', 'http://127.0.0.1:4000/')).toBeNull();
    expect(await policy.checkUrl('metaGraph', 'http://127.0.0.1:4001/')).toMatchObject({ reason: 'address' });
    expect(await policy.checkUrl('metaGraph', 'https://169.254.169.254/')).toMatchObject({ reason: 'address' });
    expect(await policy.checkUrl('metaGraph', 'https://8.8.8.8/')).toMatchObject({ reason: 'host' });
    // A listed name does not vouch for where it points: proxy.corp resolves to a private address nobody listed.
    expect(await policy.checkUrl('metaGraph', 'http://proxy.corp/')).toEqual({ reason: 'address', host: 'proxy.corp' });
    const withAddress = createOutboundPolicy(parseAllowedHosts('proxy.corp,10.0.0.7:80'), { lookup: dns });
    expect(await withAddress.checkUrl('metaGraph', 'http://proxy.corp/')).toBeNull();
    await withAddress.close();
  });

  it('refuses mail servers at loopback, private, link-local, unspecified and mapped addresses', async () => {
    for (const host of [
      'localhost',
      '127.0.0.1',
      '2130706433',
      '0.0.0.0',
      '10.1.2.3',
      '192.168.0.5',
      '100.64.0.1',
      '169.254.169.254',
      'metadata.example.com',
      'mixed.example.com',
      'mapped.example.com',
      '::1',
      '[::ffff:127.0.0.1]',
      'fd00::1',
    ]) {
      expect([host, await policy.checkHost('mail', host, 993)]).toEqual([
        host,
        expect.objectContaining({ reason: 'address' }),
      ]);
    }
    expect(await policy.checkHost('mail', 'mail.example.com', 993)).toBeNull();
    // DNS may be down while saving: the name is accepted, and checked again when connecting.
    expect(await policy.checkHost('mail', 'unknown.example.com', 993)).toBeNull();
    expect(await policy.checkHost('mail', 'mail.example.com/inbox', 993)).toMatchObject({ reason: 'invalid' });
    expect(await policy.checkHost('mail', '127.0.0.1', 4000)).toBeNull();
  });

  it('knows Meta’s CDN hosts, and only those', () => {
    expect(isProviderHost('metaFiles', 'scontent.xx.fbcdn.net')).toBe(true);
    expect(isProviderHost('metaFiles', 'lookaside.fbsbx.com')).toBe(true);
    expect(isProviderHost('metaFiles', 'scontent-lax3-2.cdninstagram.com')).toBe(true);
    expect(isProviderHost('metaFiles', 'fbcdn.net.evil.com')).toBe(false);
    expect(isProviderHost('metaFiles', 'evilfbcdn.net')).toBe(false);
    expect(isProviderHost('metaFiles', 'graph.facebook.com')).toBe(false);
  });
});

describe('the outbound policy when connecting', () => {
  let upstream: Awaited<ReturnType<typeof recorder>>;
  let other: Awaited<ReturnType<typeof recorder>>;

  beforeAll(async () => {
    other = await recorder((_request, response) => response.end('other'));
    upstream = await recorder((request, response) => {
      if (request.url === '/same') return response.writeHead(302, { location: '/landed' }).end();
      if (request.url === '/away') {
        return response.writeHead(302, { location: `http://127.0.0.1:${other.port}/landed` }).end();
      }
      if (request.url === '/elsewhere') return response.writeHead(302, { location: 'http://10.9.8.7/' }).end();
      response.end('ok');
    });
  });
  afterAll(async () => {
    await upstream.close();
    await other.close();
  });

  it('refuses a name that resolved to a public address when saved and to loopback when connecting (rebinding)', async () => {
    const dns = fakeDns({ 'rebind.example.com': [['93.184.216.34'], ['127.0.0.1']] });
    const policy = createOutboundPolicy([], { lookup: dns });
    expect(await policy.checkHost('mail', 'rebind.example.com', upstream.port)).toBeNull();
    await expect(policy.connectAddress('mail', 'rebind.example.com', upstream.port)).rejects.toThrow(
      OutboundRefusedError,
    );
    await policy.close();
  });

  it('gives mail connections the checked address and the name TLS must verify', async () => {
    const dns = fakeDns({ 'mail.example.com': ['2606:2800:220:1::1', '93.184.216.34'] });
    const policy = createOutboundPolicy([], { lookup: dns });
    expect(await policy.connectAddress('mail', 'Mail.Example.com', 993)).toEqual({
      address: '93.184.216.34',
      servername: 'mail.example.com',
    });
    await expect(policy.connectAddress('mail', '169.254.169.254', 993)).rejects.toThrow(OutboundRefusedError);
    await policy.close();
  });

  it('checks the address a fetch connects to, not the name it was given', async () => {
    const dns = fakeDns({ 'api.example.test': ['127.0.0.1'] });
    // The name is allowed (so http and the host pass), but it resolves to loopback, which nobody listed.
    const strict = createOutboundPolicy(parseAllowedHosts(`api.example.test:${upstream.port}`), { lookup: dns });
    const error = await strict
      .fetch('metaGraph', `http://api.example.test:${upstream.port}/v21.0/me`)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutboundRefusedError);
    expect((error as OutboundRefusedError).refusal).toEqual({ reason: 'address', host: 'api.example.test' });
    expect(upstream.calls).toHaveLength(0);
    await strict.close();

    // Listing the loopback address and port too lets the same request through, to that address, under its name.
    const listed = createOutboundPolicy(
      parseAllowedHosts(`api.example.test:${upstream.port},127.0.0.1:${upstream.port}`),
      {
        lookup: dns,
      },
    );
    const response = await listed.fetch('metaGraph', `http://api.example.test:${upstream.port}/v21.0/me`);
    expect(await response.text()).toBe('ok');
    expect(upstream.calls.at(-1)).toMatchObject({ url: '/v21.0/me', host: `api.example.test:${upstream.port}` });
    await listed.close();
  });

  it('opens TLS to the checked address under the name it was given', async () => {
    // A TLS server that only records the name the client asked for (SNI), then ends the handshake.
    const names: (string | undefined)[] = [];
    const server = tls.createServer({
      SNICallback: (servername, callback) => {
        names.push(servername);
        callback(new Error('no certificate here'), undefined);
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const dns = fakeDns({ 'secure.example.test': ['127.0.0.1'] });
    const policy = createOutboundPolicy(parseAllowedHosts(`secure.example.test:${port},127.0.0.1:${port}`), {
      lookup: dns,
    });
    await expect(policy.fetch('metaGraph', `https://secure.example.test:${port}/`)).rejects.toThrow();
    expect(names).toEqual(['secure.example.test']);
    expect(dns.asked).toEqual(['secure.example.test']);
    await policy.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('refuses literal addresses and non-provider hosts before any connection', async () => {
    const policy = createOutboundPolicy([]);
    for (const url of [
      `http://127.0.0.1:${upstream.port}/`,
      `https://127.0.0.1:${upstream.port}/`,
      'https://169.254.169.254/latest/meta-data/',
      'https://[::ffff:7f00:1]/',
      'https://scontent.xx.fbcdn.net.example.com/x.jpg',
    ]) {
      await expect(policy.fetch('metaFiles', url)).rejects.toThrow(OutboundRefusedError);
    }
    expect(upstream.calls).toHaveLength(1);
    await policy.close();
  });

  it('follows a redirect only where the policy allows, and never carries the token to another origin', async () => {
    const policy = createOutboundPolicy(parseAllowedHosts(`127.0.0.1:${upstream.port},127.0.0.1:${other.port}`));
    const auth = { authorization: 'Bearer secreto' };
    const same = await policy.fetch('metaGraph', `http://127.0.0.1:${upstream.port}/same`, { headers: auth });
    expect(await same.text()).toBe('ok');
    expect(upstream.calls.at(-1)).toMatchObject({ url: '/landed', authorization: 'Bearer secreto' });

    const away = await policy.fetch('metaGraph', `http://127.0.0.1:${upstream.port}/away`, { headers: auth });
    expect(await away.text()).toBe('other');
    expect(other.calls.at(-1)).toMatchObject({ url: '/landed', authorization: undefined });

    await expect(policy.fetch('metaGraph', `http://127.0.0.1:${upstream.port}/elsewhere`)).rejects.toThrow(
      OutboundRefusedError,
    );
    // A POST is not replayed anywhere: its redirect comes back as it is.
    const posted = await policy.fetch('metaGraph', `http://127.0.0.1:${upstream.port}/away`, {
      method: 'POST',
      headers: auth,
      body: '{}',
    });
    expect(posted.status).toBe(302);
    await policy.close();
  });
});
