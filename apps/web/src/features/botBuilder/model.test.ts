import { BOT_NODE_TYPES, type BotFlow, botFlowSchema } from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
import {
  addNode,
  connectOutlet,
  defaultNodeData,
  deleteNodes,
  deleteSelection,
  EMPTY_GRAPH,
  exportFileName,
  flowErrorsByNode,
  flowToGraph,
  graphProblems,
  graphToFlow,
  missingOutlets,
  nextNodeId,
  problemsByNode,
  selectNode,
  updateNodeData,
} from './model';

const flow: BotFlow = {
  startNodeId: 'n1',
  nodes: [
    { id: 'n1', position: { x: 0, y: 0 }, data: { type: 'say', text: 'Hola' } },
    {
      id: 'n2',
      position: { x: 0, y: 200 },
      data: {
        type: 'list',
        text: '¿Qué necesitas?',
        button: 'Ver',
        options: [
          { id: 'o1', title: 'Ventas', description: '' },
          { id: 'o2', title: 'Soporte', description: '' },
        ],
      },
    },
    { id: 'n3', position: { x: -200, y: 400 }, data: { type: 'action', action: 'transferToAgent', text: '' } },
    { id: 'n4', position: { x: 200, y: 400 }, data: { type: 'action', action: 'finishConversation', text: '' } },
  ],
  edges: [
    { id: 'e1', source: 'n1', sourceHandle: 'next', target: 'n2' },
    { id: 'e2', source: 'n2', sourceHandle: 'option:o1', target: 'n3' },
    { id: 'e3', source: 'n2', sourceHandle: 'option:o2', target: 'n4' },
    { id: 'e4', source: 'n2', sourceHandle: 'other', target: 'n2' },
  ],
};

