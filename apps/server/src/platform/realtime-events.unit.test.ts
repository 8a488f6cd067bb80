import {
  CUSTOMER_IMPORT_PROGRESS_EVENT,
  REALTIME_EVENTS,
  type RealtimeEventName,
  type RealtimePayload,
  TICKET_EVENT,
} from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
import type { Realtime } from './realtime.js';

/**
 * The realtime event map (contracts/realtime.ts) at the type level: `npm run typecheck` compiles this file, and each
 * `@ts-expect-error` below fails the build the day an emitter may send a name or payload the map does not allow.
 * At run time the same calls go to a recording stand-in for the socket server.
 */
function recorder() {
  const sent: { event: string; payload: unknown }[] = [];
  const record = <E extends RealtimeEventName>(event: E, payload: RealtimePayload<E>) => {
    sent.push({ event, payload });
    return Promise.resolve();
  };
  const realtime = {
    toUser: (_userId, event, payload) => record(event, payload),
    toCampaign: (_campaignId, event, payload) => record(event, payload),
    toSupervisors: (_campaignIds, event, payload) => record(event, payload),
    toTicketReaders: (_campaignId, _assignedUserId, event, payload) => record(event, payload),
    volatileToTicketReaders: (_campaignId, _assignedUserId, event, payload) => void record(event, payload),
    volatileToUser: (_userId, event, payload) => void record(event, payload),
    toAll: (event, payload) => void record(event, payload),
  } satisfies Partial<Realtime>;
  return { realtime, sent };
}

describe('the realtime event map', () => {
  it('accepts the events it lists with their payloads', async () => {
    const { realtime, sent } = recorder();
    await realtime.toUser(1, REALTIME_EVENTS.ticketExit, { casoId: 4 });
    await realtime.toCampaign(2, TICKET_EVENT, {
      tipo: 'nuevo',
      casoId: 4,
      campanaId: 2,
      asignado: null,
      asignadoNombre: null,
    });
    await realtime.toUser(1, CUSTOMER_IMPORT_PROGRESS_EVENT, { id: 3, processed: 10, total: 20 });
    realtime.toAll(REALTIME_EVENTS.businessChanged, { id: 1 });
    expect(sent.map((entry) => entry.event)).toEqual([
      'ticket-exit',
      'CasoActualizadoEvent',
      'customer-import-progress',
      'business-changed',
    ]);
  });

  it('refuses, at compile time, a name or a payload it does not allow', async () => {
    const { realtime, sent } = recorder();
    // @ts-expect-error: an event name the map does not list
    await realtime.toUser(1, 'ticket-exited', { casoId: 4 });
    // @ts-expect-error: a payload field the event does not carry
    await realtime.toUser(1, REALTIME_EVENTS.ticketExit, { ticketId: 4 });
    // @ts-expect-error: a payload field of the wrong type
    await realtime.toUser(1, REALTIME_EVENTS.ticketExit, { casoId: '4' });
    // @ts-expect-error: a ticket event without its campaign and assignee
    await realtime.toCampaign(2, TICKET_EVENT, { tipo: 'nuevo', casoId: 4 });
    // @ts-expect-error: one event's payload under another's name
    realtime.toAll(REALTIME_EVENTS.businessChanged, { casoId: 4 });
    // The stand-in records whatever it gets: only the compiler stands guard, which is what this file checks.
    expect(sent).toHaveLength(5);
  });
});
