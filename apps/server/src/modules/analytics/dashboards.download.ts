import type {
  CampaignDashboard,
  CampaignDashboardWidget,
  Locale,
  UserDashboard,
  UserDashboardWidget,
} from '@atiende/contracts';
import ExcelJS from 'exceljs';
import { wallClock } from '../tickets/tickets.export.js';

type Cell = string | number | Date | null;
interface Sheet {
  title: string;
  columns: string[];
  rows: Cell[][];
}

const TEXTS = {
  es: {
    status: ['Nuevo', 'Abierto', 'Escalado', 'Transferido', 'Cerrado'],
    agentStatus: { D: 'Desconectado', A: 'Alistamiento', E: 'Espera', G: 'Gestión', P: 'Pausa' } as Record<
      string,
      string
    >,
    unassigned: 'Sin asignar',
    noType: 'Sin tipo',
    titles: {
      campaigns: 'Nivel de servicio y productividad',
      ticketsByStatus: 'Casos por estado',
      ticketsByUser: 'Casos por usuario',
      tasksByType: 'Gestiones por tipo',
      tasksByUser: 'Gestiones por usuario',
      tasksByHour: 'Gestiones por hora',
      latestTasks: 'Últimas gestiones',
      interactionsByChannel: 'Interacciones por canal',
      interactionsByHour: 'Interacciones por hora',
      statusTime: 'Tiempo por estado',
      agentsByStatus: 'Agentes por estado',
    },
    columns: {
      campaign: 'Campaña',
      tickets: 'Casos',
      answered: 'Respondidos',
      answeredInTime: 'Respondidos a tiempo',
      serviceLevel: 'Nivel de servicio (%)',
      serviceLevelTarget: 'Meta de nivel de servicio (%)',
      serviceLevelSeconds: 'Tiempo de nivel de servicio (s)',
      firstResponse: 'Primera respuesta media (s)',
      handled: 'Atendidos',
      handling: 'Tiempo medio de atención (s)',
      handlingTarget: 'Meta de tiempo de atención (s)',
      status: 'Estado',
      user: 'Usuario',
      type: 'Tipo',
      tasks: 'Gestiones',
      hour: 'Hora',
      ticket: 'Caso',
      author: 'Autor',
      notes: 'Observaciones',
      date: 'Fecha',
      channel: 'Canal',
      channelType: 'Tipo de canal',
      incoming: 'Entrantes',
      outgoing: 'Salientes',
      seconds: 'Segundos',
      agents: 'Agentes',
    },
  },
  en: {
    status: ['New', 'Open', 'Escalated', 'Transferred', 'Closed'],
    agentStatus: { D: 'Offline', A: 'Ready', E: 'Waiting', G: 'Handling', P: 'Paused' } as Record<string, string>,
    unassigned: 'Unassigned',
    noType: 'No type',
    titles: {
      campaigns: 'Service level and productivity',
      ticketsByStatus: 'Tickets by status',
      ticketsByUser: 'Tickets by user',
      tasksByType: 'Tasks by type',
      tasksByUser: 'Tasks by user',
      tasksByHour: 'Tasks by hour',
      latestTasks: 'Latest tasks',
      interactionsByChannel: 'Interactions by channel',
      interactionsByHour: 'Interactions by hour',
      statusTime: 'Time by status',
      agentsByStatus: 'Agents by status',
    },
    columns: {
      campaign: 'Campaign',
      tickets: 'Tickets',
      answered: 'Answered',
      answeredInTime: 'Answered in time',
      serviceLevel: 'Service level (%)',
      serviceLevelTarget: 'Service level target (%)',
      serviceLevelSeconds: 'Service level time (s)',
      firstResponse: 'Average first response (s)',
      handled: 'Handled',
      handling: 'Average handling time (s)',
      handlingTarget: 'Handling time target (s)',
      status: 'Status',
      user: 'User',
      type: 'Type',
      tasks: 'Tasks',
      hour: 'Hour',
      ticket: 'Ticket',
      author: 'Author',
      notes: 'Notes',
      date: 'Date',
      channel: 'Channel',
      channelType: 'Channel type',
      incoming: 'Incoming',
      outgoing: 'Outgoing',
      seconds: 'Seconds',
      agents: 'Agents',
    },
  },
} as const;

