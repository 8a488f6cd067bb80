/*
 * Agent statuses, pause reasons and the supervision event: constants and the pure functions over them, without zod. The schemas are in agents.ts; these stay apart
 * so a web page that needs a constant does not download zod and every schema with it (docs/performance.md).
 */
/** Agent status codes (spec section 4) with their colours. */
export const AGENT_STATUS = {
  D: { nombre: 'DESCONECTADO', color: '#616161' },
  A: { nombre: 'ALISTAMIENTO', color: '#fbc02d' },
  E: { nombre: 'ESPERA', color: '#43a047' },
  G: { nombre: 'GESTIÓN', color: '#e53935' },
  P: { nombre: 'PAUSA', color: '#1a237e' },
} as const;
export type AgentStatusCode = keyof typeof AGENT_STATUS;
export const AGENT_STATUS_CODES = Object.keys(AGENT_STATUS) as AgentStatusCode[];

/**
 * The list of states `GET listaestados/simple` returns: pause reasons plus L (login), which the client leaves out
 * of the pause menu (spec: labels with spaces turned to underscores, type PAUSAR_ESTADO).
 */
export const STATE_LIST = [
  { nombre: 'L', etiqueta: 'LOGIN' },
  { nombre: 'BANO', etiqueta: 'BAÑO' },
  { nombre: 'DESCANSO', etiqueta: 'DESCANSO' },
  { nombre: 'ALMUERZO', etiqueta: 'ALMUERZO' },
  { nombre: 'REUNION', etiqueta: 'REUNIÓN' },
  { nombre: 'CAPACITACION', etiqueta: 'CAPACITACIÓN' },
  { nombre: 'RETROALIMENTACION', etiqueta: 'RETROALIMENTACIÓN' },
  { nombre: 'PROBLEMAS MEDICOS', etiqueta: 'PROBLEMAS MÉDICOS' },
  { nombre: 'AUSENTE', etiqueta: 'AUSENTE' },
  { nombre: 'BACKOFFICE', etiqueta: 'BACKOFFICE' },
] as const;
export const PAUSE_REASONS = STATE_LIST.filter((state) => state.nombre !== 'L').map((state) => state.nombre);
/** The menu action type of a pause entry. */
export const PAUSE_ACTION_TYPE = 'PAUSAR_ESTADO';
/** Menu label of a pause state: spaces turned to underscores (spec section 4). */
export const pauseLabel = (nombre: string) => nombre.replace(/ /g, '_');

/**
 * The agent menu's transitions (spec section 4): Disconnected and Pause are shown disabled (pause ends only by
 * unlocking); Preparation goes to Waiting; Waiting and Handling go to any pause.
 */
export function agentMenuTargets(current: AgentStatusCode): ('E' | 'P')[] {
  if (current === 'A') return ['E'];
  if (current === 'E' || current === 'G') return ['P'];
  return [];
}

/** The private event a forced change sends the agent (spec: estado.nombre, estado.pausa, forzadoPor). */
export interface ForcedStatusEvent {
  estado: { nombre: AgentStatusCode; pausa: string | null };
  forzadoPor: { id: number; nombre: string };
}

/**
 * Why work waits instead of being with an agent; several can hold at once. `outside-hours`: the channel is closed
 * now (the customer got its out-of-hours answer); `auto-assign-off`: the campaign assigns by hand;
 * `no-agent-serves-channel`: no enabled agent of the campaign serves the channel (with the required skills);
 * `no-agent-ready`: none of those is in a ready status (A or E); `all-at-capacity`: the ready ones all hold the
 * campaign's tasks-per-agent limit of open tickets.
 */
export const WAITING_REASONS = [
  'outside-hours',
  'auto-assign-off',
  'no-agent-serves-channel',
  'no-agent-ready',
  'all-at-capacity',
] as const;
export type WaitingReason = (typeof WAITING_REASONS)[number];
/** The supervision room's event: an agent's state changed or a queue moved (clients refetch or patch). */
export const SUPERVISION_EVENT = 'supervision-update';
