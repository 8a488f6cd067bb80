import { DATE_PRESETS, type DatePreset } from '@atiende/contracts';
import BarChartIcon from '@mui/icons-material/BarChart';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import TableChartOutlinedIcon from '@mui/icons-material/TableChartOutlined';
import ViewListOutlinedIcon from '@mui/icons-material/ViewListOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import RtlProvider from '@mui/system/RtlProvider';
import { visuallyHidden } from '@mui/utils';
import { BarChart, type BarChartProps } from '@mui/x-charts/BarChart';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadBlockedError } from '../../api/download';
import { DateTimeField } from '../../ui/dates';
import { EmptyState } from '../../ui/EmptyState';
import { formatDate } from '../../ui/format';
import { IdsFilter } from '../../ui/IdsFilter';
import { Tooltip } from '../../ui/Tooltip';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { type DashboardFilters, presetKey, type TargetState } from './model';

// ---------------------------------------------------------------------------------------------------------------
// Filters

export interface FilterBarProps {
  filters: DashboardFilters;
  /** Receives what changed (applied to the filters as they are then). */
  onChange: (patch: Partial<DashboardFilters>) => void;
  campaignOptions: { id: number; label: string }[];
  /** The server's messages for the custom range's days (a 400 answer's `result.fields`). */
  fieldErrors: Record<string, string>;
  /** The user dashboard's agent picker (shown when the caller may open more than their own). */
  agentPicker?: ReactNode;
}

/** Period (13 presets, custom with two date fields), campaigns and, on the user dashboard, the agent. */
export function FilterBar({ filters, onChange, campaignOptions, fieldErrors, agentPicker }: FilterBarProps) {
  const { t } = useTranslation();
  const set = (patch: Partial<DashboardFilters>) => onChange(patch);
  return (
    <Box
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', mb: 1 }}
      data-testid="dashboard-filters"
    >
      <TextField
        select
        size="small"
        margin="none"
        fullWidth={false}
        label={t('analytics.filters.period')}
        value={filters.preset}
        onChange={(event) => set({ preset: event.target.value as DatePreset })}
        sx={{ minWidth: 190 }}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'dashboard-preset' } as object } }}
      >
        {DATE_PRESETS.map((preset) => (
          <MenuItem key={preset} value={preset} data-testid={`dashboard-preset-option-${preset}`}>
            {t(presetKey(preset))}
          </MenuItem>
        ))}
      </TextField>
      {filters.preset === 'custom' ? (
        <>
          <DateTimeField
            kind="date"
            label={t('analytics.filters.from')}
            value={filters.from}
            onValueChange={(from) => set({ from })}
            error={fieldErrors.from}
            testId="dashboard-from"
            size="small"
            margin="none"
            fullWidth={false}
            sx={{ width: 190 }}
          />
          <DateTimeField
            kind="date"
            label={t('analytics.filters.to')}
            value={filters.to}
            onValueChange={(to) => set({ to })}
            error={fieldErrors.to}
            testId="dashboard-to"
            size="small"
            margin="none"
            fullWidth={false}
            sx={{ width: 190 }}
          />
        </>
      ) : null}
      <IdsFilter
        label={t('analytics.filters.campaigns')}
        value={filters.campaigns}
        onChange={(campaigns) => set({ campaigns })}
        options={campaignOptions}
        testId="dashboard-campaigns"
      />
      {agentPicker}
    </Box>
  );
}

/** The period the answer covers, in the UI language, with the business's time zone. */
export function RangeLine({
  range,
  fetching,
}: {
  range: { from: string; to: string; timeZone: string } | undefined;
  fetching: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 2, minHeight: 24 }}>
      {range ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="dashboard-range" dir="auto">
          {t('analytics.range', {
            from: formatDate(range.from, i18n.language),
            to: formatDate(range.to, i18n.language),
            timeZone: range.timeZone,
          })}
        </Typography>
      ) : null}
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        · {t('analytics.live')}
      </Typography>
      {fetching ? (
        <CircularProgress size={14} aria-label={t('analytics.updating')} data-testid="dashboard-fetching" />
      ) : null}
    </Box>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Figures

const STATE_COLOR = { met: 'success', below: 'error', none: 'default' } as const;

/** Met / below target with colour and words (never colour alone). */
export function StateChip({ state, label, testId }: { state: TargetState; label?: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={STATE_COLOR[state]}
      variant={state === 'none' ? 'outlined' : 'filled'}
      label={label ?? t(`analytics.state.${state}`)}
      data-testid={testId}
      data-state={state}
      sx={{ fontWeight: 600, maxWidth: '100%' }}
    />
  );
}

