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
