import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createDomainEvents } from './domain-events.js';

describe('domain events', () => {
  it('runs listeners in order; a failing one is logged and the others still run', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'error' }, { write: (line: string) => lines.push(line) });
    const events = createDomainEvents(logger);
    const heard: string[] = [];
    events.on('ticket.closed', async ({ ticketId }) => {
      heard.push(`first ${ticketId}`);
    });
    events.on('ticket.closed', () => {
      throw new Error('transcript failed');
    });
    const off = events.on('ticket.closed', ({ ticketId }) => heard.push(`third ${ticketId}`));
    await events.emit('ticket.closed', { ticketId: 5 });
    expect(heard).toEqual(['first 5', 'third 5']);
    expect(lines.some((line) => line.includes('domain event listener failed') && line.includes('ticket.closed'))).toBe(
      true,
    );
    off();
    await events.emit('ticket.closed', { ticketId: 6 });
    expect(heard).toEqual(['first 5', 'third 5', 'first 6']);
  });

  it('an event nobody listens to settles at once', async () => {
    const events = createDomainEvents(pino({ level: 'silent' }));
    await expect(events.emit('session.changed', { userId: 1, change: 'opened' })).resolves.toBeUndefined();
    // @ts-expect-error: an event the map does not list
    await events.emit('session.opened', { userId: 1 });
    // @ts-expect-error: a payload the event does not carry
    await events.emit('ticket.closed', { id: 1 });
  });
});
