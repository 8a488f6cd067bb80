import type { TicketSla } from '@atiende/contracts';

/** One metric of `GET /tickets/:id/sla`. */
export type TicketSlaMetric = TicketSla['metrics'][number];

/**
 * What a metric's countdown shows at `now`:
 * - `running`: time left to the deadline (`warning` within SLA_WARNING_MINUTES of it);
 * - `overdue`: still running on the server but the deadline passed (time since it);
 * - `idle`: running without a deadline now (e.g. no customer waiting for the next response);
 * - `met` / `breached`: as the server says.
 */
export type MetricPhase = 'running' | 'overdue' | 'idle' | 'met' | 'breached';
export type MetricTone = 'default' | 'warning' | 'error' | 'success';

export interface MetricView {
  phase: MetricPhase;
  tone: MetricTone;
  /** Whole seconds left (running) or since the deadline (overdue); 0 otherwise. */
  seconds: number;
}

/**
 * The contracts' SLA_WARNING_MINUTES (15), in seconds. Not imported: the contracts' SLA module would bring its
 * schemas and the conditions' into the ticket view's chunk (countdown.test.ts checks the two agree).
 */
export const WARNING_SECONDS = 15 * 60;

export function metricView(metric: TicketSlaMetric, now: number): MetricView {
  if (metric.state === 'met') return { phase: 'met', tone: 'success', seconds: 0 };
  if (metric.state === 'breached') return { phase: 'breached', tone: 'error', seconds: 0 };
  const due = metric.dueAt ? Date.parse(metric.dueAt) : Number.NaN;
  if (Number.isNaN(due)) return { phase: 'idle', tone: 'default', seconds: 0 };
  const left = Math.ceil((due - now) / 1000);
  if (left <= 0) return { phase: 'overdue', tone: 'error', seconds: Math.floor((now - due) / 1000) };
  return { phase: 'running', tone: left <= WARNING_SECONDS ? 'warning' : 'default', seconds: left };
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A countdown's time: "04:59" under an hour, "1:02:03" under a day, "2 d 03:04:05" beyond (the same in es and en).
 * Negative or invalid values read "00:00".
 */
export function formatCountdown(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  if (days > 0) return `${days} d ${pad(hours)}:${pad(minutes)}:${pad(rest)}`;
  if (hours > 0) return `${hours}:${pad(minutes)}:${pad(rest)}`;
  return `${pad(minutes)}:${pad(rest)}`;
}

/** Whether any metric counts down now (the view then ticks every second). */
export function anyCountdown(metrics: readonly TicketSlaMetric[]): boolean {
  return metrics.some((metric) => metric.state === 'running' && metric.dueAt !== null);
}
