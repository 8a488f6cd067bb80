import '../i18n';
import type { Segmentation } from '@atiende/contracts';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import FilterAltOutlinedIcon from '@mui/icons-material/FilterAltOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { usePermissions } from '../../../app/queries';
import { EnabledChip } from '../../../ui/EnabledChip';
import { formatCompactDateTime, formatDateTime } from '../../../ui/format';
import { RowAction } from '../../../ui/ListPage';
import { PageContainer, PageHeader } from '../../../ui/PageHeader';
import { SearchField } from '../../../ui/SearchField';
import { useSegmentationList } from '../api';
import { KeysetListBody, useKeysetRows, useSettled } from '../components/KeysetList';
import { SegmentationWhen } from './components';
import { SEGMENTATION_LIST_PATH, segmentationEditPath, segmentationViewPath } from './paths';

/** /app/segmentation: the segmentations by name, a page more at a time. */
export function SegmentationsListPage() {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const [search, setSearch] = useState('');
  const searchText = useSettled(search);
  const list = useSegmentationList({ searchText });
  const rows = useKeysetRows(list);
  const filtered = Boolean(searchText.trim());

  const content = (
    <KeysetListBody
      query={list}
      rows={rows}
      testId="segmentations"
      icon={<FilterAltOutlinedIcon fontSize="inherit" />}
      filtered={filtered}
      texts={{
        noMatch: t('automation.segmentation.list.noMatch'),
        empty: t('automation.segmentation.list.empty'),
        emptyHint: t('automation.segmentation.list.emptyHint'),
      }}
    >
      <SegmentationsTable rows={rows} canView={can('ver-segmentacion')} canEdit={can('editar-segmentacion')} />
    </KeysetListBody>
  );

  return (
    <PageContainer>
      <PageHeader
        title={t('menu.items.segmentation')}
        subtitle={t('automation.segmentation.list.subtitle')}
        actions={
          can('agregar-segmentacion') ? (
            <Button
              component={RouterLink}
              to={`${SEGMENTATION_LIST_PATH}/add`}
              variant="contained"
              startIcon={<AddIcon />}
              data-testid="segmentation-add"
            >
              {t('automation.segmentation.list.add')}
            </Button>
          ) : null
        }
      />
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <SearchField
          value={search}
          onValueChange={setSearch}
          label={t('automation.segmentation.list.search')}
          testId="segmentations-search"
        />
      </Box>
      {/* Reloading with another search: the rows shown stay until the new ones arrive. */}
      <Box sx={{ height: 4, mb: 0.5 }}>
        {list.isFetching && !list.isFetchingNextPage && list.data ? <LinearProgress /> : null}
      </Box>
      {content}
    </PageContainer>
  );
}

function SegmentationsTable({ rows, canView, canEdit }: { rows: Segmentation[]; canView: boolean; canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const locale = i18n.language;
  // The row opens its dashboard, or its form for who may edit but not view.
  const openPath = (segmentation: Segmentation) =>
    canView ? segmentationViewPath(segmentation.id) : canEdit ? segmentationEditPath(segmentation.id) : null;
  const actions = canView || canEdit;
  return (
    <TableContainer component={Paper} variant="outlined" data-testid="segmentations">
      <Table size="small" sx={{ minWidth: 900 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('automation.segmentation.list.columns.name')}</TableCell>
            <TableCell>{t('automation.segmentation.list.columns.baseCampaign')}</TableCell>
            <TableCell>{t('automation.segmentation.list.columns.kind')}</TableCell>
            <TableCell align="right">{t('automation.segmentation.list.columns.segments')}</TableCell>
            <TableCell>{t('automation.segmentation.list.columns.enabled')}</TableCell>
            <TableCell>{t('automation.segmentation.list.columns.lastRun')}</TableCell>
            {actions ? (
              <TableCell align="right">
                <Box component="span" sx={visuallyHidden}>
                  {t('automation.segmentation.list.columns.actions')}
                </Box>
              </TableCell>
            ) : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((segmentation) => {
            const open = openPath(segmentation);
            return (
              <TableRow
                key={segmentation.id}
                hover
                data-testid={`segmentation-row-${segmentation.id}`}
                // The name is the row's link for keyboards; a click anywhere on the row opens it too.
                onClick={open ? () => navigate(open) : undefined}
                sx={{ cursor: open ? 'pointer' : undefined, verticalAlign: 'top' }}
              >
                <TableCell sx={{ minWidth: 200 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} dir="auto">
                    {open ? (
                      <Link
                        component={RouterLink}
                        to={open}
                        underline="hover"
                        color="inherit"
                        onClick={(event) => event.stopPropagation()}
                      >
                        {segmentation.name}
                      </Link>
                    ) : (
                      segmentation.name
                    )}
                  </Typography>
                  {segmentation.description ? (
                    <Typography
                      variant="caption"
                      dir="auto"
                      sx={{
                        color: 'text.secondary',
                        display: '-webkit-box',
                        WebkitLineClamp: 2,
                        WebkitBoxOrient: 'vertical',
                        overflow: 'hidden',
                      }}
                    >
                      {segmentation.description}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell>
                  <bdi>{segmentation.baseCampaign.name}</bdi>
                </TableCell>
                <TableCell data-testid={`segmentation-kind-${segmentation.id}`}>
                  <SegmentationWhen segmentation={segmentation} />
                </TableCell>
                <TableCell align="right" data-testid={`segmentation-segments-${segmentation.id}`}>
                  {segmentation.segments.length.toLocaleString(locale)}
                </TableCell>
                <TableCell>
                  <EnabledChip enabled={segmentation.enabled} />
                </TableCell>
                <TableCell
                  sx={{ whiteSpace: 'nowrap' }}
                  title={segmentation.lastRunAt ? formatDateTime(segmentation.lastRunAt, locale) : undefined}
                >
                  {segmentation.lastRunAt
                    ? formatCompactDateTime(segmentation.lastRunAt, locale)
                    : t('automation.list.never')}
                </TableCell>
                {actions ? (
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} onClick={(event) => event.stopPropagation()}>
                    {canView ? (
                      <RowAction
                        title={t('automation.segmentation.list.viewOf', { name: segmentation.name })}
                        icon={<VisibilityOutlinedIcon fontSize="small" />}
                        to={segmentationViewPath(segmentation.id)}
                        testId={`segmentation-view-${segmentation.id}`}
                      />
                    ) : null}
                    {canEdit ? (
                      <RowAction
                        title={t('automation.segmentation.list.editOf', { name: segmentation.name })}
                        icon={<EditIcon fontSize="small" />}
                        to={segmentationEditPath(segmentation.id)}
                        testId={`segmentation-edit-${segmentation.id}`}
                      />
                    ) : null}
                  </TableCell>
                ) : null}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
