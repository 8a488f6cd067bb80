import './i18n';
import AddIcon from '@mui/icons-material/Add';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { useGeneratedReports } from './api';
import { GeneratedReportsList } from './GeneratedReportsList';
import { type GeneratedPages, REPORT_TABS, type ReportTab, tabFromSearch } from './model';
import { ProgrammedReportsList } from './ProgrammedReportsList';
import { useAutoDownloads, useLiveGeneratedReports } from './useLiveReports';

/** /app/reports: the generated reports (live while generating) and the programmed ones, one tab each (`?tab=`). */
export function ReportsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const tab = tabFromSearch(search);
  const setTab = (next: ReportTab) => setSearch(next === 'generated' ? {} : { tab: next }, { replace: true });
  // The generated list stays live, and the reports asked for here download by themselves, on either tab.
  const generated = useGeneratedReports();
  const rows = useMemo(() => generated.data?.pages.flatMap((page) => page.data) ?? [], [generated.data]);
  useLiveGeneratedReports(generated.data as GeneratedPages | undefined);
  useAutoDownloads(rows);

  return (
    <PageContainer maxWidth={1440}>
      <PageHeader
        title={t('reports.list.title')}
        subtitle={t('reports.list.subtitle')}
        actions={
          tab === 'programmed' ? (
            <Button
              component={RouterLink}
              to="/app/reports/add?mode=programmed"
              variant="contained"
              startIcon={<EventRepeatIcon />}
              data-testid="reports-program"
            >
              {t('reports.actions.program')}
            </Button>
          ) : (
            <Button
              component={RouterLink}
              to="/app/reports/add"
              variant="contained"
              startIcon={<AddIcon />}
              data-testid="reports-generate"
            >
              {t('reports.actions.generate')}
            </Button>
          )
        }
      />
      <Tabs
        value={tab}
        onChange={(_, value: ReportTab) => setTab(value)}
        aria-label={t('reports.tabs.label')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {REPORT_TABS.map((item) => (
          <Tab
            key={item}
            value={item}
            label={t(`reports.tabs.${item}`)}
            id={`reports-tab-${item}`}
            aria-controls={`reports-panel-${item}`}
            data-testid={`reports-tab-${item}`}
          />
        ))}
      </Tabs>
      <div role="tabpanel" id={`reports-panel-${tab}`} aria-labelledby={`reports-tab-${tab}`}>
        {tab === 'generated' ? <GeneratedReportsList /> : <ProgrammedReportsList />}
      </div>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2 }} data-testid="reports-retention">
        {t('reports.list.retention')}
      </Typography>
    </PageContainer>
  );
}
