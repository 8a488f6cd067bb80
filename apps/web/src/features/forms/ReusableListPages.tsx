import { messageKeyOf, type ReusableList, reusableListBodySchema } from '@atiende/contracts';
import SaveIcon from '@mui/icons-material/Save';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { usePermissions } from '../../app/queries';
import { type DataTableColumn, initialTableQuery, tableQueryParams } from '../../ui/DataTable';
import { EnabledChip } from '../../ui/EnabledChip';
import { FormField, SwitchField } from '../../ui/FormField';
import { formatDateTime } from '../../ui/format';
import { ListPage } from '../../ui/ListPage';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { parseId } from '../../ui/params';
import { FORM_GRID, Section } from '../../ui/Section';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { useEditGate } from '../../ui/useEditGate';
import { useFormErrors } from '../../ui/useFormErrors';
import { useReusableList, useReusableLists, useSaveReusableList } from './api';
import { EMPTY_KEY, EMPTY_LIST_FORM, type ListFormState, listFormToBody, listToForm } from './model';
import { OptionsEditor } from './OptionsEditor';

/** /app/dynamic-fields: reusable lists. */
export function ReusableListsPage() {
  const { t, i18n } = useTranslation();
  const { can } = usePermissions();
  const [query, setQuery] = useState(() => initialTableQuery('name'));
  const [enabled, setEnabled] = useState<'all' | 'true' | 'false'>('all');
  const params = useMemo(() => ({ ...tableQueryParams(query), enabled }), [query, enabled]);
  const list = useReusableLists(params);
  const columns: DataTableColumn<ReusableList>[] = [
    {
      id: 'name',
      label: t('reusableLists.fields.name'),
      sortKey: 'name',
      render: (item) => (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {item.name}
        </Typography>
      ),
    },
    {
      id: 'type',
      label: t('reusableLists.fields.type'),
      render: (item) => <Chip size="small" variant="outlined" label={t(`reusableLists.types.${item.type}`)} />,
    },
    { id: 'options', label: t('reusableLists.optionCount'), align: 'right', render: (item) => item.options.length },
    { id: 'enabled', label: t('common.enabled'), render: (item) => <EnabledChip enabled={item.enabled} /> },
    {
      id: 'createdAt',
      label: t('common.createdAt'),
      sortKey: 'createdAt',
      render: (item) => formatDateTime(item.createdAt, i18n.language),
    },
  ];
  return (
    <ListPage
      title={t('menu.items.reusableLists')}
      subtitle={t('reusableLists.subtitle')}
      add={
        can('agregar-formulario') && {
          to: '/app/dynamic-fields/add',
          label: t('reusableLists.add'),
          testId: 'list-add',
        }
      }
      list={list}
      tableId="reusable-lists"
      columns={columns}
      query={query}
      onQueryChange={setQuery}
      rowKey={(item) => item.id}
      rowTestId={(item) => `list-row-${item.name}`}
      rowLink={can('editar-formulario') && ((item) => `/app/dynamic-fields/${item.id}/edit`)}
      searchLabel={t('reusableLists.search')}
      enabledFilter={{ value: enabled, onChange: setEnabled, testId: 'lists-filter-enabled' }}
      edit={
        can('editar-formulario') && {
          to: (item) => `/app/dynamic-fields/${item.id}/edit`,
          testId: (_item) => 'list-edit',
        }
      }
    />
  );
}

