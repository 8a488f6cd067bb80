import '@xyflow/react/dist/style.css';
import { botNodeOutlets } from '@atiende/contracts';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import { alpha, useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import {
  applyEdgeChanges,
  applyNodeChanges,
  Background,
  type Connection,
  Controls,
  type EdgeChange,
  type FinalConnectionState,
  Handle,
  type NodeChange,
  type NodeProps,
  Position,
  ReactFlow,
  useReactFlow,
} from '@xyflow/react';
import { createContext, memo, useCallback, useContext, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NODE_ICONS, nodeSummary, outletLabel } from './labels';
import { connectOutlet, deleteEdges, deleteNodes, type FlowNode, type Graph } from './model';

/** What the nodes show besides their data: the start node, nodes and outlets with problems. */
interface Decorations {
  startNodeId: string;
  problemNodes: ReadonlySet<string>;
  missingOutlets: ReadonlySet<string>;
  /** Nodes the test panel's last turn went by (lit up for a moment). */
  activeNodes: ReadonlySet<string>;
  readOnly: boolean;
}

const NO_NODES: ReadonlySet<string> = new Set();

const DecorationsContext = createContext<Decorations>({
  startNodeId: '',
  problemNodes: NO_NODES,
  missingOutlets: NO_NODES,
  activeNodes: NO_NODES,
  readOnly: false,
});

const BotNode = memo(function BotNode({ id, data, selected }: NodeProps<FlowNode>) {
  const { t } = useTranslation();
  const theme = useTheme();
  const decorations = useContext(DecorationsContext);
  const Icon = NODE_ICONS[data.type];
  const outlets = botNodeOutlets(data);
  const problem = decorations.problemNodes.has(id);
  const start = decorations.startNodeId === id;
  const active = decorations.activeNodes.has(id);
  const summary = nodeSummary(data, t);
  return (
    <Box
      data-testid={`bot-node-${id}`}
      data-problem={problem ? 'true' : undefined}
      data-start={start ? 'true' : undefined}
      data-active={active ? 'true' : undefined}
      sx={{
        width: 220,
        bgcolor: 'background.paper',
        color: 'text.primary',
        border: 2,
        borderColor: active ? 'info.main' : selected ? 'text.primary' : 'divider',
        borderRadius: 2,
        boxShadow: active ? `0 0 0 4px ${alpha(theme.palette.info.main, 0.45)}` : selected ? 6 : 1,
        transition: 'border-color 200ms, box-shadow 200ms',
        fontSize: 13,
        outline: problem ? `2px dashed ${theme.palette.error.main}` : undefined,
        outlineOffset: 3,
      }}
    >
      <Handle
        type="target"
        position={Position.Top}
        isConnectable={!decorations.readOnly}
        data-testid={`bot-node-${id}-in`}
        style={{
          width: 14,
          height: 14,
          background: theme.palette.text.secondary,
          borderColor: theme.palette.background.paper,
        }}
      />
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.75,
          px: 1,
          py: 0.75,
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'action.hover',
          borderTopLeftRadius: 6,
          borderTopRightRadius: 6,
        }}
      >
        <Icon fontSize="small" color="primary" />
        <Typography variant="body2" component="span" sx={{ fontWeight: 700, flexGrow: 1 }}>
          {t(`botBuilder.types.${data.type}`)}
        </Typography>
        {problem ? <ErrorOutlineIcon fontSize="small" color="error" data-testid={`bot-node-${id}-problem`} /> : null}
        {start ? (
          <Typography
            variant="caption"
            component="span"
            sx={{ px: 0.75, borderRadius: 1, bgcolor: 'success.main', color: 'success.contrastText', fontWeight: 700 }}
          >
            {t('botBuilder.start')}
          </Typography>
        ) : null}
        <Typography variant="caption" component="span" sx={{ color: 'text.secondary' }}>
          {id}
        </Typography>
      </Box>
      {summary ? (
        <Typography
          variant="body2"
          sx={{
            px: 1,
            pt: 0.75,
            color: 'text.secondary',
            overflow: 'hidden',
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            wordBreak: 'break-word',
          }}
        >
          {summary}
        </Typography>
      ) : null}
      <Box sx={{ py: 0.5 }}>
        {outlets.map((outlet) => {
          const missing = decorations.missingOutlets.has(`${id}|${outlet}`);
          return (
            <Box
              key={outlet}
              sx={{ position: 'relative', display: 'flex', justifyContent: 'flex-end', px: 1.5, py: 0.25 }}
            >
              <Typography
                variant="caption"
                component="span"
                sx={{ color: missing ? 'error.main' : 'text.secondary', fontWeight: missing ? 700 : 400 }}
              >
                {outletLabel(data, outlet, t)}
              </Typography>
              <Handle
                type="source"
                id={outlet}
                position={Position.Right}
                isConnectable={!decorations.readOnly}
                data-testid={`bot-node-${id}-out-${outlet}`}
                style={{
                  width: 14,
                  height: 14,
                  background: missing ? theme.palette.error.main : theme.palette.text.secondary,
                  borderColor: theme.palette.background.paper,
                }}
              />
            </Box>
          );
        })}
      </Box>
    </Box>
  );
});

const NODE_TYPES = { bot: BotNode };

