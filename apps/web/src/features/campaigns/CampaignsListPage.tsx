import type { CampaignListItem } from '@atiende/contracts';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { usePermissions } from '../../app/queries';
import { DataTable, type DataTableColumn, initialTableQuery, tableQueryParams } from '../../ui/DataTable';
import { EnabledChip } from '../../ui/EnabledChip';
import { EnabledSelect } from '../../ui/EnabledSelect';
import { formatDate } from '../../ui/format';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { useCampaignList } from './api';

/** "1 Mar 2026 – 30 Jun 2026", an open end, or a dash. */
export function dateRange(start: string | null, end: string | null, locale: string): string {
  if (!start && !end) return '—';
  return `${start ? formatDate(start, locale) : '…'} – ${end ? formatDate(end, locale) : '…'}`;
}

/** /app/campaigns */
export function CampaignsListPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
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
      render: (campaign) => <Chip size="small" variant="outlined" label={t(`campaigns.types.${campaign.type}`)} />,
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
    <PageContainer>
      <PageHeader
        title={t('menu.items.campaigns')}
        actions={
          can('agregar-campana') ? (
            <Button
              component={RouterLink}
              to="/app/campaigns/add"
              variant="contained"
              startIcon={<AddIcon />}
              data-testid="campaign-add"
            >
              {t('campaigns.add')}
            </Button>
          ) : null
        }
      />
      <DataTable
        tableId="campaigns"
        columns={columns}
        rows={list.data?.data ?? []}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        query={query}
        onQueryChange={setQuery}
        rowKey={(campaign) => campaign.id}
        rowTestId={(campaign) => `campaign-row-${campaign.name}`}
        onRowClick={can('editar-campana') ? (campaign) => navigate(`/app/campaigns/${campaign.id}/edit`) : undefined}
        searchLabel={t('campaigns.search')}
        filters={
          <EnabledSelect
            value={enabled}
            onChange={(value) => {
              setEnabled(value);
              setQuery((current) => ({ ...current, page: 1 }));
            }}
            testId="campaigns-filter-enabled"
          />
        }
        actions={(campaign) =>
          can('editar-campana') ? (
            <Tooltip title={t('common.edit')}>
              <IconButton
                size="small"
                component={RouterLink}
                to={`/app/campaigns/${campaign.id}/edit`}
                aria-label={t('common.edit')}
                data-testid="campaign-edit"
              >
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : null
        }
      />
    </PageContainer>
  );
}
