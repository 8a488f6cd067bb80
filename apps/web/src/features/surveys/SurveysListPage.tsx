import './i18n';
import type { SurveyListItem } from '@atiende/contracts';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../app/queries';
import { type DataTableColumn, initialTableQuery, tableQueryParams } from '../../ui/DataTable';
import { EnabledChip } from '../../ui/EnabledChip';
import type { EnabledFilter } from '../../ui/EnabledSelect';
import { formatCompactDateTime, formatDateTime } from '../../ui/format';
import { ListPage, RowAction } from '../../ui/ListPage';
import { useSurveyList } from './api';

/** /app/surveys: the surveys, server-paged, searched by name, with the enabled filter. */
export function SurveysListPage() {
  const { t, i18n } = useTranslation();
  const { can } = usePermissions();
  const [query, setQuery] = useState(() => initialTableQuery('name'));
  const [enabled, setEnabled] = useState<EnabledFilter>('all');
  const params = useMemo(
    () => ({ ...tableQueryParams(query), enabled: enabled === 'all' ? undefined : enabled }),
    [query, enabled],
  );
  const list = useSurveyList(params);
  const canEdit = can('editar-encuesta');
  const canResults = can('ver-encuesta');
  const locale = i18n.language;

  const columns: DataTableColumn<SurveyListItem>[] = [
    {
      id: 'name',
      label: t('surveys.columns.name'),
      sortKey: 'name',
      render: (survey) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }} dir="auto">
            {survey.name}
          </Typography>
          {survey.description ? (
            <Typography
              variant="caption"
              component="p"
              sx={{ color: 'text.secondary', maxWidth: 360, overflow: 'hidden', textOverflow: 'ellipsis' }}
              noWrap
              dir="auto"
            >
              {survey.description}
            </Typography>
          ) : null}
        </Box>
      ),
    },
    {
      id: 'responseType',
      label: t('surveys.columns.responseType'),
      render: (survey) => t(`surveys.responseTypes.${survey.responseType}.label`),
    },
    {
      id: 'questions',
      label: t('surveys.columns.questions'),
      align: 'right',
      render: (survey) => survey.questions,
    },
    {
      id: 'responses',
      label: t('surveys.columns.responses'),
      align: 'right',
      render: (survey) => <span data-testid={`survey-responses-${survey.id}`}>{survey.responses}</span>,
    },
    {
      id: 'lastResponseAt',
      label: t('surveys.columns.lastResponse'),
      render: (survey) =>
        survey.lastResponseAt ? (
          <Box component="span" sx={{ whiteSpace: 'nowrap' }} title={formatDateTime(survey.lastResponseAt, locale)}>
            {formatCompactDateTime(survey.lastResponseAt, locale)}
          </Box>
        ) : (
          '—'
        ),
    },
    {
      id: 'enabled',
      label: t('common.enabled'),
      render: (survey) => <EnabledChip enabled={survey.enabled} />,
    },
  ];

  return (
    <ListPage
      title={t('menu.items.surveys')}
      subtitle={t('surveys.subtitle')}
      add={can('agregar-encuesta') && { to: '/app/surveys/add', label: t('surveys.add'), testId: 'survey-add' }}
      list={list}
      tableId="surveys"
      columns={columns}
      query={query}
      onQueryChange={setQuery}
      rowKey={(survey) => survey.id}
      rowTestId={(survey) => `survey-row-${survey.id}`}
      rowLink={
        canResults
          ? (survey) => `/app/surveys/${survey.id}/dashboard`
          : canEdit && ((survey) => `/app/surveys/${survey.id}/edit`)
      }
      searchLabel={t('surveys.search')}
      searchTestId="surveys-search"
      emptyTitle={query.searchText.trim() || enabled !== 'all' ? undefined : t('surveys.empty')}
      enabledFilter={{ value: enabled, onChange: setEnabled, testId: 'surveys-filter-enabled' }}
      rowActions={(survey) =>
        canResults ? (
          <RowAction
            title={t('surveys.dashboard.open')}
            icon={<InsightsOutlinedIcon fontSize="small" />}
            to={`/app/surveys/${survey.id}/dashboard`}
            testId={`survey-dashboard-${survey.id}`}
          />
        ) : null
      }
      edit={
        canEdit && {
          to: (survey) => `/app/surveys/${survey.id}/edit`,
          testId: (survey) => `survey-edit-${survey.id}`,
        }
      }
    />
  );
}
