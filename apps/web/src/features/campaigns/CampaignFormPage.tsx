import {
  CAMPAIGN_TYPES,
  type Campaign,
  type CampaignConfig,
  campaignBodySchema,
  DISTRIBUTION_ALGORITHMS,
  TICKET_COMBINATIONS,
} from '@atiende/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutlined';
import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { INTEGRATION_ICONS } from '../../app/menu';
import { ChannelTypeIcon } from '../../ui/ChannelTypeIcon';
import { EmptyState } from '../../ui/EmptyState';
import { FormField, SwitchField } from '../../ui/FormField';
import { IdMultiSelect } from '../../ui/IdMultiSelect';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { parseId } from '../../ui/params';
import { FORM_GRID, Section } from '../../ui/Section';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { useEditGate } from '../../ui/useEditGate';
import { issuesToErrors } from '../../ui/validation';
import { AuditHistory } from '../audit/AuditHistory';
import { useCatalogueOptions } from '../catalogues/api';
import { useChannelOptions } from '../channels/api';
import { CampaignAccounts } from '../customers/CustomerWork';
import { useFormOptions } from '../forms/api';
import { useCampaign, useColleagues, useSaveCampaign } from './api';
import {
  addAgents,
  CAMPAIGN_TABS,
  type CampaignFormState,
  type CampaignTab,
  CONFIG_NUMBERS,
  CONFIG_SWITCHES,
  type CustomTabRow,
  campaignFormToBody,
  campaignToForm,
  emptyCampaignForm,
  firstTabWithError,
  rowUid,
  tabsWithErrors,
  toggleAgentChannel,
  withChannels,
} from './model';
import { RichTextEditor } from './RichTextEditor';

type Errors = Record<string, string>;
type Setter = (change: (state: CampaignFormState) => CampaignFormState) => void;

function Hint({ children }: { children: ReactNode }) {
  return (
    <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: -0.25, mb: 1 }}>
      {children}
    </Typography>
  );
}

function numberText(value: number): string {
  return Number.isFinite(value) ? String(value) : '';
}

