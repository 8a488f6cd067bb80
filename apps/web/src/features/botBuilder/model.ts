import {
  BOT_LIMITS,
  type BotEdge,
  type BotFlow,
  type BotFlowProblem,
  type BotNodeData,
  type BotNodeType,
  botFlowProblems,
  botNodeOutlets,
} from '@atiende/contracts';
// Types only: the list page imports this module and must not load the canvas library.
import type { Edge, Node } from '@xyflow/react';

/** A node of the canvas: xyflow's node whose data is the flow node's data. */
export type FlowNode = Node<BotNodeData, 'bot'>;
export type FlowEdge = Edge;

/** What the editor holds: the canvas' nodes and edges and the start node. */
export interface Graph {
  startNodeId: string;
  nodes: FlowNode[];
  edges: FlowEdge[];
}

export const EMPTY_GRAPH: Graph = { startNodeId: '', nodes: [], edges: [] };

/** The edge's id for an outlet: one edge per outlet, so the outlet names it. */
export function edgeId(source: string, sourceHandle: string): string {
  return `e-${source}-${sourceHandle}`.slice(0, 100);
}

/** A saved flow on the canvas: its nodes (with their positions) and edges. */
export function flowToGraph(flow: BotFlow): Graph {
  return {
    startNodeId: flow.startNodeId,
    nodes: flow.nodes.map((node) => ({ id: node.id, type: 'bot', position: { ...node.position }, data: node.data })),
    edges: flow.edges.map((edge) => ({
      id: edge.id,
      source: edge.source,
      sourceHandle: edge.sourceHandle,
      target: edge.target,
    })),
  };
}

/** The canvas as the API's flow (positions rounded: a drag leaves fractions). */
export function graphToFlow(graph: Graph): BotFlow {
  return {
    startNodeId: graph.startNodeId,
    nodes: graph.nodes.map((node) => ({
      id: node.id,
      position: { x: Math.round(node.position.x), y: Math.round(node.position.y) },
      data: node.data,
    })),
    edges: graph.edges.map(
      (edge): BotEdge => ({
        id: edge.id,
        source: edge.source,
        sourceHandle: edge.sourceHandle ?? 'next',
        target: edge.target,
      }),
    ),
  };
}

