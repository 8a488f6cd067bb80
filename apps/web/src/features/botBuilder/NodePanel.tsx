import {
  BOT_ACTIONS,
  BOT_CATCH_OPERATORS,
  BOT_HTTP_METHODS,
  BOT_LIMITS,
  BOT_VALIDATORS,
  type BotNodeData,
} from '@atiende/contracts';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NODE_ICONS, secretPlaceholder } from './labels';
import { type FlowNode, MAX_CATCH_RULES, MAX_LIST_OPTIONS, nextItemId } from './model';

type Errors = Record<string, string>;

interface FieldProps {
  label: string;
  value: string | number;
  onChange: (value: string) => void;
  error?: string;
  helperText?: string;
  testId: string;
  multiline?: boolean;
  type?: 'number' | 'text';
  disabled?: boolean;
  select?: boolean;
  children?: ReactNode;
  dir?: 'ltr';
}

function Field({
  label,
  value,
  onChange,
  error,
  helperText,
  testId,
  multiline,
  type,
  disabled,
  select,
  children,
  dir,
}: FieldProps) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? helperText}
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      type={type}
      disabled={disabled}
      select={select}
      size="small"
      fullWidth
      margin="dense"
      slotProps={{ htmlInput: { 'data-testid': testId, dir } }}
    >
      {children}
    </TextField>
  );
}

/** Rows of two fields (headers, mappings) with add and remove buttons. */
function PairRows<T>({
  title,
  rows,
  max,
  make,
  onChange,
  columns,
  addLabel,
  removeLabel,
  disabled,
  testId,
}: {
  title: string;
  rows: readonly T[];
  max: number;
  make: () => T;
  onChange: (rows: T[]) => void;
  columns: { key: keyof T & string; label: string }[];
  addLabel: string;
  removeLabel: (index: number) => string;
  disabled: boolean;
  testId: string;
}) {
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="subtitle2" component="h4">
        {title}
      </Typography>
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the rows have no id of their own; their order is their identity.
        <Box key={index} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          {columns.map((column) => (
            <Field
              key={column.key}
              label={column.label}
              value={String(row[column.key] ?? '')}
              onChange={(value) =>
                onChange(rows.map((item, at) => (at === index ? { ...item, [column.key]: value } : item)))
              }
              testId={`${testId}-${index}-${column.key}`}
              disabled={disabled}
              dir="ltr"
            />
          ))}
          {disabled ? null : (
            <IconButton
              size="small"
              aria-label={removeLabel(index + 1)}
              onClick={() => onChange(rows.filter((_, at) => at !== index))}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          )}
        </Box>
      ))}
      {disabled || rows.length >= max ? null : (
        <Button
          size="small"
          startIcon={<AddIcon />}
          onClick={() => onChange([...rows, make()])}
          data-testid={`${testId}-add`}
        >
          {addLabel}
        </Button>
      )}
    </Box>
  );
}

export interface NodePanelProps {
  node: FlowNode;
  nodeIds: readonly string[];
  errors: Errors;
  isStart: boolean;
  readOnly: boolean;
  campaigns: readonly { id: number; name: string }[];
  /** The bot's stored secrets, named in the web service node as `{{secreto.<name>}}`. */
  secretNames?: readonly string[];
  onChange: (data: BotNodeData) => void;
  onMakeStart: () => void;
  onDelete: () => void;
}

