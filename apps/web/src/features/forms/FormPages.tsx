import { type DynamicForm, dynamicFormBodySchema, FIELD_TYPES, type FieldType, messageKeyOf } from '@atiende/contracts';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import SaveIcon from '@mui/icons-material/Save';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { usePermissions } from '../../app/queries';
import { type DataTableColumn, initialTableQuery, tableQueryParams } from '../../ui/DataTable';
import { EnabledChip } from '../../ui/EnabledChip';
import type { EnabledFilter } from '../../ui/EnabledSelect';
import { FormField, SwitchField } from '../../ui/FormField';
import { formatDateTime } from '../../ui/format';
import { ListPage } from '../../ui/ListPage';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { parseId } from '../../ui/params';
import { FORM_GRID, Section } from '../../ui/Section';
import { Tooltip } from '../../ui/Tooltip';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { useEditGate } from '../../ui/useEditGate';
import { useFormErrors } from '../../ui/useFormErrors';
import { type DynamicFormDetail, useDynamicForm, useFormList, useReusableListOptions, useSaveForm } from './api';
import { DynamicFormRenderer } from './DynamicFormRenderer';
import {
  type BuilderField,
  type BuilderState,
  builderToBody,
  builderToFields,
  EMPTY_BUILDER,
  EMPTY_KEY,
  type FormValues,
  formToBuilder,
  hasOptions,
  initialValues,
  listsToMap,
  move,
  newField,
  relabel,
} from './model';
import { OptionsEditor } from './OptionsEditor';
import { validateFormValues } from './validation';

/** /app/dynamic-forms */
export function FormsListPage() {
  const { t, i18n } = useTranslation();
  const { can } = usePermissions();
  const [query, setQuery] = useState(() => initialTableQuery('name'));
  const [enabled, setEnabled] = useState<EnabledFilter>('all');
  const params = useMemo(() => ({ ...tableQueryParams(query), enabled }), [query, enabled]);
  const list = useFormList(params);
  const columns: DataTableColumn<DynamicForm>[] = [
    {
      id: 'name',
      label: t('forms.fields.name'),
      sortKey: 'name',
      render: (form) => (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {form.name}
          </Typography>
          {form.description ? (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {form.description}
            </Typography>
          ) : null}
        </Box>
      ),
    },
    { id: 'fields', label: t('forms.fieldCount'), render: (form) => form.fields.length, align: 'right' },
    {
      id: 'campaigns',
      label: t('menu.items.campaigns'),
      render: (form) => form.campaigns.map((campaign) => campaign.name).join(', ') || '—',
    },
    { id: 'enabled', label: t('common.enabled'), render: (form) => <EnabledChip enabled={form.enabled} /> },
    {
      id: 'createdAt',
      label: t('common.createdAt'),
      sortKey: 'createdAt',
      render: (form) => formatDateTime(form.createdAt, i18n.language),
    },
  ];
  return (
    <ListPage
      title={t('menu.items.dynamicForms')}
      add={can('agregar-formulario') && { to: '/app/dynamic-forms/add', label: t('forms.add'), testId: 'form-add' }}
      list={list}
      tableId="dynamic-forms"
      columns={columns}
      query={query}
      onQueryChange={setQuery}
      rowKey={(form) => form.id}
      rowTestId={(form) => `form-row-${form.name}`}
      rowLink={can('editar-formulario') && ((form) => `/app/dynamic-forms/${form.id}/edit`)}
      searchLabel={t('forms.search')}
      enabledFilter={{ value: enabled, onChange: setEnabled, testId: 'forms-filter-enabled' }}
      edit={
        can('editar-formulario') && {
          to: (form) => `/app/dynamic-forms/${form.id}/edit`,
          testId: (_form) => 'form-edit',
        }
      }
    />
  );
}

interface FieldRowProps {
  field: BuilderField;
  index: number;
  count: number;
  errors: Record<string, string>;
  showEmpty: boolean;
  lists: { id: number; name: string; type: 'list' | 'multilevel' }[];
  onChange: (patch: Partial<BuilderField>) => void;
  onLabel: (label: string) => void;
  onMove: (delta: number) => void;
  onRemove: () => void;
}

