import {
  ALL_STATUSES,
  CHANNEL_TYPE_KEYS,
  type ChannelTypeKey,
  canTransition,
  type PermissionExpression,
  REPLY_WINDOW_HOURS,
  TICKET_PAGE_SIZES,
  TICKET_PRIORITY,
  TICKET_SORT_COLUMNS,
  TICKET_STATUS,
  type Ticket,
  type TicketAction,
} from '@atiende/contracts';
import type { TableQuery } from '../../ui/DataTable';

/** Statuses in order (0 new .. 4 closed) with their translation key suffix and theme palette colour. */
export const STATUS_KEYS = Object.keys(TICKET_STATUS) as (keyof typeof TICKET_STATUS)[];
export const PRIORITY_KEYS = Object.keys(TICKET_PRIORITY) as (keyof typeof TICKET_PRIORITY)[];

export type ChipColor = 'default' | 'primary' | 'secondary' | 'error' | 'info' | 'success' | 'warning';

/** Status chip colours (theme palette): new info, open primary, escalated warning, transferred secondary, closed default. */
export const STATUS_COLORS: Record<number, ChipColor> = {
  [TICKET_STATUS.new]: 'info',
  [TICKET_STATUS.open]: 'primary',
  [TICKET_STATUS.escalated]: 'warning',
  [TICKET_STATUS.transferred]: 'secondary',
  [TICKET_STATUS.closed]: 'default',
};

export const PRIORITY_COLORS: Record<number, ChipColor> = {
  [TICKET_PRIORITY.low]: 'default',
  [TICKET_PRIORITY.medium]: 'info',
  [TICKET_PRIORITY.high]: 'error',
};

export function statusKey(status: number): string {
  return STATUS_KEYS[status] ?? 'new';
}

export function priorityKey(priority: number): string {
  return PRIORITY_KEYS[priority] ?? 'medium';
}

// ---------------------------------------------------------------------------------------------------------------
// List filters ↔ query string

export type AgentsFilter = 'mine' | 'unassigned' | 'all';
export const AGENTS_FILTERS: readonly AgentsFilter[] = ['mine', 'unassigned', 'all'];

export interface TicketListFilters {
  /** 0-4 one status, 5 all. */
  selectedStatus: number;
  priorities: number[];
  campaigns: number[];
  agentsFilter: AgentsFilter;
  /** YYYY-MM-DD or ''. */
  from: string;
  to: string;
  unreadOnly: boolean;
  /** Assigned to any of these users (supervisors). */
  users: number[];
  ticketTypes: number[];
  channelTypes: ChannelTypeKey[];
}

export const DEFAULT_FILTERS: TicketListFilters = {
  selectedStatus: ALL_STATUSES,
  priorities: [],
  campaigns: [],
  agentsFilter: 'all',
  from: '',
  to: '',
  unreadOnly: false,
  users: [],
  ticketTypes: [],
  channelTypes: [],
};

export interface TicketListPrefs {
  sortName: (typeof TICKET_SORT_COLUMNS)[number];
  sortOrder: 'asc' | 'desc';
  sizePerPage: number;
}

export const DEFAULT_PREFS: TicketListPrefs = { sortName: 'created_at', sortOrder: 'desc', sizePerPage: 10 };
export const LIST_PREFS_KEY = 'tickets.list.prefs';
const PAGE_SIZES: readonly number[] = TICKET_PAGE_SIZES;

/** Sort and page size remembered in localStorage (anything invalid falls back to created_at desc, 10). */
export function parsePrefs(raw: string | null): TicketListPrefs {
  if (!raw) return { ...DEFAULT_PREFS };
  try {
    const value = JSON.parse(raw) as Partial<TicketListPrefs>;
    return {
      sortName: (TICKET_SORT_COLUMNS as readonly string[]).includes(String(value.sortName))
        ? (value.sortName as TicketListPrefs['sortName'])
        : DEFAULT_PREFS.sortName,
      sortOrder: value.sortOrder === 'asc' || value.sortOrder === 'desc' ? value.sortOrder : DEFAULT_PREFS.sortOrder,
      sizePerPage: PAGE_SIZES.includes(Number(value.sizePerPage))
        ? Number(value.sizePerPage)
        : DEFAULT_PREFS.sizePerPage,
    };
  } catch {
    return { ...DEFAULT_PREFS };
  }
}

export function readPrefs(): TicketListPrefs {
  try {
    return parsePrefs(window.localStorage.getItem(LIST_PREFS_KEY));
  } catch {
    return { ...DEFAULT_PREFS };
  }
}

