import DensityLargeIcon from '@mui/icons-material/DensityLarge';
import DensityMediumIcon from '@mui/icons-material/DensityMedium';
import DensitySmallIcon from '@mui/icons-material/DensitySmall';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { memo, type ReactNode, type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Density, readDensity, writeDensity } from './density';
import { EmptyState } from './EmptyState';
import { PageLoader } from './PageLoader';
import { SearchField } from './SearchField';
import { TablePager } from './TablePager';
import { Tooltip } from './Tooltip';
import { FIRST_ROWS_WHILE_LOADING, useVirtualLib, type VirtualLib } from './virtual';

export const ROWS_PER_PAGE = [10, 25, 50, 100] as const;
export const SEARCH_DEBOUNCE_MS = 350;
/**
 * From this many rows on only the rows in view (and a few around them) are in the page: a list of 1,000 tickets
 * renders and scrolls as fast as one of 100. The page keeps scrolling as a whole (the window is the scroller).
 */
export const VIRTUAL_ROWS_FROM = 150;
/** Rows rendered beyond the visible ones on each side, so fast scrolling and keyboard moves find them there. */
const OVERSCAN_ROWS = 12;

export interface DataTableColumn<T> {
  id: string;
  label: string;
  /** Sent as sortName when the header is clicked. */
  sortKey?: string;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
}

/** The server-side list query: page is 1-based as the API expects. */
export interface TableQuery {
  page: number;
  sizePerPage: number;
  sortName: string;
  sortOrder: 'asc' | 'desc';
  searchText: string;
}

export function initialTableQuery(sortName: string, sortOrder: 'asc' | 'desc' = 'asc'): TableQuery {
  return { page: 1, sizePerPage: 10, sortName, sortOrder, searchText: '' };
}

/** Query parameters for the API (empty search left out). */
export function tableQueryParams(query: TableQuery): Record<string, string | number> {
  const params: Record<string, string | number> = {
    page: query.page,
    sizePerPage: query.sizePerPage,
    sortName: query.sortName,
    sortOrder: query.sortOrder,
  };
  if (query.searchText.trim()) params.searchText = query.searchText.trim();
  return params;
}

/** Next query after a header click: same column toggles the order, another column starts ascending. */
export function toggleSort(query: TableQuery, sortKey: string): TableQuery {
  const sortOrder = query.sortName === sortKey && query.sortOrder === 'asc' ? 'desc' : 'asc';
  return { ...query, sortName: sortKey, sortOrder, page: 1 };
}

export interface DataTableProps<T> {
  /** Identifies the table for the remembered density. */
  tableId: string;
  columns: DataTableColumn<T>[];
  rows: readonly T[];
  total: number;
  loading: boolean;
  query: TableQuery;
  onQueryChange: (query: TableQuery) => void;
  rowKey: (row: T) => string | number;
  rowTestId?: (row: T) => string;
  onRowClick?: (row: T) => void;
  /** Per-row actions, rendered in a last column (clicks there do not trigger onRowClick). */
  actions?: (row: T) => ReactNode;
  /** Filters shown next to the search box. */
  filters?: ReactNode;
  searchLabel?: string;
  /** Hide the search box (lists the API cannot search). */
  searchable?: boolean;
  /** data-testid of the search input (default `data-table-search`). */
  searchTestId?: string;
  /** Title of the empty state (default "no results"). */
  emptyTitle?: string;
  /** Shown instead of the rows when the page failed to load (a `LoadError`): never the empty state then. */
  error?: ReactNode;
  /** Header content of a column (instead of its label), e.g. a select-all checkbox. */
  headerCell?: (column: DataTableColumn<T>) => ReactNode | undefined;
  /** The page sizes offered (default ROWS_PER_PAGE); the API's limit for the list is the largest. */
  rowsPerPageOptions?: readonly number[];
}

const CELL_PADDING: Record<Density, number> = { small: 0.5, medium: 1.25, big: 2.25 };
/** Side padding of cells: narrower than MUI's 16 px below "big", so a ten-column list fits 1,440 px. */
const CELL_SIDE_PADDING: Record<Density, number> = { small: 1, medium: 1.25, big: 2 };
/** A row's usual height per density before it is measured (rows with wrapped text are measured taller). */
const ROW_HEIGHT: Record<Density, number> = { small: 37, medium: 53, big: 73 };

type RenderRows = (
  indexes: readonly number[],
  edges: { before: number; after: number },
  measure?: (node: HTMLTableRowElement | null) => void,
) => ReactNode;

/**
 * From VIRTUAL_ROWS_FROM rows on, the rows in view, with the heights of the rows left out above and below (spacer
 * rows keep the table one table: columns keep their widths, the scrollbar its length). Rendered once the
 * virtualizer's code is there (ui/virtual.ts).
 */
