import {
  REALTIME_EVENTS,
  RULE_NOTICE_EVENT,
  SLA_BREACH_EVENT,
  SLA_WARNING_EVENT,
  STORAGE_KEYS,
} from '@atiende/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { writeString } from '../../core/storage';
import { useSnackbar } from '../../ui/SnackbarProvider';
import { onRealtimeEvent } from '../realtime';

/** The ticket view path of a ticket, as the router shows it. */
export function isViewingTicket(pathname: string, ticketId: unknown): boolean {
  return typeof ticketId === 'number' && pathname.replace(/\/$/, '').endsWith(`/app/tickets/${ticketId}/view`);
}

/**
 * Private notices of spec section 4: a new extension shows a success toast and clears the first-start flag; a
 * ticket-exit event takes the user out of that ticket's view to the tickets list; a business rule's "notify
 * supervisors" action (`rule-notice`) shows its message with the rule and the ticket's number; an SLA warning or breach
 * (`sla-warning`, `sla-breach`) names the ticket, the metric and the rule.
 */
export function RealtimeNotices() {
  const { t } = useTranslation();
  const notify = useSnackbar();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  useEffect(() => {
    const stops = [
      onRealtimeEvent(REALTIME_EVENTS.newExtension, (payload) => {
        writeString(STORAGE_KEYS.freshStart, null);
        notify(t('header.newExtension', { extension: payload?.extension ?? '' }), 'success');
      }),
      onRealtimeEvent(REALTIME_EVENTS.ticketExit, (payload) => {
        if (!isViewingTicket(pathname, payload?.casoId)) return;
        notify(t('header.ticketExit'), 'info');
        void navigate('/app/tickets');
      }),
      onRealtimeEvent(SLA_WARNING_EVENT, (payload) => {
        if (!payload) return;
        const metric = t(`header.slaMetrics.${payload.metric}`);
        notify(t('header.slaWarning', { number: payload.number, metric, rule: payload.rule }), 'warning');
      }),
      onRealtimeEvent(SLA_BREACH_EVENT, (payload) => {
        if (!payload) return;
        const metric = t(`header.slaMetrics.${payload.metric}`);
        notify(t('header.slaBreach', { number: payload.number, metric, rule: payload.rule }), 'error');
      }),
      onRealtimeEvent(RULE_NOTICE_EVENT, (payload) => {
        if (!payload) return;
        notify(
          t('header.ruleNotice', { rule: payload.rule, number: payload.number, message: payload.message }),
          'warning',
        );
      }),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [t, notify, navigate, pathname]);

  return null;
}
