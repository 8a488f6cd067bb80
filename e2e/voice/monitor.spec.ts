import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium, expect, type Page, test } from '@playwright/test';
import { startCallWorker } from '../../apps/server/dist/modules/voice/voice.worker.js';
import { createLogger } from '../../apps/server/dist/platform/logger.js';
import { bandAmplitude, makeTone } from '../../apps/server/src/test/tones.js';
import { expectAccessible } from '../support/a11y.js';
import { switchToEnglishDarkRtl } from '../support/appearance.js';
import { signIn } from '../support/auth.js';
import { DEMO_PASSWORD } from '../support/env.js';
import {
  agentWithExtension,
  enableSoftphones,
  telephonyChannelServedBy,
  watchPeerConnections,
} from '../support/voice.js';

// Issue #21 item 4: a supervisor listens to, whispers to and barges into an agent's live call, each checked by which
// party hears which tone. Three parties, each with its own tone: the customer's phone (a call worker) 880 Hz, the
// agent's browser microphone 500 Hz, the supervisor's 1300 Hz (each browser its own Chromium with a fake microphone
// reading a file). The supervisor's and the agent's browsers talk directly (WebRTC over loopback here).

const CUSTOMER_HZ = 880;
const AGENT_HZ = 500;
const SUPERVISOR_HZ = 1300;

/** A Chromium whose fake microphone plays this file, with the project's other flags. */
async function browserSpeaking(wav: string): Promise<Browser> {
  const launch = test.info().project.use.launchOptions ?? {};
  return chromium.launch({
    ...launch,
    args: [...(launch.args ?? []), `--use-file-for-fake-audio-capture=${wav}`],
  });
}

/** The frequency that dominates what an <audio> element of the page plays, and its level in dB. */
async function heardBy(page: Page, testId: string): Promise<{ hertz: number; level: number }> {
  return page.evaluate(async (id) => {
    const element = document.querySelector<HTMLAudioElement>(`audio[data-testid="${id}"]`);
    const stream = element?.srcObject as MediaStream | null;
    if (!stream) return { hertz: 0, level: Number.NEGATIVE_INFINITY };
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 8192;
    analyser.smoothingTimeConstant = 0;
    context.createMediaStreamSource(stream).connect(analyser);
    await new Promise((resolve) => setTimeout(resolve, 800));
    const bins = new Float32Array(analyser.frequencyBinCount);
    analyser.getFloatFrequencyData(bins);
    let best = 0;
    for (let i = 1; i < bins.length; i++) if (bins[i] > bins[best]) best = i;
    const result = { hertz: (best * context.sampleRate) / analyser.fftSize, level: bins[best] };
    await context.close();
    return result;
  }, testId);
}

const near = (hertz: number, target: number) => Math.abs(hertz - target) < 40;

/** Waits (up to 10 s) until what the page's <audio> element plays is dominated by this frequency. */
async function expectHearing(page: Page, testId: string, hertz: number) {
  await expect.poll(async () => near((await heardBy(page, testId)).hertz, hertz), { timeout: 10_000 }).toBe(true);
}

/** Audio packets the agent's browser received on its newest connection (the supervisor's): none while listening. */
async function packetsFromSupervisor(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const connections = (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections;
    const connection = connections[connections.length - 1];
    let packets = 0;
    (await connection.getStats()).forEach((report) => {
      if (report.type === 'inbound-rtp' && report.kind === 'audio') packets += report.packetsReceived ?? 0;
    });
    return packets;
  });
}

test.beforeAll(async () => {
  await enableSoftphones();
});

