import { AGENT_STATUS, type CampaignDashboard, type CampaignPerformance, type UserDashboard } from '@atiende/contracts';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { lighten, useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatCompactDateTime, formatDateTime, formatDuration, formatDurationUnits } from '../../ui/format';
import { pauseKey } from '../supervision/model';
import { BarsChart, Kpi, KpiGrid, StateChip, WidgetCard, WidgetTable } from './components';
import {
  agentStatusRows,
  allZero,
  barsHeight,
  durationTick,
  durationTicks,
  fillHours,
  handlingState,
  hourLabel,
  namedRows,
  numberFormatter,
  percentFormatter,
  serviceLevelState,
  sortCampaigns,
  statusTimeRows,
  type TargetState,
  ticketStatusRows,
} from './model';

type Shared = Omit<UserDashboard, 'user' | 'statusTime'>;
/** Downloads one widget's figures (undefined: the widget has no download). */
export type Download = (widget: string) => Promise<unknown>;

function useFormats() {
  const { i18n } = useTranslation();
  return {
    count: numberFormatter(i18n.language),
    percent: percentFormatter(i18n.language),
    tick: durationTick(i18n.language),
    locale: i18n.language,
  };
}

/** Colours of the charts from the theme (readable in light and dark). */
function useColors() {
  const theme = useTheme();
  const dark = theme.palette.mode === 'dark';
  return {
    main: theme.palette.primary.main,
    second: dark ? theme.palette.warning.light : theme.palette.warning.main,
    target: dark ? theme.palette.grey[500] : theme.palette.grey[500],
    status: (color: string) => (dark ? lighten(color, 0.3) : color),
  };
}

const durationOrDash = (seconds: number | null) => (seconds === null ? '—' : formatDuration(seconds));

// ---------------------------------------------------------------------------------------------------------------
// Headline figures

export function Totals({ data, waitingNow }: { data: Shared; waitingNow?: number }) {
  const { t } = useTranslation();
  const { count, percent } = useFormats();
  const totals = data.totals;
  return (
    <KpiGrid>
      <Kpi label={t('analytics.totals.tickets')} value={count(totals.tickets)} testId="kpi-tickets" />
      <Kpi label={t('analytics.totals.handled')} value={count(totals.handled)} testId="kpi-handled" />
      <Kpi
        label={t('analytics.totals.serviceLevel')}
        value={percent(totals.serviceLevelPercent)}
        detail={
          totals.serviceLevelTarget === null
            ? t('analytics.totals.noTarget')
            : t('analytics.totals.target', { target: percent(totals.serviceLevelTarget) })
        }
        state={serviceLevelState(totals.serviceLevelPercent, totals.serviceLevelTarget)}
        testId="kpi-service-level"
      />
      <Kpi
        label={t('analytics.totals.firstResponse')}
        value={
          totals.averageFirstResponseSeconds === null ? '—' : formatDurationUnits(totals.averageFirstResponseSeconds)
        }
        testId="kpi-first-response"
      />
      <Kpi
        label={t('analytics.totals.aht')}
        value={totals.averageHandlingSeconds === null ? '—' : formatDurationUnits(totals.averageHandlingSeconds)}
        detail={
          totals.targetHandlingSeconds === null
            ? t('analytics.totals.noTarget')
            : t('analytics.totals.target', { target: formatDurationUnits(totals.targetHandlingSeconds) })
        }
        state={handlingState(totals.averageHandlingSeconds, totals.targetHandlingSeconds)}
        testId="kpi-aht"
      />
      {waitingNow === undefined ? null : (
        <Kpi label={t('analytics.totals.waitingNow')} value={count(waitingNow)} testId="kpi-waiting-now" />
      )}
    </KpiGrid>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Per campaign

/** A figure with its target state under it (colour and words). */
function WithState({ value, state, testId }: { value: string; state: TargetState; testId: string }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5 }}>
      <span>{value}</span>
      {state === 'none' ? null : <StateChip state={state} testId={testId} />}
    </Box>
  );
}

