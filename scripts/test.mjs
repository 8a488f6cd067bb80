#!/usr/bin/env node
// The whole test suite, as the README and CI run it: typecheck, lint, unit, API (real PostgreSQL) and end-to-end
// tests in Chromium. Prints one closing line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setupVoice } from './voice-setup.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const resultsDir = path.join(root, '.test-results');
fs.rmSync(resultsDir, { recursive: true, force: true });
fs.mkdirSync(resultsDir, { recursive: true });
const only = process.argv.slice(2);
const wants = (step) => only.length === 0 || only.includes(step);

function run(title, command, args, env = {}) {
  process.stdout.write(`\n▶ ${title}\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function ensureChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (found) return found;
  if (process.getuid?.() === 0) {
    process.stdout.write('\n▶ Installing Debian’s chromium package for the browser tests\n');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env });
    if (fs.existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  process.stderr.write(
    '\nThe browser tests need Chromium: install Debian’s package with `sudo apt-get install chromium` ' +
      '(or set CHROMIUM_PATH to a Chromium binary).\n',
  );
  process.exit(1);
}

/** Names of failed tests, printed again at the end so a truncated CI log still says what failed. */
const failures = [];
const firstLine = (text) =>
  String(text ?? '')
    .split('\n')[0]
    .slice(0, 300);

function vitestCounts(file) {
  if (!fs.existsSync(file)) return { passed: 0, failed: 1 };
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const suite of report.testResults ?? []) {
    const where = path.relative(root, suite.name);
    for (const test of suite.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      const reason = firstLine(test.failureMessages?.[0]);
      failures.push(`${where} › ${test.fullName}: ${reason}`);
    }
    if ((suite.assertionResults ?? []).length === 0 && suite.status === 'failed')
      failures.push(`${where}: ${firstLine(suite.message)}`);
  }
  return { passed: report.numPassedTests, failed: report.numFailedTests };
}

function collectPlaywrightFailures(suites, file = '') {
  for (const suite of suites ?? []) {
    const where = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      if (spec.ok) continue;
      const error = spec.tests?.flatMap((test) => test.results ?? []).find((result) => result.error)?.error;
      const reason = firstLine(error?.message);
      failures.push(`${where}:${spec.line} › ${spec.title}: ${reason}`);
    }
    collectPlaywrightFailures(suite.suites, where);
  }
}

function playwrightCounts(file) {
  if (!fs.existsSync(file)) return { passed: 0, failed: 1 };
  const { stats, suites } = JSON.parse(fs.readFileSync(file, 'utf8'));
  collectPlaywrightFailures(suites);
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected };
}

const steps = [];
let passed = 0;
let failed = 0;
/** A step counts as its tests; a step that failed without a failing test (crash, lint) counts as one failure. */
const record = (name, ok, counts = { passed: ok ? 1 : 0, failed: 0 }) => {
  steps.push(`${ok ? '✔' : '✘'} ${name}`);
  passed += counts.passed;
  failed += counts.failed > 0 ? counts.failed : ok ? 0 : 1;
};

/**
 * Runs a command inside a network namespace of its own that has only a loopback interface (the media tests: no
 * packet can go to another address). Creating one needs root, as installing the telephony packages does.
 */
function runIsolated(title, command, args, env) {
  const namespace = `atiende-voice-${process.pid}`;
  const ip = (...rest) => spawnSync('ip', rest, { stdio: 'inherit' }).status === 0;
  if (!ip('netns', 'add', namespace)) {
    process.stderr.write('\nThe media tests need a network namespace (`ip netns add`, as root).\n');
    return false;
  }
  try {
    if (!ip('netns', 'exec', namespace, 'ip', 'link', 'set', 'lo', 'up')) return false;
    return run(title, 'ip', ['netns', 'exec', namespace, command, ...args], env);
  } finally {
    ip('netns', 'delete', namespace);
  }
}

const chromium = wants('e2e') || wants('voice') ? ensureChromium() : null;
// The API tests start the telephony daemons (modules/voice) and the media tests call through them.
if ((wants('api') || wants('voice')) && !setupVoice({ quiet: true })) record('telephony packages', false);
if (wants('typecheck'))
  record('typecheck', run('Typecheck', 'npx', ['tsc', '-b', 'packages/contracts', 'apps/server', 'apps/web', 'e2e']));
if (wants('lint')) record('lint', run('Lint', 'npx', ['biome', 'check', '.']));
for (const project of ['unit', 'web', 'api']) {
  if (!wants(project)) continue;
  const output = path.join(resultsDir, `${project}.json`);
  const ok = run(`Vitest: ${project}`, 'npx', [
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${output}`,
  ]);
  record(`${project} tests`, ok, vitestCounts(output));
}
/** Whether the browser tests' build succeeded (null: not built yet). */
let webBuilt = null;
if (wants('e2e')) {
  const built = run('Build (server and web) for the browser tests', 'npm', ['run', 'build']);
  webBuilt = built;
  record('build', built);
  if (built) {
    const output = path.join(resultsDir, 'e2e.json');
    const ok = run(
      'Playwright: end-to-end in Chromium',
      'npx',
      ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
      {
        CHROMIUM_PATH: chromium,
        PLAYWRIGHT_JSON_OUTPUT_NAME: output,
        PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
      },
    );
    record('e2e tests', ok, playwrightCounts(output));
  }
}

if (wants('voice')) {
  const built = webBuilt ?? run('Build (server and web) for the media tests', 'npm', ['run', 'build']);
  if (built) {
    const output = path.join(resultsDir, 'e2e-voice.json');
    const ok = runIsolated(
      'Playwright: softphones in Chromium, in a network namespace with only loopback',
      'npx',
      ['playwright', 'test', '-c', 'e2e/playwright.voice.config.ts'],
      { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: output, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
    );
    record('voice tests', ok, playwrightCounts(output));
  } else record('build', false);
}

if (failures.length > 0) process.stdout.write(`\nFailed:\n${failures.map((line) => `  ✘ ${line}`).join('\n')}\n`);
process.stdout.write(`\n${steps.join('\n')}\n\n${passed} passed, ${failed} failed\n`);
process.exit(failed === 0 ? 0 : 1);
