import './i18n';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserCampaigns } from '../../app/campaign';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { downloadWidget, useCampaignDashboard } from './api';
import { FilterBar, RangeLine, WidgetGrid } from './components';
import { DashboardBody } from './DashboardBody';
import { periodFieldErrors, useDashboardFilters } from './useFilters';
import {
  AgentsByStatusWidget,
  CampaignsWidget,
  InteractionsByChannelWidget,
  InteractionsByHourWidget,
  LatestTasksWidget,
  NamedCountsWidget,
  TasksByHourWidget,
  TicketsByStatusWidget,
  Totals,
} from './widgets';

/**
 * /app/campaign-dashboard: the figures of the campaigns the caller supervises (all of them with ver-todos-casos),
 * refreshed every 15 s; the filters live in the query string (preset, from, to, campaigns).
 */
export function CampaignDashboardPage() {
  const { t } = useTranslation();
  const { filters, setFilters } = useDashboardFilters();
  const dashboard = useCampaignDashboard(filters);
  const campaigns = useUserCampaigns();
  const fieldErrors = periodFieldErrors(dashboard.error);
  const data = dashboard.data;
  const download = (widget: string) => downloadWidget('campaign-dashboard', widget as never, filters);
  // The campaigns the caller supervises: those the switcher lists as supervised, and every campaign an answer has
  // covered (with ver-todos-casos, campaigns nobody assigned the caller to), remembered while the page is open so
  // choosing one does not take the others out of the list.
  const seen = useRef(new Map<number, string>());
  for (const campaign of campaigns.data ?? []) {
    if (campaign.rol !== 'agent') seen.current.set(campaign.id, campaign.nombre);
  }
  for (const campaign of data?.campaigns ?? []) seen.current.set(campaign.campaignId, campaign.name);
  const options = seen.current;

  return (
    <PageContainer maxWidth={1600}>
      <PageHeader title={t('analytics.campaign.title')} subtitle={t('analytics.campaign.subtitle')} />
      <FilterBar
        filters={filters}
        onChange={setFilters}
        campaignOptions={[...options]
          .map(([id, label]) => ({ id, label }))
          .sort((a, b) => a.label.localeCompare(b.label))}
        fieldErrors={fieldErrors}
      />
      <RangeLine range={data?.range} fetching={dashboard.isFetching} />
      <DashboardBody query={dashboard} fieldErrors={fieldErrors}>
        {data ? (
          <>
            <Totals data={data} waitingNow={data.waitingNow} />
            <WidgetGrid>
              <CampaignsWidget data={data} download={download} asTable />
              <AgentsByStatusWidget data={data} download={download} />
              <TicketsByStatusWidget data={data} download={download} />
              <NamedCountsWidget
                id="ticketsByUser"
                rows={data.ticketsByUser}
                download={download}
                nameColumn={t('analytics.columns.user')}
                countColumn={t('analytics.columns.tickets')}
                unnamed={t('analytics.unassigned')}
              />
              <NamedCountsWidget
                id="tasksByUser"
                rows={data.tasksByUser}
                download={download}
                nameColumn={t('analytics.columns.user')}
                countColumn={t('analytics.columns.tasks')}
                unnamed={t('analytics.unassigned')}
              />
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
              <LatestTasksWidget data={data} download={download} />
            </WidgetGrid>
          </>
        ) : null}
      </DashboardBody>
    </PageContainer>
  );
}
