import { isWebchatVisitorId, PHONE_CONTACT_CODES, type Ticket } from '@atiende/contracts';
import CallMergeIcon from '@mui/icons-material/CallMerge';
import EditIcon from '@mui/icons-material/Edit';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import PriorityHighIcon from '@mui/icons-material/PriorityHigh';
import ShortcutIcon from '@mui/icons-material/Shortcut';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useUserCampaigns } from '../../app/campaign';
import { useBusiness, usePermissions, useProfile } from '../../app/queries';
import { withAdminTexts } from '../../core/i18n';
import { useSession } from '../../core/session';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import type { DetailRow } from '../../ui/DetailList';
import { formatDateTime } from '../../ui/format';
import { lazyNamed } from '../../ui/lazy';
import { PageLoader } from '../../ui/PageLoader';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { useCustomer } from '../customers/api';
import {
  type SimpleAction,
  useAcceptTransfer,
  type useCampaignForm,
  useRejectTransfer,
  useTicketAction,
  useTicketHistory,
  useTicketList,
} from './api';
import { PriorityChip, StatusChip } from './components';
import { availableActions } from './model';

// Loaded only for users with a softphone (the header loads the same chunk for them at once).
const SoftphoneCallButton = lazyNamed(() => import('../softphone/SoftphoneLauncher'), 'SoftphoneCallButton');

export function Panel({ title, children, testId }: { title?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid={testId}>
      {title ? (
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {title}
        </Typography>
      ) : null}
      {children}
    </Paper>
  );
}

export function CustomerPanel({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const customer = useCustomer(can('ver-cliente') ? ticket.customer.id : null);
  const data = customer.data;
  // A web-chat visitor's technical id says nothing to the agent once the visitor gave a name or an e-mail.
  const named =
    !isWebchatVisitorId(ticket.customer.fullName.trim()) ||
    (data?.contacts ?? []).some((contact) => contact.value.includes('@'));
  const shown = (value: string) => !(named && isWebchatVisitorId(value));
  const contacts = (data?.contacts ?? []).filter((contact) => shown(contact.value));
  // The softphone runs for users with an extension when the business has WebRTC (features/softphone).
  const webrtc = useBusiness().data?.configuracion?.webrtc_enabled;
  const extension = useProfile().profile?.extension;
  const softphone = Boolean(webrtc && extension);
  return (
    <Panel title={t('tickets.fields.customer')} testId="ticket-customer-panel">
      <Typography variant="h6" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
        {data?.fullName ?? ticket.customer.fullName}
      </Typography>
      {shown(ticket.customer.identificationNumber) ? (
        <Typography
          variant="body2"
          sx={{ color: 'text.secondary', mb: 1 }}
          data-testid="ticket-customer-identification"
        >
          {data?.identificationType.abbr ?? data?.identificationType.name ?? ''} {ticket.customer.identificationNumber}
        </Typography>
      ) : null}
      {customer.isLoading ? <CircularProgress size={20} /> : null}
      {data && contacts.length > 0 ? (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}>
          {contacts.map((contact) => (
            <Box component="li" key={contact.id}>
              <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
                {contact.label || contact.type.name}
              </Typography>
              <Typography variant="body2" dir="ltr" sx={{ overflowWrap: 'anywhere', textAlign: 'start' }}>
                {contact.areaCode ? `(${contact.areaCode}) ` : ''}
                {contact.value}
                {contact.extension ? ` ext. ${contact.extension}` : ''}
                {softphone && PHONE_CONTACT_CODES.includes(contact.type.code ?? '') ? (
                  <Suspense>
                    <SoftphoneCallButton value={contact.value} areaCode={contact.areaCode} />
                  </Suspense>
                ) : null}
              </Typography>
            </Box>
          ))}
        </Box>
      ) : data ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('tickets.view.noContacts')}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
        {can('ver-cliente') ? (
          <Button size="small" component={RouterLink} to={`/app/customers/${ticket.customer.id}/view`}>
            {t('tickets.view.openCustomer')}
          </Button>
        ) : null}
        {can('editar-cliente') ? (
          <Button
            size="small"
            startIcon={<EditIcon />}
            component={RouterLink}
            to={`/app/customers/${ticket.customer.id}/edit`}
            data-testid="ticket-customer-edit"
          >
            {t('tickets.view.editCustomer')}
          </Button>
        ) : null}
      </Box>
      {can('ver-menu-casos') ? <EarlierTickets ticket={ticket} /> : null}
    </Panel>
  );
}

