import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toMatch(/data$/);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.demoData).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('turns demo data off in production and with a real database unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).demoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_DATA: '1' }).demoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/x' }).demoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/x', DEMO_DATA: 'true' }).demoData).toBe(true);
  });

  it('fans realtime out through Redis when given, else through the shared PostgreSQL, else not at all', () => {
    expect(loadConfig({}).realtimeFanout).toEqual({ kind: 'local' });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/atiende' }).realtimeFanout).toEqual({
      kind: 'postgres',
      url: 'postgres://db/atiende',
    });
    expect(
      loadConfig({ DATABASE_URL: 'postgres://db/atiende', REDIS_URL: 'redis://cache:6379' }).realtimeFanout,
    ).toEqual({ kind: 'redis', url: 'redis://cache:6379' });
  });

  it('reads the outbound allow-list, empty by default', () => {
    expect(loadConfig({}).outboundAllowedHosts).toEqual([]);
    expect(loadConfig({ OUTBOUND_ALLOWED_HOSTS: 'graph-proxy.corp, 10.0.0.7:443' }).outboundAllowedHosts).toEqual([
      { host: 'graph-proxy.corp', port: null },
      { host: '10.0.0.7', port: 443 },
    ]);
    expect(() => loadConfig({ OUTBOUND_ALLOWED_HOSTS: 'https://graph-proxy.corp/' })).toThrow(
      /OUTBOUND_ALLOWED_HOSTS: "https:\/\/graph-proxy.corp\/" is not a host or host:port/,
    );
  });

  it('refuses invalid values with one clear line', () => {
    const attempt = () => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message.split('\n')).toHaveLength(1);
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
    }
  });

  it('trusts no proxy unless told which: a hop count or addresses and CIDRs', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,loopback,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'loopback',
      'fd00::/8',
    ]);
    for (const wrong of ['true', 'everyone', '10.0.0.0/33', '300.1.1.1', '10.0.0.0/8/1', '99']) {
      expect(() => loadConfig({ TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY/);
    }
  });
});