/** A headline figure of the period (tickets, handled, average times...), with its target state when it has one. */
export function Kpi({
  label,
  value,
  detail,
  state,
  testId,
}: {
  label: string;
  value: string;
  detail?: string;
  state?: TargetState;
  testId: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid={testId}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', my: 0.5 }}>
        {/* The figure reads left to right ("50 min", "87,5 %") at the start of the card in both directions. */}
        <bdi dir="ltr" data-testid={`${testId}-value`}>
          {value}
        </bdi>
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', minHeight: 24 }}>
        {detail ? (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {detail}
          </Typography>
        ) : null}
        {state && state !== 'none' ? <StateChip state={state} testId={`${testId}-state`} /> : null}
      </Box>
    </Paper>
  );
}

export function KpiGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{ display: 'grid', gap: 2, mb: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(170px, 1fr))' }}
      data-testid="dashboard-kpis"
    >
      {children}
    </Box>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Widgets

export type WidgetView = 'chart' | 'table';

export interface WidgetCardProps {
  /** The widget's name (its download and test ids). */
  id: string;
  title: string;
  /** Nothing to show: the empty state instead of the chart and the table. */
  empty: boolean;
  emptyText?: string;
  chart: ReactNode;
  table: ReactNode;
  /** Downloads the widget's figures (absent: no download action). */
  onDownload?: () => Promise<unknown>;
  defaultView?: WidgetView;
  /** The chart view shows a list rather than a chart (latest tasks). */
  listView?: boolean;
  /** Spans the grid's full width. */
  wide?: boolean;
}

/** A dashboard card: title, chart / table toggle, "download data", and an empty state when there is nothing. */
export function WidgetCard({
  id,
  title,
  empty,
  emptyText,
  chart,
  table,
  onDownload,
  defaultView = 'chart',
  listView,
  wide,
}: WidgetCardProps) {
  const { t } = useTranslation();
  const feedback = useApiFeedback();
  const [view, setView] = useState<WidgetView>(defaultView);
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    if (!onDownload) return;
    setDownloading(true);
    try {
      await onDownload();
    } catch (error) {
      if (error instanceof DownloadBlockedError) feedback.notify(t('analytics.downloadBlocked'), 'warning');
      else feedback.failure(error);
    } finally {
      setDownloading(false);
    }
  };
  const chartLabel = listView ? t('analytics.views.list') : t('analytics.views.chart');
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={`widget-${id}-title`}
      data-testid={`widget-${id}`}
      data-view={view}
      sx={{
        p: 2,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        minWidth: 0,
        gridColumn: wide ? '1 / -1' : undefined,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
        <Typography
          id={`widget-${id}-title`}
          variant="subtitle1"
          component="h2"
          sx={{ fontWeight: 700, flexGrow: 1, minWidth: 0, lineHeight: 1.3 }}
        >
          {title}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view}
          onChange={(_, next: WidgetView | null) => (next ? setView(next) : undefined)}
          aria-label={t('analytics.views.label', { title })}
        >
          <ToggleButton value="chart" aria-label={chartLabel} data-testid={`widget-${id}-view-chart`} sx={{ py: 0.25 }}>
            <Tooltip title={chartLabel}>
              {listView ? <ViewListOutlinedIcon fontSize="small" /> : <BarChartIcon fontSize="small" />}
            </Tooltip>
          </ToggleButton>
          <ToggleButton
            value="table"
            aria-label={t('analytics.views.table')}
            data-testid={`widget-${id}-view-table`}
            sx={{ py: 0.25 }}
          >
            <Tooltip title={t('analytics.views.table')}>
              <TableChartOutlinedIcon fontSize="small" />
            </Tooltip>
          </ToggleButton>
        </ToggleButtonGroup>
        {onDownload ? (
          <Tooltip title={t('analytics.download')}>
            <span>
              <IconButton
                size="small"
                aria-label={t('analytics.downloadOf', { title })}
                onClick={() => void download()}
                disabled={downloading}
                data-testid={`widget-${id}-download`}
              >
                {downloading ? <CircularProgress size={18} /> : <FileDownloadOutlinedIcon fontSize="small" />}
              </IconButton>
            </span>
          </Tooltip>
        ) : null}
      </Box>
      {empty ? (
        <EmptyState
          data-testid={`widget-${id}-empty`}
          icon={<InsightsOutlinedIcon fontSize="inherit" />}
          title={emptyText ?? t('analytics.empty')}
        />
      ) : view === 'chart' ? (
        <Box data-testid={`widget-${id}-chart`} sx={{ minWidth: 0 }}>
          {chart}
        </Box>
      ) : (
        <Box data-testid={`widget-${id}-table`} sx={{ minWidth: 0 }}>
          {table}
        </Box>
      )}
    </Paper>
  );
}

