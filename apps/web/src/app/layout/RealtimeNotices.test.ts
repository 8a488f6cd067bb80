import { describe, expect, it } from 'vitest';
import { isViewingTicket } from './RealtimeNotices';

describe('ticket-exit', () => {
  it('leaves only the view of the ticket it names', () => {
    expect(isViewingTicket('/app/tickets/12/view', 12)).toBe(true);
    expect(isViewingTicket('/app/tickets/12/view/', 12)).toBe(true);
    expect(isViewingTicket('/app/tickets/120/view', 12)).toBe(false);
    expect(isViewingTicket('/app/tickets', 12)).toBe(false);
    expect(isViewingTicket('/app/tickets/12/view', '12')).toBe(false);
  });
});
