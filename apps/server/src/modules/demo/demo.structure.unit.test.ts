import { isWithinBusinessHours } from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO_AFTER_HOURS_HOURS, DEMO_WEBCHAT_HOURS } from './demo.structure.js';

/** Every hour of a week (UTC), from a Monday: the README walkthrough must work whenever `npm start` runs. */
const hoursOfAWeek = Array.from(
  { length: 7 * 24 * 4 },
  (_, quarter) => new Date(Date.UTC(2026, 10, 23) + quarter * 900_000),
);

describe('demo web chats', () => {
  it('the site’s chat is within its business hours at every moment of the week', () => {
    expect(hoursOfAWeek.every((at) => isWithinBusinessHours(DEMO_WEBCHAT_HOURS, at))).toBe(true);
  });

  it('the out-of-hours chat never is', () => {
    expect(hoursOfAWeek.some((at) => isWithinBusinessHours(DEMO_AFTER_HOURS_HOURS, at))).toBe(false);
  });
});
