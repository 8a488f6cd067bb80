import type { Ticket } from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import es from '../../locales/es.json';
import { initialTableQuery } from '../../ui/DataTable';
import { remoteImageUrl } from './components';
import {
  agentsFilterOptions,
  availableActions,
  bubbleSide,
  buildTimeline,
  closedReplyWindow,
  DEFAULT_FILTERS,
  DEFAULT_LAYOUT,
  deliveryKey,
  duplicateNumber,
  filtersToParams,
  filtersToSearch,
  isNearBottom,
  isSendShortcut,
  latestInteractionId,
  legacySavedViewsOf,
  listMayChange,
  messageCount,
  parseLayout,
  parsePrefs,
  STATUS_COLORS,
  searchToFilters,
  sharedCampaign,
  taskFieldErrors,
  taskValueText,
  threadOrder,
  uploadedAttachment,
} from './model';
import { parseTransferRequest } from './TransferRequestDialog';

const query = { ...initialTableQuery('created_at', 'desc'), sizePerPage: 25, page: 3, searchText: ' ana ' };

describe('tickets filters ↔ query string', () => {
  it('builds the API parameters with comma-separated lists and no blanks', () => {
    const params = filtersToParams(query, {
      ...DEFAULT_FILTERS,
      selectedStatus: 1,
      priorities: [0, 2],
      campaigns: [4],
      agentsFilter: 'mine',
      from: '2026-01-01',
      to: 'bad',
      unreadOnly: true,
    });
    expect(params).toEqual({
      page: 3,
      sizePerPage: 25,
      sortName: 'created_at',
      sortOrder: 'desc',
      searchText: 'ana',
      selectedStatus: 1,
      agents_filter: 'mine',
      priorities: '0,2',
      campaigns: '4',
      from: '2026-01-01',
      unreadOnly: 'true',
    });
  });

  it('round-trips through the query string', () => {
    const filters = {
      ...DEFAULT_FILTERS,
      selectedStatus: 2,
      priorities: [1],
      campaigns: [3, 7],
      agentsFilter: 'unassigned' as const,
      from: '2026-02-01',
      to: '2026-02-28',
      unreadOnly: true,
      users: [5, 9],
      ticketTypes: [2],
      channelTypes: ['webchat' as const, 'whatsapp' as const],
    };
    const search = filtersToSearch({ ...query, searchText: 'ana' }, filters);
    expect(search).toContain('users=5%2C9');
    expect(search).toContain('ticket_types=2');
    expect(search).toContain('channel_types=webchat%2Cwhatsapp');
    const back = searchToFilters(search);
    expect(back?.filters).toEqual(filters);
    expect(back?.query).toEqual({ ...query, searchText: 'ana' });
  });

  it('returns null for an empty query string and falls back on invalid values', () => {
    expect(searchToFilters('')).toBeNull();
    const back = searchToFilters(
      'sortName=nope&sortOrder=x&sizePerPage=7&page=-1&selectedStatus=9&agents_filter=x&priorities=a,1,5',
      {
        sortName: 'priority',
        sortOrder: 'asc',
        sizePerPage: 50,
      },
    );
    expect(back?.query).toMatchObject({ page: 1, sizePerPage: 50, sortName: 'priority', sortOrder: 'asc' });
    expect(back?.filters).toMatchObject({ selectedStatus: 5, agentsFilter: 'all', priorities: [1] });
  });

  it('parses the remembered sort and page size', () => {
    expect(parsePrefs(null)).toEqual({ sortName: 'created_at', sortOrder: 'desc', sizePerPage: 10 });
    expect(parsePrefs('{"sortName":"number","sortOrder":"asc","sizePerPage":50}')).toEqual({
      sortName: 'number',
      sortOrder: 'asc',
      sizePerPage: 50,
    });
    expect(parsePrefs('{"sortName":"evil","sizePerPage":3}')).toEqual({
      sortName: 'created_at',
      sortOrder: 'desc',
      sizePerPage: 10,
    });
    expect(parsePrefs('not json')).toEqual({ sortName: 'created_at', sortOrder: 'desc', sizePerPage: 10 });
    // Up to 1,000 tickets a page (the API's limit), nothing in between the offered sizes.
    expect(parsePrefs('{"sizePerPage":1000}').sizePerPage).toBe(1000);
    expect(parsePrefs('{"sizePerPage":999}').sizePerPage).toBe(10);
    expect(searchToFilters('sizePerPage=500')?.query.sizePerPage).toBe(500);
    expect(searchToFilters('sizePerPage=2000')?.query.sizePerPage).toBe(10);
  });

  it('offers "All" only to non-agents or when the campaign allows all tickets', () => {
    expect(agentsFilterOptions(false, false)).toContain('all');
    expect(agentsFilterOptions(true, undefined)).toContain('all');
    expect(agentsFilterOptions(true, true)).toContain('all');
    expect(agentsFilterOptions(true, false)).toEqual(['mine', 'unassigned']);
  });

  it('finds the campaign shared by the selection', () => {
    expect(sharedCampaign([])).toBeNull();
    expect(sharedCampaign([{ campaign: { id: 1 } }, { campaign: { id: 1 } }])).toBe(1);
    expect(sharedCampaign([{ campaign: { id: 1 } }, { campaign: { id: 2 } }])).toBeNull();
  });
});