/** Brings a node into view (one just added), keeping the zoom. */
function FocusNode({ focus, graph }: { focus: { id: string; seq: number } | null; graph: Graph }) {
  const flow = useReactFlow();
  const node = focus ? graph.nodes.find((item) => item.id === focus.id) : undefined;
  const x = node?.position.x;
  const y = node?.position.y;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each focus request (seq), not on drags.
  useEffect(() => {
    if (x === undefined || y === undefined) return;
    void flow.setCenter(x + 110, y + 60, { zoom: flow.getZoom(), duration: 200 });
  }, [focus?.seq]);
  return null;
}

export interface FlowCanvasProps {
  graph: Graph;
  onChange: (update: (graph: Graph) => Graph) => void;
  problemNodes: ReadonlySet<string>;
  missingOutlets: ReadonlySet<string>;
  /** Nodes to light up (the test panel's last turn). */
  activeNodes?: ReadonlySet<string>;
  readOnly: boolean;
  /** A node to bring into view (`seq` changes for each request). */
  focus?: { id: string; seq: number } | null;
  height?: number | string;
}

/** The canvas (always left to right, whatever the page's direction): nodes, edges, zoom controls. */
export function FlowCanvas({
  graph,
  onChange,
  problemNodes,
  missingOutlets,
  activeNodes = NO_NODES,
  readOnly,
  focus = null,
  height = 560,
}: FlowCanvasProps) {
  const theme = useTheme();
  const { t } = useTranslation();
  const decorations = useMemo(
    () => ({ startNodeId: graph.startNodeId, problemNodes, missingOutlets, activeNodes, readOnly }),
    [graph.startNodeId, problemNodes, missingOutlets, activeNodes, readOnly],
  );

  const onNodesChange = useCallback(
    (changes: NodeChange<FlowNode>[]) => {
      const removed = changes.flatMap((change) => (change.type === 'remove' ? [change.id] : []));
      const rest = changes.filter((change) => change.type !== 'remove');
      onChange((current) => {
        const next = rest.length ? { ...current, nodes: applyNodeChanges(rest, current.nodes) } : current;
        return removed.length ? deleteNodes(next, removed) : next;
      });
    },
    [onChange],
  );

  const onEdgesChange = useCallback(
    (changes: EdgeChange[]) => {
      const removed = changes.flatMap((change) => (change.type === 'remove' ? [change.id] : []));
      const rest = changes.filter((change) => change.type !== 'remove');
      onChange((current) => {
        const next = rest.length ? { ...current, edges: applyEdgeChanges(rest, current.edges) } : current;
        return removed.length ? deleteEdges(next, removed) : next;
      });
    },
    [onChange],
  );

  const onConnect = useCallback(
    (connection: Connection) => onChange((current) => connectOutlet(current, connection)),
    [onChange],
  );

  // A connection dropped on a node's body (not on its handle) connects to that node too.
  const onConnectEnd = useCallback(
    (event: MouseEvent | TouchEvent, state: FinalConnectionState) => {
      if (state.isValid || !state.fromNode || state.fromHandle?.type !== 'source') return;
      const point = 'changedTouches' in event ? event.changedTouches[0] : event;
      if (!point) return;
      const element = document.elementFromPoint(point.clientX, point.clientY);
      const target = element?.closest('.react-flow__node')?.getAttribute('data-id');
      if (!target) return;
      const source = state.fromNode.id;
      const sourceHandle = state.fromHandle.id ?? 'next';
      onChange((current) => connectOutlet(current, { source, sourceHandle, target }));
    },
    [onChange],
  );

  return (
    <DecorationsContext.Provider value={decorations}>
      <Box
        dir="ltr"
        role="region"
        aria-label={t('botBuilder.canvas')}
        data-testid="bot-canvas"
        sx={{
          height,
          width: '100%',
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
          overflow: 'hidden',
          // The app's right-to-left alignment is not inherited: the canvas reads left to right ('start' is not flipped).
          textAlign: 'start',
          bgcolor: theme.palette.mode === 'dark' ? 'grey.900' : 'grey.50',
          '& .react-flow': {
            '--xy-background-color': 'transparent',
            '--xy-edge-stroke': theme.palette.text.secondary,
            '--xy-edge-stroke-selected': theme.palette.primary.main,
            '--xy-edge-stroke-width': '2',
            '--xy-connectionline-stroke': theme.palette.primary.main,
            '--xy-controls-button-background-color': theme.palette.background.paper,
            '--xy-controls-button-background-color-hover': theme.palette.action.hover,
            '--xy-controls-button-color': theme.palette.text.primary,
            '--xy-controls-button-color-hover': theme.palette.text.primary,
            '--xy-controls-button-border-color': theme.palette.divider,
            '--xy-attribution-background-color': theme.palette.background.paper,
          },
          '& .react-flow__attribution a': { color: 'text.secondary' },
        }}
      >
        <ReactFlow<FlowNode>
          nodes={graph.nodes}
          edges={graph.edges}
          nodeTypes={NODE_TYPES}
          onNodesChange={onNodesChange}
          onEdgesChange={onEdgesChange}
          onConnect={onConnect}
          onConnectEnd={onConnectEnd}
          nodesDraggable={!readOnly}
          nodesConnectable={!readOnly}
          deleteKeyCode={readOnly ? null : ['Delete', 'Backspace']}
          colorMode={theme.palette.mode}
          fitView
          fitViewOptions={{ maxZoom: 1, padding: 0.2 }}
          minZoom={0.2}
        >
          <Background gap={20} color={theme.palette.divider} />
          <Controls showInteractive={false} />
          <FocusNode focus={focus} graph={graph} />
        </ReactFlow>
      </Box>
    </DecorationsContext.Provider>
  );
}
