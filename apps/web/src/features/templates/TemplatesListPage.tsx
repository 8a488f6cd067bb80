import { CHANNEL_TYPE_KEYS, type ChannelTypeKey, type MessageTemplate } from '@atiende/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../app/queries';
import { type DataTableColumn, initialTableQuery, tableQueryParams } from '../../ui/DataTable';
import { EnabledChip } from '../../ui/EnabledChip';
import { FilterSelect } from '../../ui/FilterSelect';
import { formatDateTime } from '../../ui/format';
import { ListPage } from '../../ui/ListPage';
import { NameWithPreview } from '../../ui/NameWithPreview';
import { useTemplateList } from './api';
import { ChannelTypeChip } from './ChannelTypeChip';

/** /app/templates: server-side list with search by name and a channel type filter. */
export function TemplatesListPage() {
  const { t, i18n } = useTranslation();
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
    <ListPage
      title={t('menu.items.templates')}
      subtitle={t('templates.subtitle')}
      add={
        can('agregar-plantilla-mensaje') && {
          to: '/app/templates/add',
          label: t('templates.add'),
          testId: 'template-add',
        }
      }
      list={list}
      tableId="templates"
      columns={columns}
      query={query}
      onQueryChange={setQuery}
      rowKey={(template) => template.id}
      rowTestId={(template) => `template-row-${template.id}`}
      rowLink={editable && ((template) => `/app/templates/${template.id}/edit`)}
      edit={
        editable && {
          to: (template) => `/app/templates/${template.id}/edit`,
          testId: (template) => `template-edit-${template.id}`,
        }
      }
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
          options={CHANNEL_TYPE_KEYS.map((key) => ({ value: key, label: t(`channelTypes.${key}`) }))}
          testId="templates-filter-channelType"
          minWidth={190}
        />
      }
    />
  );
}