export function writePrefs(query: Pick<TableQuery, 'sortName' | 'sortOrder' | 'sizePerPage'>): void {
  try {
    window.localStorage.setItem(
      LIST_PREFS_KEY,
      JSON.stringify({ sortName: query.sortName, sortOrder: query.sortOrder, sizePerPage: query.sizePerPage }),
    );
  } catch {
    // Storage unavailable: not remembered.
  }
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The API's query parameters (spec's tickets filter) for a table query and the filters; lists comma-separated. */
export function filtersToParams(query: TableQuery, filters: TicketListFilters): Record<string, string | number> {
  const params: Record<string, string | number> = {
    page: query.page,
    sizePerPage: query.sizePerPage,
    sortName: query.sortName,
    sortOrder: query.sortOrder,
    selectedStatus: filters.selectedStatus,
    agents_filter: filters.agentsFilter,
  };
  if (query.searchText.trim()) params.searchText = query.searchText.trim();
  if (filters.priorities.length > 0) params.priorities = filters.priorities.join(',');
  if (filters.campaigns.length > 0) params.campaigns = filters.campaigns.join(',');
  if (DATE.test(filters.from)) params.from = filters.from;
  if (DATE.test(filters.to)) params.to = filters.to;
  if (filters.unreadOnly) params.unreadOnly = 'true';
  if (filters.users.length > 0) params.users = filters.users.join(',');
  if (filters.ticketTypes.length > 0) params.ticket_types = filters.ticketTypes.join(',');
  if (filters.channelTypes.length > 0) params.channel_types = filters.channelTypes.join(',');
  return params;
}

/** The same as a URL query string (the page's address keeps the filters). */
export function filtersToSearch(query: TableQuery, filters: TicketListFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filtersToParams(query, filters))) params.set(key, String(value));
  return params.toString();
}

function idList(value: string | null): number[] {
  if (!value) return [];
  return value
    .split(',')
    .map((item) => Number(item))
    .filter((item) => Number.isInteger(item) && item >= 0);
}

/**
 * Reads a query string back (invalid values fall back to the defaults/prefs). `null` when the string carries no
 * filter at all, so the page can apply its own defaults (header campaign, remembered sort).
 */
export function searchToFilters(
  search: string | URLSearchParams,
  prefs: TicketListPrefs = DEFAULT_PREFS,
): { query: TableQuery; filters: TicketListFilters } | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  if ([...params.keys()].length === 0) return null;
  const page = Number(params.get('page'));
  const size = Number(params.get('sizePerPage'));
  const sortName = params.get('sortName') ?? '';
  const sortOrder = params.get('sortOrder');
  const status = Number(params.get('selectedStatus') ?? ALL_STATUSES);
  const agents = params.get('agents_filter') as AgentsFilter | null;
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return {
    query: {
      page: Number.isInteger(page) && page >= 1 ? page : 1,
      sizePerPage: PAGE_SIZES.includes(size) ? size : prefs.sizePerPage,
      sortName: (TICKET_SORT_COLUMNS as readonly string[]).includes(sortName) ? sortName : prefs.sortName,
      sortOrder: sortOrder === 'asc' || sortOrder === 'desc' ? sortOrder : prefs.sortOrder,
      searchText: params.get('searchText') ?? '',
    },
    filters: {
      selectedStatus: Number.isInteger(status) && status >= 0 && status <= ALL_STATUSES ? status : ALL_STATUSES,
      priorities: idList(params.get('priorities')).filter((value) => value <= 2),
      campaigns: idList(params.get('campaigns')).filter((value) => value > 0),
      agentsFilter: agents && AGENTS_FILTERS.includes(agents) ? agents : 'all',
      from: DATE.test(from) ? from : '',
      to: DATE.test(to) ? to : '',
      unreadOnly: params.get('unreadOnly') === 'true',
      users: idList(params.get('users')).filter((value) => value > 0),
      ticketTypes: idList(params.get('ticket_types')).filter((value) => value > 0),
      channelTypes: (params.get('channel_types') ?? '')
        .split(',')
        .filter((key): key is ChannelTypeKey => (CHANNEL_TYPE_KEYS as readonly string[]).includes(key)),
    },
  };
}

/** "All" in the agents filter: only for non-agents, or when the selected campaign allows all tickets (spec 5). */
export function agentsFilterOptions(isAgent: boolean, allowAllTickets: boolean | undefined): AgentsFilter[] {
  return !isAgent || allowAllTickets !== false ? ['mine', 'unassigned', 'all'] : ['mine', 'unassigned'];
}

