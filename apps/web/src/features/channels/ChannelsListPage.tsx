import { CHANNEL_TYPE_KEYS, type Channel, type ChannelTypeKey } from '@atiende/contracts';
import AddIcon from '@mui/icons-material/Add';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { usePermissions } from '../../app/queries';
import { ChannelTypeIcon } from '../../ui/ChannelTypeIcon';
import { SEARCH_DEBOUNCE_MS } from '../../ui/DataTable';
import { EmptyState } from '../../ui/EmptyState';
import { EnabledChip } from '../../ui/EnabledChip';
import { LoadError } from '../../ui/LoadError';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/PageLoader';
import { SearchField } from '../../ui/SearchField';
import { Tooltip } from '../../ui/Tooltip';
import { useChannelList } from './api';

const PAGE_SIZE = 24;

function ChannelCard({ channel, editable }: { channel: Channel; editable: boolean }) {
  const { t } = useTranslation();
  const body: ReactNode = (
    <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.25, height: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
        <Avatar sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }}>
          <ChannelTypeIcon type={channel.type} />
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {channel.name}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t(`channelTypes.${channel.type}`)}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap' }}>
        <Chip size="small" variant="outlined" label={t(`channels.directions.${channel.direction}`)} />
        <EnabledChip enabled={channel.enabled} />
        {channel.lastError ? (
          <Tooltip title={channel.lastError}>
            <Chip
              size="small"
              color="warning"
              icon={<WarningAmberIcon />}
              label={t('channels.errorFound')}
              data-testid="channel-error-chip"
              // The whole message in any language and card width: the label wraps instead of ending in "…".
              sx={{
                height: 'auto',
                minHeight: 24,
                maxWidth: '100%',
                '& .MuiChip-label': { whiteSpace: 'normal', overflowWrap: 'anywhere', py: 0.25 },
              }}
            />
          </Tooltip>
        ) : null}
      </Box>
      <Box sx={{ mt: 'auto' }}>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {t('channels.relatedCampaigns')}
        </Typography>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {channel.campaigns.length > 0
            ? channel.campaigns.map((campaign) => campaign.name).join(', ')
            : t('channels.noCampaigns')}
        </Typography>
      </Box>
    </CardContent>
  );
  return (
    <Card variant="outlined" data-testid={`channel-card-${channel.name}`} sx={{ height: '100%' }}>
      {editable ? (
        <CardActionArea
          component={RouterLink}
          to={`/app/channels/${channel.id}/edit`}
          sx={{ height: '100%', alignItems: 'stretch' }}
        >
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
}

/** /app/channels: channel cards with search and a type filter. */
export function ChannelsListPage() {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const [search, setSearch] = useState('');
  const [searchText, setSearchText] = useState('');
  const [type, setType] = useState<ChannelTypeKey | ''>('');
  const [page, setPage] = useState(1);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      setSearchText(search.trim());
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [search]);

  const params = useMemo(
    () => ({
      page,
      sizePerPage: PAGE_SIZE,
      sortName: 'name',
      sortOrder: 'asc',
      searchText: searchText || undefined,
      type: type || undefined,
    }),
    [page, searchText, type],
  );
  const list = useChannelList(params);
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));

  return (
    <PageContainer>
      <PageHeader
        title={t('menu.items.channels')}
        actions={
          can('agregar-canal') ? (
            <Button
              component={RouterLink}
              to="/app/channels/add"
              variant="contained"
              startIcon={<AddIcon />}
              data-testid="channel-add"
            >
              {t('channels.add')}
            </Button>
          ) : null
        }
      />
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', mb: 2 }}>
        <SearchField value={search} onValueChange={setSearch} label={t('channels.search')} testId="channels-search" />
        <TextField
          select
          size="small"
          margin="none"
          fullWidth={false}
          label={t('channels.fields.type')}
          value={type}
          onChange={(event) => {
            setType(event.target.value as ChannelTypeKey | '');
            setPage(1);
          }}
          sx={{ minWidth: 190 }}
          slotProps={{
            htmlInput: { 'data-testid': 'channels-filter-type' },
            inputLabel: { shrink: true },
            select: { displayEmpty: true },
          }}
        >
          <MenuItem value="">{t('common.all')}</MenuItem>
          {CHANNEL_TYPE_KEYS.map((key) => (
            <MenuItem key={key} value={key}>
              {t(`channelTypes.${key}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {list.isLoading ? (
        <PageLoader />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={list.refetch} testId="channels-error" />
      ) : (list.data?.data.length ?? 0) === 0 ? (
        <EmptyState
          data-testid="channels-empty"
          icon={<SearchOffIcon fontSize="inherit" />}
          title={searchText || type ? t('table.empty') : t('channels.empty')}
        />
      ) : (
        <Box
          data-testid="channel-cards"
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(260px, 1fr))' },
            opacity: list.isFetching ? 0.7 : 1,
          }}
        >
          {list.data?.data.map((channel) => (
            <ChannelCard key={channel.id} channel={channel} editable={can('editar-canal')} />
          ))}
        </Box>
      )}
      {pages > 1 ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Pagination count={pages} page={page} onChange={(_, value) => setPage(value)} color="primary" />
        </Box>
      ) : null}
    </PageContainer>
  );
}
