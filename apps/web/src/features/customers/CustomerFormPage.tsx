import './i18n';
import { customerBodySchema, GENDERS } from '@atiende/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import SaveIcon from '@mui/icons-material/Save';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { SEARCH_DEBOUNCE_MS } from '../../ui/DataTable';
import { FormField } from '../../ui/FormField';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { Tooltip } from '../../ui/Tooltip';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { useEditGate } from '../../ui/useEditGate';
import { type FieldErrors, useFormErrors } from '../../ui/useFormErrors';
import { useCustomer, useCustomerCatalogue, useCustomerSearch, useOwnerOptions, useSaveCustomer } from './api';
import { LabelMultiSelect, UserSelect } from './components';
import {
  type ContactRow,
  type CustomerFormState,
  contactKind,
  customerToForm,
  EMPTY_CUSTOMER_FORM,
  formToBody,
  newContactRow,
  parseCustomerId,
  type RelatedOption,
} from './model';
import { validateContacts } from './validation';

const GRID = { display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 } as const;

function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, flexGrow: 1 }}>
            {title}
          </Typography>
          {action}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

interface SelectOption {
  id: number;
  name: string;
}

function IdSelect({
  label,
  value,
  options,
  onChange,
  error,
  testId,
  required,
  empty,
  size,
}: {
  label: string;
  value: number | '';
  options: readonly SelectOption[];
  onChange: (value: number | '') => void;
  error?: string;
  testId: string;
  required?: boolean;
  /** Label of an empty choice (none when omitted). */
  empty?: string;
  size?: 'small' | 'medium';
}) {
  return (
    <TextField
      select
      margin="dense"
      size={size}
      label={label}
      value={options.some((option) => option.id === value) ? value : ''}
      required={required}
      error={Boolean(error)}
      helperText={error}
      onChange={(event) => {
        const raw = event.target.value as unknown as number | string;
        onChange(raw === '' ? '' : Number(raw));
      }}
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': testId } as object } }}
    >
      {empty !== undefined ? (
        <MenuItem value="" data-testid={`${testId}-option-none`}>
          <em>{empty}</em>
        </MenuItem>
      ) : null}
      {options.map((option) => (
        <MenuItem key={option.id} value={option.id} data-testid={`${testId}-option-${option.id}`}>
          {option.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Related customers: multiple choice searched on the server as the user types. */
function RelatedPicker({
  value,
  onChange,
  excludeId,
  error,
}: {
  value: RelatedOption[];
  onChange: (value: RelatedOption[]) => void;
  excludeId: number | null;
  error?: string;
}) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [text, setText] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setText(input), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [input]);
  const search = useCustomerSearch(text);
  const options: RelatedOption[] = (search.data?.data ?? [])
    .filter((item) => item.id !== excludeId)
    .map((item) => ({ id: item.id, fullName: item.fullName, identificationNumber: item.identificationNumber }));

  return (
    <Autocomplete
      multiple
      filterSelectedOptions
      options={options}
      value={value}
      loading={search.isFetching}
      filterOptions={(items) => items}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      getOptionLabel={(option) => `${option.fullName} (${option.identificationNumber})`}
      onChange={(_, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_, next, reason) => {
        if (reason !== 'reset') setInput(next);
      }}
      noOptionsText={t('customers.form.noMatches')}
      loadingText={t('common.loading')}
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest} data-testid={`customer-related-option-${option.id}`}>
            <Box>
              <Typography variant="body2">{option.fullName}</Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {option.identificationNumber}
              </Typography>
            </Box>
          </li>
        );
      }}
      renderValue={(selected, getItemProps) =>
        selected.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={option.fullName} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          margin="dense"
          label={t('customers.fields.related')}
          error={Boolean(error)}
          helperText={error ?? t('customers.form.relatedHint')}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'customer-related' },
          }}
        />
      )}
    />
  );
}

interface ContactsEditorProps {
  rows: ContactRow[];
  onChange: (rows: ContactRow[]) => void;
  errors: Record<string, string>;
  types: readonly { id: number; name: string; code: string | null }[];
  cities: readonly SelectOption[];
}