/** The one campaign all the selected rows share, or null when they span several (or none is selected). */
export function sharedCampaign<T extends { campaign: { id: number } }>(rows: readonly T[]): number | null {
  if (rows.length === 0) return null;
  const first = rows[0]?.campaign.id ?? null;
  return rows.every((row) => row.campaign.id === first) ? first : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Ticket view

export type TicketLayout = 'two_column' | 'three_column';
export const DEFAULT_LAYOUT: TicketLayout = 'three_column';

export function parseLayout(raw: string | null): TicketLayout {
  return raw === 'two_column' || raw === 'three_column' ? raw : DEFAULT_LAYOUT;
}

export type ViewAction = TicketAction;

interface ActionTicket {
  status: number;
  transfer: { toUser: { id: number } | null; toCampaign: { id: number } | null } | null;
}

/**
 * Which actions the view offers: the permission for each (open/escalate editar-caso, close cerrar-caso, transfer
 * transferir-caso, merge fusionar-caso) and the state machine; accept/reject only for the pending transfer's
 * recipient (the user, or a member of the target campaign when it is a campaign transfer).
 */
export function availableActions(
  ticket: ActionTicket,
  can: (permission: PermissionExpression) => boolean,
  me: { id: number | null; campaignIds?: readonly number[] },
): Record<ViewAction, boolean> {
  const recipient =
    ticket.transfer !== null &&
    (ticket.transfer.toUser
      ? ticket.transfer.toUser.id === me.id
      : ticket.transfer.toCampaign !== null && (me.campaignIds ?? []).includes(ticket.transfer.toCampaign.id));
  return {
    open: can('editar-caso') && canTransition('open', ticket.status),
    escalate: can('editar-caso') && canTransition('escalate', ticket.status),
    close: can('cerrar-caso') && canTransition('close', ticket.status),
    transfer: can('transferir-caso') && canTransition('transfer', ticket.status),
    merge: can('fusionar-caso') && canTransition('merge', ticket.status),
    accept: recipient && canTransition('accept', ticket.status),
    reject: recipient && canTransition('reject', ticket.status),
  };
}

/** A local `datetime-local` value (YYYY-MM-DDTHH:mm) as an ISO string with offset, or null when empty/invalid. */
export function localDateTimeToIso(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * Timeline entries, newest first: tasks and notes at their creation, and each conversation (interaction) at its
 * latest message, so the conversation with fresh activity comes first (its messages read oldest first inside).
 */
export type TimelineEntry<Task, Note, Conversation = never> =
  | { kind: 'task'; id: number; createdAt: string; item: Task }
  | { kind: 'note'; id: number; createdAt: string; item: Note }
  | { kind: 'interaction'; id: number; createdAt: string; item: Conversation };

export function buildTimeline<
  Task extends { id: number; createdAt: string },
  Note extends { id: number; createdAt: string },
  Conversation extends { id: number; createdAt: string; lastMessageAt: string } = never,
>(
  tasks: readonly Task[],
  notes: readonly Note[],
  interactions: readonly Conversation[] = [],
): TimelineEntry<Task, Note, Conversation>[] {
  const entries: TimelineEntry<Task, Note, Conversation>[] = [
    ...tasks.map((item) => ({ kind: 'task' as const, id: item.id, createdAt: item.createdAt, item })),
    ...notes.map((item) => ({ kind: 'note' as const, id: item.id, createdAt: item.createdAt, item })),
    ...interactions.map((item) => ({
      kind: 'interaction' as const,
      id: item.id,
      createdAt: item.lastMessageAt || item.createdAt,
      item,
    })),
  ];
  return entries.sort((a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime() || b.id - a.id);
}

/** Where a message bubble sits: incoming on the inline-start side, outgoing on the inline-end side. */
export function bubbleSide(direction: number): 'start' | 'end' {
  return direction === 1 ? 'end' : 'start';
}

/** The delivery status key of an outgoing message (null for incoming ones or an unknown status). */
export function deliveryKey(
  direction: number,
  status: number | null,
): 'queued' | 'sent' | 'delivered' | 'read' | 'failed' | null {
  if (direction !== 1 || status === null) return null;
  return (['queued', 'sent', 'delivered', 'read', 'failed'] as const)[status] ?? null;
}

/** A task value shown as text (multi-level paths joined, booleans as yes/no by the caller). */
export function taskValueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (Array.isArray(value)) return value.map((item) => String(item)).join(' › ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The ticket number in a TICKET.DUPLICATE message ("... #123 ..." or the last number in the text). */
export function duplicateNumber(message: string): number | null {
  const hash = /#\s*(\d+)/.exec(message);
  if (hash) return Number(hash[1]);
  const all = message.match(/\d+/g);
  return all && all.length > 0 ? Number(all[all.length - 1]) : null;
}

/**
 * The server's 422 field names of a task (`[prefix]values.<key>`, `[prefix]notes`, `[prefix]nextTaskAt`) as the
 * composer's error keys (`<key>`, `notes`, `nextTaskAt`); other fields are kept as they are.
 */
export function taskFieldErrors(fields: Record<string, string>, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(fields)) {
    const name = prefix && field.startsWith(prefix) ? field.slice(prefix.length) : field;
    out[name.startsWith('values.') ? name.slice('values.'.length) : name] = message;
  }
  return out;
}

/** ALT+ENTER sends the reply (spec section 9); plain Enter makes a new line. */
export function isSendShortcut(event: { key: string; altKey: boolean }): boolean {
  return event.key === 'Enter' && event.altKey;
}

/** The conversation a reply goes to by default: the one with the latest message. */
export function latestInteractionId(ticket: Pick<Ticket, 'interactions'>): number | undefined {
  let latest: { id: number; at: string } | undefined;
  for (const interaction of ticket.interactions) {
    if (!latest || interaction.lastMessageAt > latest.at)
      latest = { id: interaction.id, at: interaction.lastMessageAt };
  }
  return latest?.id;
}

/**
 * Hours of the channel's reply window when it has closed for this conversation (WhatsApp and Meta's channels take
 * free-form replies only within 24 h of the customer's last message), else null. The server decides; this warns.
 */
export function closedReplyWindow(interaction: Ticket['interactions'][number] | undefined, now: number): number | null {
  const hours = interaction ? REPLY_WINDOW_HOURS[interaction.channel.typeName] : undefined;
  if (!interaction || !hours) return null;
  let lastIncoming = 0;
  for (const message of interaction.messages) {
    if (message.direction === 0) lastIncoming = Math.max(lastIncoming, Date.parse(message.createdAt));
  }
  return now - lastIncoming > hours * 3_600_000 ? hours : null;
}

/**
 * The attachment an upload by this user just added: the newest one they uploaded (ids only grow), as the upload
 * answers with the whole ticket.
 */
export function uploadedAttachment(ticket: Pick<Ticket, 'attachments'>, userId: number) {
  let newest: Ticket['attachments'][number] | null = null;
  for (const attachment of ticket.attachments) {
    if (attachment.uploadedBy?.id === userId && (!newest || attachment.id > newest.id)) newest = attachment;
  }
  return newest;
}

/** Within this many pixels of the end, a scrolled pane counts as at the bottom (new messages follow). */
export const NEAR_BOTTOM_PX = 80;

export function isNearBottom(scrollTop: number, clientHeight: number, scrollHeight: number): boolean {
  return scrollHeight - scrollTop - clientHeight <= NEAR_BOTTOM_PX;
}

/** The conversations of a ticket in the order the thread shows them: by first message, oldest first. */
export function threadOrder<T extends { id: number; createdAt: string }>(interactions: readonly T[]): T[] {
  return [...interactions].sort(
    (a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime() || a.id - b.id,
  );
}

/** All messages of the ticket's conversations (the thread follows when it grows). */
export function messageCount(interactions: readonly { messages: readonly unknown[] }[]): number {
  return interactions.reduce((sum, interaction) => sum + interaction.messages.length, 0);
}

/** A named set of list filters as earlier versions kept them in the browser (`tickets.views`, per user id). */
export interface LegacySavedView {
  name: string;
  /** The list's query string (filters, sort, page size). */
  search: string;
}

/** Where earlier versions kept saved views; they move to the server the first time the list opens. */
export const LEGACY_SAVED_VIEWS_KEY = 'tickets.views';

/** The user's views from what the browser holds (anything malformed is ignored). */
export function legacySavedViewsOf(stored: unknown, userId: number): LegacySavedView[] {
  if (!stored || typeof stored !== 'object') return [];
  const mine = (stored as Record<string, unknown>)[String(userId)];
  if (!Array.isArray(mine)) return [];
  return mine.filter(
    (view): view is LegacySavedView =>
      Boolean(view) && typeof view.name === 'string' && view.name.trim() !== '' && typeof view.search === 'string',
  );
}

/** What a list on screen shows, for deciding whether a ticket event can change it (see `listMayChange`). */
export interface ListOnScreen {
  agentsFilter: AgentsFilter;
  /** The assignee filter (supervisors): tickets of these users only. */
  users: readonly number[];
  /** The tickets of the page on screen. */
  shown: ReadonlySet<number>;
  me: number | null;
}

/**
 * Whether a ticket event can change the list on screen: an event about a ticket of the page always can; otherwise
 * only one whose (new) assignee the list's assignee filter keeps — an agent's "mine" list ignores what happens to
 * colleagues' tickets, which in a busy campaign is nearly every event (the list would be fetched again every two
 * seconds by every agent). Lists without an assignee filter follow every event.
 */
export function listMayChange(
  event: { ticketId: number; assignee: number | null | undefined },
  list: ListOnScreen,
): boolean {
  if (list.shown.has(event.ticketId)) return true;
  if (list.agentsFilter === 'mine') return event.assignee === list.me;
  if (list.users.length > 0) return event.assignee != null && list.users.includes(event.assignee);
  return true;
}
