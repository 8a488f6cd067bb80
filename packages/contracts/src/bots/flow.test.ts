import { describe, expect, it } from 'vitest';
import { type BotFlow, botFlowProblems, botFlowSchema } from './flow.js';

const at = { x: 0, y: 0 };
const flow = (value: unknown): BotFlow => botFlowSchema.parse(value);

describe('bot flows', () => {
  it('refuses a flow with no node (“Bot needs at least one node”) and repeated node ids', () => {
    const empty = botFlowSchema.safeParse({ startNodeId: 'start', nodes: [], edges: [] });
    expect(empty.success ? [] : empty.error.issues.map((issue) => issue.message)).toContain('i18n:bots.needsNode');
    const twice = botFlowSchema.safeParse({
      startNodeId: 'a',
      nodes: [
        { id: 'a', position: at, data: { type: 'say', text: 'Hola' } },
        { id: 'a', position: at, data: { type: 'say', text: 'Otra vez' } },
      ],
    });
    expect(twice.success ? [] : twice.error.issues.map((issue) => issue.message)).toContain('i18n:bots.duplicateNode');
  });

  it('finds nothing wrong in a complete flow, goTo loops included', () => {
    const complete = flow({
      startNodeId: 'welcome',
      nodes: [
        { id: 'welcome', position: at, data: { type: 'say', text: 'Hola' } },
        {
          id: 'menu',
          position: at,
          data: { type: 'list', text: '¿Qué desea?', options: [{ id: 'pedido', title: 'Mi pedido' }] },
        },
        { id: 'agent', position: at, data: { type: 'action', action: 'transferToAgent' } },
        { id: 'again', position: at, data: { type: 'goTo', target: 'menu' } },
      ],
      edges: [
        { id: 'e1', source: 'welcome', target: 'menu' },
        { id: 'e2', source: 'menu', sourceHandle: 'option:pedido', target: 'agent' },
        { id: 'e3', source: 'menu', sourceHandle: 'other', target: 'again' },
      ],
    });
    expect(botFlowProblems(complete)).toEqual([]);
  });

  it('marks unreachable nodes, outlets leading nowhere, unknown outlets and targets, and transfers without campaign', () => {
    const broken = flow({
      startNodeId: 'welcome',
      nodes: [
        { id: 'welcome', position: at, data: { type: 'say', text: 'Hola' } },
        {
          id: 'check',
          position: at,
          data: {
            type: 'validator',
            text: 'Su correo',
            variable: 'correo',
            kind: 'email',
            errorText: 'No es un correo',
          },
        },
        { id: 'lost', position: at, data: { type: 'action', action: 'transferToCampaign' } },
        { id: 'jump', position: at, data: { type: 'goTo', target: 'nowhere' } },
      ],
      edges: [
        { id: 'e1', source: 'welcome', target: 'check' },
        { id: 'e2', source: 'check', sourceHandle: 'valid', target: 'jump' },
        { id: 'e3', source: 'check', sourceHandle: 'maybe', target: 'welcome' },
        { id: 'e4', source: 'welcome', sourceHandle: 'next', target: 'ghost' },
      ],
    });
    expect(botFlowProblems(broken)).toEqual(
      expect.arrayContaining([
        { code: 'missingTarget', nodeId: 'check', outlet: 'invalid' },
        { code: 'unknownOutlet', nodeId: 'check', outlet: 'maybe' },
        { code: 'unknownTarget', nodeId: 'welcome', outlet: 'next' },
        { code: 'goToUnknown', nodeId: 'jump' },
        { code: 'campaignRequired', nodeId: 'lost' },
        { code: 'unreachable', nodeId: 'lost' },
      ]),
    );
    expect(botFlowProblems(flow({ ...broken, startNodeId: 'gone' }))).toContainEqual({ code: 'noStart' });
  });
});