describe('bot builder model', () => {
  it('turns a flow into the canvas and back unchanged (positions rounded)', () => {
    const graph = flowToGraph(flow);
    expect(graph.nodes.map((node) => [node.id, node.type])).toEqual([
      ['n1', 'bot'],
      ['n2', 'bot'],
      ['n3', 'bot'],
      ['n4', 'bot'],
    ]);
    expect(graph.edges[1]).toEqual({ id: 'e2', source: 'n2', sourceHandle: 'option:o1', target: 'n3' });
    expect(graphToFlow(graph)).toEqual(flow);
    const dragged = { ...graph, nodes: graph.nodes.map((node) => ({ ...node, position: { x: 10.4, y: 20.6 } })) };
    expect(graphToFlow(dragged).nodes[0].position).toEqual({ x: 10, y: 21 });
  });

  it('adds nodes with unique ids, the first one as the start, selected, under the one it follows', () => {
    const first = addNode(EMPTY_GRAPH, 'say');
    expect(first.id).toBe('n1');
    expect(first.graph.startNodeId).toBe('n1');
    const second = addNode(first.graph, 'list', 'n1');
    expect(second.id).toBe('n2');
    expect(second.graph.startNodeId).toBe('n1');
    expect(second.graph.nodes.map((node) => Boolean(node.selected))).toEqual([false, true]);
    expect(second.graph.nodes[1].position.y).toBeGreaterThan(second.graph.nodes[0].position.y);
    expect(nextNodeId([{ id: 'n1' }, { id: 'start' }, { id: 'n7' }])).toBe('n8');
    // A second node after the same one goes beside the first instead of over it.
    const third = addNode(second.graph, 'action', 'n2');
    const fourth = addNode(third.graph, 'action', 'n2');
    const [, , a, b] = fourth.graph.nodes;
    expect(a.position.y).toBe(b.position.y);
    expect(b.position.x - a.position.x).toBe(260);
  });

  it('gives every node type data of its shape (the schema accepts it once its texts are filled)', () => {
    for (const type of BOT_NODE_TYPES) {
      const data = defaultNodeData(type);
      expect(data.type).toBe(type);
    }
    const filled = {
      startNodeId: 'n1',
      nodes: [{ id: 'n1', position: { x: 0, y: 0 }, data: { ...defaultNodeData('say'), text: 'Hola' } }],
      edges: [],
    };
    expect(botFlowSchema.safeParse(filled).success).toBe(true);
  });

  it('connects an outlet to one node: a new connection replaces the old edge', () => {
    let graph = flowToGraph(flow);
    graph = connectOutlet(graph, { source: 'n2', sourceHandle: 'option:o1', target: 'n4' });
    const fromOption = graph.edges.filter((edge) => edge.source === 'n2' && edge.sourceHandle === 'option:o1');
    expect(fromOption).toEqual([{ id: 'e-n2-option:o1', source: 'n2', sourceHandle: 'option:o1', target: 'n4' }]);
    expect(graph.edges).toHaveLength(4);
    // An outlet the node does not have, or an unknown node, changes nothing.
    expect(connectOutlet(graph, { source: 'n2', sourceHandle: 'next', target: 'n3' })).toBe(graph);
    expect(connectOutlet(graph, { source: 'n1', sourceHandle: 'next', target: 'n9' })).toBe(graph);
  });

  it('deleting a node removes the edges that touch it; deleting the selection removes selected edges too', () => {
    const graph = deleteNodes(flowToGraph(flow), ['n2']);
    expect(graph.nodes.map((node) => node.id)).toEqual(['n1', 'n3', 'n4']);
    expect(graph.edges).toEqual([]);
    const selected = flowToGraph(flow);
    selected.edges[2] = { ...selected.edges[2], selected: true };
    const withNode = selectNode(selected, 'n3');
    expect(withNode.edges.some((edge) => edge.selected)).toBe(false);
    const after = deleteSelection({ ...withNode, edges: selected.edges });
    expect(after.nodes.map((node) => node.id)).toEqual(['n1', 'n2', 'n4']);
    expect(after.edges.map((edge) => edge.id)).toEqual(['e1', 'e4']);
  });

  it('drops the edges of outlets a node no longer has (a removed option)', () => {
    const graph = flowToGraph(flow);
    const list = graph.nodes[1].data;
    if (list.type !== 'list') throw new Error('list expected');
    const next = updateNodeData(graph, 'n2', { ...list, options: [list.options[0]] });
    expect(next.edges.map((edge) => edge.id)).toEqual(['e1', 'e2', 'e4']);
  });

  it('finds the problems per node: outlets leading nowhere, unreachable nodes', () => {
    expect(graphProblems(flowToGraph(flow))).toEqual([]);
    let graph = deleteNodes(flowToGraph(flow), ['n4']);
    graph = addNode(graph, 'say').graph;
    const problems = graphProblems(graph);
    const byNode = problemsByNode(problems);
    expect(byNode.get('n2')).toEqual([{ code: 'missingTarget', nodeId: 'n2', outlet: 'option:o2' }]);
    expect(
      byNode
        .get('n4')
        ?.map((problem) => problem.code)
        .sort(),
    ).toEqual(['missingTarget', 'unreachable']);
    expect(missingOutlets(problems)).toEqual(new Set(['n2|option:o2', 'n4|next']));
    expect(graphProblems({ ...graph, startNodeId: 'zz' })[0]).toEqual({ code: 'noStart' });
  });

  it('maps error fields (client, server save, server publish) onto the nodes', () => {
    const nodes = [{ id: 'n1' }, { id: 'n2' }];
    expect(
      flowErrorsByNode(
        {
          'nodes.1.data.text': 'Requerido',
          'flow.nodes.0.data.options.0.title': 'Muy largo',
          'nodes.n1.next': 'Esta salida no lleva a ningún nodo',
          'nodes.n2': 'Ningún camino llega a este nodo',
          nodes: 'El bot necesita al menos un nodo',
        },
        nodes,
      ),
    ).toEqual({
      n1: { 'options.0.title': 'Muy largo', 'outlet:next': 'Esta salida no lleva a ningún nodo' },
      n2: { text: 'Requerido', '': 'Ningún camino llega a este nodo' },
      '': { nodes: 'El bot necesita al menos un nodo' },
    });
  });

  it('names the export file after the bot', () => {
    expect(exportFileName('Bot de ventas')).toBe('Bot de ventas.json');
    expect(exportFileName('a/b:c')).toBe('a b c.json');
    expect(exportFileName('  ')).toBe('bot.json');
  });
});
