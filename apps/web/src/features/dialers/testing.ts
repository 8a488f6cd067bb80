import type { DialerDetail } from '@atiende/contracts';

/** A dialer as the API answers it (component tests). */
export function dialerFixture(id: number, patch: Partial<DialerDetail> = {}): DialerDetail {
  return {
    id,
    campaign: { id: 3, name: 'Cobranzas' },
    label: `Marcador ${id}`,
    type: 'call_campaign',
    channels: 10,
    parallels: 2,
    tries: 3,
    rings: 5,
    extension: null,
    audio: null,
    sendToQueue: false,
    accounts: { conditions: { match: 'all', conditions: [] }, sendTo: 'all', customerIds: [] },
    status: 'created',
    problem: null,
    counts: { registries: 120, new: 100, executed: 5, success: 10, failed: 5 },
    createdAt: '2026-11-26T08:00:00.000Z',
    updatedAt: '2026-11-26T08:00:00.000Z',
    startedAt: null,
    finishedAt: null,
    createdBy: { id: 1, name: 'Ana Administradora' },
    telephonyConfigured: false,
    ...patch,
  };
}
