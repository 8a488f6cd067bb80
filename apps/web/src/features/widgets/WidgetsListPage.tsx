import './i18n';
import type { OmniWidget } from '@atiende/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../app/queries';
import { ChannelTypeIcon } from '../../ui/ChannelTypeIcon';
import { type DataTableColumn, initialTableQuery, tableQueryParams } from '../../ui/DataTable';
import { EnabledChip } from '../../ui/EnabledChip';
import { formatDateTime } from '../../ui/format';
import { ListPage } from '../../ui/ListPage';
import { Tooltip } from '../../ui/Tooltip';
import { useWidgetList } from './api';

/** A small swatch of the widget's colour. */
function Swatch({ color }: { color: string }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        display: 'inline-block',
        width: 14,
        height: 14,
        borderRadius: '50%',
        bgcolor: color,
        border: 1,
        borderColor: 'divider',
        flex: 'none',
      }}
    />
  );
}

/** /app/omni-widgets: server-side list with search by name. */
export function WidgetsListPage() {
  const { t, i18n } = useTranslation();
  const { can } = usePermissions();
  const [query, setQuery] = useState(() => initialTableQuery('name'));
  const params = useMemo(() => tableQueryParams(query), [query]);
  const list = useWidgetList(params);
  const editable = can('editar-omniwidget');

  const columns: DataTableColumn<OmniWidget>[] = [
    {
      id: 'name',
      label: t('widgets.fields.name'),
      sortKey: 'name',
      render: (widget) => (
        <Box sx={{ minWidth: 0, maxWidth: 380 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Swatch color={widget.primaryColor} />
            <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {widget.name}
            </Typography>
          </Box>
          <Typography
            variant="caption"
            component="p"
            dir="ltr"
            sx={{ color: 'text.secondary', overflowWrap: 'anywhere', textAlign: 'start' }}
          >
            {widget.allowedOrigins.join(', ')}
          </Typography>
        </Box>
      ),
    },
    {
      id: 'channels',
      label: t('widgets.fields.channels'),
      render: (widget) =>
        widget.channels.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('widgets.noChannels')}
          </Typography>
        ) : (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {widget.channels.map((channel) => (
              <Tooltip key={channel.id} title={`${channel.name} · ${t(`channelTypes.${channel.type}`)}`}>
                <Chip
                  size="small"
                  variant="outlined"
                  icon={<ChannelTypeIcon type={channel.type} fontSize="small" />}
                  label={channel.name}
                  sx={{ maxWidth: 180 }}
                />
              </Tooltip>
            ))}
          </Box>
        ),
    },
    {
      id: 'style',
      label: t('widgets.fields.style'),
      render: (widget) => (
        <Box>
          <Typography variant="body2">{t(`widgets.styles.${widget.style}`)}</Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t(`widgets.positions.${widget.position}`)}
          </Typography>
        </Box>
      ),
    },
    { id: 'enabled', label: t('common.enabled'), render: (widget) => <EnabledChip enabled={widget.enabled} /> },
    {
      id: 'createdAt',
      label: t('widgets.fields.updatedAt'),
      sortKey: 'createdAt',
      render: (widget) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(widget.updatedAt, i18n.language)}
        </Box>
      ),
    },
  ];

  return (
    <ListPage
      title={t('menu.items.omniWidgets')}
      subtitle={t('widgets.subtitle')}
      add={can('agregar-omniwidget') && { to: '/app/omni-widgets/add', label: t('widgets.add'), testId: 'widget-add' }}
      list={list}
      tableId="omni-widgets"
      columns={columns}
      query={query}
      onQueryChange={setQuery}
      rowKey={(widget) => widget.id}
      rowTestId={(widget) => `widget-row-${widget.id}`}
      rowLink={editable && ((widget) => `/app/omni-widgets/${widget.id}/edit`)}
      searchLabel={t('widgets.search')}
      searchTestId="widgets-search"
      emptyTitle={query.searchText.trim() ? undefined : t('widgets.empty')}
      edit={
        editable && {
          to: (widget) => `/app/omni-widgets/${widget.id}/edit`,
          testId: (widget) => `widget-edit-${widget.id}`,
        }
      }
    />
  );
}