describe('ticket view helpers', () => {
  it('reads the layout preference (default three columns)', () => {
    expect(DEFAULT_LAYOUT).toBe('three_column');
    expect(parseLayout(null)).toBe('three_column');
    expect(parseLayout('two_column')).toBe('two_column');
    expect(parseLayout('three_column')).toBe('three_column');
    expect(parseLayout('four')).toBe('three_column');
  });

  const all = () => true;
  const me = { id: 7, campaignIds: [3] };

  it('offers actions by status', () => {
    const fresh = availableActions({ status: 0, transfer: null }, all, me);
    expect(fresh).toEqual({
      open: true,
      escalate: true,
      close: true,
      transfer: true,
      merge: true,
      accept: false,
      reject: false,
    });
    const open = availableActions({ status: 1, transfer: null }, all, me);
    expect(open.open).toBe(false);
    expect(open.escalate).toBe(true);
    const escalated = availableActions({ status: 2, transfer: null }, all, me);
    expect(escalated).toMatchObject({ escalate: false, close: true, transfer: true, merge: true });
    const closed = availableActions({ status: 4, transfer: null }, all, me);
    expect(Object.values(closed).every((value) => value === false)).toBe(true);
  });

  it('offers actions by permission', () => {
    const onlyClose = availableActions({ status: 1, transfer: null }, (p) => p === 'cerrar-caso', me);
    expect(onlyClose).toMatchObject({ open: false, escalate: false, close: true, transfer: false, merge: false });
    const editor = availableActions({ status: 0, transfer: null }, (p) => p === 'editar-caso', me);
    expect(editor).toMatchObject({ open: true, escalate: true, close: false, transfer: false, merge: false });
  });

  it('offers accept/reject only to the recipient of a pending transfer', () => {
    const toMe = { status: 3, transfer: { toUser: { id: 7 }, toCampaign: null } };
    expect(availableActions(toMe, all, me)).toMatchObject({
      accept: true,
      reject: true,
      transfer: false,
      close: false,
    });
    const toOther = { status: 3, transfer: { toUser: { id: 8 }, toCampaign: null } };
    expect(availableActions(toOther, all, me)).toMatchObject({ accept: false, reject: false });
    const toMyCampaign = { status: 3, transfer: { toUser: null, toCampaign: { id: 3 } } };
    expect(availableActions(toMyCampaign, () => false, me)).toMatchObject({ accept: true, reject: true });
    const toOtherCampaign = { status: 3, transfer: { toUser: null, toCampaign: { id: 4 } } };
    expect(availableActions(toOtherCampaign, all, me).accept).toBe(false);
  });

  it('colours statuses with the theme palette', () => {
    expect(STATUS_COLORS).toEqual({ 0: 'info', 1: 'primary', 2: 'warning', 3: 'secondary', 4: 'default' });
  });

  it('orders the timeline newest first', () => {
    const entries = buildTimeline(
      [
        { id: 1, createdAt: '2026-01-01T10:00:00Z' },
        { id: 2, createdAt: '2026-01-03T10:00:00Z' },
      ],
      [{ id: 9, createdAt: '2026-01-02T10:00:00Z' }],
    );
    expect(entries.map((entry) => `${entry.kind}-${entry.id}`)).toEqual(['task-2', 'note-9', 'task-1']);
  });

  it('merges conversations into the timeline at their latest message', () => {
    const entries = buildTimeline(
      [{ id: 1, createdAt: '2026-01-01T10:00:00Z' }],
      [{ id: 9, createdAt: '2026-01-03T10:00:00Z' }],
      [
        { id: 5, createdAt: '2025-12-31T10:00:00Z', lastMessageAt: '2026-01-02T10:00:00Z' },
        { id: 6, createdAt: '2026-01-02T12:00:00Z', lastMessageAt: '2026-01-04T10:00:00Z' },
      ],
    );
    expect(entries.map((entry) => `${entry.kind}-${entry.id}`)).toEqual([
      'interaction-6',
      'note-9',
      'interaction-5',
      'task-1',
    ]);
  });

  it('puts incoming bubbles on the start side and outgoing ones on the end side, with their delivery status', () => {
    expect(bubbleSide(0)).toBe('start');
    expect(bubbleSide(1)).toBe('end');
    expect(deliveryKey(1, 0)).toBe('queued');
    expect(deliveryKey(1, 3)).toBe('read');
    expect(deliveryKey(1, 4)).toBe('failed');
    expect(deliveryKey(0, 3)).toBeNull();
    expect(deliveryKey(1, null)).toBeNull();
  });

  it('maps server task errors to the composer fields', () => {
    expect(taskFieldErrors({ 'values.reason': 'r', notes: 'n', nextTaskAt: 'x' })).toEqual({
      reason: 'r',
      notes: 'n',
      nextTaskAt: 'x',
    });
    expect(taskFieldErrors({ 'task.values.reason': 'r', description: 'd' }, 'task.')).toEqual({
      reason: 'r',
      description: 'd',
    });
  });

  it('renders task values and reads duplicate numbers', () => {
    expect(taskValueText(['A', 'B'])).toBe('A › B');
    expect(taskValueText('')).toBe('');
    expect(taskValueText(3)).toBe('3');
    expect(duplicateNumber('El cliente ya tiene un caso abierto en esta campaña (número 42)')).toBe(42);
    expect(duplicateNumber('ticket #17 exists')).toBe(17);
    expect(duplicateNumber('nothing')).toBeNull();
  });

  it('parses transfer requests', () => {
    expect(parseTransferRequest({ caso: { id: 5, numero: 12, descripcion: 'x' }, de: { nombre: 'Ana' } })).toEqual({
      id: 5,
      numero: 12,
      descripcion: 'x',
      de: 'Ana',
      nota: null,
    });
    expect(
      parseTransferRequest({ caso: { id: 5, numero: 12 }, de: { nombre: 'Ana' }, nota: 'Cliente VIP' })?.nota,
    ).toBe('Cliente VIP');
    expect(parseTransferRequest({ caso: { id: 5 }, nota: 42 })?.nota).toBeNull();
    expect(parseTransferRequest({ caso: { id: 'no' } })).toBeNull();
    expect(parseTransferRequest(null)).toBeNull();
  });
});