const round = (value: number | null, digits = 1) => (value === null ? null : Number(value.toFixed(digits)));
const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** The rows of one widget, exactly what the dashboard shows for it. */
export function widgetSheet(
  widget: UserDashboardWidget | CampaignDashboardWidget,
  dashboard: UserDashboard | CampaignDashboard,
  locale: Locale,
): Sheet {
  const texts = TEXTS[locale];
  const c = texts.columns;
  const sheet = (columns: string[], rows: Cell[][]): Sheet => ({ title: texts.titles[widget], columns, rows });
  const agentStatus = (status: string) => texts.agentStatus[status] ?? status;
  switch (widget) {
    case 'campaigns':
      return sheet(
        [
          c.campaign,
          c.tickets,
          c.answered,
          c.answeredInTime,
          c.serviceLevel,
          c.serviceLevelTarget,
          c.serviceLevelSeconds,
          c.firstResponse,
          c.handled,
          c.handling,
          c.handlingTarget,
        ],
        dashboard.campaigns.map((campaign) => [
          campaign.name,
          campaign.tickets,
          campaign.answered,
          campaign.answeredInTime,
          round(campaign.serviceLevelPercent),
          campaign.serviceLevelTarget,
          campaign.serviceLevelSeconds,
          round(campaign.averageFirstResponseSeconds),
          campaign.handled,
          round(campaign.averageHandlingSeconds),
          campaign.targetHandlingSeconds,
        ]),
      );
    case 'ticketsByStatus':
      return sheet(
        [c.status, c.tickets],
        dashboard.ticketsByStatus.map((row) => [texts.status[row.status] ?? String(row.status), row.count]),
      );
    case 'ticketsByUser':
    case 'tasksByUser': {
      const rows = 'ticketsByUser' in dashboard ? dashboard[widget] : [];
      return sheet(
        [c.user, widget === 'ticketsByUser' ? c.tickets : c.tasks],
        rows.map((row) => [row.name ?? texts.unassigned, row.count]),
      );
    }
    case 'tasksByType':
      return sheet(
        [c.type, c.tasks],
        dashboard.tasksByType.map((row) => [row.name ?? texts.noType, row.count]),
      );
    case 'tasksByHour':
      return sheet(
        [c.hour, c.tasks],
        dashboard.tasksByHour.map((row) => [hourLabel(row.hour), row.count]),
      );
    case 'latestTasks':
      return sheet(
        [c.ticket, c.campaign, c.author, c.type, c.notes, c.date],
        dashboard.latestTasks.map((task) => [
          task.ticketNumber,
          task.campaign,
          task.author,
          task.type,
          task.notes,
          wallClock(new Date(task.createdAt), dashboard.range.timeZone),
        ]),
      );
    case 'interactionsByChannel':
      return sheet(
        [c.channel, c.channelType, c.incoming, c.outgoing],
        dashboard.interactionsByChannel.map((row) => [row.name, row.type, row.incoming, row.outgoing]),
      );
    case 'interactionsByHour':
      return sheet(
        [c.hour, c.incoming, c.outgoing],
        dashboard.interactionsByHour.map((row) => [hourLabel(row.hour), row.incoming, row.outgoing]),
      );
    case 'statusTime':
      return sheet(
        [c.status, c.seconds],
        ('statusTime' in dashboard ? dashboard.statusTime : []).map((row) => [agentStatus(row.status), row.seconds]),
      );
    case 'agentsByStatus':
      return sheet(
        [c.status, c.agents],
        ('agentsByStatus' in dashboard ? dashboard.agentsByStatus : []).map((row) => [
          agentStatus(row.status),
          row.count,
        ]),
      );
  }
}

/** The sheet as an xlsx workbook (a dashboard widget is small: built in memory). */
export async function sheetWorkbook(sheet: Sheet): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Atiende';
  // Excel refuses sheet names over 31 characters or with : \ / ? * [ ].
  const worksheet = workbook.addWorksheet(sheet.title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31));
  worksheet.addRow(sheet.columns).font = { bold: true };
  for (const row of sheet.rows) worksheet.addRow(row);
  worksheet.columns.forEach((column, index) => {
    column.width = Math.min(50, Math.max(12, sheet.columns[index].length + 2));
    if (sheet.rows.some((row) => row[index] instanceof Date)) column.numFmt = 'yyyy-mm-dd hh:mm';
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