/** The next free id of the `n1`, `n2`… series (ids of imported flows that do not follow it are kept). */
export function nextNodeId(nodes: readonly { id: string }[]): string {
  const used = new Set(nodes.map((node) => node.id));
  let highest = 0;
  for (const node of nodes) {
    const match = /^n(\d+)$/.exec(node.id);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  let next = highest + 1;
  while (used.has(`n${next}`)) next += 1;
  return `n${next}`;
}

/** The next id of a list's options (`o1`…) or a catch node's rules (`r1`…). */
export function nextItemId(prefix: string, items: readonly { id: string }[]): string {
  const used = new Set(items.map((item) => item.id));
  let next = items.length + 1;
  while (used.has(`${prefix}${next}`)) next += 1;
  return `${prefix}${next}`;
}

/** What a new node of each type starts with (texts empty: the checks ask for them before saving). */
export function defaultNodeData(type: BotNodeType): BotNodeData {
  switch (type) {
    case 'say':
    case 'fallback':
      return { type, text: '' };
    case 'ask':
      return { type, text: '', variable: '' };
    case 'list':
      return { type, text: '', button: '', options: [{ id: 'o1', title: '', description: '' }] };
    case 'catch':
      return { type, rules: [{ id: 'r1', variable: '', operator: 'equals', value: '' }] };
    case 'validator':
      return { type, text: '', variable: '', kind: 'email', pattern: '', options: [], errorText: '', retries: 2 };
    case 'action':
      return { type, action: 'transferToAgent', text: '' };
    case 'goTo':
      return { type, target: '' };
    case 'scheduled':
      return { type };
    case 'webService':
      return { type, method: 'GET', url: '', headers: [], body: '', timeoutMs: 5000, mappings: [] };
    case 'dialogFlow':
      return { type, text: '', languageCode: 'es', intentVariable: 'intencion' };
  }
}

/**
 * Where a new node goes: under the node it follows (the selected one), else under the lowest node; beside the spot
 * when another node holds it (two branches of a list side by side).
 */
export function newNodePosition(nodes: readonly FlowNode[], after?: string | null): { x: number; y: number } {
  if (nodes.length === 0) return { x: 80, y: 40 };
  const anchor =
    nodes.find((node) => node.id === after) ??
    nodes.reduce((low, node) => (node.position.y > low.position.y ? node : low));
  const spot = { x: anchor.position.x, y: anchor.position.y + 200 };
  const taken = () =>
    nodes.some((node) => Math.abs(node.position.x - spot.x) < 200 && Math.abs(node.position.y - spot.y) < 120);
  while (taken()) spot.x += 260;
  return spot;
}

/** Adds a node of this type (the first node becomes the start); says which id it got. */
export function addNode(graph: Graph, type: BotNodeType, after?: string | null): { graph: Graph; id: string } {
  const id = nextNodeId(graph.nodes);
  const node: FlowNode = {
    id,
    type: 'bot',
    position: newNodePosition(graph.nodes, after),
    data: defaultNodeData(type),
    selected: true,
  };
  return {
    id,
    graph: {
      ...graph,
      startNodeId: graph.nodes.length === 0 || !graph.startNodeId ? id : graph.startNodeId,
      nodes: [...graph.nodes.map((other) => (other.selected ? { ...other, selected: false } : other)), node],
    },
  };
}

/**
 * Connects an outlet to a node: an outlet leads to one node, so the edge that left it before goes. Outlets the
 * node does not have, and unknown nodes, change nothing.
 */
export function connectOutlet(
  graph: Graph,
  connection: { source: string; sourceHandle?: string | null; target: string },
): Graph {
  const source = graph.nodes.find((node) => node.id === connection.source);
  const handle = connection.sourceHandle ?? 'next';
  if (!source || !graph.nodes.some((node) => node.id === connection.target)) return graph;
  if (!botNodeOutlets(source.data).includes(handle)) return graph;
  const edges = graph.edges.filter(
    (edge) => !(edge.source === connection.source && (edge.sourceHandle ?? 'next') === handle),
  );
  return {
    ...graph,
    edges: [
      ...edges,
      {
        id: edgeId(connection.source, handle),
        source: connection.source,
        sourceHandle: handle,
        target: connection.target,
      },
    ],
  };
}

/** Selects one node (null: none), as a click on it would. */
export function selectNode(graph: Graph, id: string | null): Graph {
  return {
    ...graph,
    nodes: graph.nodes.map((node) =>
      (node.id === id) === Boolean(node.selected) ? node : { ...node, selected: node.id === id },
    ),
    edges: graph.edges.map((edge) => (edge.selected ? { ...edge, selected: false } : edge)),
  };
}

/** The selected nodes and edges go (the Delete key, or the button). */
export function deleteSelection(graph: Graph): Graph {
  const nodes = graph.nodes.filter((node) => node.selected).map((node) => node.id);
  const edges = graph.edges.filter((edge) => edge.selected).map((edge) => edge.id);
  return deleteEdges(deleteNodes(graph, nodes), edges);
}

/** Removes nodes and every edge that touches them. */
export function deleteNodes(graph: Graph, ids: readonly string[]): Graph {
  const gone = new Set(ids);
  return {
    ...graph,
    nodes: graph.nodes.filter((node) => !gone.has(node.id)),
    edges: graph.edges.filter((edge) => !gone.has(edge.source) && !gone.has(edge.target)),
  };
}

export function deleteEdges(graph: Graph, ids: readonly string[]): Graph {
  const gone = new Set(ids);
  return { ...graph, edges: graph.edges.filter((edge) => !gone.has(edge.id)) };
}

/** Changes a node's data; edges that left by an outlet the node no longer has (a removed option) go. */
export function updateNodeData(graph: Graph, id: string, data: BotNodeData): Graph {
  const outlets = new Set(botNodeOutlets(data));
  return {
    ...graph,
    nodes: graph.nodes.map((node) => (node.id === id ? { ...node, data } : node)),
    edges: graph.edges.filter((edge) => edge.source !== id || outlets.has(edge.sourceHandle ?? 'next')),
  };
}

/** The problems of the flow as the publish check sees them, grouped by node (those of no node under ''). */
export function problemsByNode(problems: readonly BotFlowProblem[]): Map<string, BotFlowProblem[]> {
  const map = new Map<string, BotFlowProblem[]>();
  for (const problem of problems) {
    const key = problem.nodeId ?? '';
    map.set(key, [...(map.get(key) ?? []), problem]);
  }
  return map;
}

/** The live problems of the canvas. */
export function graphProblems(graph: Graph): BotFlowProblem[] {
  return botFlowProblems(graphToFlow(graph));
}

/** Outlets that lead nowhere, as `nodeId|outlet` (the canvas marks their handles). */
export function missingOutlets(problems: readonly BotFlowProblem[]): Set<string> {
  return new Set(
    problems
      .filter((problem) => problem.code === 'missingTarget' && problem.nodeId && problem.outlet)
      .map((problem) => `${problem.nodeId}|${problem.outlet}`),
  );
}

/**
 * Error fields of the flow (the client's zod issues `nodes.3.data.text`, the server's `flow.nodes.3.data.text` or
 * publish problems `nodes.<id>.<outlet>`) by node id: node id → field under the node's data (`text`, '' for the
 * node itself) → message. Errors of no node stay under '' with their field.
 */
export function flowErrorsByNode(
  errors: Record<string, string>,
  nodes: readonly { id: string }[],
): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  const put = (node: string, field: string, message: string) => {
    out[node] = out[node] ?? {};
    if (!(field in out[node])) out[node][field] = message;
  };
  for (const [field, message] of Object.entries(errors)) {
    const path = field.replace(/^flow\./, '');
    const byIndex = /^nodes\.(\d+)(?:\.(.*))?$/.exec(path);
    const indexed = byIndex ? nodes[Number(byIndex[1])] : undefined;
    if (byIndex && indexed) {
      put(indexed.id, (byIndex[2] ?? '').replace(/^data\.?/, ''), message);
      continue;
    }
    const byId = /^nodes\.([A-Za-z0-9_-]+)(?:\.(.*))?$/.exec(path);
    if (byId && nodes.some((node) => node.id === byId[1])) {
      put(byId[1], byId[2] ? `outlet:${byId[2]}` : '', message);
      continue;
    }
    put('', path, message);
  }
  return out;
}

/** A file name for a bot's export: its name without characters file systems refuse. */
export function exportFileName(name: string): string {
  const clean = name.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'bot';
  return `${clean}.json`;
}

/** Serialised state, to tell whether the editor has unsaved changes. */
export function flowSignature(graph: Graph): string {
  return JSON.stringify(graphToFlow(graph));
}

export const MAX_LIST_OPTIONS = BOT_LIMITS.listOptions;
export const MAX_CATCH_RULES = BOT_LIMITS.catchRules;
