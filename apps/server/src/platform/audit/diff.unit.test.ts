import { auditChangesSchema } from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
import { auditFacts, diffForAudit, UndescribedAuditField } from './diff.js';
import { namesNeeded, readStoredChanges } from './stored.js';

const config = {
  serviceLevelSeconds: 20,
  tasksPerAgent: 5,
  distribution: 'round-robin',
  autoAssign: true,
  requiredSkillIds: [{ id: 7, name: 'Inglés' }],
  closeMessage: 'Gracias',
};

describe('diffForAudit', () => {
  it('lists only what changed: empty values, instants and key order are not changes', () => {
    const before = {
      name: 'Ventas',
      description: null,
      startDate: '2026-01-01',
      enabled: true,
      config,
      responsible: { id: 4, name: 'Andrea Gómez' },
    };
    const after = {
      // Another key order, '' for null, the same instant as a Date and as text, a renamed user (same id).
      responsible: { id: 4, name: 'Andrea G.' },
      enabled: true,
      config: {
        closeMessage: 'Gracias',
        requiredSkillIds: [{ id: 7, name: 'Inglés' }],
        autoAssign: true,
        distribution: 'round-robin',
        tasksPerAgent: 5,
        serviceLevelSeconds: 20,
      },
      startDate: '2026-01-01',
      description: '',
      name: 'Ventas',
    };
    expect(diffForAudit('campaign', before, after)).toEqual({});
    expect(diffForAudit('ticket', { description: undefined }, { description: null })).toEqual({});
    const instant = new Date('2026-03-01T10:00:00.000Z');
    expect(diffForAudit('user', { birthday: instant }, { birthday: instant.toISOString() })).toEqual({});
  });

  it('reports a changed value with both sides, in the description’s order', () => {
    const changes = diffForAudit(
      'campaign',
      { enabled: true, name: 'Ventas', responsible: null },
      { enabled: false, name: 'Ventas norte', responsible: { id: 4, name: 'Andrea Gómez' } },
    );
    expect(changes).toEqual({
      name: { from: 'Ventas', to: 'Ventas norte' },
      responsible: { from: null, to: { id: 4, name: 'Andrea Gómez' } },
      enabled: { from: true, to: false },
    });
    expect(Object.keys(changes)).toEqual(['name', 'responsible', 'enabled']);
    expect(auditChangesSchema.parse(changes)).toEqual(changes);
  });

  it('diffs nested settings per key, never the whole object', () => {
    const changes = diffForAudit(
      'campaign',
      { config },
      { config: { ...config, tasksPerAgent: 7, requiredSkillIds: [{ id: 8, name: 'Ventas' }] } },
    );
    expect(changes).toEqual({
      'config.tasksPerAgent': { from: 5, to: 7 },
      'config.requiredSkillIds': {
        added: [{ id: 8, name: 'Ventas' }],
        removed: [{ id: 7, name: 'Inglés' }],
        changed: [],
      },
    });
  });

  it('diffs lists as members added, removed and changed, whatever their order', () => {
    const andrea = { id: 4, name: 'Andrea Gómez', detail: 'Chat web', channels: [{ id: 2, name: 'Chat web' }] };
    const pedro = { id: 5, name: 'Pedro Ruiz', detail: 'WhatsApp', channels: [{ id: 3, name: 'WhatsApp' }] };
    const lucia = { id: 6, name: 'Lucía Mora', detail: 'Chat web', channels: [{ id: 2, name: 'Chat web' }] };
    const changes = diffForAudit(
      'campaign',
      { agents: [pedro, lucia], channels: [{ id: 2, name: 'Chat web' }] },
      {
        channels: [{ id: 2, name: 'Chat web' }],
        agents: [
          andrea,
          {
            ...lucia,
            detail: 'Chat web, WhatsApp',
            channels: [
              { id: 3, name: 'WhatsApp' },
              { id: 2, name: 'Chat web' },
            ],
          },
        ],
      },
    );
    expect(changes).toEqual({
      agents: {
        added: [{ id: 4, name: 'Andrea Gómez', detail: 'Chat web' }],
        removed: [{ id: 5, name: 'Pedro Ruiz', detail: 'WhatsApp' }],
        changed: [
          {
            item: { id: 6, name: 'Lucía Mora' },
            field: 'channels',
            change: { added: [{ id: 3, name: 'WhatsApp' }], removed: [] },
          },
        ],
      },
    });
    // Same members in another order: nothing.
    expect(diffForAudit('campaign', { agents: [pedro, lucia] }, { agents: [lucia, pedro] })).toEqual({});
    // A member's plain field: before and after.
    expect(
      diffForAudit(
        'campaign',
        { customTabs: [{ id: 'Docs', name: 'Docs', url: 'https://a.example', height: 600 }] },
        { customTabs: [{ id: 'Docs', name: 'Docs', url: 'https://b.example', height: 600 }] },
      ),
    ).toEqual({
      customTabs: {
        added: [],
        removed: [],
        changed: [
          {
            item: { id: 'Docs', name: 'Docs' },
            field: 'url',
            change: { from: 'https://a.example', to: 'https://b.example' },
          },
        ],
      },
    });
    // Plain values in a list are members named by themselves.
    expect(diffForAudit('omni-widget', { allowedOrigins: ['https://a.example'] }, { allowedOrigins: [] })).toEqual({
      allowedOrigins: { added: [], removed: [{ id: 'https://a.example', name: 'https://a.example' }], changed: [] },
    });
  });

  it('lists what a new record was created with, without empty values', () => {
    expect(
      diffForAudit('catalogue', null, { name: 'Norte', abbr: null, description: '', enabled: true, parent: null }),
    ).toEqual({ name: { from: null, to: 'Norte' }, enabled: { from: null, to: true } });
  });

  it('takes every key under a wildcard, sorted, and never a secret', () => {
    expect(
      diffForAudit(
        'channel',
        { config: { port: 993, host: 'imap.a.example' } },
        { config: { host: 'imap.b.example', port: 993, password: 'x' } },
      ),
    ).toEqual({ 'config.host': { from: 'imap.a.example', to: 'imap.b.example' } });
    // A secret that slipped into a snapshot (not a described field) is skipped, never written.
    expect(
      diffForAudit('user', { name: 'A', password: 'one' } as never, { name: 'A', password: 'two' } as never),
    ).toEqual({});
  });

  it('refuses a field the description does not know, at any depth', () => {
    expect(() => diffForAudit('campaign', null, { unknownField: 1 } as never)).toThrow(UndescribedAuditField);
    expect(() => diffForAudit('campaign', null, { config: { newSetting: true } })).toThrow(
      /campaign\.config\.newSetting/,
    );
    expect(() => diffForAudit('campaign', { agents: [] }, { agents: [{ id: 1, name: 'A', extra: 1 }] })).toThrow(
      /agents\.extra/,
    );
    expect(() => diffForAudit('campaign', null, { name: { nested: true } })).toThrow(UndescribedAuditField);
  });

  it('records the facts of an action, without empty ones', () => {
    expect(
      auditFacts('ticket', { toUser: { id: 4, name: 'Andrea Gómez' }, toCampaign: null, note: 'Por favor' }),
    ).toEqual({ toUser: { value: { id: 4, name: 'Andrea Gómez' } }, note: { value: 'Por favor' } });
    expect(() => auditFacts('ticket', { nothing: 1 } as never)).toThrow(UndescribedAuditField);
  });
});

