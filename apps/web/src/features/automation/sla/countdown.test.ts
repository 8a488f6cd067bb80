import { SLA_WARNING_MINUTES } from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
import { anyCountdown, formatCountdown, metricView, type TicketSlaMetric, WARNING_SECONDS } from './countdown';
import { nextDeadlineIn } from './ticketSla';

const NOW = Date.parse('2026-11-26T12:00:00.000Z');
const at = (seconds: number) => new Date(NOW + seconds * 1000).toISOString();
const running = (dueInSeconds: number | null): TicketSlaMetric => ({
  metric: 'firstResponse',
  state: 'running',
  dueAt: dueInSeconds === null ? null : at(dueInSeconds),
  breachedAt: null,
});

describe('countdown', () => {
  it('formats the time left or past', () => {
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-5)).toBe('00:00');
    expect(formatCountdown(Number.NaN)).toBe('00:00');
    expect(formatCountdown(59)).toBe('00:59');
    expect(formatCountdown(14 * 60 + 59)).toBe('14:59');
    expect(formatCountdown(3600)).toBe('1:00:00');
    expect(formatCountdown(3723)).toBe('1:02:03');
    expect(formatCountdown(2 * 86_400 + 3 * 3600 + 4 * 60 + 5)).toBe('2 d 03:04:05');
  });

  it('warns as the server does', () => {
    expect(WARNING_SECONDS).toBe(SLA_WARNING_MINUTES * 60);
  });

  it('counts down, warns within 15 minutes and turns overdue once the deadline passed', () => {
    expect(metricView(running(3600), NOW)).toEqual({ phase: 'running', tone: 'default', seconds: 3600 });
    expect(metricView(running(15 * 60 + 1), NOW).tone).toBe('default');
    expect(metricView(running(15 * 60), NOW)).toEqual({ phase: 'running', tone: 'warning', seconds: 900 });
    expect(metricView(running(1), NOW)).toEqual({ phase: 'running', tone: 'warning', seconds: 1 });
    expect(metricView(running(0), NOW)).toEqual({ phase: 'overdue', tone: 'error', seconds: 0 });
    expect(metricView(running(-312), NOW)).toEqual({ phase: 'overdue', tone: 'error', seconds: 312 });
    // A second later the view moves on.
    expect(metricView(running(100), NOW + 1000).seconds).toBe(99);
  });

  it('shows met, breached and a metric without a deadline now', () => {
    expect(metricView({ ...running(null), state: 'met' }, NOW).phase).toBe('met');
    expect(metricView({ ...running(-60), state: 'breached', breachedAt: at(-60) }, NOW)).toEqual({
      phase: 'breached',
      tone: 'error',
      seconds: 0,
    });
    expect(metricView(running(null), NOW)).toEqual({ phase: 'idle', tone: 'default', seconds: 0 });
  });

  it('ticks only while a deadline runs, and asks again when the next one passes', () => {
    expect(anyCountdown([running(null), { ...running(60), state: 'met' }])).toBe(false);
    expect(anyCountdown([running(null), running(60)])).toBe(true);
    expect(nextDeadlineIn([running(-10), running(null)], NOW)).toBeNull();
    expect(nextDeadlineIn([running(600), running(60), running(-5)], NOW, 5000)).toBe(65_000);
    expect(nextDeadlineIn([running(86_400)], NOW, 5000, 3600_000)).toBe(3600_000);
  });
});
