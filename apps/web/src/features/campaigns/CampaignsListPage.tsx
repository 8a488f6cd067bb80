import type { CampaignListItem } from '@atiende/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../app/queries';
import { type DataTableColumn, initialTableQuery, tableQueryParams } from '../../ui/DataTable';
import { EnabledChip } from '../../ui/EnabledChip';
import { formatDate } from '../../ui/format';
import { ListPage } from '../../ui/ListPage';
import { useCampaignList } from './api';

/** "1 Mar 2026 – 30 Jun 2026", an open end, or a dash. */
export function dateRange(start: string | null, end: string | null, locale: string): string {
  if (!start && !end) return '—';
  return `${start ? formatDate(start, locale) : '…'} – ${end ? formatDate(end, locale) : '…'}`;
}

/** /app/campaigns */
export function CampaignsListPage() {
  const { t, i18n } = useTranslation();
  const { can } = usePermissions();
  const [query, setQuery] = useState(() => initialTableQuery('name'));
  const [enabled, setEnabled] = useState<'all' | 'true' | 'false'>('all');
  const params = useMemo(() => ({ ...tableQueryParams(query), enabled }), [query, enabled]);
  const list = useCampaignList(params);
  const columns: DataTableColumn<CampaignListItem>[] = [
    {
      id: 'name',
      label: t('campaigns.fields.name'),
      sortKey: 'name',
      render: (campaign) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {campaign.name}
          </Typography>
          {campaign.description ? (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {campaign.description}
            </Typography>
          ) : null}
        </Box>
      ),
    },
    {
      id: 'type',
      label: t('campaigns.fields.type'),
      render: (campaign) => <Chip size="small" variant="outlined" label={t(`campaignTypes.${campaign.type}`)} />,
    },
    { id: 'enabled', label: t('common.enabled'), render: (campaign) => <EnabledChip enabled={campaign.enabled} /> },
    {
      id: 'dates',
      label: t('campaigns.dates'),
      render: (campaign) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {dateRange(campaign.startDate, campaign.endDate, i18n.language)}
        </Box>
      ),
    },
    {
      id: 'responsible',
      label: t('campaigns.fields.responsibleUserId'),
      render: (campaign) => campaign.responsible?.nombre ?? '—',
    },
    {
      id: 'channels',
      label: t('campaigns.tabs.channels'),
      align: 'right',
      render: (campaign) => campaign.channelCount,
    },
    { id: 'agents', label: t('campaigns.tabs.agents'), align: 'right', render: (campaign) => campaign.agentCount },
  ];
  return (
    <ListPage
      title={t('menu.items.campaigns')}
      add={can('agregar-campana') && { to: '/app/campaigns/add', label: t('campaigns.add'), testId: 'campaign-add' }}
      list={list}
      tableId="campaigns"
      columns={columns}
      query={query}
      onQueryChange={setQuery}
      rowKey={(campaign) => campaign.id}
      rowTestId={(campaign) => `campaign-row-${campaign.name}`}
      rowLink={can('editar-campana') && ((campaign) => `/app/campaigns/${campaign.id}/edit`)}
      searchLabel={t('campaigns.search')}
      enabledFilter={{ value: enabled, onChange: setEnabled, testId: 'campaigns-filter-enabled' }}
      edit={
        can('editar-campana') && {
          to: (campaign) => `/app/campaigns/${campaign.id}/edit`,
          testId: (_campaign) => 'campaign-edit',
        }
      }
    />
  );
}