function CampaignTabPanel({ state, set, errors }: { state: CampaignFormState; set: Setter; errors: Errors }) {
  const { t } = useTranslation();
  const forms = useFormOptions();
  const users = useColleagues();
  const formOptions = forms.data?.data ?? [];
  // Keep the current form selectable even when it is disabled now.
  const hasCurrentForm = state.formId === null || formOptions.some((form) => form.id === state.formId);
  const patch = (values: Partial<CampaignFormState>) => set((current) => ({ ...current, ...values }));
  return (
    <Box>
      <Box sx={FORM_GRID}>
        <FormField
          name="name"
          label={t('campaigns.fields.name')}
          required
          value={state.name}
          onValueChange={(name) => patch({ name })}
          error={errors.name}
          maxLength={120}
          testId="campaign-field-name"
        />
        <TextField
          select
          margin="dense"
          label={t('campaigns.fields.type')}
          value={state.type}
          onChange={(event) => patch({ type: event.target.value as CampaignFormState['type'] })}
          error={Boolean(errors.type)}
          helperText={errors.type}
          slotProps={{ htmlInput: { 'data-testid': 'campaign-field-type' } }}
        >
          {CAMPAIGN_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {t(`campaigns.types.${type}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <FormField
        fullWidth
        multiline
        minRows={2}
        name="description"
        label={t('campaigns.fields.description')}
        value={state.description}
        onValueChange={(description) => patch({ description })}
        error={errors.description}
        maxLength={1000}
        testId="campaign-field-description"
      />
      <Box sx={FORM_GRID}>
        <TextField
          select
          margin="dense"
          label={t('campaigns.fields.formId')}
          value={state.formId ?? ''}
          onChange={(event) => patch({ formId: Number(event.target.value) || null })}
          error={Boolean(errors.formId)}
          helperText={errors.formId ?? t('campaigns.help.formId')}
          slotProps={{
            htmlInput: { 'data-testid': 'campaign-field-formId' },
            inputLabel: { shrink: true },
            select: { displayEmpty: true },
          }}
        >
          <MenuItem value="">
            <em>{t('common.none')}</em>
          </MenuItem>
          {!hasCurrentForm && state.formId !== null ? (
            <MenuItem value={state.formId}>{t('campaigns.currentForm', { id: state.formId })}</MenuItem>
          ) : null}
          {formOptions.map((form) => (
            <MenuItem key={form.id} value={form.id}>
              {form.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          margin="dense"
          label={t('campaigns.fields.responsibleUserId')}
          value={state.responsibleUserId ?? ''}
          onChange={(event) => patch({ responsibleUserId: Number(event.target.value) || null })}
          error={Boolean(errors.responsibleUserId)}
          helperText={errors.responsibleUserId}
          slotProps={{
            htmlInput: { 'data-testid': 'campaign-field-responsibleUserId' },
            inputLabel: { shrink: true },
            select: { displayEmpty: true },
          }}
        >
          <MenuItem value="">
            <em>{t('common.none')}</em>
          </MenuItem>
          {(users.data?.data ?? []).map((user) => (
            <MenuItem key={user.id} value={user.id}>
              {user.nombre}
            </MenuItem>
          ))}
        </TextField>
        <FormField
          type="date"
          name="startDate"
          label={t('campaigns.fields.startDate')}
          value={state.startDate}
          onValueChange={(startDate) => patch({ startDate })}
          error={errors.startDate}
          testId="campaign-field-startDate"
        />
        <FormField
          type="date"
          name="endDate"
          label={t('campaigns.fields.endDate')}
          value={state.endDate}
          onValueChange={(endDate) => patch({ endDate })}
          error={errors.endDate}
          testId="campaign-field-endDate"
        />
      </Box>
      <SwitchField
        label={t('common.enabled')}
        checked={state.enabled}
        onChange={(enabled) => patch({ enabled })}
        testId="campaign-field-enabled"
      />
    </Box>
  );
}

function ChannelsPanel({ state, set, errors }: { state: CampaignFormState; set: Setter; errors: Errors }) {
  const { t } = useTranslation();
  const channels = useChannelOptions();
  const all = channels.data?.data ?? [];
  const selected = all.filter((channel) => state.channelIds.includes(channel.id));
  return (
    <Box>
      <Hint>{t('campaigns.help.channels')}</Hint>
      <IdMultiSelect
        label={t('campaigns.tabs.channels')}
        value={state.channelIds}
        options={all.map((channel) => ({
          id: channel.id,
          label: `${channel.name} · ${t(`channels.types.${channel.type}`)}`,
        }))}
        onChange={(ids) => set((current) => withChannels(current, ids))}
        error={errors.channelIds}
        testId="campaign-channels"
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
        {selected.map((channel) => (
          <Paper
            key={channel.id}
            variant="outlined"
            sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, py: 0.75 }}
          >
            <ChannelTypeIcon type={channel.type} fontSize="small" color="primary" />
            <Typography variant="body2">{channel.name}</Typography>
          </Paper>
        ))}
      </Box>
    </Box>
  );
}

function AgentsPanel({ state, set, errors }: { state: CampaignFormState; set: Setter; errors: Errors }) {
  const { t } = useTranslation();
  const users = useColleagues();
  const channels = useChannelOptions();
  const [picked, setPicked] = useState<{ id: number; nombre: string }[]>([]);
  const names = new Map((channels.data?.data ?? []).map((channel) => [channel.id, channel]));
  const candidates = (users.data?.data ?? []).filter((user) => !state.agents.some((agent) => agent.userId === user.id));
  const noChannels = state.channelIds.length === 0;
  return (
    <Box>
      <Alert severity="info" sx={{ mb: 2 }} data-testid="campaign-agents-hint">
        {t('campaigns.help.agents')}
      </Alert>
      {errors.agents ? <FormHelperText error>{errors.agents}</FormHelperText> : null}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Autocomplete
          multiple
          size="small"
          options={candidates}
          value={picked}
          disabled={noChannels}
          onChange={(_, value) => setPicked(value)}
          getOptionLabel={(option) => option.nombre}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          noOptionsText={t('campaigns.noUsers')}
          renderOption={({ key, ...props }, option) => (
            <li key={key} {...props} data-testid={`campaign-agent-option-${option.id}`}>
              {option.nombre}
            </li>
          )}
          sx={{ flex: '1 1 260px', maxWidth: 520 }}
          renderInput={(params) => (
            <TextField
              {...params}
              margin="none"
              label={t('campaigns.pickAgents')}
              helperText={noChannels ? t('campaigns.help.channelsFirst') : undefined}
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'campaign-agent-picker' },
              }}
            />
          )}
        />
        <Button
          variant="outlined"
          startIcon={<AddIcon />}
          disabled={picked.length === 0 || noChannels}
          onClick={() => {
            set((current) => ({ ...current, agents: addAgents(current.agents, picked, current.channelIds) }));
            setPicked([]);
          }}
          data-testid="campaign-agent-add"
        >
          {t('campaigns.addAgents')}
        </Button>
      </Box>
      {state.agents.length === 0 ? (
        <EmptyState
          data-testid="campaign-agents-empty"
          icon={<PeopleOutlineIcon fontSize="inherit" />}
          title={t('campaigns.noAgents')}
        />
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 700 }}>{t('campaigns.agent')}</TableCell>
                <TableCell sx={{ fontWeight: 700 }}>{t('campaigns.agentChannels')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {state.agents.map((agent) => (
                <TableRow key={agent.userId} data-testid={`campaign-agent-${agent.userId}`}>
                  <TableCell sx={{ fontWeight: 600 }}>{agent.nombre}</TableCell>
                  <TableCell>
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
                      {state.channelIds.map((channelId) => (
                        <FormControlLabel
                          key={channelId}
                          label={names.get(channelId)?.name ?? `#${channelId}`}
                          control={
                            <Checkbox
                              size="small"
                              checked={agent.channelIds.includes(channelId)}
                              onChange={(event) =>
                                set((current) => ({
                                  ...current,
                                  agents: toggleAgentChannel(
                                    current.agents,
                                    agent.userId,
                                    channelId,
                                    event.target.checked,
                                  ),
                                }))
                              }
                              slotProps={{
                                input: {
                                  'data-testid': `campaign-agent-${agent.userId}-channel-${channelId}`,
                                } as object,
                              }}
                            />
                          }
                        />
                      ))}
                    </Box>
                  </TableCell>
                  <TableCell align="right">
                    <Tooltip title={t('campaigns.removeAgent')}>
                      <IconButton
                        size="small"
                        color="error"
                        aria-label={t('campaigns.removeAgent')}
                        onClick={() =>
                          set((current) => ({
                            ...current,
                            agents: current.agents.filter((item) => item.userId !== agent.userId),
                          }))
                        }
                        data-testid={`campaign-agent-${agent.userId}-remove`}
                      >
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}

function SupervisorsPanel({ state, set, errors }: { state: CampaignFormState; set: Setter; errors: Errors }) {
  const { t } = useTranslation();
  const users = useColleagues();
  return (
    <Box>
      <Hint>{t('campaigns.help.supervisors')}</Hint>
      <IdMultiSelect
        label={t('campaigns.tabs.supervisors')}
        value={state.supervisorIds}
        options={(users.data?.data ?? []).map((user) => ({ id: user.id, label: user.nombre }))}
        onChange={(supervisorIds) => set((current) => ({ ...current, supervisorIds }))}
        error={errors.supervisorIds}
        testId="campaign-supervisors"
      />
    </Box>
  );
}

function ScriptsPanel({ state, set, errors }: { state: CampaignFormState; set: Setter; errors: Errors }) {
  const { t } = useTranslation();
  const update = (index: number, values: Partial<CampaignFormState['scripts'][number]>) =>
    set((current) => ({
      ...current,
      scripts: current.scripts.map((script, i) => (i === index ? { ...script, ...values } : script)),
    }));
  return (
    <Box>
      <Hint>{t('campaigns.help.scripts')}</Hint>
      {state.scripts.map((script, index) => (
        <Card key={script.uid} variant="outlined" sx={{ mb: 2 }} data-testid={`campaign-script-${index}`}>
          <CardContent>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <FormField
                fullWidth
                label={t('campaigns.scriptTitle')}
                required
                value={script.title}
                onValueChange={(title) => update(index, { title })}
                error={errors[`scripts.${index}.title`]}
                maxLength={120}
                testId={`campaign-script-${index}-title`}
              />
              <Tooltip title={t('campaigns.removeScript')}>
                <IconButton
                  color="error"
                  sx={{ mt: 1.5 }}
                  aria-label={t('campaigns.removeScript')}
                  onClick={() =>
                    set((current) => ({ ...current, scripts: current.scripts.filter((_, i) => i !== index) }))
                  }
                  data-testid={`campaign-script-${index}-remove`}
                >
                  <DeleteOutlineIcon />
                </IconButton>
              </Tooltip>
            </Box>
            <Box sx={{ mt: 1 }}>
              <RichTextEditor
                label={t('campaigns.scriptBody')}
                value={script.body}
                onChange={(body) => update(index, { body })}
                error={errors[`scripts.${index}.body`]}
                testId={`campaign-script-${index}-body`}
              />
              {errors[`scripts.${index}.body`] ? (
                <FormHelperText error>{errors[`scripts.${index}.body`]}</FormHelperText>
              ) : null}
            </Box>
          </CardContent>
        </Card>
      ))}
      <Button
        startIcon={<AddIcon />}
        variant="outlined"
        onClick={() =>
          set((current) => ({ ...current, scripts: [...current.scripts, { uid: rowUid(), title: '', body: '' }] }))
        }
        data-testid="campaign-script-add"
      >
        {t('campaigns.addScript')}
      </Button>
    </Box>
  );
}

function ConfigurationPanel({ state, set, errors }: { state: CampaignFormState; set: Setter; errors: Errors }) {
  const { t } = useTranslation();
  const skills = useCatalogueOptions('skill');
  const config = state.config;
  const patch = (values: Partial<CampaignConfig>) =>
    set((current) => ({ ...current, config: { ...current.config, ...values } }));
  const err = (key: keyof CampaignConfig) => errors[`config.${key}`];
  const number = (key: keyof CampaignConfig, disabled = false) => (
    <FormField
      key={key}
      type="number"
      label={t(`campaigns.config.${key}`)}
      value={numberText(config[key] as number)}
      disabled={disabled}
      onValueChange={(value) => patch({ [key]: value === '' ? Number.NaN : Number(value) })}
      error={err(key)}
      helperText={t(`campaigns.configHelp.${key}`)}
      testId={`campaign-config-${key}`}
    />
  );
  const toggle = (key: keyof CampaignConfig) => (
    <Box key={key} sx={{ py: 0.5 }}>
      <SwitchField
        label={t(`campaigns.config.${key}`)}
        checked={config[key] === true}
        onChange={(value) => patch({ [key]: value })}
        testId={`campaign-config-${key}`}
      />
      <Typography
        variant="caption"
        component="p"
        sx={{ color: err(key) ? 'error.main' : 'text.secondary', ms: 6.5, mt: -0.5 }}
      >
        {err(key) ?? t(`campaigns.configHelp.${key}`)}
      </Typography>
    </Box>
  );
  return (
    <Box>
      <Section title={t('campaigns.configSections.service')}>
        <Box sx={FORM_GRID}>{CONFIG_NUMBERS.map((key) => number(key))}</Box>
      </Section>
      <Section title={t('campaigns.configSections.assignment')}>
        <Box sx={FORM_GRID}>
          <TextField
            select
            margin="dense"
            label={t('campaigns.config.distribution')}
            value={config.distribution}
            onChange={(event) => patch({ distribution: event.target.value as CampaignConfig['distribution'] })}
            error={Boolean(err('distribution'))}
            helperText={err('distribution') ?? t('campaigns.configHelp.distribution')}
            slotProps={{ htmlInput: { 'data-testid': 'campaign-config-distribution' } }}
          >
            {DISTRIBUTION_ALGORITHMS.map((algorithm) => (
              <MenuItem key={algorithm} value={algorithm}>
                {t(`campaigns.distributions.${algorithm}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            margin="dense"
            label={t('campaigns.config.ticketCombination')}
            value={config.ticketCombination}
            onChange={(event) =>
              patch({ ticketCombination: event.target.value as CampaignConfig['ticketCombination'] })
            }
            error={Boolean(err('ticketCombination'))}
            helperText={err('ticketCombination') ?? t('campaigns.configHelp.ticketCombination')}
            slotProps={{ htmlInput: { 'data-testid': 'campaign-config-ticketCombination' } }}
          >
            {TICKET_COMBINATIONS.map((combination) => (
              <MenuItem key={combination} value={combination}>
                {t(`campaigns.combinations.${combination}`)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <IdMultiSelect
          label={t('campaigns.config.requiredSkillIds')}
          value={config.requiredSkillIds}
          options={(skills.data?.data ?? []).map((skill) => ({ id: skill.id, label: skill.name }))}
          onChange={(requiredSkillIds) => patch({ requiredSkillIds })}
          error={err('requiredSkillIds')}
          testId="campaign-config-requiredSkillIds"
        />
        <Hint>{t('campaigns.configHelp.requiredSkillIds')}</Hint>
        {toggle('autoAssign')}
        {toggle('preferCustomerOwner')}
      </Section>
      <Section title={t('campaigns.configSections.tickets')}>
        {CONFIG_SWITCHES.filter((key) => key !== 'autoAssign' && key !== 'preferCustomerOwner').map((key) =>
          toggle(key),
        )}
      </Section>
      <Section title={t('campaigns.configSections.softphone')}>
        {toggle('softphoneAutoAnswer')}
        <Box sx={FORM_GRID}>{number('softphoneAutoAnswerTimeMs', !config.softphoneAutoAnswer)}</Box>
      </Section>
    </Box>
  );
}

const ICON_KEYS = Object.keys(INTEGRATION_ICONS);

function CustomTabsPanel({ state, set, errors }: { state: CampaignFormState; set: Setter; errors: Errors }) {
  const { t } = useTranslation();
  const update = (index: number, values: Partial<CustomTabRow>) =>
    set((current) => ({
      ...current,
      customTabs: current.customTabs.map((tab, i) => (i === index ? { ...tab, ...values } : tab)),
    }));
  return (
    <Box>
      <Hint>{t('campaigns.help.customTabs')}</Hint>
      {state.customTabs.map((tab, index) => {
        const err = (name: string) => errors[`customTabs.${index}.${name}`];
        return (
          <Card key={tab.uid} variant="outlined" sx={{ mb: 1.5 }} data-testid={`campaign-customtab-${index}`}>
            <CardContent sx={{ pb: '12px !important' }}>
              <Box
                sx={{
                  display: 'grid',
                  gap: 1.5,
                  alignItems: 'start',
                  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1.2fr 2fr 1fr 0.8fr auto auto' },
                }}
              >
                <FormField
                  label={t('campaigns.customTab.name')}
                  required
                  value={tab.name}
                  onValueChange={(name) => update(index, { name })}
                  error={err('name')}
                  maxLength={60}
                  testId={`campaign-customtab-${index}-name`}
                />
                <FormField
                  label={t('campaigns.customTab.url')}
                  required
                  type="url"
                  value={tab.url}
                  onValueChange={(url) => update(index, { url })}
                  error={err('url')}
                  maxLength={500}
                  testId={`campaign-customtab-${index}-url`}
                  slotProps={{ htmlInput: { dir: 'ltr' } }}
                />
                <TextField
                  select
                  margin="dense"
                  label={t('campaigns.customTab.icon')}
                  value={tab.icon}
                  onChange={(event) => update(index, { icon: event.target.value })}
                  error={Boolean(err('icon'))}
                  helperText={err('icon')}
                  slotProps={{ htmlInput: { 'data-testid': `campaign-customtab-${index}-icon` } }}
                >
                  {(ICON_KEYS.includes(tab.icon) ? ICON_KEYS : [tab.icon, ...ICON_KEYS]).map((key) => {
                    const Item = INTEGRATION_ICONS[key];
                    return (
                      <MenuItem key={key} value={key}>
                        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                          {Item ? <Item fontSize="small" /> : null}
                          {key}
                        </Box>
                      </MenuItem>
                    );
                  })}
                </TextField>
                <FormField
                  label={t('campaigns.customTab.height')}
                  type="number"
                  value={tab.height}
                  onValueChange={(height) => update(index, { height })}
                  error={err('height')}
                  testId={`campaign-customtab-${index}-height`}
                />
                <Box sx={{ pt: 1.5 }}>
                  <SwitchField
                    label={t('common.enabled')}
                    checked={tab.enabled}
                    onChange={(enabled) => update(index, { enabled })}
                    testId={`campaign-customtab-${index}-enabled`}
                  />
                </Box>
                <Tooltip title={t('campaigns.customTab.remove')}>
                  <IconButton
                    color="error"
                    sx={{ mt: 1.5, justifySelf: 'start' }}
                    aria-label={t('campaigns.customTab.remove')}
                    onClick={() =>
                      set((current) => ({ ...current, customTabs: current.customTabs.filter((_, i) => i !== index) }))
                    }
                    data-testid={`campaign-customtab-${index}-remove`}
                  >
                    <DeleteOutlineIcon />
                  </IconButton>
                </Tooltip>
              </Box>
            </CardContent>
          </Card>
        );
      })}
      {errors.customTabs ? <FormHelperText error>{errors.customTabs}</FormHelperText> : null}
      <Button
        variant="outlined"
        startIcon={<AddIcon />}
        onClick={() =>
          set((current) => ({
            ...current,
            customTabs: [
              ...current.customTabs,
              { uid: rowUid(), name: '', url: 'https://', icon: 'web', height: '600', enabled: true },
            ],
          }))
        }
        data-testid="campaign-customtab-add"
      >
        {t('campaigns.customTab.add')}
      </Button>
    </Box>
  );
}

function CampaignForm({ id, initial }: { id: number | null; initial: CampaignFormState }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const feedback = useApiFeedback();
  const save = useSaveCampaign();
  const [state, setState] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [tab, setTab] = useState<CampaignTab>('campaign');
  const flagged = useMemo(() => tabsWithErrors(errors), [errors]);

  const showErrors = (found: Errors) => {
    setErrors(found);
    const first = firstTabWithError(found);
    if (first) setTab(first);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = campaignFormToBody(state);
    const parsed = campaignBodySchema.safeParse(body);
    if (!parsed.success) {
      showErrors(issuesToErrors(parsed.error.issues, t));
      feedback.notify(t('validation.fixErrors'), 'error');
      return;
    }
    setErrors({});
    save.mutate(
      { id, body },
      {
        onSuccess: () => {
          feedback.success(t('campaigns.saved'));
          navigate('/app/campaigns');
        },
        onError: (error) => feedback.failure(error, showErrors),
      },
    );
  };

  const props = { state, set: setState as Setter, errors };
  const panels: Record<CampaignTab, ReactNode> = {
    campaign: <CampaignTabPanel {...props} />,
    channels: <ChannelsPanel {...props} />,
    agents: <AgentsPanel {...props} />,
    supervisors: <SupervisorsPanel {...props} />,
    accounts: <CampaignAccounts campaignId={id} />,
    scripts: <ScriptsPanel {...props} />,
    configuration: <ConfigurationPanel {...props} />,
    customTabs: <CustomTabsPanel {...props} />,
  };

  return (
    <Box component="form" id="campaign-form" onSubmit={submit} noValidate data-testid="campaign-form">
      <Card variant="outlined" sx={{ mb: 2 }}>
        <Tabs
          value={tab}
          onChange={(_, value: CampaignTab) => setTab(value)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {CAMPAIGN_TABS.map((key) => (
            <Tab
              key={key}
              value={key}
              data-testid={`campaign-tab-${key}`}
              label={
                <Badge color="error" variant="dot" invisible={!flagged.has(key)} sx={{ pe: flagged.has(key) ? 1 : 0 }}>
                  {t(`campaigns.tabs.${key}`)}
                </Badge>
              }
            />
          ))}
        </Tabs>
        <CardContent role="tabpanel" data-testid={`campaign-panel-${tab}`}>
          {panels[tab]}
        </CardContent>
      </Card>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <Button
          type="submit"
          variant="contained"
          startIcon={<SaveIcon />}
          disabled={save.isPending}
          data-testid="campaign-save"
        >
          {t('common.save')}
        </Button>
      </Box>
    </Box>
  );
}

/** /app/campaigns/add and /app/campaigns/:id/edit */
export function CampaignFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const { t } = useTranslation();
  const params = useParams();
  const id = mode === 'edit' ? parseId(params.id) : null;
  const campaign = useCampaign(id);
  const gate = useEditGate(mode, id, campaign, 'campaign-not-found');
  if (gate) return gate;
  const data = campaign.data as Campaign | undefined;
  return (
    <PageContainer maxWidth={1100}>
      <PageHeader
        title={data ? t('campaigns.editTitle', { name: data.name }) : t('campaigns.add')}
        backTo="/app/campaigns"
      />
      <CampaignForm key={data?.id ?? 'new'} id={id} initial={data ? campaignToForm(data) : emptyCampaignForm()} />
      {data ? (
        <Section title={t('audit.title')}>
          <AuditHistory path={`campaigns/${data.id}/audit`} title="" />
        </Section>
      ) : null}
    </PageContainer>
  );
}
