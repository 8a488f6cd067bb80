import type { BotFlowProblem, BotNodeData, BotNodeType } from '@atiende/contracts';
import BoltIcon from '@mui/icons-material/Bolt';
import CallSplitIcon from '@mui/icons-material/CallSplit';
import ChatBubbleOutlineOutlinedIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import HelpOutlineOutlinedIcon from '@mui/icons-material/HelpOutlineOutlined';
import HttpIcon from '@mui/icons-material/Http';
import PsychologyIcon from '@mui/icons-material/Psychology';
import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import ScheduleIcon from '@mui/icons-material/Schedule';
import TurnRightIcon from '@mui/icons-material/TurnRight';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { TFunction } from 'i18next';
import type { ComponentType } from 'react';

/** Each node type's icon (the palette, the node's header). */
export const NODE_ICONS: Record<BotNodeType, ComponentType<SvgIconProps>> = {
  say: ChatBubbleOutlineOutlinedIcon,
  ask: QuestionAnswerIcon,
  list: FormatListBulletedIcon,
  catch: CallSplitIcon,
  validator: FactCheckIcon,
  action: BoltIcon,
  goTo: TurnRightIcon,
  fallback: HelpOutlineOutlinedIcon,
  scheduled: ScheduleIcon,
  webService: HttpIcon,
  dialogFlow: PsychologyIcon,
};

/** An outlet's label on the node: the option's title, the rule, or the outlet's name. */
export function outletLabel(data: BotNodeData, outlet: string, t: TFunction): string {
  if (outlet.startsWith('option:') && data.type === 'list') {
    const id = outlet.slice('option:'.length);
    const option = data.options.find((item) => item.id === id);
    return option?.title.trim() || t('botBuilder.outlets.option', { id });
  }
  if (outlet.startsWith('when:') && data.type === 'catch') {
    const id = outlet.slice('when:'.length);
    const rule = data.rules.find((item) => item.id === id);
    if (rule?.variable) {
      const value = rule.operator === 'exists' ? '' : ` ${rule.value}`;
      return `${rule.variable} ${t(`botBuilder.operators.${rule.operator}`)}${value}`.slice(0, 40);
    }
    return t('botBuilder.outlets.rule', { id });
  }
  return t(`botBuilder.outlets.${outlet}`, { defaultValue: outlet });
}

/** A line about what the node does (under its header). */
export function nodeSummary(data: BotNodeData, t: TFunction): string {
  switch (data.type) {
    case 'say':
    case 'fallback':
      return data.text;
    case 'ask':
      return data.variable ? `${data.text} → {{${data.variable}}}` : data.text;
    case 'list':
      return data.text;
    case 'catch':
      return '';
    case 'validator':
      return `${t(`botBuilder.validators.${data.kind}`)}${data.variable ? ` → {{${data.variable}}}` : ''}`;
    case 'action':
      return t(`botBuilder.actions.${data.action}`);
    case 'goTo':
      return data.target ? `→ ${data.target}` : '';
    case 'scheduled':
      return '';
    case 'webService':
      return `${data.method} ${data.url}`;
    case 'dialogFlow':
      return `{{${data.intentVariable}}}`;
  }
}

/** A problem in words: what is wrong (the node and outlet are shown beside it). */
export function problemText(problem: BotFlowProblem, t: TFunction): string {
  return t(`bots.problems.${problem.code}`);
}

/** How a web service node names one of the bot's secrets. */
export const secretPlaceholder = (name: string) => `{{secreto.${name}}}`;
