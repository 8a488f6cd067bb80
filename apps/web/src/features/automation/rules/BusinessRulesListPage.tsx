import '../i18n';
import type { BusinessRule } from '@atiende/contracts';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import GavelOutlinedIcon from '@mui/icons-material/GavelOutlined';
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
import { FilterSelect } from '../../../ui/FilterSelect';
import { formatCompactDateTime, formatDateTime } from '../../../ui/format';
import { RowAction } from '../../../ui/ListPage';
import { PageContainer, PageHeader } from '../../../ui/PageHeader';
import { SearchField } from '../../../ui/SearchField';
import { useAutomationOptions, useRuleList } from '../api';
import { KeysetListBody, useKeysetRows, useSettled } from '../components/KeysetList';

const editPath = (rule: BusinessRule) => `/app/business-rules/${rule.id}/edit`;

/** /app/business-rules: the rules by campaign and name, a page more at a time. */
export function BusinessRulesListPage() {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const [campaignId, setCampaignId] = useState<number | ''>('');
  const [search, setSearch] = useState('');
  const searchText = useSettled(search);
  const list = useRuleList({ campaignId: campaignId === '' ? null : campaignId, searchText });
  const campaigns = useAutomationOptions(null);
  const rows = useKeysetRows(list);
  const editable = can('editar-business-rule');
  const filtered = Boolean(searchText.trim() || campaignId !== '');

  const content = (
    <KeysetListBody
      query={list}
      rows={rows}
      testId="business-rules"
      icon={<GavelOutlinedIcon fontSize="inherit" />}
      filtered={filtered}
      texts={{
        noMatch: t('automation.list.noMatch'),
        empty: t('automation.list.empty'),
        emptyHint: t('automation.list.emptyHint'),
      }}
    >
      <RulesTable rows={rows} editable={editable} />
    </KeysetListBody>
  );

  return (
    <PageContainer>
      <PageHeader
        title={t('menu.items.businessRules')}
        subtitle={t('automation.list.subtitle')}
        actions={
          can('agregar-business-rule') ? (
            <Button
              component={RouterLink}
              to="/app/business-rules/add"
              variant="contained"
              startIcon={<AddIcon />}
              data-testid="business-rule-add"
            >
              {t('automation.list.add')}
            </Button>
          ) : null
        }
      />
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <SearchField
          value={search}
          onValueChange={setSearch}
          label={t('automation.list.search')}
          testId="business-rules-search"
        />
        <FilterSelect
          label={t('automation.list.campaign')}
          value={campaignId}
          onChange={setCampaignId}
          options={(campaigns.data?.campaigns ?? []).map((campaign) => ({ value: campaign.id, label: campaign.name }))}
          testId="business-rules-filter-campaign"
          allLabel={t('automation.list.allCampaigns')}
          minWidth={200}
        />
      </Box>
      {/* Reloading with other filters: the rows shown stay until the new ones arrive. */}
      <Box sx={{ height: 4, mb: 0.5 }}>
        {list.isFetching && !list.isFetchingNextPage && list.data ? <LinearProgress /> : null}
      </Box>
      {content}
    </PageContainer>
  );
}

function RulesTable({ rows, editable }: { rows: BusinessRule[]; editable: boolean }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const locale = i18n.language;
  return (
    <TableContainer component={Paper} variant="outlined" data-testid="business-rules">
      <Table size="small" sx={{ minWidth: 860 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('automation.list.columns.name')}</TableCell>
            <TableCell>{t('automation.list.columns.campaign')}</TableCell>
            <TableCell>{t('automation.list.columns.kind')}</TableCell>
            <TableCell>{t('automation.list.columns.enabled')}</TableCell>
            <TableCell>{t('automation.list.columns.lastRun')}</TableCell>
            {editable ? (
              <TableCell align="right">
                <Box component="span" sx={visuallyHidden}>
                  {t('common.edit')}
                </Box>
              </TableCell>
            ) : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((rule) => (
            <TableRow
              key={rule.id}
              hover
              data-testid={`business-rule-row-${rule.id}`}
              // The name is the row's link for keyboards; a click anywhere on the row opens it too.
              onClick={editable ? () => navigate(editPath(rule)) : undefined}
              sx={{ cursor: editable ? 'pointer' : undefined, verticalAlign: 'top' }}
            >
              <TableCell sx={{ minWidth: 200 }}>
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} dir="auto">
                  {editable ? (
                    <Link
                      component={RouterLink}
                      to={editPath(rule)}
                      underline="hover"
                      color="inherit"
                      onClick={(event) => event.stopPropagation()}
                    >
                      {rule.name}
                    </Link>
                  ) : (
                    rule.name
                  )}
                </Typography>
                {rule.description ? (
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
                    {rule.description}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell>
                <bdi>{rule.campaign.name}</bdi>
              </TableCell>
              <TableCell data-testid={`business-rule-kind-${rule.id}`}>
                {rule.kind === 'trigger' ? (
                  <>
                    <Typography variant="body2">
                      {t(`automation.events.${rule.triggerEvent ?? 'ticketCreated'}`)}
                    </Typography>
                    <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                      {t('automation.kinds.trigger')}
                    </Typography>
                  </>
                ) : (
                  <>
                    <Typography variant="body2">
                      {t('automation.kinds.every', { count: rule.everyMinutes ?? 0 })}
                    </Typography>
                    <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                      {t('automation.kinds.automation')}
                    </Typography>
                  </>
                )}
              </TableCell>
              <TableCell>
                <EnabledChip enabled={rule.enabled} />
              </TableCell>
              <TableCell
                sx={{ whiteSpace: 'nowrap' }}
                title={rule.lastRunAt ? formatDateTime(rule.lastRunAt, locale) : undefined}
              >
                {rule.lastRunAt ? formatCompactDateTime(rule.lastRunAt, locale) : t('automation.list.never')}
              </TableCell>
              {editable ? (
                <TableCell align="right" onClick={(event) => event.stopPropagation()}>
                  <RowAction
                    title={t('automation.list.editOf', { name: rule.name })}
                    icon={<EditIcon fontSize="small" />}
                    to={editPath(rule)}
                    testId={`business-rule-edit-${rule.id}`}
                  />
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
