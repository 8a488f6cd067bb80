import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { DataTable, type DataTableProps } from './DataTable';
import { type EnabledFilter, EnabledSelect } from './EnabledSelect';
import { tableLoadError } from './LoadError';
import { PageContainer, PageHeader } from './PageHeader';
import { Tooltip } from './Tooltip';

/** What a list page needs of its list query (a TanStack Query result of a server page). */
export interface ListQueryState<T> {
  data?: { data: readonly T[]; total: number };
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
}

export interface ListPageProps<T>
  extends Omit<DataTableProps<T>, 'rows' | 'total' | 'loading' | 'onRowClick' | 'actions'> {
  title: string;
  subtitle?: string;
  /** The add button, when the user may add. */
  add?: { to: string; label: string; testId: string } | false;
  /** More buttons of the header, before the add button (import, export). */
  headerActions?: ReactNode;
  list: ListQueryState<T>;
  /** Where a row leads when clicked (its view or edit page), when the user may go there. */
  rowLink?: ((row: T) => string) | false;
  /** The row's edit button, when the user may edit. */
  edit?: { to: (row: T) => string; testId: (row: T) => string } | false;
  /** More per-row buttons (`RowAction`s), before the edit button. */
  rowActions?: (row: T) => ReactNode;
  /** The enabled/disabled filter most lists have (changing it goes back to the first page). */
  enabledFilter?: { value: EnabledFilter; onChange: (value: EnabledFilter) => void; testId: string; label?: string };
  /** Dialogs and the like, after the table. */
  children?: ReactNode;
}

/** One button of a row: an icon with its tooltip, leading to a page or doing something. */
export function RowAction({
  title,
  icon,
  to,
  onClick,
  testId,
  color,
}: {
  title: string;
  icon: ReactNode;
  to?: string;
  onClick?: () => void;
  testId: string;
  color?: 'error' | 'success' | 'primary';
}) {
  return (
    <Tooltip title={title}>
      {to ? (
        <IconButton size="small" component={RouterLink} to={to} aria-label={title} data-testid={testId} color={color}>
          {icon}
        </IconButton>
      ) : (
        <IconButton size="small" onClick={onClick} aria-label={title} data-testid={testId} color={color}>
          {icon}
        </IconButton>
      )}
    </Tooltip>
  );
}

/**
 * The list page every module repeats: title and add button, the server-paginated table with its search and filters,
 * row links and actions, and the loading, empty and error states. A new module's list is this plus its columns.
 */
export function ListPage<T>({
  title,
  subtitle,
  add,
  headerActions,
  list,
  rowLink,
  edit,
  rowActions,
  enabledFilter,
  filters,
  children,
  ...table
}: ListPageProps<T>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actions =
    rowActions || edit
      ? (row: T) => (
          <>
            {rowActions?.(row)}
            {edit ? (
              <RowAction
                title={t('common.edit')}
                icon={<EditIcon fontSize="small" />}
                to={edit.to(row)}
                testId={edit.testId(row)}
              />
            ) : null}
          </>
        )
      : undefined;
  return (
    <PageContainer>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          add || headerActions ? (
            <>
              {headerActions}
              {add ? (
                <Button
                  component={RouterLink}
                  to={add.to}
                  variant="contained"
                  startIcon={<AddIcon />}
                  data-testid={add.testId}
                >
                  {add.label}
                </Button>
              ) : null}
            </>
          ) : null
        }
      />
      <DataTable
        {...table}
        error={tableLoadError(list, `${table.tableId}-error`)}
        rows={list.data?.data ?? []}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        onRowClick={rowLink ? (row) => navigate(rowLink(row)) : undefined}
        actions={actions}
        filters={
          enabledFilter || filters ? (
            <>
              {enabledFilter ? (
                <EnabledSelect
                  value={enabledFilter.value}
                  onChange={(value) => {
                    enabledFilter.onChange(value);
                    table.onQueryChange({ ...table.query, page: 1 });
                  }}
                  testId={enabledFilter.testId}
                  label={enabledFilter.label}
                />
              ) : null}
              {filters}
            </>
          ) : undefined
        }
      />
      {children}
    </PageContainer>
  );
}