test('a supervisor listens to, whispers to and barges into an agent’s call: each party hears whom it should', async () => {
  test.setTimeout(150_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atiende-monitor-'));
  const number = '+34910000088';
  const agent = await agentWithExtension('3111', 'Marta Atiende');
  await telephonyChannelServedBy(agent.email, number);
  const caller = await startCallWorker({
    name: 'customer-monitored',
    dir,
    sipPort: 15506,
    controlPort: 24506,
    proxyPort: 5060,
    user: '+573005550188',
    source: await makeTone(path.join(dir, 'customer.wav'), CUSTOMER_HZ, 60),
    record: true,
    logger: createLogger('silent'),
  });
  const browsers = await Promise.all([
    browserSpeaking(await makeTone(path.join(dir, 'agent.wav'), AGENT_HZ, 60)),
    browserSpeaking(await makeTone(path.join(dir, 'supervisor.wav'), SUPERVISOR_HZ, 60)),
  ]);
  try {
    const [agentBrowser, supervisorBrowser] = browsers;
    const agentPage = await (await agentBrowser.newContext({ permissions: ['microphone'] })).newPage();
    await watchPeerConnections(agentPage);
    await signIn(agentPage, agent.email, agent.password);
    await agentPage.getByRole('button', { name: 'Teléfono' }).click();
    await expect(agentPage.getByTestId('softphone-registration')).toHaveAttribute('data-state', 'REGISTERED', {
      timeout: 20_000,
    });

    const supervisorPage = await (await supervisorBrowser.newContext({ permissions: ['microphone'] })).newPage();
    await signIn(supervisorPage, 'supervisor@atiende.test', DEMO_PASSWORD);
    await supervisorPage.goto('/v2/app/supervision/users');

    // The customer calls; the agent answers.
    await caller.dial(number);
    await caller.next('CALL_ESTABLISHED', { since: 0, timeoutMs: 15_000 });
    const established = Date.now();
    await expect(agentPage.getByTestId('softphone-call')).toHaveAttribute('data-state', 'ringing', { timeout: 15_000 });
    await agentPage.getByRole('button', { name: 'Contestar' }).click();
    await expect(agentPage.getByTestId('softphone-call')).toHaveAttribute('data-state', 'connected', {
      timeout: 15_000,
    });
    // Answering opened the call's ticket, and the panel still names the caller (not the bridge that carries the call).
    await expect(agentPage).toHaveURL(/\/app\/tickets\/\d+\/view/);
    await expect(agentPage.getByTestId('softphone-remote')).toContainText('+573005550188');
    await expect(agentPage.getByTestId('softphone-channel-call')).toBeVisible();

    // The supervisor sees the live call and listens.
    const row = supervisorPage.locator('[data-testid^="supervision-agent-"]', { hasText: 'Marta Atiende' });
    const monitorButton = row.locator('[data-testid^="supervision-monitor-"]');
    await expect(monitorButton).toBeVisible({ timeout: 15_000 });
    await monitorButton.click();
    const bar = supervisorPage.getByTestId('call-monitor');
    await expect(bar).toHaveAttribute('data-status', 'live', { timeout: 15_000 });
    await expect(bar).toHaveAttribute('data-mode', 'listen');
    const listenAt = Date.now();

    // Listening: the supervisor hears the agent and the customer, each on its own; nobody hears the supervisor.
    await expectHearing(supervisorPage, 'monitor-agent-audio', AGENT_HZ);
    await expectHearing(supervisorPage, 'monitor-customer-audio', CUSTOMER_HZ);
    const before = await packetsFromSupervisor(agentPage);
    await agentPage.waitForTimeout(1000);
    expect(await packetsFromSupervisor(agentPage)).toBe(before);
    await expect(agentPage.getByTestId('softphone-monitor')).toHaveCount(0);
    await agentPage.waitForTimeout(Math.max(0, 4000 - (Date.now() - listenAt)));
    await supervisorPage.screenshot({ path: '/tmp/monitor-listen.png' });
    await expectAccessible(supervisorPage, 'call monitor bar');

    // Whisper: the agent hears the supervisor (and is told so); the customer does not.
    await supervisorPage.getByTestId('call-monitor-whisper').click();
    await expect(bar).toHaveAttribute('data-mode', 'whisper');
    const whisperAt = Date.now();
    await expectHearing(agentPage, 'monitor-supervisor-audio', SUPERVISOR_HZ);
    await expect(agentPage.getByTestId('softphone-monitor')).toHaveAttribute('data-mode', 'whisper');
    await expect(agentPage.getByTestId('softphone-monitor')).toContainText('Sergio');
    await agentPage.screenshot({ path: '/tmp/monitor-whisper-agent.png' });
    await agentPage.waitForTimeout(Math.max(0, 5000 - (Date.now() - whisperAt)));

    // Barge: the customer hears the supervisor too; the supervisor still hears both.
    await supervisorPage.getByTestId('call-monitor-barge').click();
    await expect(bar).toHaveAttribute('data-mode', 'barge');
    // The agent's browser says so once the call sends the mix: the customer's phase starts there.
    await expect(agentPage.getByTestId('softphone-monitor')).toHaveAttribute('data-mode', 'barge');
    const bargeAt = Date.now();
    expect(near((await heardBy(agentPage, 'monitor-supervisor-audio')).hertz, SUPERVISOR_HZ)).toBe(true);
    expect(near((await heardBy(supervisorPage, 'monitor-customer-audio')).hertz, CUSTOMER_HZ)).toBe(true);
    await agentPage.waitForTimeout(Math.max(0, 5000 - (Date.now() - bargeAt)));
    await supervisorPage.screenshot({ path: '/tmp/monitor-barge.png' });

    // The supervisor leaves; the customer hangs up; the recording tells what the customer heard, phase by phase.
    await supervisorPage.getByTestId('call-monitor-stop').click();
    await expect(bar).toHaveCount(0);
    await expect(agentPage.getByTestId('softphone-monitor')).toHaveCount(0, { timeout: 10_000 });
    await agentPage.waitForTimeout(1500);
    const stoppedAt = Date.now();
    await agentPage.waitForTimeout(3000);

    // The bar in English, dark and right to left (a new session: the page reloads to switch).
    await switchToEnglishDarkRtl(supervisorPage);
    await monitorButton.click();
    await expect(bar).toHaveAttribute('data-status', 'live', { timeout: 15_000 });
    await expect(supervisorPage.getByTestId('call-monitor-help')).toHaveText(
      'You hear the agent and the customer; nobody hears you',
    );
    await supervisorPage.screenshot({ path: '/tmp/monitor-en-dark-rtl.png' });
    await expectAccessible(supervisorPage, 'call monitor bar (en, dark, rtl)');
    await caller.command('hangup');
    // The call's end ends the session on the supervisor's side too.
    await expect(bar).toHaveCount(0, { timeout: 10_000 });
    await expect(agentPage.getByTestId('softphone-call')).toHaveAttribute('data-state', 'ended', { timeout: 10_000 });

    const recording = caller.lastRecording() as string;
    const at = (instant: number) => (instant - established) / 1000;
    const window = async (from: number, hertz: number) => bandAmplitude(recording, hertz, at(from) + 1, 3);
    const listenAgent = await window(listenAt, AGENT_HZ);
    // The customer heard the agent throughout, and the supervisor only while barging in.
    expect(listenAgent).toBeGreaterThan(0.01);
    expect(await window(listenAt, SUPERVISOR_HZ)).toBeLessThan(listenAgent / 10);
    expect(await window(whisperAt, SUPERVISOR_HZ)).toBeLessThan(listenAgent / 10);
    expect(await window(whisperAt, AGENT_HZ)).toBeGreaterThan(0.01);
    expect(await window(bargeAt, SUPERVISOR_HZ)).toBeGreaterThan(listenAgent / 4);
    expect(await window(bargeAt, AGENT_HZ)).toBeGreaterThan(0.01);
    // After the supervisor left, the agent's microphone alone again.
    expect(await window(stoppedAt - 1000, SUPERVISOR_HZ)).toBeLessThan(listenAgent / 10);
    expect(await window(stoppedAt - 1000, AGENT_HZ)).toBeGreaterThan(0.01);
  } finally {
    await Promise.all(browsers.map((browser) => browser.close()));
    await caller.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
