import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../../platform/context.js';
import { createDialerProgress } from './dialers.progress.js';
import { type DialerRow, dialersRepo } from './dialers.repo.js';

/** A dialer row whose counters say how many settled so far. */
const row = (settled: number, status = 'running') =>
  ({
    id: 7,
    campaignId: 3,
    createdBy: 11,
    status,
    accountsTotal: 20,
    accountsNew: 20 - settled,
    accountsExecuted: 0,
    accountsSuccess: settled,
    accountsFailed: 0,
  }) as unknown as DialerRow;

function fakeApp() {
  const sent: { to: string; status: string; success: number }[] = [];
  const record =
    (to: string) =>
    async (_target: unknown, _event: string, payload: { status: string; counts: { success: number } }) => {
      sent.push({ to, status: payload.status, success: payload.counts.success });
    };
  const ctx = {
    db: {},
    logger: { child: () => ({ warn: vi.fn() }) },
    realtime: { toSupervisors: record('supervisors'), toUser: record('author') },
  } as unknown as AppContext;
  return { ctx, sent, supervisors: () => sent.filter((item) => item.to === 'supervisors') };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('a dialer’s live progress', () => {
  it('goes out at most once a second, the last change of a burst when the second ends', async () => {
    vi.useFakeTimers();
    let settled = 0;
    vi.spyOn(dialersRepo, 'find').mockImplementation(async () => row(settled));
    const { ctx, sent, supervisors } = fakeApp();
    const progress = createDialerProgress(ctx, 1000);

    settled = 1;
    await progress.announce(7);
    for (settled = 2; settled <= 5; settled++) await progress.announce(7);
    settled = 5;
    expect(supervisors().map((item) => item.success)).toEqual([1]);
    // To the campaign's supervisors and to its author, each time.
    expect(sent.map((item) => item.to)).toEqual(['supervisors', 'author']);

    await vi.advanceTimersByTimeAsync(1000);
    expect(supervisors().map((item) => item.success)).toEqual([1, 5]);
    // Nothing changed since: nothing more goes out.
    await vi.advanceTimersByTimeAsync(5000);
    expect(supervisors()).toHaveLength(2);
    progress.stop();
  });

  it('sends a status change at once, in place of the change waiting for its second', async () => {
    vi.useFakeTimers();
    let current = row(1);
    vi.spyOn(dialersRepo, 'find').mockImplementation(async () => current);
    const { ctx, supervisors } = fakeApp();
    const progress = createDialerProgress(ctx, 1000);
    await progress.announce(7);
    current = row(19);
    await progress.announce(7);
    current = row(20, 'finalized');
    await progress.announce(7, { now: true });
    await vi.advanceTimersByTimeAsync(3000);
    expect(supervisors().map((item) => [item.status, item.success])).toEqual([
      ['running', 1],
      ['finalized', 20],
    ]);
  });

  it('keeps one dialer’s sends in order: a slow earlier read never lands after a later state', async () => {
    const reads: ((value: DialerRow) => void)[] = [];
    vi.spyOn(dialersRepo, 'find').mockImplementation(
      () => new Promise<DialerRow>((resolve) => reads.push(resolve as (value: DialerRow) => void)),
    );
    const { ctx, supervisors } = fakeApp();
    const progress = createDialerProgress(ctx, 1000);
    const first = progress.announce(7);
    const second = progress.announce(7, { now: true });
    // The second send reads only once the first is out.
    await vi.waitFor(() => expect(reads).toHaveLength(1));
    reads[0](row(3));
    await vi.waitFor(() => expect(reads).toHaveLength(2));
    reads[1](row(20, 'finalized'));
    await Promise.all([first, second]);
    expect(supervisors().map((item) => item.status)).toEqual(['running', 'finalized']);
  });
});
