import { AUDIT_FIELDS, type AuditEntityKind, type AuditEntry } from '@atiende/contracts';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../core/i18n';
import '../bulk/i18n';
import '../customers/i18n';
import '../permissions/i18n';
import '../whatsappTemplates/i18n';
import '../widgets/i18n';
import { AuditEntryList } from './AuditHistory';
import { AUDIT_LABELS, type FieldLabel } from './fields';

const andrea = { id: 4, name: 'Andrea Gómez' };
const longScript = `<p>Buenos días, ${'gracias por escribirnos. '.repeat(10)}</p>`;

const entries: AuditEntry[] = [
  {
    id: 3,
    entity: 'campaign',
    action: 'updated',
    actor: { id: 1, nombre: 'Admin Demo' },
    createdAt: '2026-03-02T15:00:00.000Z',
    changes: {
      name: { from: 'Ventas', to: 'Ventas norte' },
      type: { from: 'inbound', to: 'blended' },
      startDate: { from: null, to: '2026-12-01' },
      enabled: { from: true, to: false },
      responsible: { from: null, to: andrea },
      agents: {
        added: [{ ...andrea, detail: 'Chat web' }],
        removed: [
          { id: 5, name: 'Pedro Ruiz', detail: 'WhatsApp' },
          { id: 6, name: 'Lucía Mora', detail: 'Chat web' },
        ],
        changed: [
          {
            item: { id: 7, name: 'Marta Díaz' },
            field: 'channels',
            change: { added: [{ id: 3, name: 'WhatsApp' }], removed: [] },
          },
        ],
      },
      scripts: {
        added: [],
        removed: [],
        changed: [
          { item: { id: 'Saludo', name: 'Saludo' }, field: 'body', change: { from: '<p>Hola</p>', to: longScript } },
        ],
      },
      'config.tasksPerAgent': { from: 5, to: 7 },
      'config.distribution': { from: 'round-robin', to: 'skills' },
      // A key an older version wrote that nothing describes any more.
      legacyThing: { from: 'a', to: 'b' },
    },
  },
  {
    id: 2,
    entity: 'user',
    action: 'created',
    actor: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    changes: {
      roles: { added: [{ id: 1, name: 'Administrador' }], removed: [], changed: [] },
      avatar: { from: null, to: 'usuario/4/perfil/a.png' },
    },
  },
  {
    id: 1,
    entity: 'channel',
    action: 'inboundDiscarded',
    actor: { id: 1, nombre: 'Admin Demo' },
    createdAt: '2026-03-01T09:00:00.000Z',
    changes: {
      'config.imapHost': { from: 'imap.a.example', to: 'imap.b.example' },
      'businessHours.days': { added: [{ id: '1 08:00-17:00', name: '1 08:00-17:00' }], removed: [], changed: [] },
      reason: { value: 'no-sender' },
    },
  },
];

let root: Root | null = null;
let container: HTMLDivElement;

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  container = document.createElement('div');
  document.body.appendChild(container);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
});

async function render(language: 'es' | 'en') {
  await act(async () => {
    await i18n.changeLanguage(language);
  });
  act(() => {
    root = createRoot(container);
    root.render(<AuditEntryList entries={entries} />);
  });
}

const sentences = (entryId: number) =>
  [...container.querySelectorAll(`[data-testid="audit-entry-${entryId}"] [data-testid="audit-change"]`)].map(
    (line) => line.textContent,
  );

