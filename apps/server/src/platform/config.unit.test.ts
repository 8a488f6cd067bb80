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
});