export function WidgetGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' },
        alignItems: 'start',
      }}
    >
      {children}
    </Box>
  );
}

export interface TableColumn {
  label: string;
  numeric?: boolean;
}

/**
 * The accessible view of a widget: a real `<table>` with a caption and column headers, the first cell of each row
 * its row header. Numbers align to the end and read left to right in both directions.
 */
export function WidgetTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: TableColumn[];
  rows: { key: string | number; cells: ReactNode[] }[];
}) {
  return (
    <TableContainer sx={{ maxHeight: 420 }}>
      <Table size="small" stickyHeader>
        <caption style={visuallyHidden as React.CSSProperties}>{caption}</caption>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.label} align={column.numeric ? 'right' : 'left'} sx={{ fontWeight: 700 }}>
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              {row.cells.map((cell, index) => (
                <TableCell
                  // biome-ignore lint/suspicious/noArrayIndexKey: the cells of a row are positional.
                  key={index}
                  component={index === 0 ? 'th' : 'td'}
                  scope={index === 0 ? 'row' : undefined}
                  align={columns[index]?.numeric ? 'right' : 'left'}
                  sx={
                    columns[index]?.numeric ? { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } : undefined
                  }
                >
                  {columns[index]?.numeric ? <span dir="ltr">{cell}</span> : cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export interface BarsSeries {
  id: string;
  label: string;
  data: number[];
  color: string;
}

/**
 * A bar chart of categories (hours, statuses, names) with the theme's colours and the UI language's numbers.
 * Charts are drawn left to right in both directions (numbers and hours must not mirror); `horizontal` lays the
 * categories on the vertical axis for long names.
 */
export function BarsChart({
  title,
  categories,
  series,
  format,
  horizontal,
  height = 260,
  categoryColors,
  stacked,
  integer,
  axisFormat,
  ticks,
}: {
  title: string;
  categories: string[];
  series: BarsSeries[];
  format: (value: number | null) => string;
  horizontal?: boolean;
  height?: number;
  /** One colour per category (a single series coloured by category, e.g. agent statuses). */
  categoryColors?: string[];
  stacked?: boolean;
  /** Counts: the value axis has no ticks between whole numbers. */
  integer?: boolean;
  /** The value axis's ticks, when they read better shorter than the bars' own values (durations). */
  axisFormat?: (value: number) => string;
  /** The value axis's ticks (the axis ends on the last one). */
  ticks?: number[];
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const tickLabelStyle = { fontSize: 12, fill: theme.palette.text.secondary };
  const band = {
    scaleType: 'band' as const,
    data: categories,
    ...(categoryColors ? { colorMap: { type: 'ordinal' as const, values: categories, colors: categoryColors } } : {}),
    tickLabelStyle,
  };
  const value = {
    valueFormatter: (value: number | null) => (axisFormat && value !== null ? axisFormat(value) : format(value)),
    tickLabelStyle,
    ...(ticks ? { tickInterval: ticks, min: 0, max: ticks[ticks.length - 1] } : integer ? { tickMinStep: 1 } : {}),
  };
  const props: BarChartProps = {
    height,
    layout: horizontal ? 'horizontal' : 'vertical',
    xAxis: [horizontal ? { ...value, height: 28 } : { ...band, height: 28 }],
    yAxis: [horizontal ? { ...band, width: 132 } : { ...value, width: 64 }],
    series: series.map((item) => ({
      id: item.id,
      label: item.label,
      data: item.data,
      color: item.color,
      valueFormatter: (v: number | null) => format(v),
      ...(stacked ? { stack: 'total' } : {}),
    })),
    grid: horizontal ? { vertical: true } : { horizontal: true },
    hideLegend: series.length < 2,
    margin: { top: 8, right: 24, bottom: 8, left: 8 },
    slotProps: { legend: { position: { vertical: 'top', horizontal: 'start' } } },
  };
  return (
    // Left to right inside (RtlProvider false: the charts' own right-to-left handling would flip the labels of an
    // axis drawn left to right onto the bars).
    <RtlProvider value={false}>
      <Box dir="ltr" role="img" aria-label={t('analytics.chartOf', { title })} sx={{ width: '100%' }}>
        <BarChart {...props} />
      </Box>
    </RtlProvider>
  );
}