function ContactsEditor({ rows, onChange, errors, types, cities }: ContactsEditorProps) {
  const { t } = useTranslation();
  const update = (index: number, patch: Partial<ContactRow>) =>
    onChange(rows.map((row, position) => (position === index ? { ...row, ...patch } : row)));
  const codeOf = (typeId: number | '') => types.find((type) => type.id === typeId)?.code ?? null;

  if (rows.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary', py: 1 }} data-testid="customer-contacts-empty">
        {t('customers.form.noContacts')}
      </Typography>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {rows.map((row, index) => {
        const kind = contactKind(codeOf(row.typeId));
        const field = (name: keyof ContactRow & string, options: { max?: number; wide?: boolean } = {}) => (
          <FormField
            name={`contacts.${index}.${name}`}
            label={t(`customers.contact.${name}`)}
            value={row[name] as string}
            onValueChange={(value) => update(index, { [name]: value })}
            error={errors[`contacts.${index}.${name}`]}
            testId={`customer-contact-${index}-${name}`}
            maxLength={options.max}
            size="small"
          />
        );
        return (
          <Paper
            key={row.key}
            variant="outlined"
            data-testid={`customer-contact-${index}`}
            sx={{ p: 1.5, pt: 1, position: 'relative' }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', mb: 0.5 }}>
              <Typography variant="caption" sx={{ color: 'text.secondary', flexGrow: 1 }}>
                {t('customers.contact.number', { number: index + 1 })}
              </Typography>
              <Tooltip title={t('customers.contact.remove')}>
                <IconButton
                  size="small"
                  aria-label={t('customers.contact.remove')}
                  onClick={() => onChange(rows.filter((_, position) => position !== index))}
                  data-testid={`customer-contact-${index}-remove`}
                >
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Box>
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' },
                columnGap: 1.5,
              }}
            >
              <IdSelect
                label={t('customers.contact.type')}
                required
                size="small"
                value={row.typeId}
                options={types}
                onChange={(typeId) => update(index, { typeId })}
                error={errors[`contacts.${index}.typeId`]}
                testId={`customer-contact-${index}-type`}
              />
              <FormField
                name={`contacts.${index}.value`}
                label={t('customers.contact.value')}
                required
                size="small"
                type={kind === 'email' ? 'email' : kind === 'phone' ? 'tel' : 'text'}
                value={row.value}
                onValueChange={(value) => update(index, { value })}
                error={errors[`contacts.${index}.value`]}
                helperText={kind === 'phone' ? t('customers.contact.phoneHint') : undefined}
                testId={`customer-contact-${index}-value`}
                maxLength={254}
              />
              {field('label', { max: 60 })}
              {field('areaCode', { max: 10 })}
              {field('extension', { max: 10 })}
              {field('zone', { max: 60 })}
              <IdSelect
                label={t('customers.contact.city')}
                size="small"
                value={row.cityId}
                options={cities}
                empty={t('common.none')}
                onChange={(cityId) => update(index, { cityId })}
                error={errors[`contacts.${index}.cityId`]}
                testId={`customer-contact-${index}-city`}
              />
            </Box>
          </Paper>
        );
      })}
    </Box>
  );
}

