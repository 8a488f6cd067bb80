import {
  CATALOGUE_TRAITS,
  type CatalogueEntry,
  type CatalogueModel,
  catalogueEntryBodySchema,
} from '@atiende/contracts';
import EditIcon from '@mui/icons-material/Edit';
import SaveIcon from '@mui/icons-material/Save';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { usePermissions } from '../../app/queries';
import { type DataTableColumn, initialTableQuery, tableQueryParams } from '../../ui/DataTable';
import { DetailList } from '../../ui/DetailList';
import { EnabledChip } from '../../ui/EnabledChip';
import { FilterSelect } from '../../ui/FilterSelect';
import { FormField, SwitchField } from '../../ui/FormField';
import { formatDateTime } from '../../ui/format';
import { ListPage, RowAction } from '../../ui/ListPage';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/PageLoader';
import { StatusPage } from '../../ui/StatusPage';
import { Tooltip } from '../../ui/Tooltip';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { useFormErrors } from '../../ui/useFormErrors';
import { AuditHistory } from '../audit/AuditHistory';
import { useCatalogueEntry, useCatalogueList, useCatalogueOptions, useSaveCatalogueEntry } from './api';
import {
  asCatalogueModel,
  type CatalogueFormState,
  EMPTY_CATALOGUE_FORM,
  entryToForm,
  formToCatalogueBody,
} from './model';

export const EDIT_CATALOGUES = 'editar-lista-general';

function useModel(): CatalogueModel | null {
  return asCatalogueModel(useParams().model);
}

function useEntryId(): number | null {
  const id = Number(useParams().id);
  return Number.isInteger(id) && id > 0 ? id : null;
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <StatusPage
      title={t('pages.notFound.title')}
      description={t('pages.notFound.description')}
      data-testid="catalogue-not-found"
    />
  );
}

export function ColorSwatch({ color }: { color: string | null }) {
  if (!color) return null;
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <Box sx={{ width: 18, height: 18, borderRadius: '50%', bgcolor: color, border: 1, borderColor: 'divider' }} />
      <Box component="span" sx={{ fontFamily: 'monospace', fontSize: 13 }}>
        {color}
      </Box>
    </Box>
  );
}

/** /app/entities/:model/list */
export function CatalogueListPage() {
  const model = useModel();
  return model ? <CatalogueList key={model} model={model} /> : <NotFound />;
}

