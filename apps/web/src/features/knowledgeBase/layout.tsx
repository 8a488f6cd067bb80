import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { usePermissions } from '../../app/queries';
import { TablePager } from '../../ui/TablePager';

/** The two pages of the base's administration: its categories and the public site's settings. */
export function KbTabs({ current }: { current: 'categories' | 'public-config' }) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  if (!can('ver-menu-knowledgebase')) return null;
  return (
    <Tabs
      value={current}
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      aria-label={t('menu.items.knowledgeBase')}
    >
      <Tab
        value="categories"
        label={t('knowledgeBase.tabs.categories')}
        component={RouterLink}
        to="/app/knowledge-base/categories"
        data-testid="kb-tab-categories"
      />
      <Tab
        value="public-config"
        label={t('knowledgeBase.tabs.publicConfig')}
        component={RouterLink}
        to="/app/knowledge-base/public-config"
        data-testid="kb-tab-public-config"
      />
    </Tabs>
  );
}

/** A server list's pager (page is 1-based, as the API's). */
export function Pager({
  total,
  page,
  sizePerPage,
  onChange,
  options = [5, 10, 25, 50],
  testId,
}: {
  total: number;
  page: number;
  sizePerPage: number;
  onChange: (page: number, sizePerPage: number) => void;
  options?: number[];
  testId?: string;
}) {
  return (
    <TablePager
      count={total}
      page={Math.max(0, page - 1)}
      rowsPerPage={sizePerPage}
      rowsPerPageOptions={options}
      onPageChange={(next) => onChange(next + 1, sizePerPage)}
      onRowsPerPageChange={(size) => onChange(1, size)}
      data-testid={testId}
    />
  );
}
