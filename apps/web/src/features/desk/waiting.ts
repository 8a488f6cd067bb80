import type { AgentStatusCode, OwnQueue, WaitingExplanation } from '@atiende/contracts';

/** One translated line: a key under `desk.waiting` and its values. */
export interface WaitingLine {
  key: string;
  values: Record<string, string | number>;
}

/** The lines that say why a ticket waits: its place in the queue, each reason, or that it is next. */
export function waitingLines(explanation: WaitingExplanation): WaitingLine[] {
  const lines: WaitingLine[] = [
    {
      key: 'desk.waiting.position',
      values: {
        position: explanation.position,
        waiting: explanation.waiting,
        campaign: explanation.campaign.name,
      },
    },
  ];
  for (const reason of explanation.reasons) {
    lines.push({
      key: `desk.waiting.reasons.${reason}`,
      values: {
        channel: explanation.channel?.name ?? '',
        count: reason === 'no-agent-ready' ? explanation.agents.serving : explanation.agents.ready,
        limit: explanation.tasksPerAgent,
      },
    });
  }
  const blocked = explanation.reasons.some((reason) => reason !== 'outside-hours');
  if (!blocked) {
    lines.push(
      explanation.position === 1
        ? { key: 'desk.waiting.next', values: {} }
        : { key: 'desk.waiting.ahead', values: { count: explanation.position - 1 } },
    );
  }
  return lines;
}

/**
 * What the signed-in agent should know about work they are not receiving: conversations wait while they are not in
 * a ready status, or a campaign's limit of open tickets is reached. Campaigns that assign by hand are left out.
 */
export function ownQueueLines(queue: OwnQueue, status: AgentStatusCode): WaitingLine[] {
  const routed = queue.campaigns.filter((campaign) => campaign.autoAssign);
  const waiting = routed.reduce((sum, campaign) => sum + campaign.waiting, 0);
  const ready = status === 'A' || status === 'E';
  const lines: WaitingLine[] = [];
  if (!ready && waiting > 0) lines.push({ key: 'desk.waiting.own.notReady', values: { count: waiting } });
  for (const campaign of routed) {
    if (campaign.open >= campaign.tasksPerAgent) {
      lines.push({
        key: 'desk.waiting.own.atCapacity',
        values: { campaign: campaign.campaign.name, open: campaign.open, limit: campaign.tasksPerAgent },
      });
    }
  }
  if (lines.length === 0 && waiting > 0) lines.push({ key: 'desk.waiting.own.waiting', values: { count: waiting } });
  return lines;
}