function WindowRows({
  lib,
  count,
  density,
  rowKey,
  bodyRef,
  render,
}: {
  lib: VirtualLib;
  count: number;
  density: Density;
  rowKey: (index: number) => string | number;
  bodyRef: RefObject<HTMLTableSectionElement | null>;
  render: RenderRows;
}) {
  const [scrollMargin, setScrollMargin] = useState(0);
  const virtualizer = lib.useWindowVirtualizer<HTMLTableRowElement>({
    count,
    estimateSize: () => ROW_HEIGHT[density],
    overscan: OVERSCAN_ROWS,
    scrollMargin,
    getItemKey: rowKey,
  });
  // Where the rows start in the page: what is above them (filters, a wrapped toolbar) may change its height. Not
  // read while scrolling (nothing above moves then, and reading it would force a layout in every frame).
  const scrolling = virtualizer.isScrolling;
  useLayoutEffect(() => {
    if (scrolling || !bodyRef.current) return;
    const top = Math.round(bodyRef.current.getBoundingClientRect().top + window.scrollY);
    if (top !== scrollMargin) setScrollMargin(top);
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  return render(
    items.map((item) => item.index),
    {
      before: first ? first.start - scrollMargin : 0,
      after: last ? virtualizer.getTotalSize() - (last.end - scrollMargin) : 0,
    },
    virtualizer.measureElement,
  );
}

interface DataTableRowProps<T> extends Pick<DataTableProps<T>, 'columns' | 'actions' | 'rowTestId' | 'onRowClick'> {
  row: T;
  index: number;
  virtual: boolean;
  measure?: (node: HTMLTableRowElement | null) => void;
}

/**
 * One row. Memoised: while the page scrolls through a long list only the rows coming into view render, not the ones
 * already there (their props stay the same between the table's renders).
 */
const DataTableRow = memo(function DataTableRow<T>({
  row,
  index,
  virtual,
  measure,
  columns,
  actions,
  rowTestId,
  onRowClick,
}: DataTableRowProps<T>) {
  return (
    <TableRow
      ref={measure}
      data-index={index}
      aria-rowindex={virtual ? index + 2 : undefined}
      hover
      data-testid={rowTestId?.(row)}
      onClick={onRowClick ? () => onRowClick(row) : undefined}
      sx={{ cursor: onRowClick ? 'pointer' : undefined }}
    >
      {columns.map((column) => (
        <TableCell key={column.id} align={column.align}>
          {column.render(row)}
        </TableCell>
      ))}
      {actions ? (
        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} onClick={(event) => event.stopPropagation()}>
          {actions(row)}
        </TableCell>
      ) : null}
    </TableRow>
  );
}) as <T>(props: DataTableRowProps<T>) => ReactNode;

/** A server-side paginated, sortable and searchable table with a remembered row density. */
export function DataTable<T>({
  tableId,
  columns,
  rows,
  total,
  loading,
  query,
  onQueryChange,
  rowKey,
  rowTestId,
  onRowClick,
  actions,
  filters,
  searchLabel,
  searchable = true,
  searchTestId = 'data-table-search',
  emptyTitle,
  error,
  headerCell,
  rowsPerPageOptions = ROWS_PER_PAGE,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const [density, setDensity] = useState<Density>(() => readDensity(tableId));
  const [search, setSearch] = useState(query.searchText);
  const latest = useRef({ query, onQueryChange });
  latest.current = { query, onQueryChange };

  useEffect(() => {
    if (search === latest.current.query.searchText) return;
    const timer = window.setTimeout(() => {
      latest.current.onQueryChange({ ...latest.current.query, searchText: search, page: 1 });
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [search]);

  const changeDensity = (_: unknown, value: Density | null) => {
    if (!value) return;
    setDensity(value);
    writeDensity(tableId, value);
  };

  const colSpan = columns.length + (actions ? 1 : 0);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const virtual = rows.length >= VIRTUAL_ROWS_FROM;
  const virtualLib = useVirtualLib(virtual);
  const spacer = (height: number, edge: 'before' | 'after') =>
    height > 0 ? (
      <TableRow aria-hidden="true" data-testid={`data-table-spacer-${edge}`} sx={{ height }}>
        <TableCell colSpan={colSpan} sx={{ p: 0, border: 0 }} />
      </TableRow>
    ) : null;
  const renderRows: RenderRows = (indexes, edges, measure) => (
    <>
      {spacer(edges.before, 'before')}
      {indexes.map((index) => {
        const row = rows[index];
        return (
          <DataTableRow
            key={rowKey(row)}
            row={row}
            index={index}
            virtual={virtual}
            measure={measure}
            columns={columns}
            actions={actions}
            rowTestId={rowTestId}
            onRowClick={onRowClick}
          />
        );
      })}
      {spacer(edges.after, 'after')}
    </>
  );
  const densityOptions: { value: Density; icon: ReactNode }[] = [
    { value: 'small', icon: <DensitySmallIcon fontSize="small" /> },
    { value: 'medium', icon: <DensityMediumIcon fontSize="small" /> },
    { value: 'big', icon: <DensityLargeIcon fontSize="small" /> },
  ];

  return (
    <Paper variant="outlined" data-testid="data-table" data-density={density} sx={{ overflow: 'hidden' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, p: 1.5 }}>
        {searchable ? (
          <SearchField
            value={search}
            onValueChange={setSearch}
            label={searchLabel ?? t('table.search')}
            testId={searchTestId}
          />
        ) : null}
        {filters}
        <Box sx={{ flexGrow: 1 }} />
        <ToggleButtonGroup
          size="small"
          exclusive
          value={density}
          onChange={changeDensity}
          aria-label={t('table.density')}
          data-testid="data-table-density"
        >
          {densityOptions.map((option) => (
            <Tooltip key={option.value} title={t(`table.densities.${option.value}`)}>
              <ToggleButton
                value={option.value}
                aria-label={t(`table.densities.${option.value}`)}
                data-testid={`data-table-density-${option.value}`}
              >
                {option.icon}
              </ToggleButton>
            </Tooltip>
          ))}
        </ToggleButtonGroup>
      </Box>
      <Box sx={{ height: 4 }}>{loading && rows.length > 0 ? <LinearProgress /> : null}</Box>
      <TableContainer>
        <Table
          size={density === 'small' ? 'small' : 'medium'}
          sx={{ '& td, & th': { py: CELL_PADDING[density], px: CELL_SIDE_PADDING[density] } }}
          aria-busy={loading}
          // Rows out of view are not in the page: the table says how many there are (the header row is row 1).
          aria-rowcount={virtual ? rows.length + 1 : undefined}
          data-virtual={virtual ? 'true' : undefined}
        >
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell
                  key={column.id}
                  align={column.align}
                  sx={{ width: column.width, fontWeight: 700, whiteSpace: 'nowrap' }}
                  sortDirection={column.sortKey && query.sortName === column.sortKey ? query.sortOrder : false}
                >
                  {headerCell?.(column) ??
                    (column.sortKey ? (
                      <TableSortLabel
                        active={query.sortName === column.sortKey}
                        direction={query.sortName === column.sortKey ? query.sortOrder : 'asc'}
                        onClick={() => onQueryChange(toggleSort(query, column.sortKey as string))}
                        data-testid={`data-table-sort-${column.id}`}
                      >
                        {column.label}
                      </TableSortLabel>
                    ) : (
                      column.label
                    ))}
                </TableCell>
              ))}
              {actions ? (
                <TableCell align="right" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                  {t('table.actions')}
                </TableCell>
              ) : null}
            </TableRow>
          </TableHead>
          <TableBody ref={bodyRef}>
            {loading && rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={colSpan} data-testid="data-table-loading">
                  <PageLoader />
                </TableCell>
              </TableRow>
            ) : rows.length === 0 && error ? (
              <TableRow>
                <TableCell colSpan={colSpan}>{error}</TableCell>
              </TableRow>
            ) : rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={colSpan}>
                  <EmptyState
                    data-testid="data-table-empty"
                    icon={<SearchOffIcon fontSize="inherit" />}
                    title={emptyTitle ?? t('table.empty')}
                    description={query.searchText ? t('table.emptySearch', { text: query.searchText }) : undefined}
                  />
                </TableCell>
              </TableRow>
            ) : virtual && virtualLib ? (
              <WindowRows
                lib={virtualLib}
                count={rows.length}
                density={density}
                rowKey={(index) => rowKey(rows[index])}
                bodyRef={bodyRef}
                render={renderRows}
              />
            ) : (
              renderRows(
                Array.from({ length: virtual ? FIRST_ROWS_WHILE_LOADING : rows.length }, (_, index) => index),
                { before: 0, after: 0 },
              )
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePager
        count={total}
        page={Math.max(0, query.page - 1)}
        rowsPerPage={query.sizePerPage}
        rowsPerPageOptions={rowsPerPageOptions}
        onPageChange={(page) => onQueryChange({ ...query, page: page + 1 })}
        onRowsPerPageChange={(sizePerPage) => onQueryChange({ ...query, sizePerPage, page: 1 })}
        data-testid="data-table-pagination"
      />
    </Paper>
  );
}
