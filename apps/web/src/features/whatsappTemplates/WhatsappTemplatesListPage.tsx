import './i18n';
import { WHATSAPP_TEMPLATE_STATUSES, type WhatsappTemplate, type WhatsappTemplateStatus } from '@atiende/contracts';
import AddIcon from '@mui/icons-material/Add';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { usePermissions } from '../../app/queries';
import { DataTable, type DataTableColumn, initialTableQuery, tableQueryParams } from '../../ui/DataTable';
import { FilterSelect } from '../../ui/FilterSelect';
import { formatDateTime } from '../../ui/format';
import { NameWithPreview } from '../../ui/NameWithPreview';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { useWhatsappChannels, useWhatsappTemplateList } from './api';
import { WhatsappTemplateStatusChip } from './components';

/** /app/whatsapp-templates: server-side list with search by name and filters by status and channel. */
export function WhatsappTemplatesListPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { can } = usePermissions();
  const [query, setQuery] = useState(() => initialTableQuery('createdAt', 'desc'));
  const [status, setStatus] = useState<WhatsappTemplateStatus | ''>('');
  const [channelId, setChannelId] = useState<number | ''>('');
  const channels = useWhatsappChannels();
  const params = useMemo(
    () => ({ ...tableQueryParams(query), status: status || undefined, channelId: channelId || undefined }),
    [query, status, channelId],
  );
  const list = useWhatsappTemplateList(params);
  const viewable = can('ver-plantilla-mensaje');
  const filtered = Boolean(query.searchText.trim() || status || channelId);
  const viewPath = (template: WhatsappTemplate) => `/app/whatsapp-templates/${template.id}/view`;

  const columns: DataTableColumn<WhatsappTemplate>[] = [
    {
      id: 'name',
      label: t('whatsappTemplates.fields.name'),
      sortKey: 'name',
      render: (template) => (
        <NameWithPreview name={template.name} preview={template.body} nameDir="ltr" maxWidth={420} />
      ),
    },
    { id: 'channel', label: t('whatsappTemplates.fields.channel'), render: (template) => template.channel.name },
    {
      id: 'category',
      label: t('whatsappTemplates.fields.category'),
      render: (template) => t(`whatsappTemplates.categories.${template.category}`),
    },
    {
      id: 'language',
      label: t('whatsappTemplates.fields.language'),
      render: (template) => t(`whatsappTemplates.languages.${template.language}`),
    },
    {
      id: 'status',
      label: t('whatsappTemplates.fields.status'),
      render: (template) => (
        <WhatsappTemplateStatusChip status={template.status} testId={`wa-template-status-${template.id}`} />
      ),
    },
    {
      id: 'createdAt',
      label: t('common.createdAt'),
      sortKey: 'createdAt',
      render: (template) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(template.createdAt, i18n.language)}
        </Box>
      ),
    },
  ];

  const resetPage = () => setQuery((current) => ({ ...current, page: 1 }));

  return (
    <PageContainer>
      <PageHeader
        title={t('menu.items.whatsappTemplates')}
        subtitle={t('whatsappTemplates.subtitle')}
        actions={
          can('agregar-plantilla-mensaje') ? (
            <Button
              component={RouterLink}
              to="/app/whatsapp-templates/add"
              variant="contained"
              startIcon={<AddIcon />}
              data-testid="wa-template-add"
            >
              {t('whatsappTemplates.add')}
            </Button>
          ) : null
        }
      />
      <DataTable
        tableId="whatsapp-templates"
        columns={columns}
        rows={list.data?.data ?? []}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        query={query}
        onQueryChange={setQuery}
        rowKey={(template) => template.id}
        rowTestId={(template) => `wa-template-row-${template.id}`}
        onRowClick={viewable ? (template) => navigate(viewPath(template)) : undefined}
        searchLabel={t('whatsappTemplates.search')}
        searchTestId="wa-templates-search"
        emptyTitle={filtered ? undefined : t('whatsappTemplates.empty')}
        filters={
          <>
            <FilterSelect
              label={t('whatsappTemplates.fields.status')}
              value={status}
              onChange={(value) => {
                setStatus(value);
                resetPage();
              }}
              options={WHATSAPP_TEMPLATE_STATUSES.map((key) => ({
                value: key,
                label: t(`whatsappTemplates.statuses.${key}`),
              }))}
              testId="wa-templates-filter-status"
            />
            <FilterSelect
              label={t('whatsappTemplates.fields.channel')}
              value={channelId}
              onChange={(value) => {
                setChannelId(value);
                resetPage();
              }}
              options={(channels.data ?? []).map((channel) => ({ value: channel.id, label: channel.name }))}
              testId="wa-templates-filter-channel"
              minWidth={200}
            />
          </>
        }
        actions={(template) =>
          viewable ? (
            <Tooltip title={t('common.view')}>
              <IconButton
                size="small"
                component={RouterLink}
                to={viewPath(template)}
                aria-label={t('common.view')}
                data-testid={`wa-template-view-${template.id}`}
              >
                <VisibilityIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : null
        }
      />
    </PageContainer>
  );
}
