import '../i18n';
import { SLA_PRIORITIES, type SlaRule } from '@atiende/contracts';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
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
import { RowAction } from '../../../ui/ListPage';
import { PageContainer, PageHeader } from '../../../ui/PageHeader';
import { SearchField } from '../../../ui/SearchField';
import { KeysetListBody, useKeysetRows, useSettled } from '../components/KeysetList';
import { useSlaOptions, useSlaRuleList } from './api';
import { targetsLine } from './model';
import { SLA_ADD_PATH, slaEditPath } from './paths';

/** /app/sla-rules: the SLA rules by campaign and name, a page more at a time. */
export function SlaRulesListPage() {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const [campaignId, setCampaignId] = useState<number | ''>('');
  const [search, setSearch] = useState('');
  const searchText = useSettled(search);
  const list = useSlaRuleList({ campaignId: campaignId === '' ? null : campaignId, searchText });
  const campaigns = useSlaOptions(null);
  const rows = useKeysetRows(list);
  const editable = can('editar-sla-rule');
  const filtered = Boolean(searchText.trim() || campaignId !== '');

  const content = (
    <KeysetListBody
      query={list}
      rows={rows}
      testId="sla-rules"
      icon={<TimerOutlinedIcon fontSize="inherit" />}
      filtered={filtered}
      texts={{
        noMatch: t('automation.sla.list.noMatch'),
        empty: t('automation.sla.list.empty'),
        emptyHint: t('automation.sla.list.emptyHint'),
      }}
    >
      <SlaRulesTable rows={rows} editable={editable} />
    </KeysetListBody>
  );

  return (
    <PageContainer>
      <PageHeader
        title={t('menu.items.slaRules')}
        subtitle={t('automation.sla.list.subtitle')}
        actions={
          can('agregar-sla-rule') ? (
            <Button
              component={RouterLink}
              to={SLA_ADD_PATH}
              variant="contained"
              startIcon={<AddIcon />}
              data-testid="sla-rule-add"
            >
              {t('automation.sla.list.add')}
            </Button>
          ) : null
        }
      />
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <SearchField
          value={search}
          onValueChange={setSearch}
          label={t('automation.sla.list.search')}
          testId="sla-rules-search"
        />
        <FilterSelect
          label={t('automation.sla.list.campaign')}
          value={campaignId}
          onChange={setCampaignId}
          options={(campaigns.data?.campaigns ?? []).map((campaign) => ({ value: campaign.id, label: campaign.name }))}
          testId="sla-rules-filter-campaign"
          allLabel={t('automation.sla.list.allCampaigns')}
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

/** "Alta: 1 h · 4 h · 1 d", one line per priority with a target (highest first). */
export function TargetsSummary({ rule }: { rule: SlaRule }) {
  const { t } = useTranslation();
  const lines = [...SLA_PRIORITIES]
    .reverse()
    .map((priority) => ({ priority, line: targetsLine(rule.targets[priority]) }))
    .filter((item): item is { priority: (typeof SLA_PRIORITIES)[number]; line: string } => item.line !== null);
  if (lines.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('automation.sla.list.noTargets')}
      </Typography>
    );
  }
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {lines.map(({ priority, line }) => (
        <Typography
          key={priority}
          component="li"
          variant="body2"
          sx={{ whiteSpace: 'nowrap' }}
          data-testid={`sla-rule-targets-${rule.id}-${priority}`}
        >
          <Box component="span" sx={{ fontWeight: 600 }}>
            {t(`tickets.priority.${priority}`)}:
          </Box>{' '}
          <bdi>{line}</bdi>
        </Typography>
      ))}
    </Box>
  );
}

function SlaRulesTable({ rows, editable }: { rows: SlaRule[]; editable: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <TableContainer component={Paper} variant="outlined" data-testid="sla-rules">
      <Table size="small" sx={{ minWidth: 860 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('automation.sla.list.columns.name')}</TableCell>
            <TableCell>{t('automation.sla.list.columns.campaign')}</TableCell>
            <TableCell>{t('automation.sla.list.columns.businessHours')}</TableCell>
            <TableCell>
              {t('automation.sla.list.columns.targets')}
              <Typography variant="caption" component="span" sx={{ display: 'block', color: 'text.secondary' }}>
                {t('automation.sla.list.targetsOrder')}
              </Typography>
            </TableCell>
            <TableCell>{t('automation.sla.list.columns.enabled')}</TableCell>
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
              data-testid={`sla-rule-row-${rule.id}`}
              // The name is the row's link for keyboards; a click anywhere on the row opens it too.
              onClick={editable ? () => navigate(slaEditPath(rule.id)) : undefined}
              sx={{ cursor: editable ? 'pointer' : undefined, verticalAlign: 'top' }}
            >
              <TableCell sx={{ minWidth: 200 }}>
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} dir="auto">
                  {editable ? (
                    <Link
                      component={RouterLink}
                      to={slaEditPath(rule.id)}
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
              <TableCell data-testid={`sla-rule-business-hours-${rule.id}`}>
                {rule.businessHours ? t('common.yes') : t('common.no')}
              </TableCell>
              <TableCell>
                <TargetsSummary rule={rule} />
              </TableCell>
              <TableCell>
                <EnabledChip enabled={rule.enabled} />
              </TableCell>
              {editable ? (
                <TableCell align="right" onClick={(event) => event.stopPropagation()}>
                  <RowAction
                    title={t('automation.sla.list.editOf', { name: rule.name })}
                    icon={<EditIcon fontSize="small" />}
                    to={slaEditPath(rule.id)}
                    testId={`sla-rule-edit-${rule.id}`}
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