function CampaignsTable({ rows, caption }: { rows: CampaignPerformance[]; caption: string }) {
  const { t } = useTranslation();
  const { count, percent } = useFormats();
  return (
    <WidgetTable
      caption={caption}
      columns={[
        { label: t('analytics.columns.campaign') },
        { label: t('analytics.columns.tickets'), numeric: true },
        { label: t('analytics.columns.answered'), numeric: true },
        { label: t('analytics.columns.answeredInTime'), numeric: true },
        { label: t('analytics.columns.serviceLevel'), numeric: true },
        { label: t('analytics.columns.serviceLevelTarget'), numeric: true },
        { label: t('analytics.columns.firstResponse'), numeric: true },
        { label: t('analytics.columns.handled'), numeric: true },
        { label: t('analytics.columns.aht'), numeric: true },
        { label: t('analytics.columns.ahtTarget'), numeric: true },
      ]}
      rows={rows.map((row) => ({
        key: row.campaignId,
        cells: [
          row.name,
          count(row.tickets),
          count(row.answered),
          count(row.answeredInTime),
          <WithState
            key="sl"
            value={percent(row.serviceLevelPercent)}
            state={serviceLevelState(row.serviceLevelPercent, row.serviceLevelTarget)}
            testId={`campaign-sl-state-${row.campaignId}`}
          />,
          percent(row.serviceLevelTarget),
          durationOrDash(row.averageFirstResponseSeconds),
          count(row.handled),
          <WithState
            key="aht"
            value={durationOrDash(row.averageHandlingSeconds)}
            state={handlingState(row.averageHandlingSeconds, row.targetHandlingSeconds)}
            testId={`campaign-aht-state-${row.campaignId}`}
          />,
          row.targetHandlingSeconds > 0 ? formatDuration(row.targetHandlingSeconds) : '—',
        ],
      }))}
    />
  );
}

/**
 * Per campaign: the service level against its target and the average handling time against its target (two bar
 * charts, each campaign's state in words under them), or the whole table (tickets, answered, in time, first
 * response, handled).
 */
export function CampaignsWidget({
  data,
  download,
  asTable,
}: {
  data: Shared;
  download: Download;
  /** The campaign dashboard opens it as its table. */
  asTable?: boolean;
}) {
  const { t } = useTranslation();
  const { percent, tick } = useFormats();
  const colors = useColors();
  const rows = sortCampaigns(data.campaigns);
  const withFigures = rows.filter((row) => row.tickets > 0 || row.handled > 0);
  const names = withFigures.map((row) => row.name);
  const title = asTable ? t('analytics.widgets.campaignsTable') : t('analytics.widgets.campaigns');
  const slTitle = t('analytics.widgets.serviceLevel');
  const ahtTitle = t('analytics.widgets.handling');
  const height = barsHeight(withFigures.length, 44);
  return (
    <WidgetCard
      id="campaigns"
      title={title}
      wide
      empty={withFigures.length === 0}
      defaultView={asTable ? 'table' : 'chart'}
      onDownload={() => download('campaigns')}
      table={<CampaignsTable rows={withFigures} caption={title} />}
      chart={
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' } }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
              {slTitle}
            </Typography>
            <BarsChart
              title={slTitle}
              horizontal
              height={height}
              categories={names}
              format={percent}
              series={[
                {
                  id: 'sl',
                  label: t('analytics.series.serviceLevel'),
                  data: withFigures.map((row) => row.serviceLevelPercent ?? 0),
                  color: colors.main,
                },
                {
                  id: 'target',
                  label: t('analytics.series.target'),
                  data: withFigures.map((row) => row.serviceLevelTarget),
                  color: colors.target,
                },
              ]}
            />
            <StateList
              testId="campaign-sl-states"
              items={withFigures.map((row) => ({
                id: row.campaignId,
                name: row.name,
                state: serviceLevelState(row.serviceLevelPercent, row.serviceLevelTarget),
              }))}
            />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
              {ahtTitle}
            </Typography>
            <BarsChart
              title={ahtTitle}
              horizontal
              height={height}
              categories={names}
              format={(value) => (value === null ? '—' : formatDurationUnits(value))}
              axisFormat={tick}
              ticks={durationTicks(
                Math.max(
                  0,
                  ...withFigures.map((row) => Math.max(row.averageHandlingSeconds ?? 0, row.targetHandlingSeconds)),
                ),
              )}
              series={[
                {
                  id: 'aht',
                  label: t('analytics.series.aht'),
                  data: withFigures.map((row) => row.averageHandlingSeconds ?? 0),
                  color: colors.main,
                },
                {
                  id: 'target',
                  label: t('analytics.series.target'),
                  data: withFigures.map((row) => row.targetHandlingSeconds),
                  color: colors.target,
                },
              ]}
            />
            <StateList
              testId="campaign-aht-states"
              items={withFigures.map((row) => ({
                id: row.campaignId,
                name: row.name,
                state: handlingState(row.averageHandlingSeconds, row.targetHandlingSeconds),
              }))}
            />
          </Box>
        </Box>
      }
    />
  );
}

