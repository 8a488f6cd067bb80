import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import RtlProvider from '@mui/system/RtlProvider';
import { visuallyHidden } from '@mui/utils';
import { BarChart } from '@mui/x-charts/BarChart';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

export interface CountRow {
  label: string;
  count: number;
}

/** A share of a total as a rounded percentage (one decimal). */
export function percentOf(count: number, total: number): number {
  return total > 0 ? Math.round((count / total) * 1000) / 10 : 0;
}

/**
 * The accessible copy of a chart: a visually hidden table with a caption, a row per category (its count and share).
 * Screen readers read it; the chart itself is one labelled image.
 */
export function HiddenCountsTable({ caption, rows, testId }: { caption: string; rows: CountRow[]; testId?: string }) {
  const { t, i18n } = useTranslation();
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  return (
    <table style={visuallyHidden as CSSProperties} data-testid={testId}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('surveys.charts.category')}</th>
          <th scope="col">{t('surveys.charts.count')}</th>
          <th scope="col">{t('surveys.charts.share')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: categories may repeat labels; their place is their identity.
          <tr key={index}>
            <th scope="row">{row.label}</th>
            <td>{number.format(row.count)}</td>
            <td>{`${number.format(percentOf(row.count, total))} %`}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Counts per category as bars, in the theme's primary colour (or one colour per bar), with the UI language's
 * numbers. Drawn left to right in both directions (numbers and dates must not mirror); `horizontal` lays long
 * option names on the vertical axis. The chart is one labelled image; `HiddenCountsTable` is its text.
 */
export function CountsChart({
  title,
  rows,
  horizontal,
  height = 240,
  colors,
  testId,
}: {
  title: string;
  rows: CountRow[];
  horizontal?: boolean;
  height?: number;
  colors?: string[];
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const format = (value: number | null) => (value === null ? '' : number.format(value));
  const categories = rows.map((row) => row.label);
  const tickLabelStyle = { fontSize: 12, fill: theme.palette.text.secondary };
  const band = {
    scaleType: 'band' as const,
    data: categories,
    ...(colors ? { colorMap: { type: 'ordinal' as const, values: categories, colors } } : {}),
    tickLabelStyle,
  };
  const value = { valueFormatter: format, tickLabelStyle, tickMinStep: 1 };
  return (
    <RtlProvider value={false}>
      <Box
        dir="ltr"
        role="img"
        aria-label={t('surveys.charts.chartOf', { title })}
        sx={{ width: '100%' }}
        data-testid={testId}
      >
        <BarChart
          height={horizontal ? Math.max(height, rows.length * 32 + 40) : height}
          layout={horizontal ? 'horizontal' : 'vertical'}
          xAxis={[horizontal ? { ...value, height: 28 } : { ...band, height: 28 }]}
          yAxis={[horizontal ? { ...band, width: 132 } : { ...value, width: 48 }]}
          series={[
            {
              id: 'count',
              label: t('surveys.charts.count'),
              data: rows.map((row) => row.count),
              color: theme.palette.primary.main,
              valueFormatter: format,
            },
          ]}
          grid={horizontal ? { vertical: true } : { horizontal: true }}
          hideLegend
          margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
        />
      </Box>
    </RtlProvider>
  );
}

export interface Segment {
  id: string;
  label: string;
  count: number;
  color: string;
}

/**
 * Parts of a whole as one stacked bar (NPS: promoters, passives, detractors), with a legend that says each part's
 * count and share in words (never colour alone). Follows the reading direction, as a progress bar does.
 */
export function StackedBar({ title, segments, testId }: { title: string; segments: Segment[]; testId?: string }) {
  const { i18n } = useTranslation();
  const total = segments.reduce((sum, segment) => sum + segment.count, 0);
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const summary = segments
    .map(
      (segment) =>
        `${segment.label}: ${number.format(segment.count)} (${number.format(percentOf(segment.count, total))} %)`,
    )
    .join(', ');
  return (
    <Box data-testid={testId}>
      <Box
        role="img"
        aria-label={`${title}. ${summary}`}
        sx={{ display: 'flex', height: 20, borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover' }}
      >
        {segments.map((segment) =>
          segment.count > 0 ? (
            <Box
              key={segment.id}
              sx={{ width: `${percentOf(segment.count, total)}%`, bgcolor: segment.color }}
              data-segment={segment.id}
            />
          ) : null,
        )}
      </Box>
      <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0, mt: 1 }}>
        {segments.map((segment) => (
          <Box component="li" key={segment.id} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <Box sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: segment.color, flexShrink: 0 }} />
            <Typography variant="body2" data-testid={testId ? `${testId}-${segment.id}` : undefined}>
              {segment.label}:{' '}
              <bdi dir="ltr">{`${number.format(segment.count)} (${number.format(percentOf(segment.count, total))} %)`}</bdi>
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