function CustomerForm({
  initial,
  customerId,
  saving,
  onSubmit,
}: {
  initial: CustomerFormState;
  customerId: number | null;
  saving: boolean;
  onSubmit: (state: CustomerFormState, showErrors: (errors: FieldErrors) => void) => void;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<CustomerFormState>(initial);
  const body = useMemo(() => formToBody(state), [state]);
  const documentTypes = useCustomerCatalogue('tipo-documento');
  const contactTypes = useCustomerCatalogue('tipo-dato-contacto');
  const cities = useCustomerCatalogue('ciudad');
  const labels = useCustomerCatalogue('customer-label');
  const users = useOwnerOptions();
  const form = useFormErrors({
    values: body,
    schema: customerBodySchema,
    rules: () => {
      const found: FieldErrors = {};
      if (state.identificationTypeId === '') found.identificationTypeId = t('validation.required');
      const contactErrors = validateContacts(
        state.contacts,
        (typeId) => contactTypes.data?.find((type) => type.id === typeId)?.code,
      );
      for (const [field, key] of Object.entries(contactErrors)) found[field] = t(key);
      return found;
    },
  });
  const { errors } = form;

  const typeOptions = useMemo(
    () =>
      (documentTypes.data ?? []).map((type) => ({
        id: type.id,
        name: type.abbr ? `${type.abbr} — ${type.name}` : type.name,
      })),
    [documentTypes.data],
  );

  const set =
    <K extends keyof CustomerFormState>(field: K) =>
    (value: CustomerFormState[K]) =>
      setState((current) => ({ ...current, [field]: value }));

  const text = (field: keyof CustomerFormState & string, options: { required?: boolean; max?: number } = {}) => (
    <FormField
      name={field}
      label={t(`customers.fields.${field}`)}
      required={options.required}
      maxLength={options.max}
      value={state[field] as string}
      onValueChange={set(field) as (value: string) => void}
      error={errors[field]}
      testId={`customer-field-${field}`}
    />
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.check()) return;
    onSubmit(state, form.show);
  };

  return (
    <Box component="form" ref={form.formRef} onSubmit={submit} noValidate data-testid="customer-form">
      <Section title={t('customers.sections.identification')}>
        <Box sx={GRID}>
          <IdSelect
            label={t('customers.fields.identificationType')}
            required
            value={state.identificationTypeId}
            options={typeOptions}
            onChange={set('identificationTypeId')}
            error={errors.identificationTypeId}
            testId="customer-identification-type"
          />
          {text('identificationNumber', { required: true, max: 40 })}
          {text('firstName', { required: true, max: 80 })}
          {text('middleName', { max: 80 })}
          {text('lastName', { required: true, max: 80 })}
          {text('secondLastName', { max: 80 })}
          <FormField
            name="birthday"
            type="date"
            label={t('customers.fields.birthday')}
            value={state.birthday}
            onValueChange={set('birthday')}
            error={errors.birthday}
            testId="customer-field-birthday"
          />
          <TextField
            select
            margin="dense"
            label={t('customers.fields.gender')}
            value={state.gender}
            onChange={(event) => set('gender')(event.target.value as CustomerFormState['gender'])}
            error={Boolean(errors.gender)}
            helperText={errors.gender}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'customer-field-gender' } as object } }}
          >
            {GENDERS.map((gender) => (
              <MenuItem key={gender} value={gender} data-testid={`customer-field-gender-option-${gender}`}>
                {t(`customers.genders.${gender}`)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
      </Section>
      <Section title={t('customers.sections.management')}>
        <Box sx={GRID}>
          <LabelMultiSelect
            label={t('customers.fields.labels')}
            value={state.labelIds}
            options={labels.data ?? []}
            onChange={set('labelIds')}
            error={errors.labelIds}
            testId="customer-labels"
          />
          <UserSelect
            label={t('customers.fields.owner')}
            value={state.ownerUserId}
            users={users.data ?? []}
            onChange={set('ownerUserId')}
            error={errors.ownerUserId}
            emptyLabel={t('customers.form.noOwner')}
            testId="customer-owner"
          />
        </Box>
        <RelatedPicker
          value={state.related}
          onChange={set('related')}
          excludeId={customerId}
          error={errors.relatedCustomerIds}
        />
      </Section>
      <Section
        title={t('customers.sections.contacts')}
        action={
          <Button
            size="small"
            startIcon={<AddIcon />}
            onClick={() => set('contacts')([...state.contacts, newContactRow(contactTypes.data?.[0]?.id ?? '')])}
            data-testid="customer-contact-add"
          >
            {t('customers.contact.add')}
          </Button>
        }
      >
        {errors.contacts ? (
          <Typography variant="body2" sx={{ color: 'error.main', mb: 1 }} data-invalid="true">
            {errors.contacts}
          </Typography>
        ) : null}
        <ContactsEditor
          rows={state.contacts}
          onChange={set('contacts')}
          errors={errors}
          types={contactTypes.data ?? []}
          cities={(cities.data ?? []).map((city) => ({ id: city.id, name: city.name }))}
        />
      </Section>
      {Object.keys(errors).length > 0 ? (
        <Typography variant="body2" sx={{ color: 'error.main', mb: 1 }} role="alert" data-testid="customer-form-errors">
          {t('validation.fixErrors')}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <Button
          component={RouterLink}
          to={customerId ? `/app/customers/${customerId}/view` : '/app/customers'}
          disabled={saving}
        >
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={saving}
          startIcon={saving ? <CircularProgress size={16} color="inherit" /> : <SaveIcon />}
          data-testid="customer-save"
        >
          {t('common.save')}
        </Button>
      </Box>
    </Box>
  );
}

/** /app/customers/add and /app/customers/:id/edit. */
export function CustomerFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const [searchParams] = useSearchParams();
  // Another screen (e.g. /app/tickets/add) may send the user here and get the new customer back: ?returnTo=/app/...
  const returnTo = searchParams.get('returnTo');
  const safeReturn = returnTo && /^\/app\/[\w\-/]*$/.test(returnTo) ? returnTo : null;
  const id = mode === 'edit' ? parseCustomerId(params.id) : null;
  const customer = useCustomer(id);
  const save = useSaveCustomer();
  const feedback = useApiFeedback();

  const gate = useEditGate(mode, id, customer, 'customer-not-found');
  if (gate) return gate;

  const title =
    mode === 'create' ? t('customers.add') : t('customers.editTitle', { name: customer.data?.fullName ?? '' });
  return (
    <PageContainer maxWidth={1080}>
      <PageHeader title={title} backTo={id ? `/app/customers/${id}/view` : (safeReturn ?? '/app/customers')} />
      <CustomerForm
        key={customer.data?.id ?? 'new'}
        initial={customer.data ? customerToForm(customer.data) : EMPTY_CUSTOMER_FORM}
        customerId={id}
        saving={save.isPending}
        onSubmit={(state, showErrors) =>
          save.mutate(
            { id, body: formToBody(state) },
            {
              onSuccess: (saved) => {
                feedback.success(mode === 'create' ? t('customers.created') : t('common.saved'));
                if (mode === 'create' && safeReturn) navigate(`${safeReturn}?customerId=${saved.id}`);
                else navigate(`/app/customers/${saved.id}/view`);
              },
              onError: (error) => {
                if (error instanceof ApiError && error.httpStatus === 409) {
                  showErrors({ ...error.fields, identificationNumber: error.message });
                  feedback.notify(error.message, 'error');
                  return;
                }
                feedback.failure(error, showErrors);
              },
            },
          )
        }
      />
    </PageContainer>
  );
}