function CatalogueList({ model }: { model: CatalogueModel }) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const traits = CATALOGUE_TRAITS[model];
  const [query, setQuery] = useState(() => initialTableQuery(traits.label ? 'sortOrder' : 'name'));
  const [enabled, setEnabled] = useState<'all' | 'true' | 'false'>('all');
  const [parentId, setParentId] = useState<number | ''>('');
  const parents = useCatalogueOptions(traits.parent ?? 'pais', Boolean(traits.parent));
  const params = useMemo(
    () => ({ ...tableQueryParams(query), enabled, parentId: parentId === '' ? undefined : parentId }),
    [query, enabled, parentId],
  );
  const list = useCatalogueList(model, params);
  const base = `/app/entities/${model}`;

  const columns: DataTableColumn<CatalogueEntry>[] = [
    { id: 'name', label: t('catalogues.fields.name'), sortKey: 'name', render: (entry) => entry.name },
    { id: 'abbr', label: t('catalogues.fields.abbr'), sortKey: 'abbr', render: (entry) => entry.abbr ?? '—' },
    ...(traits.parent
      ? [
          {
            id: 'parent',
            label: t(`catalogues.parent.${traits.parent}`),
            render: (entry: CatalogueEntry) => entry.parentName ?? '—',
          },
        ]
      : []),
    {
      id: 'description',
      label: t('catalogues.fields.description'),
      render: (entry) => (
        <Box sx={{ maxWidth: 360, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {entry.description ?? '—'}
        </Box>
      ),
    },
    ...(traits.label
      ? [
          {
            id: 'color',
            label: t('catalogues.fields.color'),
            render: (entry: CatalogueEntry) => <ColorSwatch color={entry.color} />,
          },
          {
            id: 'kanban',
            label: t('catalogues.fields.kanban'),
            render: (entry: CatalogueEntry) => (entry.kanban ? t('common.yes') : t('common.no')),
          },
          {
            id: 'sortOrder',
            label: t('catalogues.fields.sortOrder'),
            sortKey: 'sortOrder',
            align: 'right' as const,
            render: (entry: CatalogueEntry) => entry.sortOrder ?? '—',
          },
        ]
      : []),
    {
      id: 'enabled',
      label: t('catalogues.fields.enabled'),
      render: (entry) => <EnabledChip enabled={entry.enabled} />,
    },
  ];

  return (
    <ListPage
      title={t(`menu.items.entity.${model}`)}
      add={can(EDIT_CATALOGUES) && { to: `${base}/add`, label: t('catalogues.add'), testId: 'catalogue-add' }}
      list={list}
      tableId={`entities-${model}`}
      columns={columns}
      query={query}
      onQueryChange={setQuery}
      rowKey={(entry) => entry.id}
      rowTestId={(entry) => `catalogue-row-${entry.name}`}
      rowLink={(entry) => `${base}/${entry.id}/view`}
      enabledFilter={{
        value: enabled,
        onChange: setEnabled,
        testId: 'catalogue-filter-enabled',
        label: t('catalogues.fields.enabled'),
      }}
      filters={
        traits.parent ? (
          <FilterSelect
            label={t(`catalogues.parent.${traits.parent}`)}
            value={parentId}
            onChange={(value) => {
              setParentId(value);
              setQuery((current) => ({ ...current, page: 1 }));
            }}
            options={(parents.data?.data ?? []).map((parent) => ({ value: parent.id, label: parent.name }))}
            testId="catalogue-filter-parent"
            minWidth={180}
          />
        ) : null
      }
      rowActions={(entry) => (
        <>
          <Tooltip title={t('common.view')}>
            <IconButton
              size="small"
              component={RouterLink}
              to={`${base}/${entry.id}/view`}
              aria-label={t('common.view')}
            >
              <VisibilityIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          {can(EDIT_CATALOGUES) ? (
            <RowAction
              title={t('common.edit')}
              icon={<EditIcon fontSize="small" />}
              to={`${base}/${entry.id}/edit`}
              testId={`catalogue-edit-${entry.name}`}
            />
          ) : null}
        </>
      )}
    />
  );
}

/** /app/entities/:model/:id/view */
export function CatalogueViewPage() {
  const model = useModel();
  const id = useEntryId();
  return model && id ? <CatalogueView model={model} id={id} /> : <NotFound />;
}

function CatalogueView({ model, id }: { model: CatalogueModel; id: number }) {
  const { t, i18n } = useTranslation();
  const { can } = usePermissions();
  const entry = useCatalogueEntry(model, id);
  const traits = CATALOGUE_TRAITS[model];
  if (entry.isError) return <StatusPage title={t('pages.notFound.title')} description={entry.error.message} />;
  if (!entry.data) return <PageLoader />;
  const item = entry.data;
  const base = `/app/entities/${model}`;
  const by = (who: { nombre: string } | null, when: string) =>
    [formatDateTime(when, i18n.language), who ? `(${who.nombre})` : ''].join(' ').trim();
  return (
    <PageContainer maxWidth={960}>
      <PageHeader
        title={item.name}
        subtitle={t(`menu.items.entity.${model}`)}
        backTo={`${base}/list`}
        actions={
          can(EDIT_CATALOGUES) ? (
            <Button
              component={RouterLink}
              to={`${base}/${id}/edit`}
              variant="contained"
              startIcon={<EditIcon />}
              data-testid="catalogue-edit"
            >
              {t('common.edit')}
            </Button>
          ) : null
        }
      />
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <DetailList
            rows={[
              { label: t('catalogues.fields.name'), value: item.name, testId: 'catalogue-view-name' },
              { label: t('catalogues.fields.abbr'), value: item.abbr },
              { label: t('catalogues.fields.description'), value: item.description },
              ...(traits.parent ? [{ label: t(`catalogues.parent.${traits.parent}`), value: item.parentName }] : []),
              ...(traits.label
                ? [
                    { label: t('catalogues.fields.color'), value: <ColorSwatch color={item.color} /> },
                    { label: t('catalogues.fields.kanban'), value: item.kanban ? t('common.yes') : t('common.no') },
                    { label: t('catalogues.fields.sortOrder'), value: item.sortOrder ?? '' },
                  ]
                : []),
              { label: t('catalogues.fields.enabled'), value: <EnabledChip enabled={item.enabled} /> },
              ...(item.code
                ? [{ label: t('catalogues.fields.code'), value: <Chip size="small" label={item.code} /> }]
                : []),
              { label: t('catalogues.fields.created'), value: by(item.createdBy, item.createdAt) },
              { label: t('catalogues.fields.updated'), value: by(item.updatedBy, item.updatedAt) },
            ]}
          />
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <AuditHistory path={`entities/${model}/${id}/audit`} />
        </CardContent>
      </Card>
    </PageContainer>
  );
}

/** /app/entities/:model/add and /:id/edit */
export function CatalogueFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const model = useModel();
  const id = useEntryId();
  if (!model || (mode === 'edit' && !id)) return <NotFound />;
  return <CatalogueFormLoader key={`${model}-${id}`} model={model} id={mode === 'edit' ? id : null} />;
}

