// Child process of bench/capacity/run.mjs: a slice of the simulated agents and supervisors, each doing what the
// web app does for them (apps/web/src, cited below), at a human pace, with its own API connections and Socket.IO
// connection; plus, in the same process, the baselines: a socket per user on the bare Socket.IO server and a probe
// of the bare Fastify route. Kept apart from the server so their CPU and memory are not counted as the server's.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { NEW_INBOUND_EVENT, REALTIME_EVENTS, SUPERVISION_EVENT, TICKET_EVENT } from '@atiende/contracts';
import { io } from 'socket.io-client';
import { ApiClient } from './http.mjs';
import {
  between,
  now,
  REALTIME_ASSIGNED,
  REALTIME_BARE,
  REALTIME_CUSTOMER,
  Recorder,
  sleep,
  throttle,
} from './stats.mjs';

const recorder = new Recorder();
let config;
let bare;
const users = [];
/** Events the agents' app sockets received so far (the bare broadcast follows their rate). */
let agentEvents = 0;
const loopDelay = monitorEventLoopDelay({ resolution: 10 });

const STAMP = /\[cap (\S+) (\d+)\/(\d+) @(\d+(?:\.\d+)?)\]/;

/** The stamp the inbound process puts at the start of each customer message. */
function stampOf(text) {
  const match = STAMP.exec(text ?? '');
  return match
    ? { key: `${match[1]}#${match[2]}`, k: Number(match[2]), total: Number(match[3]), sentAt: Number(match[4]) }
    : null;
}

/** Sequenced events are delivered once (apps/web/src/app/realtime.ts, acceptSequenced). */
class Sequence {
  constructor() {
    this.last = 0;
    this.recent = new Set();
  }

  accept(payload) {
    const seq = payload?.seq;
    if (typeof seq !== 'number') return true;
    if (this.recent.has(seq)) return false;
    this.recent.add(seq);
    if (this.recent.size > 2000) this.recent.delete(this.recent.values().next().value);
    if (seq > this.last) this.last = seq;
    return true;
  }
}

/**
 * A query of the web app's cache: one fetch at a time; an invalidation while it runs fetches again once it ends
 * (TanStack cancels and refetches: the server does both). `fresh(ms)` is a `staleTime` check.
 */
class Query {
  constructor(fetch) {
    this.fetch = fetch;
    this.running = null;
    this.again = false;
    this.at = 0;
  }

  refresh() {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        this.at = Date.now();
        await this.fetch();
      } while (this.again);
      this.running = null;
    })();
    return this.running;
  }

  /** Fetches when older than `staleMs` (a mount of a query with that staleTime). */
  mount(staleMs = 0) {
    if (this.running || (staleMs > 0 && Date.now() - this.at < staleMs)) return this.running ?? Promise.resolve();
    return this.refresh();
  }
}

class User {
  constructor(definition) {
    Object.assign(this, definition);
    this.api = new ApiClient(config.appUrl, { recorder, token: definition.token, connections: 4 });
    this.sequence = new Sequence();
    this.running = true;
    this.waiter = null;
    this.woken = false;
    this.socket = null;
    this.bareSocket = null;
    if (config.trace === definition.id) {
      const started = Date.now();
      this.traced = (line) =>
        process.stderr.write(`[${this.kind} ${this.id} +${((Date.now() - started) / 1000).toFixed(1)}s] ${line}\n`);
      this.api.trace = this.traced;
    }
  }

  get(label, path, query) {
    return this.api.call(`GET ${label}`, 'GET', path, { query });
  }

  post(label, path, body) {
    return this.api.call(`POST ${label}`, 'POST', path, { body });
  }