/** The selected node's settings, by type. */
export function NodePanel({
  node,
  nodeIds,
  errors,
  isStart,
  readOnly,
  campaigns,
  secretNames = [],
  onChange,
  onMakeStart,
  onDelete,
}: NodePanelProps) {
  const { t } = useTranslation();
  const data = node.data;
  const Icon = NODE_ICONS[data.type];
  const f = (key: string) => t(`botBuilder.fields.${key}`);
  const disabled = readOnly;
  const set = (patch: Partial<BotNodeData>) => onChange({ ...data, ...patch } as BotNodeData);
  const textField = (key: 'text' | 'errorText', label = f(key), multiline = true) => (
    <Field
      label={label}
      value={(data as { [k in typeof key]?: string })[key] ?? ''}
      onChange={(value) => set({ [key]: value } as Partial<BotNodeData>)}
      error={errors[key]}
      testId={`bot-node-field-${key}`}
      multiline={multiline}
      disabled={disabled}
    />
  );
  const variableField = (key: 'variable' | 'intentVariable', label = f(key)) => (
    <Field
      label={label}
      value={(data as { [k in typeof key]?: string })[key] ?? ''}
      onChange={(value) => set({ [key]: value } as Partial<BotNodeData>)}
      error={errors[key]}
      helperText={f('variableHelp')}
      testId={`bot-node-field-${key}`}
      disabled={disabled}
      dir="ltr"
    />
  );

  let body: ReactNode = null;
  switch (data.type) {
    case 'say':
    case 'fallback':
      body = textField('text');
      break;
    case 'ask':
      body = (
        <>
          {textField('text')}
          {variableField('variable')}
        </>
      );
      break;
    case 'list':
      body = (
        <>
          {textField('text')}
          <Field
            label={f('button')}
            value={data.button}
            onChange={(button) => set({ button })}
            error={errors.button}
            testId="bot-node-field-button"
            disabled={disabled}
          />
          <Field
            label={f('variable')}
            value={data.variable ?? ''}
            onChange={(variable) => set({ variable: variable || undefined })}
            error={errors.variable}
            helperText={f('variableHelp')}
            testId="bot-node-field-variable"
            disabled={disabled}
            dir="ltr"
          />
          <Typography variant="subtitle2" component="h4" sx={{ mt: 1 }}>
            {f('options')}
          </Typography>
          {data.options.map((option, index) => (
            <Box
              key={option.id}
              sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
              data-testid={`bot-option-${index}`}
            >
              <Box sx={{ flexGrow: 1 }}>
                <Field
                  label={`${f('optionTitle')} (${option.id})`}
                  value={option.title}
                  onChange={(title) =>
                    set({ options: data.options.map((item) => (item.id === option.id ? { ...item, title } : item)) })
                  }
                  error={errors[`options.${index}.title`]}
                  testId={`bot-option-${index}-title`}
                  disabled={disabled}
                />
                <Field
                  label={f('optionDescription')}
                  value={option.description}
                  onChange={(description) =>
                    set({
                      options: data.options.map((item) => (item.id === option.id ? { ...item, description } : item)),
                    })
                  }
                  error={errors[`options.${index}.description`]}
                  testId={`bot-option-${index}-description`}
                  disabled={disabled}
                />
              </Box>
              {disabled || data.options.length <= 1 ? null : (
                <IconButton
                  size="small"
                  sx={{ mt: 1.5 }}
                  aria-label={t('botBuilder.fields.removeOption', { id: option.id })}
                  onClick={() => set({ options: data.options.filter((item) => item.id !== option.id) })}
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              )}
            </Box>
          ))}
          {disabled || data.options.length >= MAX_LIST_OPTIONS ? null : (
            <Button
              size="small"
              startIcon={<AddIcon />}
              data-testid="bot-option-add"
              onClick={() =>
                set({ options: [...data.options, { id: nextItemId('o', data.options), title: '', description: '' }] })
              }
            >
              {f('addOption')}
            </Button>
          )}
        </>
      );
      break;
    case 'catch':
      body = (
        <>
          <Typography variant="subtitle2" component="h4">
            {f('rules')}
          </Typography>
          {data.rules.map((rule, index) => {
            const update = (patch: Partial<typeof rule>) =>
              set({ rules: data.rules.map((item) => (item.id === rule.id ? { ...item, ...patch } : item)) });
            return (
              <Box
                key={rule.id}
                sx={{
                  display: 'flex',
                  gap: 1,
                  alignItems: 'flex-start',
                  borderBottom: 1,
                  borderColor: 'divider',
                  pb: 1,
                }}
              >
                <Box sx={{ flexGrow: 1 }}>
                  <Field
                    label={`${f('variable')} (${rule.id})`}
                    value={rule.variable}
                    onChange={(variable) => update({ variable })}
                    error={errors[`rules.${index}.variable`]}
                    testId={`bot-rule-${index}-variable`}
                    disabled={disabled}
                    dir="ltr"
                  />
                  <Field
                    label={f('operator')}
                    value={rule.operator}
                    onChange={(operator) => update({ operator: operator as typeof rule.operator })}
                    testId={`bot-rule-${index}-operator`}
                    disabled={disabled}
                    select
                  >
                    {BOT_CATCH_OPERATORS.map((operator) => (
                      <MenuItem key={operator} value={operator}>
                        {t(`botBuilder.operators.${operator}`)}
                      </MenuItem>
                    ))}
                  </Field>
                  {rule.operator === 'exists' ? null : (
                    <Field
                      label={f('value')}
                      value={rule.value}
                      onChange={(value) => update({ value })}
                      error={errors[`rules.${index}.value`]}
                      testId={`bot-rule-${index}-value`}
                      disabled={disabled}
                    />
                  )}
                </Box>
                {disabled || data.rules.length <= 1 ? null : (
                  <IconButton
                    size="small"
                    sx={{ mt: 1.5 }}
                    aria-label={t('botBuilder.fields.removeRule', { id: rule.id })}
                    onClick={() => set({ rules: data.rules.filter((item) => item.id !== rule.id) })}
                  >
                    <CloseIcon fontSize="small" />
                  </IconButton>
                )}
              </Box>
            );
          })}
          {disabled || data.rules.length >= MAX_CATCH_RULES ? null : (
            <Button
              size="small"
              startIcon={<AddIcon />}
              data-testid="bot-rule-add"
              onClick={() =>
                set({
                  rules: [
                    ...data.rules,
                    { id: nextItemId('r', data.rules), variable: '', operator: 'equals', value: '' },
                  ],
                })
              }
            >
              {f('addRule')}
            </Button>
          )}
        </>
      );
      break;
    case 'validator':
      body = (
        <>
          {textField('text')}
          {variableField('variable')}
          <Field
            label={f('kind')}
            value={data.kind}
            onChange={(kind) => set({ kind: kind as typeof data.kind })}
            testId="bot-node-field-kind"
            disabled={disabled}
            select
          >
            {BOT_VALIDATORS.map((kind) => (
              <MenuItem key={kind} value={kind}>
                {t(`botBuilder.validators.${kind}`)}
              </MenuItem>
            ))}
          </Field>
          {data.kind === 'regex' ? (
            <Field
              label={f('pattern')}
              value={data.pattern}
              onChange={(pattern) => set({ pattern })}
              error={errors.pattern}
              testId="bot-node-field-pattern"
              disabled={disabled}
              dir="ltr"
            />
          ) : null}
          {data.kind === 'options' ? (
            <Field
              label={f('acceptedOptions')}
              value={data.options.join(', ')}
              onChange={(value) =>
                set({
                  options: value
                    .split(',')
                    .map((item) => item.trim())
                    .filter(Boolean),
                })
              }
              error={errors.options}
              testId="bot-node-field-options"
              disabled={disabled}
            />
          ) : null}
          {textField('errorText')}
          <Field
            label={f('retries')}
            type="number"
            value={data.retries}
            onChange={(value) => set({ retries: Math.max(0, Math.min(BOT_LIMITS.retries, Number(value) || 0)) })}
            error={errors.retries}
            testId="bot-node-field-retries"
            disabled={disabled}
          />
        </>
      );
      break;
    case 'action':
      body = (
        <>
          <Field
            label={f('action')}
            value={data.action}
            onChange={(action) =>
              set({
                action: action as typeof data.action,
                campaignId: action === 'transferToCampaign' ? data.campaignId : undefined,
              })
            }
            testId="bot-node-field-action"
            disabled={disabled}
            select
          >
            {BOT_ACTIONS.map((action) => (
              <MenuItem key={action} value={action}>
                {t(`botBuilder.actions.${action}`)}
              </MenuItem>
            ))}
          </Field>
          {data.action === 'transferToCampaign' ? (
            <Field
              label={f('campaign')}
              value={data.campaignId ?? ''}
              onChange={(value) => set({ campaignId: value ? Number(value) : undefined })}
              error={errors.campaignId}
              testId="bot-node-field-campaign"
              disabled={disabled}
              select
            >
              {data.campaignId && !campaigns.some((campaign) => campaign.id === data.campaignId) ? (
                <MenuItem value={data.campaignId}>#{data.campaignId}</MenuItem>
              ) : null}
              {campaigns.map((campaign) => (
                <MenuItem key={campaign.id} value={campaign.id}>
                  {campaign.name}
                </MenuItem>
              ))}
            </Field>
          ) : null}
          {textField('text', f('actionText'))}
        </>
      );
      break;
    case 'goTo':
      body = (
        <Field
          label={f('target')}
          value={data.target}
          onChange={(target) => set({ target })}
          error={errors.target}
          testId="bot-node-field-target"
          disabled={disabled}
          select
        >
          {data.target && !nodeIds.includes(data.target) ? (
            <MenuItem value={data.target}>{data.target}</MenuItem>
          ) : null}
          {nodeIds
            .filter((id) => id !== node.id)
            .map((id) => (
              <MenuItem key={id} value={id}>
                {id}
              </MenuItem>
            ))}
        </Field>
      );
      break;
    case 'scheduled':
      body = (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {f('scheduledHelp')}
        </Typography>
      );
      break;
    case 'webService':
      body = (
        <>
          <Field
            label={f('method')}
            value={data.method}
            onChange={(method) => set({ method: method as typeof data.method })}
            testId="bot-node-field-method"
            disabled={disabled}
            select
          >
            {BOT_HTTP_METHODS.map((method) => (
              <MenuItem key={method} value={method}>
                {method}
              </MenuItem>
            ))}
          </Field>
          <Field
            label={f('url')}
            value={data.url}
            onChange={(url) => set({ url })}
            error={errors.url}
            helperText={
              secretNames.length
                ? t('botBuilder.fields.secretsHint', { names: secretNames.map(secretPlaceholder).join(', ') })
                : undefined
            }
            testId="bot-node-field-url"
            disabled={disabled}
            dir="ltr"
          />
          <Field
            label={f('timeoutMs')}
            type="number"
            value={data.timeoutMs}
            onChange={(value) => set({ timeoutMs: Number(value) || 0 })}
            error={errors.timeoutMs}
            testId="bot-node-field-timeout"
            disabled={disabled}
          />
          {data.method === 'GET' ? null : (
            <Field
              label={f('body')}
              value={data.body}
              onChange={(value) => set({ body: value })}
              error={errors.body}
              testId="bot-node-field-body"
              disabled={disabled}
              multiline
              dir="ltr"
            />
          )}
          <PairRows
            title={f('headers')}
            rows={data.headers}
            max={BOT_LIMITS.headers}
            make={() => ({ name: '', value: '' })}
            onChange={(headers) => set({ headers })}
            columns={[
              { key: 'name', label: f('headerName') },
              { key: 'value', label: f('headerValue') },
            ]}
            addLabel={f('addHeader')}
            removeLabel={(index) => t('botBuilder.fields.removeHeader', { index })}
            disabled={disabled}
            testId="bot-header"
          />
          <PairRows
            title={f('mappings')}
            rows={data.mappings}
            max={BOT_LIMITS.mappings}
            make={() => ({ variable: '', path: '' })}
            onChange={(mappings) => set({ mappings })}
            columns={[
              { key: 'path', label: f('mappingPath') },
              { key: 'variable', label: f('variable') },
            ]}
            addLabel={f('addMapping')}
            removeLabel={(index) => t('botBuilder.fields.removeMapping', { index })}
            disabled={disabled}
            testId="bot-mapping"
          />
        </>
      );
      break;
    case 'dialogFlow':
      body = (
        <>
          {textField('text', f('dialogFlowText'))}
          <Field
            label={f('languageCode')}
            value={data.languageCode}
            onChange={(languageCode) => set({ languageCode: languageCode as typeof data.languageCode })}
            testId="bot-node-field-language"
            disabled={disabled}
            select
          >
            {(['es', 'en'] as const).map((code) => (
              <MenuItem key={code} value={code}>
                {t(`botBuilder.languages.${code}`)}
              </MenuItem>
            ))}
          </Field>
          {variableField('intentVariable')}
        </>
      );
      break;
  }

  const nodeErrors = Object.entries(errors).filter(([field]) => field === '' || field.startsWith('outlet:'));
  return (
    <Box data-testid="bot-node-panel">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Icon color="primary" />
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, flexGrow: 1 }}>
          {t(`botBuilder.types.${data.type}`)} · {node.id}
        </Typography>
      </Box>
      {nodeErrors.map(([field, message]) => (
        <Alert key={field} severity="error" sx={{ mb: 1 }}>
          {message}
        </Alert>
      ))}
      {body}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
        <Button
          size="small"
          variant={isStart ? 'contained' : 'outlined'}
          color="success"
          startIcon={<FlagOutlinedIcon />}
          disabled={disabled || isStart}
          onClick={onMakeStart}
          data-testid="bot-node-make-start"
        >
          {isStart ? t('botBuilder.startNode') : t('botBuilder.makeStart')}
        </Button>
        {disabled ? null : (
          <Button
            size="small"
            color="error"
            startIcon={<DeleteOutlinedIcon />}
            onClick={onDelete}
            data-testid="bot-node-delete"
          >
            {t('botBuilder.deleteNode')}
          </Button>
        )}
      </Box>
    </Box>
  );
}
