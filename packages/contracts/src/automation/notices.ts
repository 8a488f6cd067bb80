// Realtime events of automation, apart from its schemas: the app shell listens to them without loading those.

/** `rule-notice`: a business rule's "notify supervisors" action, to the supervisors of the ticket's campaign. */
export const RULE_NOTICE_EVENT = 'rule-notice';
export interface RuleNoticeEvent {
  rule: string;
  ticketId: number;
  number: number;
  campaignId: number;
  message: string;
}

/** `sla-warning` and `sla-breach`: to the ticket's assignee and its campaign's supervisors. */
export const SLA_WARNING_EVENT = 'sla-warning';
export const SLA_BREACH_EVENT = 'sla-breach';
export interface SlaNoticeEvent {
  ticketId: number;
  number: number;
  campaignId: number;
  rule: string;
  metric: 'firstResponse' | 'nextResponse' | 'resolution';
  dueAt: string;
}