function StateList({
  items,
  testId,
}: {
  items: { id: number; name: string; state: 'met' | 'below' | 'none' }[];
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 1 }} data-testid={testId}>
      {items.map((item) => (
        <StateChip
          key={item.id}
          state={item.state}
          label={t('analytics.stateOf', { campaign: item.name, state: t(`analytics.state.${item.state}`) })}
          testId={`${testId}-${item.id}`}
        />
      ))}
    </Box>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Tickets and tasks

export function TicketsByStatusWidget({ data, download }: { data: Shared; download: Download }) {
  const { t } = useTranslation();
  const { count } = useFormats();
  const colors = useColors();
  const rows = ticketStatusRows(data.ticketsByStatus);
  const title = t('analytics.widgets.ticketsByStatus');
  const labels = rows.map((row) => t(`tickets.status.${row.key}`));
  return (
    <WidgetCard
      id="ticketsByStatus"
      title={title}
      empty={allZero(rows.map((row) => row.count))}
      onDownload={() => download('ticketsByStatus')}
      chart={
        <BarsChart
          title={title}
          categories={labels}
          format={count}
          integer
          series={[
            { id: 'count', label: t('analytics.columns.tickets'), data: rows.map((r) => r.count), color: colors.main },
          ]}
        />
      }
      table={
        <WidgetTable
          caption={title}
          columns={[{ label: t('analytics.columns.status') }, { label: t('analytics.columns.tickets'), numeric: true }]}
          rows={rows.map((row, index) => ({ key: row.key, cells: [labels[index], count(row.count)] }))}
        />
      }
    />
  );
}

/** Named counts as horizontal bars (tasks by type, tickets by user, tasks by user). */
export function NamedCountsWidget({
  id,
  rows: raw,
  download,
  nameColumn,
  countColumn,
  unnamed,
}: {
  id: 'tasksByType' | 'ticketsByUser' | 'tasksByUser';
  rows: { id: number | null; name: string | null; count: number }[];
  download: Download;
  nameColumn: string;
  countColumn: string;
  unnamed: string;
}) {
  const { t } = useTranslation();
  const { count } = useFormats();
  const colors = useColors();
  const rows = namedRows(raw);
  const names = rows.map((row) => row.name ?? unnamed);
  const title = t(`analytics.widgets.${id}`);
  return (
    <WidgetCard
      id={id}
      title={title}
      empty={rows.length === 0}
      onDownload={() => download(id)}
      chart={
        <BarsChart
          title={title}
          horizontal
          height={barsHeight(rows.length)}
          categories={names}
          format={count}
          integer
          series={[{ id: 'count', label: countColumn, data: rows.map((row) => row.count), color: colors.main }]}
        />
      }
      table={
        <WidgetTable
          caption={title}
          columns={[{ label: nameColumn }, { label: countColumn, numeric: true }]}
          rows={rows.map((row, index) => ({ key: row.id ?? `none-${index}`, cells: [names[index], count(row.count)] }))}
        />
      }
    />
  );
}

export function TasksByHourWidget({ data, download }: { data: Shared; download: Download }) {
  const { t } = useTranslation();
  const { count } = useFormats();
  const colors = useColors();
  const rows = fillHours(data.tasksByHour, (hour) => ({ hour, count: 0 }));
  const title = t('analytics.widgets.tasksByHour');
  return (
    <WidgetCard
      id="tasksByHour"
      title={title}
      empty={allZero(rows.map((row) => row.count))}
      onDownload={() => download('tasksByHour')}
      chart={
        <BarsChart
          title={title}
          categories={rows.map((row) => hourLabel(row.hour))}
          format={count}
          integer
          series={[
            { id: 'count', label: t('analytics.columns.tasks'), data: rows.map((r) => r.count), color: colors.main },
          ]}
        />
      }
      table={
        <WidgetTable
          caption={title}
          columns={[{ label: t('analytics.columns.hour') }, { label: t('analytics.columns.tasks'), numeric: true }]}
          rows={rows.map((row) => ({
            key: row.hour,
            cells: [t('analytics.hourRange', { from: hourLabel(row.hour), to: hourLabel(row.hour) }), count(row.count)],
          }))}
        />
      }
    />
  );
}

