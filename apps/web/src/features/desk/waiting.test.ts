import type { OwnQueue, WaitingExplanation } from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
import i18n from '../../core/i18n';
import { ownQueueLines, waitingLines } from './waiting';

const explanation = (overrides: Partial<WaitingExplanation> = {}): WaitingExplanation => ({
  ticketId: 7,
  campaign: { id: 1, name: 'Servicio al cliente' },
  channel: { id: 2, name: 'Chat fuera de horario', open: false },
  position: 3,
  waiting: 4,
  reasons: ['outside-hours', 'no-agent-ready'],
  agents: { serving: 2, ready: 0, withRoom: 0 },
  tasksPerAgent: 10,
  ...overrides,
});

const texts = (lines: ReturnType<typeof waitingLines>, locale: 'es' | 'en') =>
  lines.map((line) => i18n.getFixedT(locale)(line.key, line.values));

describe('why a ticket waits', () => {
  it('gives the queue position and each reason, in both languages', () => {
    expect(texts(waitingLines(explanation()), 'es')).toEqual([
      'Posición 3 de 4 en la cola de Servicio al cliente.',
      'El canal Chat fuera de horario está fuera de su horario de atención: el cliente recibió la respuesta automática de fuera de horario.',
      'Ninguno de los 2 agentes que atienden este canal está en Alistamiento ni en Espera.',
    ]);
    expect(
      texts(
        waitingLines(explanation({ reasons: ['all-at-capacity'], agents: { serving: 1, ready: 1, withRoom: 0 } })),
        'en',
      ),
    ).toEqual([
      'Position 3 of 4 in the Servicio al cliente queue.',
      "The ready agent already holds 10 open tickets, the campaign's limit.",
    ]);
  });

  it('says what comes next when nothing blocks it (only closed hours: a ready agent still takes it)', () => {
    expect(texts(waitingLines(explanation({ reasons: [], position: 1 })), 'en')[1]).toBe(
      'It is the next ticket an agent receives.',
    );
    expect(texts(waitingLines(explanation({ reasons: ['outside-hours'] })), 'es')[2]).toBe(
      'Hay 2 casos antes que este en la cola.',
    );
  });
});

describe('what the agent is not receiving', () => {
  const queue = (estado: OwnQueue['estado'], open: number, waiting = 3): OwnQueue => ({
    estado,
    campaigns: [
      { campaign: { id: 1, name: 'Servicio al cliente' }, waiting, open, tasksPerAgent: 10, autoAssign: true },
      { campaign: { id: 2, name: 'Ventas' }, waiting: 5, open: 0, tasksPerAgent: 10, autoAssign: false },
    ],
  });

  it('a status that receives nothing, with work waiting in routed campaigns', () => {
    expect(texts(ownQueueLines(queue('P', 2), 'P'), 'es')).toEqual([
      '3 conversaciones esperan en sus campañas: las recibe en Alistamiento o Espera.',
    ]);
  });

  it('a campaign whose limit the agent holds', () => {
    expect(texts(ownQueueLines(queue('E', 10), 'E'), 'en')).toEqual([
      'You hold 10 of 10 open tickets in Servicio al cliente: close one to receive more.',
    ]);
  });

  it('only a count when the agent is ready with room, and nothing when nothing waits', () => {
    expect(texts(ownQueueLines(queue('A', 1, 1), 'A'), 'en')).toEqual(['1 conversation waits in your campaigns.']);
    expect(ownQueueLines(queue('A', 1, 0), 'A')).toEqual([]);
  });
});
