import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const require = createRequire(import.meta.url);
/** axe-core's browser build, evaluated in the page (through the debugging protocol, so the app's CSP allows it). */
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string; summary: string; html: string }[];
}

/**
 * Runs axe-core (WCAG 2.1 A and AA rules and best practices) on what the page shows now and fails on any serious or
 * critical violation, listing each with the elements involved.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  // The pointer leaves the page first: a tooltip that opens (or fades out) while axe runs is measured half-faded.
  // Tooltips open only on hover or focus here, so none is left once the pointer is out and the last one has gone.
  await page.mouse.move(-1, -1);
  await expect(page.locator('.atiende-tooltip')).toHaveCount(0);
  // Contrast is measured on what is on screen: let fades and transitions that end, end (spinners never do).
  await page.evaluate(async () => {
    type Running = {
      finished: Promise<unknown>;
      effect: { getComputedTiming(): { endTime?: number | string } } | null;
    };
    const doc = (globalThis as unknown as { document: { getAnimations(): Running[] } }).document;
    const finite = doc.getAnimations().filter((animation) => {
      const end = animation.effect?.getComputedTiming().endTime;
      return typeof end === 'number' && Number.isFinite(end);
    });
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
  const loaded = await page.evaluate(() => 'axe' in globalThis);
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (): Promise<Violation[]> => {
    type AxeResult = {
      violations: {
        id: string;
        impact: string | null;
        help: string;
        nodes: { target: unknown[]; failureSummary?: string; html: string }[];
      }[];
    };
    const axe = (globalThis as unknown as { axe: { run: (context: unknown, options: object) => Promise<AxeResult> } })
      .axe;
    const result = await axe.run((globalThis as unknown as { document: unknown }).document, {
      resultTypes: ['violations'],
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.slice(0, 6).map((node) => ({
        target: node.target.map(String).join(' '),
        summary: (node.failureSummary ?? '').split('\n').slice(0, 3).join(' '),
        html: node.html.slice(0, 160),
      })),
    }));
  });
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious, `${label}: serious or critical accessibility violations`).toEqual([]);
}