function CatalogueFormLoader({ model, id }: { model: CatalogueModel; id: number | null }) {
  const { t } = useTranslation();
  const entry = useCatalogueEntry(model, id);
  if (id !== null && entry.isError)
    return <StatusPage title={t('pages.notFound.title')} description={entry.error.message} />;
  if (id !== null && !entry.data) return <PageLoader />;
  return <CatalogueForm model={model} id={id} initial={entry.data ? entryToForm(entry.data) : EMPTY_CATALOGUE_FORM} />;
}

function CatalogueForm({
  model,
  id,
  initial,
}: {
  model: CatalogueModel;
  id: number | null;
  initial: CatalogueFormState;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const feedback = useApiFeedback();
  const traits = CATALOGUE_TRAITS[model];
  const parents = useCatalogueOptions(traits.parent ?? 'pais', Boolean(traits.parent));
  const save = useSaveCatalogueEntry(model);
  const [state, setState] = useState(initial);
  const body = useMemo(() => formToCatalogueBody(model, state), [model, state]);
  const form = useFormErrors({ values: body, schema: catalogueEntryBodySchema });
  const { errors } = form;
  const base = `/app/entities/${model}`;
  const set = <K extends keyof CatalogueFormState>(field: K, value: CatalogueFormState[K]) =>
    setState((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.check()) return;
    save.mutate(
      { id, body },
      {
        onSuccess: (saved) => {
          feedback.success(id === null ? t('catalogues.created') : t('common.saved'));
          navigate(`${base}/${saved.id}/view`);
        },
        onError: (error) => feedback.failure(error, form.show),
      },
    );
  };

  const modelName = t(`menu.items.entity.${model}`);
  return (
    <PageContainer maxWidth={760}>
      <PageHeader
        title={
          id === null
            ? t('catalogues.addTitle', { model: modelName })
            : t('catalogues.editTitle', { name: initial.name })
        }
        subtitle={modelName}
        backTo={id === null ? `${base}/list` : `${base}/${id}/view`}
      />
      <Card variant="outlined">
        <CardContent component="form" ref={form.formRef} onSubmit={submit} noValidate data-testid="catalogue-form">
          <FormField
            label={t('catalogues.fields.name')}
            required
            value={state.name}
            onValueChange={(value) => set('name', value)}
            error={errors.name}
            testId="catalogue-field-name"
            maxLength={120}
          />
          <FormField
            label={t('catalogues.fields.abbr')}
            value={state.abbr}
            onValueChange={(value) => set('abbr', value)}
            error={errors.abbr}
            testId="catalogue-field-abbr"
            maxLength={20}
          />
          <FormField
            label={t('catalogues.fields.description')}
            multiline
            minRows={2}
            value={state.description}
            onValueChange={(value) => set('description', value)}
            error={errors.description}
            testId="catalogue-field-description"
            maxLength={500}
          />
          {traits.parent ? (
            <TextField
              select
              margin="dense"
              label={t(`catalogues.parent.${traits.parent}`)}
              value={state.parentId}
              onChange={(event) => {
                const value = event.target.value as number | '';
                set('parentId', value === '' ? '' : Number(value));
              }}
              error={Boolean(errors.parentId)}
              helperText={errors.parentId}
              slotProps={{
                select: {
                  displayEmpty: true,
                  SelectDisplayProps: { 'data-testid': 'catalogue-field-parentId' } as object,
                },
                inputLabel: { shrink: true },
              }}
            >
              <MenuItem value="">
                <em>{t('common.none')}</em>
              </MenuItem>
              {(parents.data?.data ?? []).map((parent) => (
                <MenuItem key={parent.id} value={parent.id}>
                  {parent.name}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          {traits.label ? (
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
              <FormField
                type="color"
                label={t('catalogues.fields.color')}
                value={state.color}
                onValueChange={(value) => set('color', value)}
                error={errors.color}
                testId="catalogue-field-color"
                sx={{ '& input': { height: 32, cursor: 'pointer' } }}
              />
              <FormField
                type="number"
                label={t('catalogues.fields.sortOrder')}
                value={state.sortOrder}
                onValueChange={(value) => set('sortOrder', value)}
                error={errors.sortOrder}
                testId="catalogue-field-sortOrder"
                slotProps={{ htmlInput: { min: 0, max: 10000 } }}
              />
              <SwitchField
                label={t('catalogues.fields.kanban')}
                checked={state.kanban}
                onChange={(checked) => set('kanban', checked)}
                testId="catalogue-field-kanban"
              />
            </Box>
          ) : null}
          <Box>
            <SwitchField
              label={t('common.enabled')}
              checked={state.enabled}
              onChange={(checked) => set('enabled', checked)}
              testId="catalogue-field-enabled"
            />
          </Box>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
            <Button
              type="submit"
              variant="contained"
              startIcon={<SaveIcon />}
              disabled={save.isPending}
              data-testid="catalogue-save"
            >
              {t('common.save')}
            </Button>
          </Box>
        </CardContent>
      </Card>
    </PageContainer>
  );
}