function FieldRow({
  field,
  index,
  count,
  errors,
  showEmpty,
  lists,
  onChange,
  onLabel,
  onMove,
  onRemove,
}: FieldRowProps) {
  const { t } = useTranslation();
  const prefix = `fields.${index}.`;
  const err = (name: string) => errors[`${prefix}${name}`];
  const emptyMessage = showEmpty ? t(EMPTY_KEY) : undefined;
  const options = hasOptions(field.type);
  const listType = field.type === 'multilevel' ? 'multilevel' : 'list';
  const fitting = lists.filter((list) => list.type === listType);
  return (
    <Card variant="outlined" sx={{ mb: 1.5 }} data-testid={`form-field-row-${index}`}>
      <CardContent sx={{ pb: '12px !important' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
          <Chip size="small" label={index + 1} />
          <Typography sx={{ fontWeight: 600, flexGrow: 1, minWidth: 0 }} noWrap>
            {field.label || t('forms.builder.untitled')}
          </Typography>
          <Tooltip title={t('forms.moveUp')}>
            <span>
              <IconButton
                size="small"
                disabled={index === 0}
                onClick={() => onMove(-1)}
                aria-label={t('forms.moveUp')}
                data-testid={`form-field-${index}-up`}
              >
                <ArrowUpwardIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={t('forms.moveDown')}>
            <span>
              <IconButton
                size="small"
                disabled={index === count - 1}
                onClick={() => onMove(1)}
                aria-label={t('forms.moveDown')}
                data-testid={`form-field-${index}-down`}
              >
                <ArrowDownwardIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={t('forms.builder.removeField')}>
            <IconButton
              size="small"
              color="error"
              onClick={onRemove}
              aria-label={t('forms.builder.removeField')}
              data-testid={`form-field-${index}-remove`}
            >
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
        <Box sx={FORM_GRID}>
          <FormField
            label={t('forms.builder.label')}
            required
            value={field.label}
            onValueChange={onLabel}
            error={err('label') ?? (emptyMessage && !field.label.trim() ? emptyMessage : undefined)}
            maxLength={200}
            testId={`form-field-${index}-label`}
          />
          <FormField
            label={t('forms.builder.key')}
            required
            value={field.key}
            onValueChange={(value) => onChange({ key: value, keyEdited: true })}
            error={err('key')}
            helperText={t('forms.builder.keyHelp')}
            maxLength={60}
            testId={`form-field-${index}-key`}
            slotProps={{ htmlInput: { dir: 'ltr', style: { fontFamily: 'monospace' } } }}
          />
          <TextField
            select
            margin="dense"
            label={t('forms.builder.type')}
            value={field.type}
            onChange={(event) => onChange({ type: event.target.value as FieldType })}
            slotProps={{ htmlInput: { 'data-testid': `form-field-${index}-type` } }}
          >
            {FIELD_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {t(`forms.types.${type}`)}
              </MenuItem>
            ))}
          </TextField>
          <FormField
            label={t('forms.builder.defaultValue')}
            value={field.defaultValue}
            onValueChange={(value) => onChange({ defaultValue: value })}
            error={err('defaultValue')}
            helperText={field.type === 'multilevel' ? t('forms.builder.defaultPathHelp') : undefined}
            maxLength={500}
            testId={`form-field-${index}-default`}
          />
        </Box>
        <FormField
          fullWidth
          label={t('forms.builder.description')}
          value={field.description}
          onValueChange={(value) => onChange({ description: value })}
          error={err('description')}
          maxLength={500}
          testId={`form-field-${index}-description`}
        />
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <SwitchField
            label={t('forms.builder.required')}
            checked={field.required}
            onChange={(required) => onChange({ required })}
            testId={`form-field-${index}-required`}
          />
          {options ? (
            <SwitchField
              label={t('forms.builder.alphabetical')}
              checked={field.alphabeticalOrder}
              onChange={(alphabeticalOrder) => onChange({ alphabeticalOrder })}
              testId={`form-field-${index}-alphabetical`}
            />
          ) : null}
        </Box>
        {options ? (
          <Box sx={{ mt: 1, p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}>
            <RadioGroup
              row
              value={field.optionSource}
              onChange={(event) => onChange({ optionSource: event.target.value as BuilderField['optionSource'] })}
            >
              <FormControlLabel
                value="own"
                control={<Radio size="small" />}
                label={t('forms.builder.ownOptions')}
                data-testid={`form-field-${index}-source-own`}
              />
              <FormControlLabel
                value="list"
                control={<Radio size="small" />}
                label={t('forms.builder.reusableList')}
                data-testid={`form-field-${index}-source-list`}
              />
            </RadioGroup>
            {field.optionSource === 'list' ? (
              <TextField
                select
                fullWidth
                margin="dense"
                label={t('forms.builder.reusableList')}
                value={field.reusableListId ?? ''}
                onChange={(event) => onChange({ reusableListId: Number(event.target.value) || null })}
                error={Boolean(err('reusableListId') ?? err('options'))}
                helperText={
                  err('reusableListId') ??
                  err('options') ??
                  (fitting.length === 0 ? t('forms.builder.noLists') : undefined)
                }
                slotProps={{ htmlInput: { 'data-testid': `form-field-${index}-list` } }}
              >
                {fitting.map((list) => (
                  <MenuItem key={list.id} value={list.id}>
                    {list.name}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <OptionsEditor
                options={field.options}
                onChange={(next) => onChange({ options: next })}
                tree={field.type === 'multilevel'}
                errors={errors}
                errorPrefix={prefix}
                emptyMessage={emptyMessage}
                testId={`form-field-${index}-option`}
              />
            )}
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}

function FormEditor({ id, initial }: { id: number | null; initial: BuilderState }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const feedback = useApiFeedback();
  const save = useSaveForm();
  const listsQuery = useReusableListOptions();
  const [state, setState] = useState(initial);
  const body = useMemo(() => builderToBody(state), [state]);
  const form = useFormErrors({ values: body, schema: dynamicFormBodySchema });
  const { errors } = form;
  const [showEmpty, setShowEmpty] = useState(false);
  const fields = useMemo(() => builderToFields(state), [state]);
  const [values, setValues] = useState<FormValues>(() => initialValues(fields));
  const lists = useMemo(
    () =>
      (listsQuery.data?.data ?? []).map((list) => ({
        id: list.id,
        name: list.name,
        type: list.type,
        options: list.options,
      })),
    [listsQuery.data],
  );
  const listMap = useMemo(() => listsToMap(lists), [lists]);
  // The preview is a form of its own: "validate" checks what was filled in with the form's rules.
  const preview = useFormErrors({ values, rules: (filled) => validateFormValues(fields, listMap, filled, t) });

  const setFields = (change: (fields: BuilderField[]) => BuilderField[]) =>
    setState((current) => ({ ...current, fields: change(current.fields) }));
  const patchField = (index: number, patch: Partial<BuilderField>) =>
    setFields((current) => current.map((field, i) => (i === index ? { ...field, ...patch } : field)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = dynamicFormBodySchema.safeParse(body);
    if (!parsed.success) {
      const found = form.validate();
      const empty = parsed.error.issues.some((issue) => messageKeyOf(issue.message) === EMPTY_KEY);
      form.show(found);
      setShowEmpty(empty);
      feedback.notify(empty ? t(EMPTY_KEY) : (found.fields ?? t('validation.fixErrors')), 'error');
      return;
    }
    form.reset();
    setShowEmpty(false);
    save.mutate(
      { id, body },
      {
        onSuccess: () => {
          feedback.success(t('forms.saved'));
          navigate('/app/dynamic-forms');
        },
        onError: (error) => feedback.failure(error, form.show),
      },
    );
  };

  return (
    <Box
      component="form"
      ref={form.formRef}
      onSubmit={submit}
      noValidate
      data-testid="form-editor"
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
        alignItems: 'start',
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Section title={t('forms.sections.general')}>
          <FormField
            fullWidth
            name="name"
            label={t('forms.fields.name')}
            required
            value={state.name}
            onValueChange={(name) => setState((current) => ({ ...current, name }))}
            error={errors.name}
            maxLength={120}
            testId="form-field-name"
          />
          <FormField
            fullWidth
            multiline
            minRows={2}
            name="description"
            label={t('forms.fields.description')}
            value={state.description}
            onValueChange={(description) => setState((current) => ({ ...current, description }))}
            error={errors.description}
            maxLength={1000}
            testId="form-field-description"
          />
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <SwitchField
              label={t('forms.fields.requireNotes')}
              checked={state.requireNotes}
              onChange={(requireNotes) => setState((current) => ({ ...current, requireNotes }))}
              testId="form-field-requireNotes"
            />
            <SwitchField
              label={t('forms.fields.requireNextTask')}
              checked={state.requireNextTask}
              onChange={(requireNextTask) => setState((current) => ({ ...current, requireNextTask }))}
              testId="form-field-requireNextTask"
            />
            <SwitchField
              label={t('common.enabled')}
              checked={state.enabled}
              onChange={(enabled) => setState((current) => ({ ...current, enabled }))}
              testId="form-field-enabled"
            />
          </Box>
        </Section>
        <Section
          title={t('forms.sections.fields')}
          testId="form-builder"
          action={
            <Button
              size="small"
              variant="outlined"
              startIcon={<AddIcon />}
              onClick={() => setFields((current) => [...current, newField(current.map((field) => field.key))])}
              data-testid="form-builder-add-field"
            >
              {t('forms.builder.addField')}
            </Button>
          }
        >
          {errors.fields ? (
            <FormHelperText error sx={{ mb: 1 }} data-testid="form-fields-error">
              {errors.fields}
            </FormHelperText>
          ) : null}
          {state.fields.length === 0 ? (
            <Typography sx={{ color: 'text.secondary', py: 2 }}>{t('forms.builder.noFields')}</Typography>
          ) : null}
          {state.fields.map((field, index) => (
            <FieldRow
              key={field.uid}
              field={field}
              index={index}
              count={state.fields.length}
              errors={errors}
              showEmpty={showEmpty}
              lists={lists}
              onChange={(patch) => patchField(index, patch)}
              onLabel={(label) => setFields((current) => relabel(current, index, label))}
              onMove={(delta) => setFields((current) => move(current, index, delta))}
              onRemove={() => setFields((current) => current.filter((_, i) => i !== index))}
            />
          ))}
        </Section>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
          <Button
            type="submit"
            variant="contained"
            startIcon={<SaveIcon />}
            disabled={save.isPending}
            data-testid="form-save"
          >
            {t('common.save')}
          </Button>
        </Box>
      </Box>
      <Box sx={{ position: { lg: 'sticky' }, top: { lg: 80 }, minWidth: 0 }}>
        <Section
          title={t('forms.sections.preview')}
          testId="form-preview"
          action={
            <Box sx={{ display: 'flex', gap: 0.5 }}>
              <Tooltip title={t('forms.preview.reset')}>
                <IconButton
                  size="small"
                  aria-label={t('forms.preview.reset')}
                  onClick={() => {
                    setValues(initialValues(fields));
                    preview.reset();
                  }}
                >
                  <RestartAltIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Button
                size="small"
                startIcon={<FactCheckIcon />}
                onClick={() => {
                  if (preview.check()) feedback.success(t('forms.preview.valid'));
                }}
                data-testid="form-preview-validate"
              >
                {t('forms.preview.validate')}
              </Button>
            </Box>
          }
        >
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
            {t('forms.preview.help')}
          </Typography>
          {fields.length === 0 ? (
            <Typography sx={{ color: 'text.disabled' }}>{t('forms.builder.noFields')}</Typography>
          ) : (
            <Box ref={preview.formRef}>
              <DynamicFormRenderer
                fields={fields}
                lists={listMap}
                values={values}
                onChange={setValues}
                errors={preview.errors}
                testIdPrefix="preview-field"
              />
            </Box>
          )}
        </Section>
      </Box>
    </Box>
  );
}

/** /app/dynamic-forms/add and /app/dynamic-forms/:id/edit */
export function FormEditorPage({ mode }: { mode: 'create' | 'edit' }) {
  const { t } = useTranslation();
  const params = useParams();
  const id = mode === 'edit' ? parseId(params.id) : null;
  const form = useDynamicForm(id);
  const gate = useEditGate(mode, id, form, 'form-not-found');
  if (gate) return gate;
  const detail = form.data as DynamicFormDetail | undefined;
  return (
    <PageContainer maxWidth={1400}>
      <PageHeader
        title={detail ? t('forms.editTitle', { name: detail.form.name }) : t('forms.add')}
        subtitle={
          detail && detail.form.campaigns.length > 0
            ? t('forms.usedByCampaigns', { names: detail.form.campaigns.map((campaign) => campaign.name).join(', ') })
            : undefined
        }
        backTo="/app/dynamic-forms"
      />
      <FormEditor
        key={detail?.form.id ?? 'new'}
        id={id}
        initial={detail ? formToBuilder(detail.form) : { ...EMPTY_BUILDER, fields: [newField()] }}
      />
    </PageContainer>
  );
}
