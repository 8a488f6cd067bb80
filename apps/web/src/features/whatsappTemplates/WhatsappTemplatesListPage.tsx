import './i18n';
import { WHATSAPP_TEMPLATE_STATUSES, type WhatsappTemplate, type WhatsappTemplateStatus } from '@atiende/contracts';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../app/queries';
import { type DataTableColumn, initialTableQuery, tableQueryParams } from '../../ui/DataTable';
import { FilterSelect } from '../../ui/FilterSelect';
import { formatDateTime } from '../../ui/format';
import { ListPage, RowAction } from '../../ui/ListPage';
import { NameWithPreview } from '../../ui/NameWithPreview';
import { useWhatsappChannels, useWhatsappTemplateList } from './api';
import { WhatsappTemplateStatusChip, WhatsappTemplateTypeChip } from './components';

/** /app/whatsapp-templates: server-side list with search by name and filters by status and channel. */
export function WhatsappTemplatesListPage() {
  const { t, i18n } = useTranslation();
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
    {
      id: 'type',
      label: t('whatsappTemplates.fields.type'),
      render: (template) => (
        <WhatsappTemplateTypeChip type={template.type} testId={`wa-template-type-${template.id}`} />
      ),
    },
    { id: 'channel', label: t('whatsappTemplates.fields.channel'), render: (template) => template.channel.name },
    {
      id: 'category',
      label: t('whatsappTemplates.fields.category'),
      render: (template) => (template.category ? t(`whatsappTemplates.categories.${template.category}`) : '—'),
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
    <ListPage
      title={t('menu.items.whatsappTemplates')}
      subtitle={t('whatsappTemplates.subtitle')}
      add={
        can('agregar-plantilla-mensaje') && {
          to: '/app/whatsapp-templates/add',
          label: t('whatsappTemplates.add'),
          testId: 'wa-template-add',
        }
      }
      list={list}
      tableId="whatsapp-templates"
      columns={columns}
      query={query}
      onQueryChange={setQuery}
      rowKey={(template) => template.id}
      rowTestId={(template) => `wa-template-row-${template.id}`}
      rowLink={viewable && ((template) => viewPath(template))}
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
      rowActions={(template) =>
        viewable ? (
          <RowAction
            title={t('common.view')}
            icon={<VisibilityIcon fontSize="small" />}
            to={viewPath(template)}
            testId={`wa-template-view-${template.id}`}
          />
        ) : null
      }
    />
  );
}
