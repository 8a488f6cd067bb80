import './i18n';
import { CHANNEL_TYPE_KEYS, type ChannelTypeKey, type MessageTemplate } from '@atiende/contracts';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { usePermissions } from '../../app/queries';
import { DataTable, type DataTableColumn, initialTableQuery, tableQueryParams } from '../../ui/DataTable';
import { EnabledChip } from '../../ui/EnabledChip';
import { FilterSelect } from '../../ui/FilterSelect';
import { formatDateTime } from '../../ui/format';
import { NameWithPreview } from '../../ui/NameWithPreview';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { useTemplateList } from './api';
import { ChannelTypeChip } from './ChannelTypeChip';

/** /app/templates: server-side list with search by name and a channel type filter. */
export function TemplatesListPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { can } = usePermissions();
  const [query, setQuery] = useState(() => initialTableQuery('name'));
  const [channelType, setChannelType] = useState<ChannelTypeKey | ''>('');
  const params = useMemo(
    () => ({ ...tableQueryParams(query), channelType: channelType || undefined }),
    [query, channelType],
  );
  const list = useTemplateList(params);
  const editable = can('editar-plantilla-mensaje');
  const filtered = Boolean(query.searchText.trim() || channelType);

  const columns: DataTableColumn<MessageTemplate>[] = [
    {
      id: 'name',
      label: t('templates.fields.name'),
      sortKey: 'name',
      render: (template) => <NameWithPreview name={template.name} preview={template.body} maxWidth={460} />,
    },
    {
      id: 'channelType',
      label: t('templates.fields.channelType'),
      render: (template) => <ChannelTypeChip type={template.channelType} />,
    },
    {
      id: 'campaigns',
      label: t('templates.fields.campaigns'),
      render: (template) =>
        template.allCampaigns ? (
          <Chip size="small" color="primary" variant="outlined" label={t('templates.allCampaigns')} />
        ) : (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {template.campaigns.map((campaign) => (
              <Chip key={campaign.id} size="small" label={campaign.name} />
            ))}
          </Box>
        ),
    },
    { id: 'enabled', label: t('common.enabled'), render: (template) => <EnabledChip enabled={template.enabled} /> },
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

  return (
    <PageContainer>
      <PageHeader
        title={t('menu.items.templates')}
        subtitle={t('templates.subtitle')}
        actions={
          can('agregar-plantilla-mensaje') ? (
            <Button
              component={RouterLink}
              to="/app/templates/add"
              variant="contained"
              startIcon={<AddIcon />}
              data-testid="template-add"
            >
              {t('templates.add')}
            </Button>
          ) : null
        }
      />
      <DataTable
        tableId="templates"
        columns={columns}
        rows={list.data?.data ?? []}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        query={query}
        onQueryChange={setQuery}
        rowKey={(template) => template.id}
        rowTestId={(template) => `template-row-${template.id}`}
        onRowClick={editable ? (template) => navigate(`/app/templates/${template.id}/edit`) : undefined}
        searchLabel={t('templates.search')}
        searchTestId="templates-search"
        emptyTitle={filtered ? undefined : t('templates.empty')}
        filters={
          <FilterSelect
            label={t('templates.fields.channelType')}
            value={channelType}
            onChange={(value) => {
              setChannelType(value);
              setQuery((current) => ({ ...current, page: 1 }));
            }}
            options={CHANNEL_TYPE_KEYS.map((key) => ({ value: key, label: t(`channels.types.${key}`) }))}
            testId="templates-filter-channelType"
            minWidth={190}
          />
        }
        actions={(template) =>
          editable ? (
            <Tooltip title={t('common.edit')}>
              <IconButton
                size="small"
                component={RouterLink}
                to={`/app/templates/${template.id}/edit`}
                aria-label={t('common.edit')}
                data-testid={`template-edit-${template.id}`}
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
