import { type CustomerListItem, TICKET_PRIORITY } from '@atiende/contracts';
import PersonAddAltIcon from '@mui/icons-material/PersonAddAlt';
import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useSelectedCampaign } from '../../app/campaign';
import { usePermissions } from '../../app/queries';
import { FormField, SwitchField } from '../../ui/FormField';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { errorsUnder, type FieldErrors, prefixErrors, useFormErrors } from '../../ui/useFormErrors';
import { useCustomer, useCustomerSearch } from '../customers/api';
import { loadedFormValuesValidator, useSendWithFormValuesValidator } from '../forms/formValuesValidator';
import { fetchTicketByNumber, useCampaignForm, useCreateTicket, useTicketTypes } from './api';
import {
  draftToTask,
  emptyTaskDraft,
  type TaskDraft,
  TaskFields,
  taskDraftValues,
  validateTaskDraft,
} from './components';
import { duplicateNumber, PRIORITY_KEYS, taskFieldErrors } from './model';

type CustomerOption = Pick<CustomerListItem, 'id' | 'fullName' | 'identificationNumber'>;

/** /app/tickets/add: campaign, customer, type, priority, description and an optional first task. */
export function TicketAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const feedback = useApiFeedback();
  const { can } = usePermissions();
  const [searchParams] = useSearchParams();
  const { campaignId: headerCampaignId, campaigns } = useSelectedCampaign();
  const types = useTicketTypes();
  const create = useCreateTicket();

  const [campaignId, setCampaignId] = useState<number | ''>(headerCampaignId ?? '');
  const [customer, setCustomer] = useState<CustomerOption | null>(null);
  const [customerText, setCustomerText] = useState('');
  const [typeId, setTypeId] = useState<number | ''>('');
  const [priority, setPriority] = useState<number>(TICKET_PRIORITY.medium);
  const [description, setDescription] = useState('');
  const [withTask, setWithTask] = useState(false);
  const [draft, setDraft] = useState<TaskDraft>(() => emptyTaskDraft([]));
  const [duplicate, setDuplicate] = useState<{ message: string; id: number | null; number: number | null } | null>(
    null,
  );

  const search = useCustomerSearch(customerText);
  const returned = Number(searchParams.get('customerId'));
  const returnedCustomer = useCustomer(Number.isInteger(returned) && returned > 0 ? returned : null);
  const { form, isLoading: formLoading } = useCampaignForm(campaignId === '' ? null : campaignId);
  // One set of errors for the page: the ticket's fields, and the first task's under `task.`.
  const checks = useFormErrors({
    values: {
      campaignId,
      customerId: customer?.id ?? null,
      typeId,
      priority,
      description,
      task: taskDraftValues(draft),
    },
    rules: (): FieldErrors => {
      const found: FieldErrors = {};
      if (campaignId === '') found.campaignId = t('validation.required');
      if (!customer) found.customerId = t('validation.required');
      if (!description.trim()) found.description = t('validation.required');
      return withTask
        ? { ...found, ...prefixErrors('task', validateTaskDraft(form, draft, t, loadedFormValuesValidator())) }
        : found;
    },
  });
  const { errors } = checks;
  const clearErrors = checks.clear;

  // Back from "create customer": preselect the new customer.
  useEffect(() => {
    if (returnedCustomer.data) setCustomer(returnedCustomer.data);
  }, [returnedCustomer.data]);
  // The header's campaign arrives after the first render when the list was not cached yet.
  useEffect(() => {
    if (campaignId === '' && headerCampaignId) setCampaignId(headerCampaignId);
  }, [campaignId, headerCampaignId]);
  useEffect(() => {
    setDraft(emptyTaskDraft(form?.form.fields));
    clearErrors('task');
  }, [form, clearErrors]);

  const options: CustomerOption[] = search.data?.data ?? [];

  const save = useSendWithFormValuesValidator(() => {
    if (!checks.check() || campaignId === '' || !customer) return;
    setDuplicate(null);
    create.mutate(
      {
        campaignId,
        customerId: customer.id,
        typeId: typeId === '' ? null : typeId,
        priority,
        description: description.trim(),
        task: withTask ? draftToTask(draft) : null,
      },
      {
        onSuccess: (ticket) => {
          feedback.success(t('tickets.created', { number: ticket.number }));
          navigate(`/app/tickets/${ticket.id}/view`);
        },
        onError: async (error) => {
          if (error instanceof ApiError && error.code === 'TICKET.DUPLICATE') {
            feedback.notify(error.message, 'error');
            const fromResult = Number((error.answer.result as { number?: unknown } | undefined)?.number);
            const number = Number.isInteger(fromResult) && fromResult > 0 ? fromResult : duplicateNumber(error.message);
            setDuplicate({ message: error.message, id: null, number });
            if (number) {
              try {
                const existing = await fetchTicketByNumber(number);
                setDuplicate({ message: error.message, id: existing.id, number });
              } catch {
                // Not visible to this user: the message alone explains it.
              }
            }
            return;
          }
          if (error instanceof ApiError) {
            // The server names the task's fields `task.values.<key>`, `task.notes`: shown as `task.<key>`.
            const ticketFields = Object.entries(error.fields).filter(([field]) => !field.startsWith('task.'));
            const taskFields = Object.fromEntries(
              Object.entries(error.fields).filter(([field]) => field.startsWith('task.')),
            );
            checks.show({
              ...Object.fromEntries(ticketFields),
              ...prefixErrors('task', taskFieldErrors(taskFields, 'task.')),
            });
          }
          feedback.failure(error);
        },
      },
    );
  });

  return (
    <PageContainer maxWidth={900}>
      <PageHeader title={t('tickets.add')} backTo="/app/tickets" />
      {duplicate ? (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="ticket-duplicate">
          {duplicate.message}
          {duplicate.id ? (
            <>
              {' '}
              <Link component={RouterLink} to={`/app/tickets/${duplicate.id}/view`} data-testid="ticket-duplicate-link">
                {t('tickets.addPage.openExisting', { number: duplicate.number })}
              </Link>
            </>
          ) : null}
        </Alert>
      ) : null}
      <Paper ref={checks.formRef} variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <TextField
          select
          fullWidth
          margin="dense"
          required
          label={t('tickets.fields.campaign')}
          value={campaignId}
          error={Boolean(errors.campaignId)}
          helperText={errors.campaignId}
          onChange={(event) => {
            const raw = event.target.value as unknown as number | string;
            setCampaignId(raw === '' ? '' : Number(raw));
          }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'ticket-campaign' } as object } }}
        >
          {(campaigns.data ?? []).map((campaign) => (
            <MenuItem key={campaign.id} value={campaign.id} data-testid={`ticket-campaign-option-${campaign.id}`}>
              {campaign.nombre}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
          <Autocomplete
            sx={{ flexGrow: 1, minWidth: 240 }}
            options={options}
            value={customer}
            loading={search.isFetching}
            filterOptions={(items) => items}
            onChange={(_, value) => setCustomer(value)}
            onInputChange={(_, value, reason) => {
              if (reason !== 'reset') setCustomerText(value);
            }}
            getOptionLabel={(option) => `${option.fullName} · ${option.identificationNumber}`}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            noOptionsText={t('tickets.addPage.noCustomers')}
            renderOption={({ key, ...props }, option) => (
              <li key={key} {...props} data-testid={`ticket-customer-option-${option.id}`}>
                <Box>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {option.fullName}
                  </Typography>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {option.identificationNumber}
                  </Typography>
                </Box>
              </li>
            )}
            renderInput={(params) => (
              <TextField
                {...params}
                margin="dense"
                required
                label={t('tickets.fields.customer')}
                placeholder={t('tickets.addPage.customerSearch')}
                error={Boolean(errors.customerId)}
                helperText={errors.customerId}
                slotProps={{
                  ...params.slotProps,
                  htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'ticket-customer' },
                }}
              />
            )}
          />
          {can('agregar-cliente') ? (
            <Button
              component={RouterLink}
              to={`/app/customers/add?returnTo=${encodeURIComponent('/app/tickets/add')}`}
              startIcon={<PersonAddAltIcon />}
              sx={{ mt: 2, whiteSpace: 'nowrap' }}
              data-testid="ticket-customer-create"
            >
              {t('tickets.addPage.createCustomer')}
            </Button>
          ) : null}
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          <TextField
            select
            margin="dense"
            label={t('tickets.fields.type')}
            value={typeId}
            onChange={(event) => {
              const raw = event.target.value as unknown as number | string;
              setTypeId(raw === '' ? '' : Number(raw));
            }}
            error={Boolean(errors.typeId)}
            helperText={errors.typeId}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'ticket-type' } as object } }}
          >
            <MenuItem value="">
              <em>{t('common.none')}</em>
            </MenuItem>
            {(types.data ?? []).map((type) => (
              <MenuItem key={type.id} value={type.id} data-testid={`ticket-type-option-${type.id}`}>
                {type.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            margin="dense"
            label={t('tickets.fields.priority')}
            value={priority}
            onChange={(event) => setPriority(Number(event.target.value))}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'ticket-priority' } as object } }}
          >
            {PRIORITY_KEYS.map((key) => (
              <MenuItem
                key={key}
                value={TICKET_PRIORITY[key]}
                data-testid={`ticket-priority-option-${TICKET_PRIORITY[key]}`}
              >
                {t(`tickets.priority.${key}`)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <FormField
          fullWidth
          required
          multiline
          minRows={3}
          label={t('tickets.fields.description')}
          value={description}
          onValueChange={setDescription}
          error={errors.description}
          testId="ticket-field-description"
          maxLength={10_000}
        />
        <Box sx={{ mt: 1 }}>
          <SwitchField
            label={t('tickets.addPage.withTask')}
            checked={withTask}
            onChange={setWithTask}
            disabled={campaignId === ''}
            testId="ticket-with-task"
          />
        </Box>
        {withTask ? (
          formLoading ? (
            <CircularProgress size={24} />
          ) : (
            <Box sx={{ borderInlineStart: 3, borderColor: 'primary.main', paddingInlineStart: 2, my: 1 }}>
              <TaskFields detail={form} draft={draft} onChange={setDraft} errors={errorsUnder(errors, 'task')} />
            </Box>
          )
        ) : null}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 2 }}>
          <Button component={RouterLink} to="/app/tickets">
            {t('common.cancel')}
          </Button>
          <Button
            variant="contained"
            onClick={save}
            disabled={create.isPending}
            startIcon={create.isPending ? <CircularProgress size={16} color="inherit" /> : <SaveIcon />}
            data-testid="ticket-save"
          >
            {t('common.save')}
          </Button>
        </Box>
      </Paper>
    </PageContainer>
  );
}