describe('reading stored rows', () => {
  const known = new Map([
    ['user:4', 'Andrea Gómez'],
    ['channel:2', 'Chat web'],
    ['role:1', 'Administrador'],
    ['catalogue:9', 'VIP'],
  ]);
  const names = (table: string, id: number) => known.get(`${table}:${id}`);

  it('answers in the description’s order, whatever order the database kept the keys in', () => {
    const stored = {
      'config.tasksPerAgent': { from: 5, to: 7 },
      agents: { added: [{ id: 4, name: 'Andrea' }], removed: [], changed: [] },
      name: { from: 'A', to: 'B' },
      'config.distribution': { from: 'random', to: 'skills' },
    };
    expect(Object.keys(readStoredChanges('campaign', 'updated', stored, names) ?? {})).toEqual([
      'name',
      'agents',
      'config.tasksPerAgent',
      'config.distribution',
    ]);
  });

  it('answers today’s rows as written', () => {
    const changes = {
      name: { from: 'A', to: 'B' },
      agents: { added: [{ id: 4, name: 'Andrea' }], removed: [], changed: [] },
    };
    expect(readStoredChanges('campaign', 'updated', changes, names)).toEqual(changes);
    expect(namesNeeded('campaign', 'updated', changes)).toEqual([]);
  });

  it('converts older rows: whole objects per key, bare ids named, unchanged fields dropped', () => {
    const row = {
      name: { from: 'Ventas', to: 'Ventas norte' },
      description: { from: null, to: '' },
      config: {
        from: { tasksPerAgent: 5, autoAssign: true },
        to: { autoAssign: true, tasksPerAgent: 7 },
      },
      agents: { from: [], to: [{ userId: 4, channelIds: [2] }] },
      responsibleUserId: { from: null, to: 4 },
    };
    expect(namesNeeded('campaign', 'updated', row)).toEqual(
      expect.arrayContaining([
        { table: 'user', id: 4 },
        { table: 'channel', id: 2 },
      ]),
    );
    expect(readStoredChanges('campaign', 'updated', row, names)).toEqual({
      name: { from: 'Ventas', to: 'Ventas norte' },
      responsible: { from: null, to: { id: 4, name: 'Andrea Gómez' } },
      agents: { added: [{ id: 4, name: 'Andrea Gómez', detail: 'Chat web' }], removed: [], changed: [] },
      'config.tasksPerAgent': { from: 5, to: 7 },
    });
  });

  it('converts the older shapes of roles, customers, tickets and action facts', () => {
    expect(readStoredChanges('role', 'permissions-changed', { added: ['ver-caso'], removed: [] }, names)).toEqual({
      permissions: { added: [{ id: 'ver-caso', name: 'ver-caso' }], removed: [], changed: [] },
    });
    expect(
      readStoredChanges(
        'role',
        'created',
        { name: { from: null, to: 'calidad' }, permissions: { added: ['ver-caso'], removed: [] } },
        names,
      ),
    ).toEqual({
      name: { from: null, to: 'calidad' },
      permissions: { added: [{ id: 'ver-caso', name: 'ver-caso' }], removed: [], changed: [] },
    });
    expect(readStoredChanges('customer', 'label-moved', { labelId: { from: null, to: 9 } }, names)).toEqual({
      labels: { added: [{ id: 9, name: 'VIP' }], removed: [], changed: [] },
    });
    expect(
      readStoredChanges('ticket', 'transfer', { status: { from: 1, to: null }, toUserId: 4, note: null }, names),
    ).toEqual({ status: { from: 1, to: 3 }, toUser: { value: { id: 4, name: 'Andrea Gómez' } } });
    expect(readStoredChanges('channel', 'inboundDiscarded', { sender: 'a@b.example', reason: 'error' }, names)).toEqual(
      {
        sender: { value: 'a@b.example' },
        reason: { value: 'error' },
      },
    );
    expect(readStoredChanges('catalogue:pais', 'updated', { parentId: { from: 9, to: 10 } }, names)).toEqual({
      parent: { from: { id: 9, name: 'VIP' }, to: { id: 10, name: '#10' } },
    });
    expect(readStoredChanges('user', 'updated', { roleIds: { from: [1], to: [1] } }, names)).toBeNull();
  });
});