/** How many of the customer's other tickets show beside the conversation (newest first). */
const EARLIER_TICKETS = 5;

/** The customer's other tickets the user may see, newest first: what they asked before, one click away. */
function EarlierTickets({ ticket }: { ticket: Ticket }) {
  const { t, i18n } = useTranslation();
  const list = useTicketList({
    clients: ticket.customer.id,
    sizePerPage: EARLIER_TICKETS + 1,
    sortName: 'created_at',
    sortOrder: 'desc',
  });
  const others = (list.data?.data ?? []).filter((item) => item.id !== ticket.id).slice(0, EARLIER_TICKETS);
  return (
    <Box sx={{ mt: 2 }} data-testid="ticket-earlier">
      <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700, mb: 0.5 }}>
        {t('tickets.view.earlier')}
      </Typography>
      {list.isLoading ? (
        <CircularProgress size={18} />
      ) : others.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('tickets.view.noEarlier')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.75 }}>
          {others.map((item) => (
            <Box component="li" key={item.id} data-testid={`ticket-earlier-${item.id}`}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <Link
                  component={RouterLink}
                  to={`/app/tickets/${item.id}/view`}
                  variant="body2"
                  sx={{ fontWeight: 600 }}
                >
                  #{item.number}
                </Link>
                <StatusChip status={item.status} />
              </Box>
              <Typography variant="caption" component="p" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                {[formatDateTime(item.createdAt, i18n.language), item.description].filter(Boolean).join(' · ')}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

// What the panel shows only on demand loads then: the history tab's list (with the administration texts it names
// fields by) and the transfer and merge dialogs.
const AuditEntryList = lazyNamed(() => withAdminTexts(() => import('../audit/AuditHistory')), 'AuditEntryList');
const TransferDialog = lazyNamed(() => import('./TicketDialogs'), 'TransferDialog');
const MergeDialog = lazyNamed(() => import('./TicketDialogs'), 'MergeDialog');
// The business rules that ran on the ticket (features/automation), with their texts.
const TicketAutomationTab = lazyNamed(
  () => import('../automation/executions/TicketAutomationTab'),
  'TicketAutomationTab',
);

function HistoryTab({ ticketId }: { ticketId: number }) {
  const history = useTicketHistory(ticketId);
  if (history.isLoading) return <PageLoader />;
  if (history.isError) return <Alert severity="error">{history.error.message}</Alert>;
  return (
    <Suspense fallback={<PageLoader />}>
      <AuditEntryList entries={history.data ?? []} />
    </Suspense>
  );
}

export function SidePanel({
  ticket,
  campaign,
}: {
  ticket: Ticket;
  campaign: ReturnType<typeof useCampaignForm>['campaign'];
}) {
  const { t, i18n } = useTranslation();
  const feedback = useApiFeedback();
  const { can, isAgent } = usePermissions();
  const { user } = useSession();
  const userCampaigns = useUserCampaigns();
  const action = useTicketAction(ticket.id);
  const accept = useAcceptTransfer();
  const reject = useRejectTransfer();
  const [tab, setTab] = useState('details');
  const [dialog, setDialog] = useState<'transfer' | 'merge' | 'close' | null>(null);
  const actions = availableActions(ticket, can, {
    id: user?.id ?? null,
    campaignIds: (userCampaigns.data ?? []).map((item) => item.id),
  });
  const config = campaign.data?.config;
  const scripts = campaign.data?.scripts ?? [];
  const customTabs = (campaign.data?.customTabs ?? []).filter((item) => item.enabled);
  const busy = action.isPending || accept.isPending || reject.isPending;

  const run = (name: SimpleAction) =>
    action.mutate(name, {
      onSuccess: () => feedback.success(t(`tickets.actions.done.${name}`)),
      onError: (error) => feedback.failure(error),
    });

  const date = (value: string | null) => formatDateTime(value, i18n.language);
  const activeTab =
    tab.startsWith('custom-') && !customTabs.some((item) => `custom-${item.id}` === tab) ? 'details' : tab;

  return (
    <Panel testId="ticket-side-panel">
      {ticket.status === 3 && ticket.transfer ? (
        <Alert severity="info" sx={{ mb: 1.5 }} data-testid="ticket-transfer-waiting">
          {t('tickets.transfer.waiting', {
            target: ticket.transfer.toUser?.nombre ?? ticket.transfer.toCampaign?.name ?? '',
          })}
          {actions.accept || actions.reject ? (
            <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
              <Button
                size="small"
                variant="contained"
                disabled={busy}
                data-testid="ticket-accept"
                onClick={() =>
                  accept.mutate(ticket.id, {
                    onSuccess: () => feedback.success(t('tickets.transfer.accepted')),
                    onError: (error) => feedback.failure(error),
                  })
                }
              >
                {t('tickets.actions.accept')}
              </Button>
              <Button
                size="small"
                color="error"
                variant="outlined"
                disabled={busy}
                data-testid="ticket-reject"
                onClick={() =>
                  reject.mutate(ticket.id, {
                    onSuccess: () => feedback.success(t('tickets.transfer.rejected')),
                    onError: (error) => feedback.failure(error),
                  })
                }
              >
                {t('tickets.actions.reject')}
              </Button>
            </Box>
          ) : null}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1 }} data-testid="ticket-actions">
        {actions.open ? (
          <Button
            size="small"
            variant="outlined"
            startIcon={<LockOpenIcon />}
            disabled={busy}
            onClick={() => run('open')}
            data-testid="ticket-action-open"
          >
            {t('tickets.actions.open')}
          </Button>
        ) : null}
        {actions.escalate ? (
          <Button
            size="small"
            variant="outlined"
            color="warning"
            startIcon={<PriorityHighIcon />}
            disabled={busy}
            onClick={() => run('escalate')}
            data-testid="ticket-action-escalate"
          >
            {t('tickets.actions.escalate')}
          </Button>
        ) : null}
        {actions.transfer ? (
          <Button
            size="small"
            variant="outlined"
            color="secondary"
            startIcon={<ShortcutIcon />}
            disabled={busy}
            onClick={() => setDialog('transfer')}
            data-testid="ticket-action-transfer"
          >
            {t('tickets.actions.transfer')}
          </Button>
        ) : null}
        {actions.merge ? (
          <Button
            size="small"
            variant="outlined"
            startIcon={<CallMergeIcon />}
            disabled={busy}
            onClick={() => setDialog('merge')}
            data-testid="ticket-action-merge"
          >
            {t('tickets.actions.merge')}
          </Button>
        ) : null}
        {actions.close ? (
          <Button
            size="small"
            variant="contained"
            color="error"
            startIcon={<LockIcon />}
            disabled={busy}
            onClick={() => setDialog('close')}
            data-testid="ticket-action-close"
          >
            {t('tickets.actions.close')}
          </Button>
        ) : null}
      </Box>
      <Tabs
        value={activeTab}
        onChange={(_, value) => setTab(value)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 1.5 }}
      >
        <Tab value="details" label={t('tickets.view.details')} data-testid="ticket-tab-details" />
        {scripts.length > 0 ? (
          <Tab value="scripts" label={t('tickets.view.scripts')} data-testid="ticket-tab-scripts" />
        ) : null}
        <Tab value="history" label={t('tickets.view.history')} data-testid="ticket-tab-history" />
        <Tab value="automation" label={t('menu.items.businessRules')} data-testid="ticket-tab-automation" />
        {customTabs.map((item) => (
          <Tab
            key={item.id}
            value={`custom-${item.id}`}
            label={item.name}
            data-testid={`ticket-tab-custom-${item.id}`}
          />
        ))}
      </Tabs>
      {activeTab === 'details' ? (
        <>
          <SideDetails
            rows={[
              { label: t('tickets.fields.number'), value: `#${ticket.number}`, testId: 'ticket-number' },
              { label: t('tickets.fields.status'), value: <StatusChip status={ticket.status} /> },
              { label: t('tickets.fields.priority'), value: <PriorityChip priority={ticket.priority} /> },
              { label: t('tickets.fields.type'), value: ticket.type?.name },
              { label: t('tickets.fields.campaign'), value: ticket.campaign.name },
              { label: t('tickets.fields.assigned'), value: ticket.assigned?.nombre ?? t('tickets.unassigned') },
              { label: t('tickets.fields.createdAt'), value: date(ticket.createdAt) },
              { label: t('tickets.fields.firstResponse'), value: date(ticket.firstResponseAt) },
              { label: t('tickets.fields.closedAt'), value: date(ticket.closedAt) },
            ]}
          />
          {ticket.mergedInto ? (
            <Alert severity="info" sx={{ mt: 1.5 }} data-testid="ticket-merged-into">
              {t('tickets.view.mergedInto')}{' '}
              <Link component={RouterLink} to={`/app/tickets/${ticket.mergedInto.id}/view`}>
                #{ticket.mergedInto.number}
              </Link>
            </Alert>
          ) : null}
          {ticket.related.length > 0 ? (
            <Box sx={{ mt: 1.5 }} data-testid="ticket-related">
              <Typography variant="subtitle2" sx={{ fontWeight: 700, mb: 0.5 }}>
                {t('tickets.view.related')}
              </Typography>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                {ticket.related.map((item) => (
                  <Chip
                    key={item.id}
                    size="small"
                    clickable
                    component={RouterLink}
                    to={`/app/tickets/${item.id}/view`}
                    label={`#${item.number} · ${t(`tickets.status.${['new', 'open', 'escalated', 'transferred', 'closed'][item.status] ?? 'new'}`)}`}
                    data-testid={`ticket-related-${item.number}`}
                  />
                ))}
              </Box>
            </Box>
          ) : null}
        </>
      ) : null}
      {activeTab === 'scripts' ? (
        <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="ticket-scripts">
          {scripts.map((script) => (
            <Box key={script.id}>
              <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
                {script.title}
              </Typography>
              <Box
                sx={{ typography: 'body2', overflowWrap: 'anywhere', '& p': { my: 0.5 } }}
                // biome-ignore lint/security/noDangerouslySetInnerHtml: script bodies are sanitised by the server when stored.
                dangerouslySetInnerHTML={{ __html: script.body }}
              />
            </Box>
          ))}
        </Box>
      ) : null}
      {activeTab === 'history' ? <HistoryTab ticketId={ticket.id} /> : null}
      {activeTab === 'automation' ? (
        <Suspense fallback={<PageLoader />}>
          <TicketAutomationTab ticketId={ticket.id} />
        </Suspense>
      ) : null}
      {customTabs.map((item) =>
        activeTab === `custom-${item.id}` ? (
          <Box
            key={item.id}
            component="iframe"
            title={item.name}
            src={item.url}
            sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
            referrerPolicy="no-referrer"
            data-testid={`ticket-custom-tab-${item.id}`}
            sx={{ width: '100%', height: item.height, border: 0, borderRadius: 1, bgcolor: 'background.default' }}
          />
        ) : null,
      )}
      <Suspense fallback={null}>
        {dialog === 'transfer' ? (
          <TransferDialog
            ticket={ticket}
            allowUser={!isAgent || config?.agentTransfer !== false}
            allowCampaign={!isAgent || config?.campaignTransfer === true}
            onClose={() => setDialog(null)}
          />
        ) : null}
        {dialog === 'merge' ? <MergeDialog ticket={ticket} onClose={() => setDialog(null)} /> : null}
      </Suspense>
      <ConfirmDialog
        open={dialog === 'close'}
        title={t('tickets.close.title', { number: ticket.number })}
        message={t('tickets.close.message')}
        confirmLabel={t('tickets.actions.close')}
        destructive
        onCancel={() => setDialog(null)}
        onConfirm={() => {
          setDialog(null);
          run('close');
        }}
      />
    </Panel>
  );
}

/** A compact label/value list that fits the narrow side column (labels sized to their text). */
function SideDetails({ rows }: { rows: DetailRow[] }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 1, m: 0 }}
    >
      {rows.map((row) => (
        <Box key={row.label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {row.label}
          </Typography>
          <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }} data-testid={row.testId}>
            {row.value === null || row.value === undefined || row.value === '' ? (
              <Typography variant="body2" sx={{ color: 'text.disabled' }}>
                —
              </Typography>
            ) : typeof row.value === 'string' ? (
              <Typography variant="body2">{row.value}</Typography>
            ) : (
              row.value
            )}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
