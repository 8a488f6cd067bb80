import { describe, expect, it } from 'vitest';
import { demoSiteOrigins } from './demo.widgets.js';

describe('the demo widget’s sites', () => {
  it('allows both names of this machine, so /demo/site works at localhost and at 127.0.0.1', () => {
    expect(demoSiteOrigins('http://localhost:3000')).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
    expect(demoSiteOrigins('http://127.0.0.1:8080')).toEqual(['http://localhost:8080', 'http://127.0.0.1:8080']);
  });

  it('allows only the configured site elsewhere', () => {
    expect(demoSiteOrigins('https://atiende.example.com')).toEqual(['https://atiende.example.com']);
  });
});