function ListForm({
  id,
  initial,
  usedBy,
}: {
  id: number | null;
  initial: ListFormState;
  usedBy: ReusableList['usedBy'] | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const feedback = useApiFeedback();
  const save = useSaveReusableList();
  const [state, setState] = useState(initial);
  const body = useMemo(() => listFormToBody(state), [state]);
  const form = useFormErrors({ values: body, schema: reusableListBodySchema });
  const { errors } = form;
  const [showEmpty, setShowEmpty] = useState(false);
  const set =
    <K extends keyof ListFormState>(field: K) =>
    (value: ListFormState[K]) =>
      setState((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = reusableListBodySchema.safeParse(body);
    if (!parsed.success) {
      const empty = parsed.error.issues.some((issue) => messageKeyOf(issue.message) === EMPTY_KEY);
      form.show(form.validate());
      setShowEmpty(empty);
      feedback.notify(empty ? t(EMPTY_KEY) : t('validation.fixErrors'), 'error');
      return;
    }
    form.reset();
    setShowEmpty(false);
    save.mutate(
      { id, body },
      {
        onSuccess: () => {
          feedback.success(t('reusableLists.saved'));
          navigate('/app/dynamic-fields');
        },
        onError: (error) => feedback.failure(error, form.show),
      },
    );
  };

  return (
    <Box component="form" ref={form.formRef} onSubmit={submit} noValidate data-testid="list-form">
      <Section title={t('reusableLists.sections.general')}>
        <Box sx={FORM_GRID}>
          <FormField
            name="name"
            label={t('reusableLists.fields.name')}
            required
            value={state.name}
            onValueChange={set('name')}
            error={errors.name}
            maxLength={120}
            testId="list-field-name"
          />
          <TextField
            select
            margin="dense"
            label={t('reusableLists.fields.type')}
            value={state.type}
            onChange={(event) => set('type')(event.target.value as ListFormState['type'])}
            helperText={t(`reusableLists.typeHelp.${state.type}`)}
            slotProps={{ htmlInput: { 'data-testid': 'list-field-type' } }}
          >
            <MenuItem value="list">{t('reusableLists.types.list')}</MenuItem>
            <MenuItem value="multilevel">{t('reusableLists.types.multilevel')}</MenuItem>
          </TextField>
        </Box>
        <FormField
          fullWidth
          multiline
          minRows={2}
          name="description"
          label={t('reusableLists.fields.description')}
          value={state.description}
          onValueChange={set('description')}
          error={errors.description}
          maxLength={1000}
          testId="list-field-description"
        />
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <SwitchField
            label={t('forms.builder.alphabetical')}
            checked={state.alphabeticalOrder}
            onChange={set('alphabeticalOrder')}
            testId="list-field-alphabeticalOrder"
          />
          <SwitchField
            label={t('common.enabled')}
            checked={state.enabled}
            onChange={set('enabled')}
            testId="list-field-enabled"
          />
        </Box>
      </Section>
      <Section title={t('reusableLists.sections.options')}>
        <OptionsEditor
          options={state.options}
          onChange={set('options')}
          tree={state.type === 'multilevel'}
          errors={errors}
          emptyMessage={showEmpty ? t(EMPTY_KEY) : undefined}
          testId="list-option"
        />
      </Section>
      {usedBy ? (
        <Section title={t('reusableLists.usedBy')} testId="list-used-by">
          {usedBy.length === 0 ? (
            <Typography sx={{ color: 'text.secondary' }}>{t('reusableLists.unused')}</Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, ps: 2.5 }}>
              {usedBy.map((form) => (
                <li key={form.id}>
                  <Link component={RouterLink} to={`/app/dynamic-forms/${form.id}/edit`}>
                    {form.name}
                  </Link>
                </li>
              ))}
            </Box>
          )}
        </Section>
      ) : null}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <Button
          type="submit"
          variant="contained"
          startIcon={<SaveIcon />}
          disabled={save.isPending}
          data-testid="list-save"
        >
          {t('common.save')}
        </Button>
      </Box>
    </Box>
  );
}

/** /app/dynamic-fields/add and /app/dynamic-fields/:id/edit */
export function ReusableListFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const { t } = useTranslation();
  const params = useParams();
  const id = mode === 'edit' ? parseId(params.id) : null;
  const list = useReusableList(id);
  const gate = useEditGate(mode, id, list, 'list-not-found');
  if (gate) return gate;
  return (
    <PageContainer maxWidth={960}>
      <PageHeader
        title={list.data ? t('reusableLists.editTitle', { name: list.data.name }) : t('reusableLists.add')}
        backTo="/app/dynamic-fields"
      />
      <ListForm
        key={list.data?.id ?? 'new'}
        id={id}
        initial={list.data ? listToForm(list.data) : EMPTY_LIST_FORM}
        usedBy={list.data ? list.data.usedBy : null}
      />
    </PageContainer>
  );
}
