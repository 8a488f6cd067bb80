import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { startCallWorker } from '../../apps/server/dist/modules/voice/voice.worker.js';
import { createLogger } from '../../apps/server/dist/platform/logger.js';
import { listen, makeTone } from '../../apps/server/src/test/tones.js';
import { expectAccessible } from '../support/a11y.js';
import { switchToEnglishDarkRtl } from '../support/appearance.js';
import { signIn } from '../support/auth.js';
import { DEMO_PASSWORD } from '../support/env.js';
import {
  agentWithExtension,
  autoAnswerCampaign,
  demoAgentCallsCustomer,
  enableSoftphones,
  energyHeardOver,
  expectAudioBothWays,
  telephonyChannelServedBy,
  watchPeerConnections,
} from '../support/voice.js';

// Issue #21 item 1: two browsers' softphones register with the app's own registrar (Kamailio over wss://…:8089/ws)
// and call each other through rtpengine, inside a network namespace with only loopback (scripts/test.mjs).

const softphone = (page: Page) => page.getByTestId('softphone-panel');
const registration = (page: Page) => page.getByTestId('softphone-registration');
const call = (page: Page) => page.getByTestId('softphone-call');

async function openPhone(browser: Browser, agent: { email: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await watchPeerConnections(page);
  await signIn(page, agent.email, agent.password);
  return page;
}

async function showPanel(page: Page) {
  if (!(await softphone(page).isVisible())) await page.getByRole('button', { name: 'Teléfono' }).click();
  await expect(softphone(page)).toBeVisible();
}

test.beforeAll(async () => {
  await enableSoftphones();
});

test('two softphones register, call, answer, hold, mute, send digits and hang up; a busy one refuses a second call', async ({
  browser,
}) => {
  const ana = await agentWithExtension('3101', 'Ana Llamadas');
  const beto = await agentWithExtension('3102', 'Beto Recibe');
  const carla = await agentWithExtension('3103', 'Carla Insiste');
  const [pageA, pageB, pageC] = [
    await openPhone(browser, ana),
    await openPhone(browser, beto),
    await openPhone(browser, carla),
  ];
  try {
    for (const page of [pageA, pageB, pageC]) {
      await showPanel(page);
      await expect(registration(page)).toHaveAttribute('data-state', 'REGISTERED', { timeout: 20_000 });
    }
    await pageA.screenshot({ path: '/tmp/softphone-registered.png' });

    // Ana calls Beto's extension; Beto's panel rings with her name and he answers.
    await pageA.getByTestId('softphone-number').fill('3102');
    await pageA.getByRole('button', { name: 'Llamar', exact: true }).click();
    await expect(call(pageA)).toHaveAttribute('data-state', /calling|ringing/);
    await expect(softphone(pageB)).toBeVisible();
    await expect(call(pageB)).toHaveAttribute('data-state', 'ringing');
    await expect(pageB.getByTestId('softphone-remote')).toContainText('3101');
    await pageB.screenshot({ path: '/tmp/softphone-ringing.png' });
    await pageB.getByRole('button', { name: 'Contestar' }).click();
    await expect(call(pageA)).toHaveAttribute('data-state', 'connected');
    await expect(call(pageB)).toHaveAttribute('data-state', 'connected');
    await expectAudioBothWays(pageA, pageB);
    await expect(pageA.getByTestId('softphone-timer')).toHaveText(/^00:0[1-9]|^00:[1-5]\d/, { timeout: 5_000 });

    // Carla calls Beto while he is busy: refused, and Beto's call goes on.
    await pageC.getByTestId('softphone-number').fill('3102');
    await pageC.getByRole('button', { name: 'Llamar', exact: true }).click();
    await expect(call(pageC)).toHaveAttribute('data-state', /ended|idle/, { timeout: 15_000 });
    await expect(call(pageB)).toHaveAttribute('data-state', 'connected');
    await expectAccessible(pageB, 'softphone in a call (es, light)');

    // Carla's phone in English, dark, right to left: registered again after the reload, and accessible.
    await switchToEnglishDarkRtl(pageC);
    await pageC.getByRole('button', { name: 'Phone' }).click();
    await expect(registration(pageC)).toHaveAttribute('data-state', 'REGISTERED', { timeout: 20_000 });
    await expect(registration(pageC)).toHaveText('Registered');
    await pageC.screenshot({ path: '/tmp/softphone-en-dark-rtl.png' });
    await expectAccessible(pageC, 'softphone (en, dark, rtl)');

    // Each hears the other's beeps (the fake microphone beeps every second).
    expect(await energyHeardOver(pageB, 2500)).toBeGreaterThan(0.001);
    expect(await energyHeardOver(pageA, 2500)).toBeGreaterThan(0.001);

    // Hold: neither hears the other; resume: they do again.
    await pageA.getByRole('button', { name: 'Retener' }).click();
    await expect(call(pageA)).toHaveAttribute('data-hold', 'true');
    await pageA.waitForTimeout(500);
    expect(await energyHeardOver(pageB, 2500)).toBeLessThan(0.0001);
    expect(await energyHeardOver(pageA, 2500)).toBeLessThan(0.0001);
    await pageA.getByRole('button', { name: 'Reanudar' }).click();
    await expect(call(pageA)).not.toHaveAttribute('data-hold', 'true');
    await expect.poll(() => energyHeardOver(pageB, 1500), { timeout: 10_000 }).toBeGreaterThan(0.001);

    // Mute: Ana no longer hears Beto; unmute: she does again.
    await pageB.getByRole('button', { name: 'Silenciar' }).click();
    await expect(call(pageB)).toHaveAttribute('data-muted', 'true');
    await pageB.waitForTimeout(500);
    expect(await energyHeardOver(pageA, 2500)).toBeLessThan(0.0001);
    await pageB.getByRole('button', { name: 'Activar micrófono' }).click();
    await expect(call(pageB)).not.toHaveAttribute('data-muted', 'true');
    await expect.poll(() => energyHeardOver(pageA, 1500), { timeout: 10_000 }).toBeGreaterThan(0.001);

    // Digits are sent together once a second passes without another.
    for (const key of ['1', '2', '#']) await pageA.getByRole('button', { name: key, exact: true }).click();
    await expect(pageA.getByTestId('softphone-dtmf')).toHaveText('12#', { timeout: 3_000 });
    await pageA.screenshot({ path: '/tmp/softphone-in-call.png' });

    // Ana hangs up: both calls end and the panels close two seconds later.
    await pageA.getByRole('button', { name: 'Colgar' }).click();
    await expect(call(pageB)).toHaveAttribute('data-state', /ended|idle/);
    await expect(softphone(pageB)).toBeHidden({ timeout: 6_000 });
  } finally {
    for (const page of [pageA, pageB, pageC]) await page.context().close();
  }
});

test('a campaign with auto-answer answers by itself after its delay', async ({ browser }) => {
  const eva = await agentWithExtension('3106', 'Eva Llama');
  const fede = await agentWithExtension('3107', 'Fede Automático');
  const campaign = await autoAnswerCampaign(fede.email, 1500);
  const pageE = await openPhone(browser, eva);
  const pageF = await openPhone(browser, fede);
  try {
    // Fede works in the campaign (the header's switcher).
    await pageF.getByTestId('campaign-switcher').click();
    await pageF.getByRole('option', { name: new RegExp(campaign) }).click();
    for (const page of [pageE, pageF]) {
      await showPanel(page);
      await expect(registration(page)).toHaveAttribute('data-state', 'REGISTERED', { timeout: 20_000 });
    }
    await pageE.getByTestId('softphone-number').fill('3107');
    await pageE.getByRole('button', { name: 'Llamar', exact: true }).click();
    await expect(call(pageF)).toHaveAttribute('data-state', 'ringing');
    const rangAt = Date.now();
    await expect(pageF.getByTestId('softphone-auto-answer')).toBeVisible();
    // Nobody clicks: the call connects once the campaign's 1.5 s have passed, not before.
    await expect(call(pageF)).toHaveAttribute('data-state', 'connected', { timeout: 10_000 });
    expect(Date.now() - rangAt).toBeGreaterThanOrEqual(1000);
    await expect(call(pageE)).toHaveAttribute('data-state', 'connected');
    await expectAudioBothWays(pageE, pageF);
    await pageF.getByRole('button', { name: 'Colgar' }).click();
    await expect(call(pageE)).toHaveAttribute('data-state', /ended|idle/);
  } finally {
    for (const page of [pageE, pageF]) await page.context().close();
  }
});

test('an agent calls a customer’s phone number from the ticket view, and each hears the other', async ({ browser }) => {
  const number = '+573005550199';
  const { ticketId } = await demoAgentCallsCustomer('3108', number);
  // The customer's phone: a call worker registered under that number, answering by itself with a 880 Hz tone.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atiende-phone-'));
  const phone = await startCallWorker({
    name: 'customer-phone',
    dir,
    sipPort: 15500,
    controlPort: 24500,
    proxyPort: 5060,
    user: number,
    register: true,
    autoAnswer: true,
    source: await makeTone(path.join(dir, 'tone.wav'), 880),
    record: true,
    logger: createLogger('silent'),
  });
  const page = await openPhone(browser, { email: 'agente@atiende.test', password: DEMO_PASSWORD });
  try {
    await showPanel(page);
    await expect(registration(page)).toHaveAttribute('data-state', 'REGISTERED', { timeout: 20_000 });
    await page.goto(`/v2/app/tickets/${ticketId}/view`);
    await page.getByRole('button', { name: `Llamar a ${number}` }).click();
    await expect(softphone(page)).toBeVisible();
    await expect(call(page)).toHaveAttribute('data-state', 'connected', { timeout: 15_000 });
    await expect(page.getByTestId('softphone-remote')).toContainText(number);
    await page.screenshot({ path: '/tmp/softphone-ticket-call.png' });
    await phone.next('CALL_ESTABLISHED', { since: 0 });
    // The agent hears the phone's tone; the phone hears the agent's microphone.
    await expect.poll(() => energyHeardOver(page, 1500), { timeout: 10_000 }).toBeGreaterThan(0.001);
    // Digits typed on the dialpad reach the phone as telephone events (RFC 2833), together after a second.
    const beforeDigits = phone.events.length;
    for (const key of ['4', '2', '#']) await page.getByRole('button', { name: key, exact: true }).click();
    await expect(page.getByTestId('softphone-dtmf')).toHaveText('42#', { timeout: 3_000 });
    await expect
      .poll(() =>
        phone.events
          .slice(beforeDigits)
          .filter((event) => event.type === 'CALL_DTMF_START')
          .map((event) => event.param)
          .join(''),
      )
      .toBe('42#');
    await page.getByRole('button', { name: 'Colgar' }).click();
    await phone.next('CALL_CLOSED', { since: 0 });
    const heard = await listen(phone.lastRecording() as string);
    expect(heard.seconds).toBeGreaterThan(1);
    expect(heard.amplitude).toBeGreaterThan(0.001);
  } finally {
    await page.context().close();
    await phone.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a customer calls the channel’s number: the caller waits with audio, the agent answers in the ticket, and the call is recorded', async ({
  browser,
}) => {
  const number = '+34910000077';
  const elena = await agentWithExtension('3109', 'Elena Atiende');
  const channel = await telephonyChannelServedBy(elena.email, number);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atiende-caller-'));
  // The customer's phone: a call worker (not registered: a trunk's caller) playing a 880 Hz tone.
  const caller = await startCallWorker({
    name: 'customer-caller',
    dir,
    sipPort: 15504,
    controlPort: 24504,
    proxyPort: 5060,
    user: '+573005550177',
    source: await makeTone(path.join(dir, 'tone.wav'), 880),
    record: true,
    logger: createLogger('silent'),
  });
  const page = await openPhone(browser, elena);
  try {
    await showPanel(page);
    await expect(registration(page)).toHaveAttribute('data-state', 'REGISTERED', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Teléfono' }).click();
    await expect(softphone(page)).toBeHidden();
    await caller.dial(number);
    // It rings the agent: the panel opens by itself, with the customer's number, the ticket and the channel.
    await expect(softphone(page)).toBeVisible({ timeout: 15_000 });
    await expect(call(page)).toHaveAttribute('data-state', 'ringing');
    await expect(page.getByTestId('softphone-remote')).toContainText('+573005550177');
    await expect(page.getByTestId('softphone-channel-call')).toContainText(channel);
    await page.screenshot({ path: '/tmp/softphone-channel-ringing.png' });
    // Meanwhile the caller hears the waiting audio.
    await page.waitForTimeout(2000);
    await page.getByRole('button', { name: 'Contestar' }).click();
    await expect(call(page)).toHaveAttribute('data-state', 'connected', { timeout: 15_000 });
    // Answering opened the call's ticket.
    const ticketId = Number(await page.getByTestId('softphone-channel-call').getAttribute('data-ticket'));
    await expect(page).toHaveURL(new RegExp(`/app/tickets/${ticketId}/view`));
    // Both hear each other through the bridge: the agent the caller's tone, the caller the browser's microphone.
    await expect.poll(() => energyHeardOver(page, 1500), { timeout: 10_000 }).toBeGreaterThan(0.001);
    await page.waitForTimeout(1000);
    await caller.command('hangup');
    await expect(call(page)).toHaveAttribute('data-state', 'ended', { timeout: 10_000 });
    // The timeline shows the call with who answered and how long it lasted.
    const card = page.getByTestId('ticket-call');
    await expect(card).toHaveAttribute('data-status', 'completed', { timeout: 10_000 });
    await expect(card).toContainText('Atendida por Elena Atiende');
    await expect(page.getByTestId('ticket-call-details')).toContainText('Duración 00:0');
    await page.screenshot({ path: '/tmp/softphone-channel-ticket.png' });
    const heard = await listen(caller.lastRecording() as string);
    expect(heard.seconds).toBeGreaterThan(3);
    expect(heard.amplitude).toBeGreaterThan(0.001);
  } finally {
    await page.context().close();
    await caller.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a wrong secret is refused by the registrar', async ({ browser }) => {
  const dario = await agentWithExtension('3104', 'Darío Clave');
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    // The credentials the app receives are tampered with on their way: the registrar must say no.
    await page.route('**/api/v2/voice/credentials', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.result.password = `${body.result.password}x`;
      await route.fulfill({ response, json: body });
    });
    await signIn(page, dario.email, dario.password);
    await showPanel(page);
    await expect(registration(page)).toHaveAttribute('data-state', 'UNREGISTERED', { timeout: 15_000 });
    await page.waitForTimeout(3000);
    await expect(registration(page)).not.toHaveAttribute('data-state', 'REGISTERED');
  } finally {
    await context.close();
  }
});
