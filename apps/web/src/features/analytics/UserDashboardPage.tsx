import './i18n';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useUserCampaigns } from '../../app/campaign';
import { useSession } from '../../core/session';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { downloadWidget, useDashboardAgents, useUserDashboard } from './api';
import { FilterBar, RangeLine, WidgetGrid } from './components';
import { DashboardBody } from './DashboardBody';
import { periodFieldErrors, useDashboardFilters } from './useFilters';
import {
  CampaignsWidget,
  InteractionsByChannelWidget,
  InteractionsByHourWidget,
  LatestTasksWidget,
  NamedCountsWidget,
  StatusTimeWidget,
  TasksByHourWidget,
  TicketsByStatusWidget,
  Totals,
} from './widgets';

/**
 * /app/user-dashboard: an agent's figures for a period (their own, or a supervised agent's), refreshed every 15 s;
 * the filters live in the query string (preset, from, to, campaigns, user).
 */
export function UserDashboardPage() {
  const { t } = useTranslation();
  const session = useSession();
  const { filters, setFilters } = useDashboardFilters();
  const dashboard = useUserDashboard(filters);
  const agents = useDashboardAgents();
  const campaigns = useUserCampaigns();
  const fieldErrors = periodFieldErrors(dashboard.error);
  const data = dashboard.data;
  const me = session.user?.id ?? null;
  const agentList = agents.data ?? [];
  const shownUser = filters.user ?? data?.user.id ?? me;
  const download = (widget: string) => downloadWidget('user-dashboard', widget as never, filters);

  const agentPicker =
    agentList.length > 1 ? (
      <TextField
        select
        size="small"
        margin="none"
        fullWidth={false}
        label={t('analytics.filters.agent')}
        value={agentList.some((agent) => agent.id === shownUser) ? shownUser : ''}
        onChange={(event) => {
          const id = Number(event.target.value);
          setFilters({ user: id === me ? null : id });
        }}
        sx={{ minWidth: 200 }}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'dashboard-agent' } as object } }}
      >
        {agentList.map((agent) => (
          <MenuItem key={agent.id} value={agent.id} data-testid={`dashboard-agent-option-${agent.id}`}>
            {agent.id === me ? t('analytics.filters.me', { name: agent.name }) : agent.name}
          </MenuItem>
        ))}
      </TextField>
    ) : null;

  return (
    <PageContainer maxWidth={1600}>
      <PageHeader
        title={t('analytics.user.title')}
        subtitle={
          data && data.user.id !== me ? t('analytics.user.of', { name: data.user.name }) : t('analytics.user.subtitle')
        }
      />
      <FilterBar
        filters={filters}
        onChange={setFilters}
        campaignOptions={(campaigns.data ?? []).map((campaign) => ({ id: campaign.id, label: campaign.nombre }))}
        fieldErrors={fieldErrors}
        agentPicker={agentPicker}
      />
      <RangeLine range={data?.range} fetching={dashboard.isFetching} />
      <DashboardBody query={dashboard} fieldErrors={fieldErrors}>
        {data ? (
          <>
            <Totals data={data} />
            <WidgetGrid>
              <CampaignsWidget data={data} download={download} />
              <TicketsByStatusWidget data={data} download={download} />
              <NamedCountsWidget
                id="tasksByType"
                rows={data.tasksByType}
                download={download}
                nameColumn={t('analytics.columns.type')}
                countColumn={t('analytics.columns.tasks')}
                unnamed={t('analytics.noType')}
              />
              <TasksByHourWidget data={data} download={download} />
              <InteractionsByChannelWidget data={data} download={download} />
              <InteractionsByHourWidget data={data} download={download} />
              <StatusTimeWidget data={data} download={download} />
              <LatestTasksWidget data={data} download={download} />
            </WidgetGrid>
          </>
        ) : null}
      </DashboardBody>
    </PageContainer>
  );
}
