import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '../modules/demo/demo.seed.js';

// Runs after every other API test file (vitest.config.ts orders it last): the logs of every test app of the run are
// searched for every token and password the tests used. Run alone, it finds no secrets and checks nothing else.

describe('no secrets in logs', () => {
  it('no token or password the API suite used appears in any test app’s log', () => {
    const logDir = inject('logDir');
    const secretsFile = path.join(logDir, 'secrets.txt');
    const secrets = fs.existsSync(secretsFile)
      ? [
          ...new Set(
            fs
              .readFileSync(secretsFile, 'utf8')
              .split('\n')
              .filter(Boolean)
              .map((line) => JSON.parse(line) as string),
          ),
        ]
      : [];
    const logs = fs
      .readdirSync(logDir)
      .filter((name) => name.endsWith('.log'))
      .map((name) => ({ name, text: fs.readFileSync(path.join(logDir, name), 'utf8') }));
    const leaks: string[] = [];
    // The demo accounts' password is published (README) and printed by every demo start on purpose: not a secret.
    for (const secret of secrets.filter((value) => value !== DEMO_PASSWORD)) {
      // Logs are JSON: a secret with quotes or backslashes appears escaped.
      const forms = [secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)];
      for (const log of logs) {
        const at = forms.map((form) => log.text.indexOf(form)).find((index) => index >= 0);
        if (at !== undefined) {
          const lineStart = log.text.lastIndexOf('\n', at) + 1;
          leaks.push(`${secret.slice(0, 6)}… in ${log.name}: ${log.text.slice(lineStart, lineStart + 300)}`);
          break;
        }
      }
    }
    expect(leaks).toEqual([]);
    if (secrets.length > 0) expect(logs.length).toBeGreaterThan(0);
  });
});