export function LatestTasksWidget({ data, download }: { data: Shared; download: Download }) {
  const { t } = useTranslation();
  const { locale } = useFormats();
  const rows = data.latestTasks;
  const title = t('analytics.widgets.latestTasks');
  const ticketLink = (task: (typeof rows)[number]) => (
    <Link
      component={RouterLink}
      to={`/app/tickets/${task.ticketId}/view`}
      data-testid={`latest-task-link-${task.id}`}
      sx={{ fontWeight: 600 }}
    >
      {t('analytics.ticketNumber', { number: task.ticketNumber })}
    </Link>
  );
  return (
    <WidgetCard
      id="latestTasks"
      title={title}
      listView
      empty={rows.length === 0}
      onDownload={() => download('latestTasks')}
      chart={
        <List dense disablePadding sx={{ maxHeight: 420, overflowY: 'auto' }}>
          {rows.map((task) => (
            <ListItem key={task.id} disableGutters divider data-testid={`latest-task-${task.id}`}>
              <ListItemText
                primary={
                  <Box component="span" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'baseline' }}>
                    {ticketLink(task)}
                    <span>{task.type ?? t('analytics.noType')}</span>
                    <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
                      {task.campaign}
                    </Typography>
                  </Box>
                }
                secondary={
                  <>
                    <span title={formatDateTime(task.createdAt, locale)}>
                      {formatCompactDateTime(task.createdAt, locale)}
                    </span>
                    {task.author ? ` · ${task.author}` : ''}
                    {task.notes ? ` · ${task.notes}` : ''}
                  </>
                }
                slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      }
      table={
        <WidgetTable
          caption={title}
          columns={[
            { label: t('analytics.columns.ticket') },
            { label: t('analytics.columns.createdAt') },
            { label: t('analytics.columns.campaign') },
            { label: t('analytics.columns.type') },
            { label: t('analytics.columns.author') },
            { label: t('analytics.columns.notes') },
          ]}
          rows={rows.map((task) => ({
            key: task.id,
            cells: [
              ticketLink(task),
              formatDateTime(task.createdAt, locale),
              task.campaign,
              task.type ?? t('analytics.noType'),
              task.author ?? '—',
              task.notes ?? '',
            ],
          }))}
        />
      }
    />
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Interactions

export function InteractionsByChannelWidget({ data, download }: { data: Shared; download: Download }) {
  const { t } = useTranslation();
  const { count } = useFormats();
  const colors = useColors();
  const rows = data.interactionsByChannel.filter((row) => row.incoming + row.outgoing > 0);
  const title = t('analytics.widgets.interactionsByChannel');
  return (
    <WidgetCard
      id="interactionsByChannel"
      title={title}
      empty={rows.length === 0}
      onDownload={() => download('interactionsByChannel')}
      chart={
        <BarsChart
          title={title}
          horizontal
          height={barsHeight(rows.length, 48)}
          categories={rows.map((row) => row.name)}
          format={count}
          integer
          series={[
            { id: 'in', label: t('analytics.series.incoming'), data: rows.map((r) => r.incoming), color: colors.main },
            {
              id: 'out',
              label: t('analytics.series.outgoing'),
              data: rows.map((r) => r.outgoing),
              color: colors.second,
            },
          ]}
        />
      }
      table={
        <WidgetTable
          caption={title}
          columns={[
            { label: t('analytics.columns.channel') },
            { label: t('analytics.columns.incoming'), numeric: true },
            { label: t('analytics.columns.outgoing'), numeric: true },
          ]}
          rows={rows.map((row) => ({
            key: row.channelId,
            cells: [row.name, count(row.incoming), count(row.outgoing)],
          }))}
        />
      }
    />
  );
}

export function InteractionsByHourWidget({ data, download }: { data: Shared; download: Download }) {
  const { t } = useTranslation();
  const { count } = useFormats();
  const colors = useColors();
  const rows = fillHours(data.interactionsByHour, (hour) => ({ hour, incoming: 0, outgoing: 0 }));
  const title = t('analytics.widgets.interactionsByHour');
  return (
    <WidgetCard
      id="interactionsByHour"
      title={title}
      empty={allZero(rows.map((row) => row.incoming + row.outgoing))}
      onDownload={() => download('interactionsByHour')}
      chart={
        <BarsChart
          title={title}
          stacked
          categories={rows.map((row) => hourLabel(row.hour))}
          format={count}
          integer
          series={[
            { id: 'in', label: t('analytics.series.incoming'), data: rows.map((r) => r.incoming), color: colors.main },
            {
              id: 'out',
              label: t('analytics.series.outgoing'),
              data: rows.map((r) => r.outgoing),
              color: colors.second,
            },
          ]}
        />
      }
      table={
        <WidgetTable
          caption={title}
          columns={[
            { label: t('analytics.columns.hour') },
            { label: t('analytics.columns.incoming'), numeric: true },
            { label: t('analytics.columns.outgoing'), numeric: true },
          ]}
          rows={rows.map((row) => ({
            key: row.hour,
            cells: [
              t('analytics.hourRange', { from: hourLabel(row.hour), to: hourLabel(row.hour) }),
              count(row.incoming),
              count(row.outgoing),
            ],
          }))}
        />
      }
    />
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Agent statuses

/** The label of a status or pause reason ("Pausa · Almuerzo"). */
function useStatusName() {
  const { t } = useTranslation();
  return (code: keyof typeof AGENT_STATUS, pause: string | null) =>
    pause === null
      ? t(`agentStatus.${code}`)
      : `${t('agentStatus.P')} · ${t(pauseKey(pause), { defaultValue: pause })}`;
}

export function StatusTimeWidget({ data, download }: { data: UserDashboard; download: Download }) {
  const { t } = useTranslation();
  const { tick } = useFormats();
  const colors = useColors();
  const statusName = useStatusName();
  const rows = statusTimeRows(data.statusTime);
  const names = rows.map((row) => statusName(row.code, row.pause));
  const title = t('analytics.widgets.statusTime');
  return (
    <WidgetCard
      id="statusTime"
      title={title}
      empty={rows.length === 0}
      onDownload={() => download('statusTime')}
      chart={
        <BarsChart
          title={title}
          horizontal
          height={barsHeight(rows.length)}
          categories={names}
          categoryColors={rows.map((row) => colors.status(AGENT_STATUS[row.code].color))}
          format={(value) => (value === null ? '—' : formatDurationUnits(value))}
          axisFormat={tick}
          ticks={durationTicks(Math.max(0, ...rows.map((row) => row.seconds)))}
          series={[
            { id: 'time', label: t('analytics.columns.time'), data: rows.map((r) => r.seconds), color: colors.main },
          ]}
        />
      }
      table={
        <WidgetTable
          caption={title}
          columns={[{ label: t('analytics.columns.status') }, { label: t('analytics.columns.time'), numeric: true }]}
          rows={rows.map((row, index) => ({ key: row.status, cells: [names[index], formatDuration(row.seconds)] }))}
        />
      }
    />
  );
}

export function AgentsByStatusWidget({ data, download }: { data: CampaignDashboard; download: Download }) {
  const { t } = useTranslation();
  const { count } = useFormats();
  const colors = useColors();
  const rows = agentStatusRows(data.agentsByStatus);
  const names = rows.map((row) => t(`agentStatus.${row.code}`));
  const title = t('analytics.widgets.agentsByStatus');
  return (
    <WidgetCard
      id="agentsByStatus"
      title={title}
      empty={allZero(rows.map((row) => row.count))}
      emptyText={t('analytics.emptyNow')}
      onDownload={() => download('agentsByStatus')}
      chart={
        <BarsChart
          title={title}
          categories={names}
          categoryColors={rows.map((row) => colors.status(AGENT_STATUS[row.code].color))}
          format={count}
          integer
          series={[
            { id: 'agents', label: t('analytics.columns.agents'), data: rows.map((r) => r.count), color: colors.main },
          ]}
        />
      }
      table={
        <WidgetTable
          caption={title}
          columns={[{ label: t('analytics.columns.status') }, { label: t('analytics.columns.agents'), numeric: true }]}
          rows={rows.map((row, index) => ({ key: row.code, cells: [names[index], count(row.count)] }))}
        />
      }
    />
  );
}
