import { type AgentState, type ForcedStatusEvent, REALTIME_EVENTS } from '@atiende/contracts';
import { useEffect, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { getSelectedCampaign, useUserCampaigns } from '../../app/campaign';
import { usePermissions } from '../../app/queries';
import { onRealtimeEvent } from '../../app/realtime';
import { clearSession, getSession, getToken, setPaused, useSession } from '../../core/session';
import { fetchAgentState, postAgentStatus } from './api';
import { forcedStatusOutcome, type StatusTarget, shouldReport, statusOnLoad } from './model';

/**
 * The signed-in agent's status (spec section 4, "Agent status codes"), kept in one module-level store so the header
 * menu, the ticket view, the campaign switcher and the lock screen share it. Reports go out one at a time in the
 * order they were asked for (a reload's "A" never overtakes the ticket view's "G").
 */
interface AgentStatusStore {
  /** The session the state belongs to; another token starts over. */
  token: string | null;
  state: AgentState | null;
  /** The load-time status (spec: profile reload sets A) has been settled. */
  ready: boolean;
}

let store: AgentStatusStore = { token: null, state: null, ready: false };
const listeners = new Set<() => void>();
let queue: Promise<unknown> = Promise.resolve();

function current(): AgentStatusStore {
  const token = getToken();
  if (store.token !== token) store = { token, state: null, ready: false };
  return store;
}

function update(patch: Partial<AgentStatusStore>): void {
  store = { ...current(), ...patch };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function snapshot(): AgentStatusStore {
  return current();
}

/** Runs status work after the work asked for before it (errors do not break the queue). */
function enqueue<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

export function getAgentState(): AgentState | null {
  return current().state;
}

export function useAgentStatusStore(): AgentStatusStore {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

async function loadState(): Promise<AgentState | null> {
  try {
    const state = await fetchAgentState();
    update({ state });
    return state;
  } catch (error) {
    console.warn('agent status could not be loaded', error);
    return current().state;
  }
}

/** One report, run inside the queue: only a real change goes out (spec). */
async function reportNow(target: StatusTarget): Promise<AgentState | null> {
  if (!getToken()) return null;
  const before = current().state ?? (await loadState());
  const wanted: StatusTarget = { ...target, campaignId: target.campaignId ?? getSelectedCampaign()?.id ?? null };
  if (!shouldReport(before, wanted)) return before;
  const next = await postAgentStatus(before, wanted);
  update({ state: next });
  return next;
}

/**
 * Reports a wanted status when it differs from the current one (spec). Rejects with the API error (409 for a move
 * the menu does not allow, 422 for a missing or unknown pause reason) so the caller can tell the user.
 */
export function reportAgentStatus(target: StatusTarget): Promise<AgentState | null> {
  return enqueue(() => reportNow(target));
}

/** The same without telling anyone about a failure (background reports: only logged, spec section 8). */
export function reportQuietly(target: StatusTarget): void {
  reportAgentStatus(target).catch((error: unknown) => console.warn('agent status not reported', error));
}

/**
 * Load time (spec: profile reload sets A when not paused): a server pause puts the agent at the lock screen,
 * anything but A becomes A.
 */
export function settleStatusOnLoad(): Promise<void> {
  return enqueue(async () => {
    const state = await loadState();
    if (state) {
      const action = statusOnLoad(state.estado, getSession().paused);
      if (action === 'pause') setPaused(true);
      if (action === 'ready') {
        try {
          update({
            state: await postAgentStatus(state, { estado: 'A', campaignId: getSelectedCampaign()?.id ?? null }),
          });
        } catch (error) {
          console.warn('agent status not reported', error);
        }
      }
    }
    update({ ready: true });
  });
}

/** Changing campaign (spec): the agent becomes ready (A) in it, unless handling a ticket. */
export function campaignChanged(campaignId: number | null): void {
  const state = current().state;
  if (!state || state.estado === 'G' || state.estado === 'P' || state.estado === 'D') return;
  reportQuietly({ estado: 'A', campaignId });
}

/** After unlocking (spec): status A; the caller clears the pause flag. Failures are only logged. */
export async function unlockAgent(): Promise<void> {
  await enqueue(async () => {
    if (!getToken()) return;
    const state = await loadState();
    // Offline (D) means no agent status to restore (a non-agent at the lock screen); A is already there.
    if (!state || state.estado === 'A' || state.estado === 'D') return;
    try {
      update({ state: await postAgentStatus(state, { estado: 'A' }) });
    } catch (error) {
      console.warn('agent status not reported', error);
    }
  });
}

/** A forced change from a supervisor: the stored status follows it; the caller applies the navigation. */
export function applyForcedStatus(event: ForcedStatusEvent) {
  const outcome = forcedStatusOutcome(event, getSession().paused);
  const state = current().state;
  update({
    state: {
      userId: state?.userId ?? getSession().user?.id ?? 0,
      campanaId: state?.campanaId ?? null,
      casoId: outcome.state.estado === 'G' ? (state?.casoId ?? null) : null,
      since: new Date().toISOString(),
      ...outcome.state,
    },
  });
  return outcome;
}

/** Listens for the forced status event (header and lock screen) and follows it. */
export function useForcedStatus(): void {
  const navigate = useNavigate();
  useEffect(
    () =>
      onRealtimeEvent(REALTIME_EVENTS.forcedStatus, (event) => {
        if (!event?.estado?.nombre) return;
        const outcome = applyForcedStatus(event);
        if (outcome.signOut) {
          clearSession();
        } else {
          setPaused(outcome.paused);
        }
        if (outcome.navigateTo) void navigate(outcome.navigateTo, { replace: true });
      }),
    [navigate],
  );
}

/** Agents (spec section 6): users who serve a campaign and may change their status. Others see no status menu. */
export function useIsDeskAgent(): boolean {
  const { can } = usePermissions();
  const campaigns = useUserCampaigns();
  return can('cambiar-estado-usuario') && (campaigns.data ?? []).some((campaign) => campaign.rol === 'agent');
}

/**
 * The ticket view (spec): opening a ticket assigned to me reports G with the ticket; leaving it (or once it is
 * closed) reports E.
 */
export function useHandlingTicket(
  ticket: { id: number; status: number; assigned: { id: number } | null; campaign: { id: number } } | undefined,
): void {
  const agent = useIsDeskAgent();
  const { ready } = useAgentStatusStore();
  const { user } = useSession();
  const ticketId = ticket?.id ?? null;
  const campaignId = ticket?.campaign.id ?? null;
  const handling =
    agent && ready && ticket !== undefined && user !== null && ticket.assigned?.id === user.id && ticket.status < 3;
  useEffect(() => {
    if (!handling || ticketId === null) return;
    const logged = (error: unknown) => console.warn('agent status not reported', error);
    void enqueue(async () => {
      const state = getAgentState();
      if (state?.estado === 'P' || state?.estado === 'D') return;
      await reportNow({ estado: 'G', casoId: ticketId, campaignId }).catch(logged);
    });
    return () => {
      void enqueue(async () => {
        const state = getAgentState();
        if (state?.estado === 'G' && state.casoId === ticketId) await reportNow({ estado: 'E' }).catch(logged);
      });
    };
  }, [handling, ticketId, campaignId]);
}