describe('remote images', () => {
  it('loads only http(s) addresses', () => {
    expect(remoteImageUrl('https://cdn.example.com/a.png')).toBe(true);
    expect(remoteImageUrl('http://example.com/a.png?x=1')).toBe(true);
    expect(remoteImageUrl('javascript:alert(1)')).toBe(false);
    expect(remoteImageUrl('data:image/png;base64,AAAA')).toBe(false);
    expect(remoteImageUrl('https://x.test/"onerror=')).toBe(false);
  });
});

describe('reply composer helpers', () => {
  it('sends with ALT+ENTER only', () => {
    expect(isSendShortcut({ key: 'Enter', altKey: true })).toBe(true);
    expect(isSendShortcut({ key: 'Enter', altKey: false })).toBe(false);
    expect(isSendShortcut({ key: 'a', altKey: true })).toBe(false);
  });

  it('answers the conversation with the latest message by default', () => {
    const at = (iso: string, id: number) => ({ id, lastMessageAt: iso }) as Ticket['interactions'][number];
    expect(latestInteractionId({ interactions: [] })).toBeUndefined();
    expect(
      latestInteractionId({
        interactions: [at('2026-11-20T10:00:00Z', 1), at('2026-11-21T09:00:00Z', 2), at('2026-11-19T00:00:00Z', 3)],
      }),
    ).toBe(2);
  });

  it('warns when a WhatsApp conversation’s 24-hour reply window has closed', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    const conversation = (typeName: string, messages: [0 | 1, string][]) =>
      ({
        channel: { typeName },
        messages: messages.map(([direction, createdAt]) => ({ direction, createdAt })),
      }) as unknown as Ticket['interactions'][number];
    expect(closedReplyWindow(conversation('whatsapp', [[0, '2026-11-21T13:00:00Z']]), now)).toBeNull();
    expect(
      closedReplyWindow(
        conversation('whatsapp', [
          [0, '2026-11-21T11:00:00Z'],
          [1, '2026-11-22T11:00:00Z'],
        ]),
        now,
      ),
    ).toBe(24);
    expect(closedReplyWindow(conversation('whatsapp', []), now)).toBe(24);
    expect(closedReplyWindow(conversation('webchat', [[0, '2026-01-01T00:00:00Z']]), now)).toBeNull();
    expect(closedReplyWindow(undefined, now)).toBeNull();
  });

  it('finds the file an upload just added: the newest one this user uploaded', () => {
    const file = (id: number, uploader: number | null) =>
      ({ id, uploadedBy: uploader ? { id: uploader, nombre: '' } : null }) as Ticket['attachments'][number];
    expect(uploadedAttachment({ attachments: [] }, 7)).toBeNull();
    expect(uploadedAttachment({ attachments: [file(3, 7), file(9, 8), file(5, 7), file(12, null)] }, 7)?.id).toBe(5);
  });
});

