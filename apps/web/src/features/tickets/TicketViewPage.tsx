import { STORAGE_KEYS } from '@atiende/contracts';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import ViewWeekIcon from '@mui/icons-material/ViewWeek';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { usePermissions } from '../../app/queries';
import { readString, writeString } from '../../core/storage';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/PageLoader';
import { StatusPage } from '../../ui/StatusPage';
import { Tooltip } from '../../ui/Tooltip';
import { TicketSlaSlot } from '../automation/sla/TicketSlaSlot';
import { useHandlingTicket } from '../desk/agentStatus';
import { TicketWaitingNotice } from '../desk/WaitingNotices';
import { useCampaignForm, useTicket } from './api';
import { ConversationThread } from './ConversationThread';
import { StatusChip } from './components';
import { parseLayout, type TicketLayout } from './model';
import { TicketAttachments } from './TicketAttachments';
import { Composer } from './TicketComposer';
import { CustomerPanel, Panel, SidePanel } from './TicketSidePanel';
import { Timeline } from './TicketTimeline';
import { useTicketLive } from './useTicketLive';

function readLayout(): TicketLayout {
  return parseLayout(readString(STORAGE_KEYS.ticketView));
}

/** /app/tickets/:id/view: customer, work timeline with the composer, and the side panel (two or three columns). */
export function TicketViewPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const ticketId = Number(id);
  const valid = Number.isInteger(ticketId) && ticketId > 0;
  const { can } = usePermissions();
  const ticket = useTicket(valid ? ticketId : null);
  const { campaign, form } = useCampaignForm(ticket.data?.campaign.id ?? null);
  const [layout, setLayout] = useState<TicketLayout>(readLayout);
  useTicketLive(ticket.data);
  useHandlingTicket(ticket.data);

  const changeLayout = (_: unknown, value: TicketLayout | null) => {
    if (!value) return;
    setLayout(value);
    writeString(STORAGE_KEYS.ticketView, value);
  };

  if (!valid || (ticket.isError && ticket.error instanceof ApiError && ticket.error.httpStatus === 404)) {
    return (
      <StatusPage
        code="404"
        title={t('tickets.view.notFound')}
        description={t('tickets.view.notFoundDescription')}
        data-testid="ticket-not-found"
        action={
          <Button component={RouterLink} to="/app/tickets" variant="contained">
            {t('tickets.view.backToList')}
          </Button>
        }
      />
    );
  }
  if (ticket.isLoading || !ticket.data) {
    return ticket.isError ? (
      <PageContainer>
        <Alert severity="error">{ticket.error.message}</Alert>
      </PageContainer>
    ) : (
      <PageLoader />
    );
  }
  const data = ticket.data;
  const canWork = can('editar-caso') && data.status !== 4;
  const three = layout === 'three_column';

  // Conversation first: the thread with the newest message in view and the composer docked under it; the
  // ticket's description, files and work log follow.
  const work = (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0, alignContent: 'start' }}>
      <Box sx={{ display: 'grid', gap: 0, minWidth: 0 }} data-testid="ticket-conversation">
        <ConversationThread ticket={data} />
        {canWork ? <Composer ticket={data} form={form} /> : null}
      </Box>
      <Panel title={t('tickets.fields.description')}>
        <Typography
          variant="body2"
          // Customers' words take their own direction (a Spanish question stays "¿…?" on an RTL page).
          dir="auto"
          sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          data-testid="ticket-description"
        >
          {data.description}
        </Typography>
      </Panel>
      <Panel title={t('tickets.attachments.title')}>
        <TicketAttachments ticket={data} canUpload={canWork} />
      </Panel>
      <Timeline ticket={data} form={form} />
    </Box>
  );

  return (
    <PageContainer maxWidth={1700}>
      <PageHeader
        title={t('tickets.view.title', { number: data.number })}
        subtitle={`${data.campaign.name} · ${data.customer.fullName}`}
        backTo="/app/tickets"
        actions={
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <StatusChip status={data.status} testId="ticket-status" />
            <ToggleButtonGroup
              size="small"
              exclusive
              value={layout}
              onChange={changeLayout}
              aria-label={t('tickets.view.layout')}
            >
              <Tooltip title={t('tickets.view.twoColumns')}>
                <ToggleButton
                  value="two_column"
                  aria-label={t('tickets.view.twoColumns')}
                  data-testid="ticket-layout-two"
                >
                  <ViewColumnIcon fontSize="small" />
                </ToggleButton>
              </Tooltip>
              <Tooltip title={t('tickets.view.threeColumns')}>
                <ToggleButton
                  value="three_column"
                  aria-label={t('tickets.view.threeColumns')}
                  data-testid="ticket-layout-three"
                >
                  <ViewWeekIcon fontSize="small" />
                </ToggleButton>
              </Tooltip>
            </ToggleButtonGroup>
          </Box>
        }
      />
      {/* The SLA rule's countdowns, in view at once (its card loads only when a rule applies). */}
      <TicketSlaSlot ticket={data} />
      <TicketWaitingNotice
        ticketId={data.id}
        waiting={data.status !== 4 && data.assigned === null && data.status !== 3}
      />
      {data.status === 4 ? (
        <Alert severity="success" icon={<CheckCircleIcon />} sx={{ mb: 2 }} data-testid="ticket-closed">
          {t('tickets.view.closed')}
        </Alert>
      ) : null}
      <Box
        data-testid="ticket-view"
        data-layout={layout}
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          gridTemplateColumns: three
            ? {
                xs: '1fr',
                md: 'minmax(220px, 1fr) minmax(0, 2fr)',
                lg: 'minmax(240px, 1fr) minmax(0, 2fr) minmax(340px, 1.3fr)',
              }
            : { xs: '1fr', md: 'minmax(0, 2fr) minmax(300px, 1fr)' },
        }}
      >
        {three ? (
          <>
            <CustomerPanel ticket={data} />
            {work}
            <Box sx={{ gridColumn: { md: '1 / -1', lg: 'auto' }, minWidth: 0 }}>
              <SidePanel ticket={data} campaign={campaign} />
            </Box>
          </>
        ) : (
          <>
            {work}
            <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
              <CustomerPanel ticket={data} />
              <SidePanel ticket={data} campaign={campaign} />
            </Box>
          </>
        )}
      </Box>
    </PageContainer>
  );
}
