import { TICKET_PRIORITY, TICKET_STATUS } from '@atiende/contracts';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../ui/FormField';
import { RecipientsField } from '../../reports/components';
import type { AutomationOptions } from '../api';
import { firstErrorUnder } from '../conditions/model';
import { NamedOptionPicker } from '../conditions/NamedOptionPicker';
import { type ActionDraft, webhookSecretState } from './model';

const PRIORITIES = Object.entries(TICKET_PRIORITY) as [keyof typeof TICKET_PRIORITY, number][];

interface ActionFieldsProps {
  action: ActionDraft;
  onChange: (action: ActionDraft) => void;
  options: AutomationOptions;
  /** The rule's campaign (a transfer goes to another one). */
  campaignId: number | '';
  /** The action's messages, relative to it (`userId`, `to.1`...). */
  errors: Record<string, string>;
  testId: string;
}

const SECRET_HELP = {
  kept: 'automation.actions.help.secretSaved',
  lost: 'automation.actions.help.secretUrlChanged',
  none: 'automation.actions.help.secret',
} as const;

const GRID = { display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 } as const;

/** The fields of one action, by its type. */
export function ActionFields({ action, onChange, options, campaignId, errors, testId }: ActionFieldsProps) {
  const { t } = useTranslation();
  const label = (field: string) => t(`automation.actions.fields.${field}`);
  const help = (key: string) => (
    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
      {t(`automation.actions.help.${key}`)}
    </Typography>
  );
  const pick = (
    field: string,
    choices: AutomationOptions['users'],
    value: number | '',
    set: (id: number | '') => void,
  ) => (
    <Box sx={{ maxWidth: 480 }}>
      <NamedOptionPicker
        label={label(field)}
        required
        choices={choices}
        value={value === '' ? null : value}
        onChange={(id) => set(id ?? '')}
        error={errors[field]}
        testId={`${testId}-${field}`}
      />
    </Box>
  );

  switch (action.type) {
    case 'assignAgent':
      return pick('userId', options.users, action.userId, (userId) => onChange({ ...action, userId }));
    case 'setType':
      return pick('typeId', options.ticketTypes, action.typeId, (typeId) => onChange({ ...action, typeId }));
    case 'addCustomerLabel':
      return pick('labelId', options.labels, action.labelId, (labelId) => onChange({ ...action, labelId }));
    case 'sendTemplate':
      return (
        <>
          {pick('templateId', options.templates ?? [], action.templateId, (templateId) =>
            onChange({ ...action, templateId }),
          )}
          {help('sendTemplate')}
        </>
      );
    case 'transferToCampaign':
      return pick(
        'campaignId',
        options.campaigns.filter((campaign) => campaign.id !== campaignId),
        action.campaignId,
        (id) => onChange({ ...action, campaignId: id }),
      );
    case 'assignBySkill':
      return (
        <>
          {pick('skillId', options.skills ?? [], action.skillId, (skillId) => onChange({ ...action, skillId }))}
          {help('assignBySkill')}
        </>
      );
    case 'setStatus':
      return (
        <TextField
          select
          margin="dense"
          label={label('status')}
          value={action.status}
          onChange={(event) => onChange({ ...action, status: Number(event.target.value) as 1 | 2 })}
          error={Boolean(errors.status)}
          helperText={errors.status ?? t('automation.actions.help.setStatus')}
          sx={{ minWidth: 220 }}
          slotProps={{ htmlInput: { 'data-testid': `${testId}-status` } }}
        >
          <MenuItem value={TICKET_STATUS.open}>{t('tickets.status.open')}</MenuItem>
          <MenuItem value={TICKET_STATUS.escalated}>{t('tickets.status.escalated')}</MenuItem>
        </TextField>
      );
    case 'setPriority':
      return (
        <TextField
          select
          margin="dense"
          label={label('priority')}
          value={action.priority}
          onChange={(event) => onChange({ ...action, priority: Number(event.target.value) as typeof action.priority })}
          error={Boolean(errors.priority)}
          helperText={errors.priority}
          sx={{ minWidth: 220 }}
          slotProps={{ htmlInput: { 'data-testid': `${testId}-priority` } }}
        >
          {PRIORITIES.map(([name, value]) => (
            <MenuItem key={value} value={value}>
              {t(`tickets.priority.${name}`)}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'addTask':
      return (
        <Box>
          <FormField
            name="notes"
            label={label('notes')}
            required
            multiline
            minRows={2}
            fullWidth
            value={action.notes}
            onValueChange={(notes) => onChange({ ...action, notes })}
            error={errors.notes}
            maxLength={2000}
            testId={`${testId}-notes`}
            slotProps={{ htmlInput: { dir: 'auto' } }}
          />
          <FormField
            name="nextTaskInMinutes"
            type="number"
            label={label('nextTaskInMinutes')}
            value={action.nextTaskInMinutes}
            onValueChange={(nextTaskInMinutes) => onChange({ ...action, nextTaskInMinutes })}
            error={errors.nextTaskInMinutes}
            helperText={t('automation.actions.help.nextTaskInMinutes')}
            testId={`${testId}-nextTaskInMinutes`}
            slotProps={{ htmlInput: { min: 1, step: 1 } }}
          />
        </Box>
      );
    case 'notifySupervisors':
      return (
        <FormField
          name="message"
          label={label('message')}
          required
          fullWidth
          value={action.message}
          onValueChange={(message) => onChange({ ...action, message })}
          error={errors.message}
          maxLength={500}
          testId={`${testId}-message`}
          slotProps={{ htmlInput: { dir: 'auto' } }}
        />
      );
    case 'sendEmail':
      return (
        <Box>
          <RecipientsField
            label={label('to')}
            value={action.to}
            onChange={(to) => onChange({ ...action, to })}
            error={firstErrorUnder(errors, 'to')}
            helperText={t('automation.actions.help.to')}
            testId={`${testId}-to`}
          />
          <FormField
            name="subject"
            label={label('subject')}
            required
            fullWidth
            value={action.subject}
            onValueChange={(subject) => onChange({ ...action, subject })}
            error={errors.subject}
            maxLength={200}
            testId={`${testId}-subject`}
            slotProps={{ htmlInput: { dir: 'auto' } }}
          />
          <FormField
            name="body"
            label={label('body')}
            required
            multiline
            minRows={3}
            fullWidth
            value={action.body}
            onValueChange={(body) => onChange({ ...action, body })}
            error={errors.body}
            maxLength={10_000}
            testId={`${testId}-body`}
            slotProps={{ htmlInput: { dir: 'auto' } }}
          />
        </Box>
      );
    case 'webhook':
      return (
        <Box>
          <FormField
            name="url"
            type="url"
            label={label('url')}
            required
            fullWidth
            value={action.url}
            onValueChange={(url) => onChange({ ...action, url })}
            error={errors.url}
            maxLength={2000}
            testId={`${testId}-url`}
            // Addresses read left to right whatever the page's direction.
            slotProps={{ htmlInput: { dir: 'ltr' } }}
          />
          <Box sx={GRID}>
            <FormField
              name="secret"
              type="password"
              label={label('secret')}
              autoComplete="new-password"
              value={action.secret}
              onValueChange={(secret) => onChange({ ...action, secret })}
              error={errors.secret}
              helperText={t(SECRET_HELP[webhookSecretState(action)])}
              maxLength={200}
              testId={`${testId}-secret`}
            />
            <FormField
              name="timeoutSeconds"
              type="number"
              label={label('timeoutSeconds')}
              value={action.timeoutSeconds}
              onValueChange={(timeoutSeconds) => onChange({ ...action, timeoutSeconds })}
              error={errors.timeoutSeconds}
              helperText={t('automation.actions.help.timeoutSeconds')}
              testId={`${testId}-timeoutSeconds`}
              slotProps={{ htmlInput: { min: 1, max: 30, step: 1 } }}
            />
          </Box>
        </Box>
      );
    case 'assignByDistribution':
      return help('assignByDistribution');
    case 'close':
      return help('close');
  }
}