describe('tickets locales', () => {
  const keys = (value: unknown, prefix = ''): string[] =>
    value && typeof value === 'object'
      ? Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key))
      : [prefix];
  it('has the same ticket keys in es and en', () => {
    expect(keys((es as Record<string, unknown>).tickets).sort()).toEqual(
      keys((en as Record<string, unknown>).tickets).sort(),
    );
  });
});

describe('conversation thread', () => {
  it('counts as at the bottom within 80 px of the end', () => {
    expect(isNearBottom(1000, 400, 1400)).toBe(true);
    expect(isNearBottom(920, 400, 1400)).toBe(true);
    expect(isNearBottom(919, 400, 1400)).toBe(false);
  });

  it('orders conversations by their first message, oldest first, and counts every message', () => {
    const conversations = [
      { id: 3, createdAt: '2026-11-24T10:00:00Z', messages: [1, 2] },
      { id: 1, createdAt: '2026-11-23T10:00:00Z', messages: [1] },
      { id: 2, createdAt: '2026-11-23T10:00:00Z', messages: [] },
    ];
    expect(threadOrder(conversations).map((item) => item.id)).toEqual([1, 2, 3]);
    expect(messageCount(conversations)).toBe(3);
  });
});

describe('saved views kept by earlier versions in the browser', () => {
  it('are read per user, ignoring anything malformed', () => {
    const stored = { '7': [{ name: 'Mis urgentes', search: 'priorities=2' }, { name: '', search: 'x' }, 5], '8': 'x' };
    expect(legacySavedViewsOf(stored, 7)).toEqual([{ name: 'Mis urgentes', search: 'priorities=2' }]);
    expect(legacySavedViewsOf(stored, 8)).toEqual([]);
    expect(legacySavedViewsOf(null, 7)).toEqual([]);
  });
});

describe('listMayChange', () => {
  const list = { agentsFilter: 'mine' as const, users: [], shown: new Set([10, 11]), me: 7 };
  it('an agent’s own list follows their tickets and the tickets on screen, not colleagues’ other tickets', () => {
    expect(listMayChange({ ticketId: 99, assignee: 7 }, list)).toBe(true);
    expect(listMayChange({ ticketId: 10, assignee: 8 }, list)).toBe(true);
    expect(listMayChange({ ticketId: 99, assignee: 8 }, list)).toBe(false);
    expect(listMayChange({ ticketId: 99, assignee: null }, list)).toBe(false);
  });

  it('a list of some users follows their tickets; a list of everyone follows every event', () => {
    const some = { ...list, agentsFilter: 'all' as const, users: [3, 4] };
    expect(listMayChange({ ticketId: 99, assignee: 4 }, some)).toBe(true);
    expect(listMayChange({ ticketId: 99, assignee: 5 }, some)).toBe(false);
    expect(listMayChange({ ticketId: 99, assignee: 5 }, { ...some, users: [] })).toBe(true);
    expect(listMayChange({ ticketId: 99, assignee: null }, { ...list, agentsFilter: 'unassigned' })).toBe(true);
  });
});