describe('audit history in words', () => {
  it('reads each change as a sentence in Spanish', async () => {
    await render('es');
    const campaign = sentences(3);
    expect(campaign).toEqual([
      'Nombre: «Ventas» → «Ventas norte»',
      'Tipo: Entrante → Mixta',
      `Fecha de inicio: ${new Intl.DateTimeFormat('es', { dateStyle: 'medium' }).format(new Date(2026, 11, 1))}`,
      'Habilitado: sí → no',
      'Responsable: Andrea Gómez',
      'Agentes: se agregó Andrea Gómez (Chat web)',
      'Agentes: se quitaron Pedro Ruiz (WhatsApp), Lucía Mora (Chat web)',
      'Agentes: Marta Díaz — Canales que atiende: se agregó WhatsApp',
      expect.stringMatching(
        /^Guiones: Saludo — Guion: «Hola» → «Buenos días, gracias por escribirnos\. .*…» Ver todo$/,
      ),
      'Casos por agente: 5 → 7',
      'Algoritmo de distribución: Turno rotativo (round robin) → Por habilidades',
      'Legacy thing: «a» → «b»',
    ]);
    expect(sentences(2)).toEqual(['Roles: se agregó Administrador', 'Foto: se cargó']);
    expect(sentences(1)).toEqual([
      'Servidor IMAP: «imap.a.example» → «imap.b.example»',
      'Horario de atención: se agregó lunes 08:00–17:00',
      'Motivo: Sin dirección de remitente',
    ]);
    const entry = container.querySelector('[data-testid="audit-entry-3"]');
    expect(entry?.textContent).toContain('Actualizado');
    expect(container.querySelector('[data-testid="audit-entry-2"]')?.textContent).toContain('Sistema');
    // No raw key, no JSON, nothing in code type.
    expect(container.textContent).not.toMatch(/config\.|"userId"|\{|camelCase|tasksPerAgent/);
    expect([...container.querySelectorAll('*')].some((node) => getComputedStyle(node).fontFamily === 'monospace')).toBe(
      false,
    );
  });

  it('shows a long text whole on demand', async () => {
    await render('es');
    const more = container.querySelector<HTMLButtonElement>('[data-testid="audit-more"]');
    expect(more?.textContent).toBe('Ver todo');
    act(() => more?.click());
    expect(sentences(3)[8]).toBe(
      `Guiones: Saludo — Guion: «Hola» → «Buenos días, ${'gracias por escribirnos. '.repeat(10).trim()}» Ver menos`,
    );
  });

  it('shows the first sentences of a long entry, the rest on demand', async () => {
    await act(async () => {
      await i18n.changeLanguage('es');
    });
    const settings = ['serviceLevelSeconds', 'serviceLevelTarget', 'averageHandlingSeconds', 'tasksPerAgent'];
    const creation: AuditEntry = {
      id: 9,
      entity: 'campaign',
      action: 'created',
      actor: null,
      createdAt: '2026-03-01T10:00:00.000Z',
      changes: Object.fromEntries(
        [...settings, ...settings.map((key) => `${key}x`), ...settings.map((key) => `${key}y`), 'extra'].map(
          (key, index) => [`config.${key}`, { from: null, to: index }],
        ),
      ),
    };
    act(() => {
      root = createRoot(container);
      root.render(<AuditEntryList entries={[creation]} />);
    });
    expect(sentences(9)).toHaveLength(10);
    const all = container.querySelector<HTMLButtonElement>('[data-testid="audit-all"]');
    expect(all?.textContent).toBe('Ver 3 cambios más');
    act(() => all?.click());
    expect(sentences(9)).toHaveLength(13);
    expect(container.querySelector('[data-testid="audit-all"]')).toBeNull();
  });

  it('reads the same in English, built-in roles and dates in the UI language', async () => {
    await render('en');
    expect(sentences(3).slice(0, 8)).toEqual([
      'Name: “Ventas” → “Ventas norte”',
      'Type: Inbound → Blended',
      `Start date: ${new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date(2026, 11, 1))}`,
      'Enabled: yes → no',
      'Responsible: Andrea Gómez',
      'Agents: added Andrea Gómez (Chat web)',
      'Agents: removed Pedro Ruiz (WhatsApp), Lucía Mora (Chat web)',
      'Agents: Marta Díaz — Channels served: added WhatsApp',
    ]);
    expect(sentences(2)).toEqual(['Roles: added Administrator', 'Photo: uploaded']);
    expect(sentences(1)).toEqual([
      'IMAP host: “imap.a.example” → “imap.b.example”',
      'Opening hours: added Monday 08:00–17:00',
      'Reason: No sender address',
    ]);
    expect(container.querySelector('[data-testid="audit-entry-3"]')?.textContent).toContain('Updated');
  });
});

describe('call monitoring in the agent’s history', () => {
  it('says who joined which call and how, in both languages', async () => {
    const monitoring: AuditEntry[] = [
      {
        id: 9,
        entity: 'user',
        action: 'call-monitor-started',
        actor: { id: 2, nombre: 'Sergio Supervisor' },
        createdAt: '2026-03-02T15:00:00.000Z',
        changes: { monitorMode: { value: 'whisper' }, monitoredCall: { value: 41 } },
      },
    ];
    for (const [language, action, lines] of [
      ['es', 'Llamada intervenida por un supervisor', ['Modo: Susurrar', 'Llamada: #41']],
      ['en', 'Call joined by a supervisor', ['Mode: Whisper', 'Call: #41']],
    ] as const) {
      await act(async () => {
        await i18n.changeLanguage(language);
      });
      act(() => {
        root?.unmount();
        root = createRoot(container);
        root.render(<AuditEntryList entries={monitoring} />);
      });
      expect(container.querySelector('[data-testid="audit-entry-9"]')?.textContent).toContain(action);
      expect(sentences(9)).toEqual(lines);
    }
  });
});

describe('audit labels', () => {
  it('name every field each entity records, with a text in both languages', () => {
    for (const [kind, fields] of Object.entries(AUDIT_FIELDS) as [AuditEntityKind, Record<string, string>][]) {
      const labels = AUDIT_LABELS[kind] as Record<string, FieldLabel | string>;
      expect(Object.keys(labels).sort()).toEqual(Object.keys(fields).sort());
      for (const [path, spec] of Object.entries(labels)) {
        const label = typeof spec === 'string' ? spec : spec.label;
        const key = typeof label === 'function' ? label('imapHost') : label;
        for (const language of ['es', 'en']) {
          expect(i18n.exists(key, { lng: language }), `${kind}.${path}: ${key} (${language})`).toBe(true);
        }
      }
    }
  });

  it('name every action the server writes, in both languages', () => {
    const actions = [
      'created',
      'updated',
      'enabled',
      'disabled',
      'password-reset',
      'password-changed',
      'profile-updated',
      'avatar-changed',
      'logo-changed',
      'image-changed',
      'renamed',
      'permissions-changed',
      'revoked',
      'submitted',
      'inboundRetried',
      'inboundDiscarded',
      'label-moved',
      'owner-assigned',
      'note-added',
      'task-added',
      'attachment-added',
      'open',
      'escalate',
      'close',
      'transfer',
      'transfer-accepted',
      'transfer-rejected',
      'merged-into',
      'merged-from',
      'bulk-start',
      'bulk-pause',
      'bulk-stop',
      'bulk-restart',
      'bulk-repeat',
      'bulk-repeatFailed',
      'version-saved',
      'version-updated',
      'version-deleted',
      'published',
      'imported',
      'secrets-changed',
    ];
    for (const action of actions) {
      for (const language of ['es', 'en']) expect(i18n.exists(`audit.actions.${action}`, { lng: language })).toBe(true);
    }
  });
});