  /**
   * Waits `ms`, or less when `wake()` is called. A wake for new work (`sticky`) that comes while the person is busy
   * (a request in flight) is kept for the next wait; a wake for a fresher ticket only ends a wait in progress.
   */
  idle(ms) {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(
        () => {
          this.waiter = null;
          resolve();
        },
        Math.max(0, ms),
      );
      this.waiter = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  wake(sticky = false) {
    const waiter = this.waiter;
    this.waiter = null;
    if (waiter) waiter();
    else if (sticky) this.woken = true;
  }

  /** The app's socket (apps/web/src/app/realtime.ts): bearer token in `auth`, `resume {lastSeq}` on reconnect. */
  connect() {
    return new Promise((resolve) => {
      let connected = false;
      const socket = io(config.appUrl, {
        path: '/socket.io',
        auth: { token: this.token },
        transports: ['websocket'],
        forceNew: true,
      });
      this.socket = socket;
      socket.on('connect', () => {
        if (connected) {
          recorder.error('socket', 'reconnected');
          if (this.sequence.last > 0) socket.emit('resume', { lastSeq: this.sequence.last });
        }
        connected = true;
        resolve(true);
      });
      socket.on('connect_error', (error) => {
        recorder.error('socket', `connect_error ${error?.message ?? ''}`.trim());
        if (!connected) resolve(false);
      });
      socket.on('disconnect', (reason) => {
        if (this.running) recorder.error('socket', `disconnected (${reason})`);
      });
      socket.onAny((name, payload) => {
        const at = now();
        if (!this.sequence.accept(payload)) return;
        if (this.kind === 'agent') agentEvents += 1;
        recorder.count(`events received by ${this.kind}s`);
        if (name === REALTIME_EVENTS.resync) recorder.error('socket', 'resync received');
        this.traced?.(`event ${name} ${JSON.stringify(payload).slice(0, 160)}`);
        try {
          this.onEvent(name, payload, at);
        } catch (error) {
          recorder.error('harness', `event ${name}: ${error?.message ?? error}`);
        }
      });
    });
  }

  /** The baseline socket: the same user on the bare Socket.IO server, in its campaign's room. */
  connectBare() {
    const socket = io(config.bareUrl, { auth: { room: this.room }, transports: ['websocket'], forceNew: true });
    socket.on('bench', (payload) => recorder.latency(REALTIME_BARE, now() - payload.sentAt));
    socket.on('connect_error', (error) => recorder.error('bare socket', `connect_error ${error?.message ?? ''}`));
    this.bareSocket = socket;
  }

  /** What every signed-in page loads (app/queries.ts, app/campaign.ts, the header's chat badge and pending bell). */
  async loadShell() {
    await Promise.all([
      this.get('/usuario/perfil', '/usuario/perfil'),
      this.get('/empresa', '/empresa'),
      this.get('/supervision/obtenerCampanas', '/supervision/obtenerCampanas'),
      this.get('/internalchat/getMessages', '/internalchat/getMessages'),
      this.pending.refresh(),
    ]);
  }

  async run() {
    while (this.running) {
      try {
        await this.life();
      } catch (error) {
        recorder.error('harness', `${this.kind}: ${error?.stack?.split('\n').slice(0, 2).join(' ') ?? error}`);
        await sleep(1000);
      }
    }
  }

  stop() {
    this.running = false;
    this.wake();
  }

  close() {
    this.socket?.close();
    this.bareSocket?.close();
    return this.api.close();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Agents

const PENDING_QUERY = { sortBy: 'DESC', sortColumn: 'created_at', filter: 'mine', notify: 'unread' };
const CATALOGUE_QUERY = { enabled: 'true', sizePerPage: 200, page: 1, sortName: 'name', sortOrder: 'asc' };
const PAUSES = ['BANO', 'DESCANSO', 'ALMUERZO', 'REUNION', 'CAPACITACION', 'BACKOFFICE'];

class Agent extends User {
  constructor(definition) {
    super(definition);
    this.status = null;
    this.statusQueue = Promise.resolve();
    this.screen = 'shell';
    this.viewing = null;
    this.detail = null;
    this.marking = null;
    this.listRows = [];
    this.listPage = 1;
    this.pendingIds = new Set();
    /** Conversations assigned to this agent: id → {answeredUpTo, finalAnswered, done, assignedAt, measured}. */
    this.work = new Map();
    this.seenStamps = new Set();
    this.nextPauseAt = null;
    const paces = config.paces;
    // features/desk/pending.ts: `GET caso/pendientes` for the stored settings (DEFAULT_PENDING_SETTINGS).
    this.pending = new Query(async () => {
      const answer = await this.get('/caso/pendientes', '/caso/pendientes', PENDING_QUERY);
      if (answer.body) this.pendingIds = new Set(answer.body.casosPendientes.map((item) => item.caso_id));
    });
    // features/tickets/TicketsListPage.tsx: an agent's default list (tickets/model.ts DEFAULT_PREFS, "mine").
    this.list = new Query(async () => {
      const answer = await this.get('/tickets [agent list]', '/tickets', {
        page: this.listPage,
        sizePerPage: 10,
        sortName: 'created_at',
        sortOrder: 'desc',
        selectedStatus: 5,
        agents_filter: 'mine',
      });
      if (answer.body) this.listRows = answer.body.data;
    });
    this.ticketTypes = new Query(() => this.get('/entities/:model', '/entities/tipo-caso', CATALOGUE_QUERY));
    // The pending drawer's OwnQueueNotice (features/desk/WaitingNotices.tsx), loaded while the drawer is open.
    this.ownQueue = new Query(() => this.get('/supervision/agente/cola', '/supervision/agente/cola'));
    // useTicketListLive: ticket and inbound events refetch the list at most every 2 s.
    this.listRefetch = throttle(() => {
      if (this.screen === 'list') void this.list.refresh();
    }, paces.listRefreshMs);
    // TicketViewPage: the ticket, then (campaign, its form) with staleTime 60 s, the customer, earlier tickets.
    this.ticket = new Query(async () => {
      const id = this.viewing;
      // A refetch asked for before the page was left has nothing to load.
      if (id === null) return;
      const answer = await this.get('/tickets/:id', `/tickets/${id}`);
      if (this.viewing !== id) return;
      const work = this.work.get(id);
      if (answer.status === 404 && work) work.done = true;
      if (answer.body) this.seeTicket(answer.body);
    });
    this.campaigns = new Map();
    this.forms = new Map();
    this.customer = new Query(async () => {
      if (this.detail) await this.get('/customers/:id', `/customers/${this.detail.customer.id}`);
    });
    this.earlier = new Query(async () => {
      if (!this.detail) return;
      await this.get('/tickets [earlier tickets]', '/tickets', {
        clients: this.detail.customer.id,
        sizePerPage: 6,
        sortName: 'created_at',
        sortOrder: 'desc',
      });
    });
  }

  // --- status (features/desk/agentStatus.ts: one report at a time, only real changes, model.ts statusBody) ---

  report(target) {
    const run = this.statusQueue.then(() => this.reportNow(target));
    this.statusQueue = run.catch(() => undefined);
    return run;
  }

  async loadState() {
    const answer = await this.get('/supervision/agente/estado', '/supervision/agente/estado');
    if (answer.body) this.status = answer.body;
    return this.status;
  }

  async reportNow(target) {
    const current = this.status ?? (await this.loadState());
    if (current) {
      const same =
        current.estado === target.estado &&
        (target.estado !== 'P' || current.pausa === target.pausa) &&
        (target.estado !== 'G' || current.casoId === target.casoId) &&
        (target.campaignId == null || current.campanaId === target.campaignId);
      if (same) return;
    }
    const since = current ? Math.floor(Date.parse(current.since) / 1000) : null;
    const answer = await this.post('/supervision/agente/estado', '/supervision/agente/estado', {
      estado: target.estado,
      estado_anterior: current?.estado ?? null,
      duracion: since,
      caso_actual: target.estado === 'G' ? (target.casoId ?? null) : null,
      campana_actual: target.campaignId ?? current?.campanaId ?? null,
      pausa: target.estado === 'P' ? target.pausa : null,
    });
    if (answer.body) this.status = answer.body;
    else await this.loadState();
  }

  // --- screens ---

  async start() {
    const [connected] = await Promise.all([this.connect(), this.loadShell()]);
    this.connectBare();
    // settleStatusOnLoad: anything but A (or a pause) becomes A.
    const state = await this.loadState();
    if (state && state.estado !== 'A' && state.estado !== 'P') await this.report({ estado: 'A' });
    await this.openList();
    return connected;
  }

  /** Leaving a page: the ticket view reports E when it was handling that ticket (useHandlingTicket's cleanup). */
  async leave() {
    if (this.screen === 'ticket' && this.status?.estado === 'G' && this.status.casoId === this.viewing) {
      void this.report({ estado: 'E' });
    }
    this.listRefetch.cancel();
    this.screen = 'moving';
    this.viewing = null;
    this.detail = null;
  }

  async openList() {
    await this.leave();
    this.screen = 'list';
    this.listPage = 1;
    await Promise.all([this.list.refresh(), this.ticketTypes.refresh()]);
  }

  async openTicket(id) {
    if (this.screen === 'ticket' && this.viewing === id) return;
    await this.leave();
    this.screen = 'ticket';
    this.viewing = id;
    await this.ticket.refresh();
    const detail = this.detail;
    if (!detail || this.viewing !== id) return;
    const campaignId = detail.campaign.id;
    const campaign = this.campaigns.get(campaignId) ?? new Query(() => this.loadCampaign(campaignId));
    this.campaigns.set(campaignId, campaign);
    await Promise.all([campaign.mount(60_000), this.customer.refresh(), this.earlier.refresh()]);
  }

  async loadCampaign(id) {
    const answer = await this.get('/campaigns/:id', `/campaigns/${id}`);
    const formId = answer.body?.formId;
    if (!formId) return;
    const form = this.forms.get(formId) ?? new Query(() => this.get('/dynamic-forms/:id', `/dynamic-forms/${formId}`));
    this.forms.set(formId, form);
    await form.mount(60_000);
  }

  /** A fresh ticket on screen (useTicketLive, useHandlingTicket). */
  seeTicket(ticket) {
    this.detail = ticket;
    const work = this.work.get(ticket.id);
    if (work?.assignedAt && !work.measured) {
      work.measured = true;
      const first = this.inboundOf(ticket).find((message) => message.stamp?.k === 1);
      if (first) recorder.latency(REALTIME_ASSIGNED, work.assignedAt - first.stamp.sentAt);
    }
    // An unread ticket is marked read, then the lists and the pending drawer are refetched.
    if (ticket.unread && this.marking !== ticket.id) {
      this.marking = ticket.id;
      void this.post('/tickets/:id/leido', `/tickets/${ticket.id}/leido`).then(() => {
        this.marking = null;
        if (this.screen === 'ticket') void this.earlier.refresh();
        void this.pending.refresh();
      });
    }
    const handling = ticket.assigned?.id === this.id && ticket.status < 3;
    if (handling) void this.report({ estado: 'G', casoId: ticket.id, campaignId: ticket.campaign.id });
    else if (this.status?.estado === 'G' && this.status.casoId === ticket.id) void this.report({ estado: 'E' });
    this.wake();
  }

  inboundOf(ticket) {
    return ticket.interactions
      .flatMap((interaction) => interaction.messages.map((message) => ({ ...message, interactionId: interaction.id })))
      .filter((message) => message.direction === 0)
      .map((message) => ({ ...message, stamp: stampOf(message.text) }));
  }

  // --- realtime (useTicketListLive, useTicketLive, usePendingLive with model.ts applyPendingEvent) ---

  onEvent(name, payload, at) {
    if (name === TICKET_EVENT) {
      const mine = payload.asignado === this.id;
      if (payload.tipo === 'asignado') {
        if (mine && !this.pendingIds.has(payload.casoId)) void this.pending.refresh();
        if (!mine) this.pendingIds.delete(payload.casoId);
        if (mine) this.assigned(payload.casoId, at);
      } else if (['escalado', 'transferido', 'nuevo'].includes(payload.tipo)) {
        void this.pending.refresh();
      } else if (payload.tipo === 'cerrado') {
        this.pendingIds.delete(payload.casoId);
      }
      this.onScreen(payload.casoId, payload.asignado);
    } else if (name === NEW_INBOUND_EVENT) {
      if (payload.item?.asignado === this.id) {
        this.pendingIds.add(payload.casoId);
        const stamp = stampOf(payload.item.contenido);
        if (!stamp) recorder.count('inbound events without a stamp');
        else if (!this.seenStamps.has(stamp.key)) {
          this.seenStamps.add(stamp.key);
          recorder.latency(REALTIME_CUSTOMER, at - stamp.sentAt);
        }
        this.assigned(payload.casoId, null);
      }
      this.onScreen(payload.casoId, payload.item?.asignado);
    } else if (name === REALTIME_EVENTS.messageStatus || name === REALTIME_EVENTS.messageChanged) {
      if (this.screen === 'ticket' && payload.casoId === this.viewing) void this.ticket.refresh();
    } else if (name === REALTIME_EVENTS.resync) {
      void this.pending.refresh();
      if (this.screen === 'list') void this.list.refresh();
    }
  }

  /** useTicketListLive with model.ts listMayChange: an agent's "mine" list follows its own tickets and its rows. */
  onScreen(ticketId, assignee) {
    if (this.screen === 'list') {
      if (assignee === this.id || this.listRows?.some((row) => row.id === ticketId)) this.listRefetch();
    } else if (this.screen === 'ticket' && ticketId === this.viewing) void this.ticket.refresh();
  }

  /** Work for this agent: the person notices after a reaction time (the pending drawer's sound and badge). */
  assigned(ticketId, at) {
    let work = this.work.get(ticketId);
    if (!work) {
      work = { answeredUpTo: 0, finalAnswered: false, done: false, assignedAt: at, measured: false, since: Date.now() };
      this.work.set(ticketId, work);
      recorder.count('conversations assigned');
      setTimeout(() => this.wake(true), between(config.paces.reactMinMs, config.paces.reactMaxMs));
    } else if (work.done) {
      return;
    }
  }

  nextWork() {
    for (const [id, work] of this.work) if (!work.done) return id;
    return null;
  }

  // --- the person ---

  async life() {
    if (this.nextPauseAt !== null && Date.now() >= this.nextPauseAt && this.nextWork() === null) {
      await this.takePause();
      return;
    }
    const id = this.nextWork();
    if (id !== null) {
      await this.converse(id);
      return;
    }
    await this.browse();
  }

  /** Answers each customer message after a human delay, records the form's task after the last one, closes. */
  async converse(id) {
    const paces = config.paces;
    const work = this.work.get(id);
    if (this.viewing !== id) {
      // The bell rang: the drawer opens (its list is the header's query, refetched when older than 30 s) and the
      // agent clicks the conversation.
      await Promise.all([this.pending.mount(30_000), this.ownQueue.refresh()]);
      await this.idleFor(between(500, 1500));
    }
    await this.openTicket(id);
    let lastActivity = Date.now();
    while (this.running && !work.done) {
      const detail = this.detail;
      if (!detail || detail.id !== id || detail.status === 4 || detail.assigned?.id !== this.id) {
        work.done = true;
        break;
      }
      const unanswered = this.inboundOf(detail).filter((message) => message.id > work.answeredUpTo);
      if (unanswered.length > 0) {
        // A reply that failed is sent again as written (the person clicks send again).
        if (!work.resend) await this.writeReply(detail, between(paces.replyMinMs, paces.replyMaxMs));
        work.resend = false;
        if (!this.running) break;
        // Answered: everything the customer wrote until the reply went out.
        const current = this.inboundOf(this.detail?.id === id ? this.detail : detail);
        const latest = current.at(-1);
        const answer = await this.post('/tickets/:id/messages', `/tickets/${id}/messages`, {
          text: `Con gusto le ayudo con eso. (respuesta a ${latest?.stamp?.k ?? '?'})`,
          interactionId: latest?.interactionId,
        });
        if (answer.status === 201) {
          recorder.count('replies sent');
          work.answeredUpTo = Math.max(...current.map((message) => message.id));
          if (current.some((message) => message.stamp && message.stamp.k === message.stamp.total)) {
            work.finalAnswered = true;
          }
          // useSendReply: the ticket and the pending drawer are refetched.
          void this.ticket.refresh();
          void this.pending.refresh();
        } else {
          work.resend = true;
          await this.idleFor(between(2000, 5000));
        }
        lastActivity = Date.now();
        continue;
      }
      if (work.finalAnswered) {
        await this.finish(id);
        work.done = true;
        break;
      }
      const silence = paces.customerSilenceMs - (Date.now() - lastActivity);
      if (silence <= 0) {
        // The customer went quiet: the conversation is wrapped up like a finished one.
        recorder.count('conversations closed after the customer went quiet');
        work.finalAnswered = true;
        continue;
      }
      await this.idle(silence);
    }
    // A moment on the closed ticket, then back to the list.
    if (this.running) await this.idleFor(between(1000, 3000));
    if (this.running && this.nextWork() === null) await this.openList();
  }

  /** Reading, then typing: the web chat's typing notice goes out at most every 3 s while typing (ReplyComposer). */
  async writeReply(ticket, delayMs) {
    const typingMs = Math.min(delayMs, between(4000, 12_000));
    await this.idleFor(delayMs - typingMs);
    const typingEnds = Date.now() + typingMs;
    while (this.running && Date.now() < typingEnds) {
      void this.post('/tickets/:id/webchat-typing', `/tickets/${ticket.id}/webchat-typing`, {});
      await this.idleFor(Math.min(3000, typingEnds - Date.now()));
    }
  }

  /** Waits the whole time (typing, filling the form: not interrupted by events). */
  idleFor(ms) {
    return sleep(Math.max(0, ms));
  }

  async finish(id) {
    const paces = config.paces;
    // TicketComposer: the campaign's form, then the close action (SidePanel), each refetching tickets and pending.
    await this.idleFor(between(paces.taskMinMs, paces.taskMaxMs));
    const task = await this.post('/tickets/:id/tasks', `/tickets/${id}/tasks`, {
      values: config.taskValues,
      notes: 'Se atendió al cliente por chat y quedó conforme.',
    });
    // useTicketMutation: the answer replaces the ticket, then every ticket query on screen and the drawer refetch.
    if (task.body) this.seeTicket(task.body);
    void this.ticket.refresh();
    void this.pending.refresh();
    void this.earlier.refresh();
    await this.idleFor(between(2000, 5000));
    const closed = await this.post('/tickets/:id/close', `/tickets/${id}/close`);
    if (closed.body) {
      recorder.count('conversations closed');
      this.seeTicket(closed.body);
    }
    void this.ticket.refresh();
    void this.pending.refresh();
    void this.earlier.refresh();
  }

  /** Between conversations: the list, now and then one of the agent's tickets, the next page. */
  async browse() {
    const paces = config.paces;
    if (this.screen !== 'list') await this.openList();
    await this.idle(between(paces.listDwellMinMs, paces.listDwellMaxMs));
    if (!this.running || this.nextWork() !== null || this.pauseDue()) return;
    const roll = Math.random();
    if (roll < 0.5 && this.listRows.length > 0) {
      await this.openTicket(this.listRows[Math.floor(Math.random() * this.listRows.length)].id);
      await this.idle(between(paces.viewDwellMinMs, paces.viewDwellMaxMs));
      if (this.running && this.nextWork() === null) await this.openList();
    } else if (roll < 0.7) {
      this.listPage = this.listPage === 1 ? 2 : 1;
      await this.list.refresh();
    }
  }

  pauseDue() {
    return this.nextPauseAt !== null && Date.now() >= this.nextPauseAt;
  }

  /** A pause with a reason (the status menu), the lock screen, then unlocking: A, and the agent picks E again. */
  async takePause() {
    const paces = config.paces;
    await this.leave();
    this.screen = 'locked';
    await this.report({ estado: 'P', pausa: PAUSES[Math.floor(Math.random() * PAUSES.length)] });
    recorder.count('pauses');
    await this.idleFor(paces.pauseLengthMs * between(0.75, 1.25));
    this.nextPauseAt += paces.pauseEveryMs;
    // unlockAgent: the state is read again, then A.
    await this.loadState();
    await this.report({ estado: 'A' });
    await this.idleFor(between(1000, 3000));
    await this.report({ estado: 'E' });
    await this.openList();
  }

  async begin() {
    // The agent picks "Espera" in the status menu once the desk is on screen.
    await this.idleFor(between(1000, 3000));
    await this.report({ estado: 'E' });
    await this.run();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Supervisors

const SUPERVISOR_PAGES = ['agents', 'queues', 'tickets'];

class Supervisor extends User {
  constructor(definition) {
    super(definition);
    const paces = config.paces;
    this.page = 'shell';
    this.agentTickets = new Map();
    this.pending = new Query(() => this.get('/caso/pendientes', '/caso/pendientes', PENDING_QUERY));
    // features/supervision/api.ts: the agents table, the queues (also every 15 s), each refetched on events at
    // most every 3 s.
    this.agents = new Query(async () => {
      const answer = await this.get('/supervision/agentes', '/supervision/agentes');
      if (answer.body) {
        this.agentTickets = new Map(answer.body.map((row) => [row.id, row.currentTicket?.id ?? null]));
      }
    });
    this.queues = new Query(() => this.get('/supervision/colas', '/supervision/colas'));
    this.list = new Query(() =>
      this.get('/tickets [supervisor list]', '/tickets', {
        page: 1,
        sizePerPage: 10,
        sortName: 'created_at',
        sortOrder: 'desc',
        selectedStatus: 5,
        agents_filter: 'all',
      }),
    );
    this.colleagues = new Query(() => this.get('/usuario', '/usuario'));
    this.ticketTypes = new Query(() => this.get('/entities/:model', '/entities/tipo-caso', CATALOGUE_QUERY));
    const onPage = (page, query) => () => {
      if (this.page === page) void query.refresh();
    };
    this.agentsRefetch = throttle(onPage('agents', this.agents), paces.supervisionRefreshMs);
    this.queuesRefetch = throttle(onPage('queues', this.queues), paces.supervisionRefreshMs);
    this.listRefetch = throttle(onPage('tickets', this.list), paces.listRefreshMs);
    this.queuesTimer = null;
  }

  async start() {
    const [connected] = await Promise.all([this.connect(), this.loadShell()]);
    this.connectBare();
    await this.open(SUPERVISOR_PAGES[this.room % SUPERVISOR_PAGES.length]);
    return connected;
  }

  async open(page) {
    clearInterval(this.queuesTimer);
    for (const refetch of [this.agentsRefetch, this.queuesRefetch, this.listRefetch]) refetch.cancel();
    this.page = page;
    if (page === 'agents') await this.agents.refresh();
    if (page === 'queues') {
      this.queuesTimer = setInterval(() => void this.queues.refresh(), config.paces.queuesIntervalMs);
      await this.queues.refresh();
    }
    if (page === 'tickets') {
      await Promise.all([this.list.refresh(), this.colleagues.mount(60_000), this.ticketTypes.refresh()]);
    }
  }

  onEvent(name, payload) {
    if (name === SUPERVISION_EVENT) {
      const state = payload?.kind === 'agent' ? payload.state : null;
      // useLiveAgents: the row is patched; a ticket the row cannot name yet makes it refetch.
      if (state && state.casoId !== null && this.agentTickets.get(state.userId) !== state.casoId) {
        this.agentTickets.set(state.userId, state.casoId);
        this.agentsRefetch();
      }
      this.queuesRefetch();
    } else if (name === TICKET_EVENT) {
      this.agentsRefetch();
      this.queuesRefetch();
      this.listRefetch();
    } else if (name === NEW_INBOUND_EVENT) {
      this.queuesRefetch();
      this.listRefetch();
    } else if (name === REALTIME_EVENTS.resync) {
      void this.pending.refresh();
      if (this.page === 'agents') void this.agents.refresh();
      if (this.page === 'queues') void this.queues.refresh();
      if (this.page === 'tickets') void this.list.refresh();
    }
  }

  /** The supervision pages and the tickets list in turn, each for a while. */
  async life() {
    const paces = config.paces;
    await this.idle(between(paces.supervisorDwellMinMs, paces.supervisorDwellMaxMs));
    if (!this.running) return;
    await this.open(SUPERVISOR_PAGES[(SUPERVISOR_PAGES.indexOf(this.page) + 1) % SUPERVISOR_PAGES.length]);
  }

  begin() {
    return this.run();
  }

  stop() {
    clearInterval(this.queuesTimer);
    super.stop();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The process

/** The bare route's probe: the same kind of request through the same process, at a fixed rate. */
async function probeBare() {
  const period = 1000 / config.bareHttpPerSecond;
  while (config.probing) {
    void bare.call('GET bare Fastify route', 'GET', '/bare', { raw: true });
    await sleep(period * between(0.5, 1.5));
  }
}

async function startUsers(rampMs) {
  const spacing = users.length > 1 ? rampMs / users.length : 0;
  const started = await Promise.all(
    users.map(async (user, index) => {
      await sleep(index * spacing);
      try {
        return await user.start();
      } catch (error) {
        recorder.error('harness', `start: ${error?.message ?? error}`);
        return false;
      }
    }),
  );
  for (const user of users) void user.begin();
  return started.filter(Boolean).length;
}

process.on('message', async (message) => {
  if (message.type === 'init') {
    config = message.config;
    bare = new ApiClient(config.bareUrl, { recorder, connections: 4 });
    for (const definition of config.users)
      users.push(definition.kind === 'agent' ? new Agent(definition) : new Supervisor(definition));
    process.send({ type: 'ready' });
  } else if (message.type === 'start') {
    const connected = await startUsers(message.rampMs);
    process.send({ type: 'started', connected });
  } else if (message.type === 'phase') {
    recorder.phase = message.phase;
    recorder.recording = message.phase === 'measure';
    if (message.phase === 'warmup') {
      config.probing = true;
      void probeBare();
      for (const user of users) {
        if (user instanceof Agent) user.nextPauseAt = Date.now() + Math.random() * config.paces.pauseEveryMs;
      }
    }
    if (message.phase === 'measure') loopDelay.enable();
  } else if (message.type === 'counts') {
    const agents = users.filter((user) => user instanceof Agent).length;
    process.send({ type: 'counts', events: agentEvents, agents });
  } else if (message.type === 'stop') {
    recorder.recording = false;
    loopDelay.disable();
    config.probing = false;
    for (const user of users) user.stop();
    const deadline = Date.now() + 10_000;
    while (users.some((user) => user.api.inFlight > 0) && Date.now() < deadline) await sleep(50);
    process.send({
      type: 'report',
      record: recorder.toJSON(),
      eventLoop: { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 },
      work: users
        .filter((user) => user instanceof Agent)
        .reduce((sum, user) => sum + [...user.work.values()].filter((work) => !work.done).length, 0),
    });
    await Promise.all(users.map((user) => user.close()));
    await bare.close();
    process.exit(0);
  }
});
process.send({ type: 'loaded' });
