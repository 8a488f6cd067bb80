import type {
  AuditEntry,
  Campaign,
  CatalogueEntry,
  ColleagueItem,
  InteractionMessage,
  Page,
  Ticket,
  TicketListItem,
  TicketListView,
  TicketListViewBody,
  TransferCandidate,
} from '@atiende/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { downloadApiFile } from '../../api/download';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { deskKeys } from '../desk/api';
import type { DynamicFormDetail } from '../forms/api';

export interface TicketPage extends Page<TicketListItem> {
  totalCapped?: boolean;
}

export type TicketListParams = Record<string, string | number>;

export interface TaskInput {
  values: Record<string, unknown>;
  notes?: string | null;
  nextTaskAt?: string | null;
}

export interface CreateTicketInput {
  campaignId: number;
  customerId: number;
  typeId?: number | null;
  priority: number;
  description: string;
  task?: TaskInput | null;
}

/** Query keys of the tickets module; every mutation invalidates `tickets` (lists and details). */
export const ticketKeys = {
  all: ['tickets'] as const,
  lists: () => [...ticketKeys.all, 'list'] as const,
  list: (params: TicketListParams) => [...ticketKeys.lists(), params] as const,
  details: () => [...ticketKeys.all, 'detail'] as const,
  detail: (id: number) => [...ticketKeys.details(), id] as const,
  byNumber: (number: number) => [...ticketKeys.all, 'by-number', number] as const,
  history: (id: number) => [...ticketKeys.all, 'history', id] as const,
  campaign: (id: number) => ['campaigns', 'detail', id] as const,
  form: (id: number) => ['dynamic-forms', 'detail', id] as const,
  types: ['entities', 'tipo-caso', 'ticket-options'] as const,
  users: ['usuario'] as const,
};

export function useTicketList(params: TicketListParams) {
  return useQuery({
    queryKey: ticketKeys.list(params),
    queryFn: () => unwrap(api.get<TicketPage>('tickets', { query: params })),
    placeholderData: keepPreviousData,
  });
}

export function useTicket(id: number | null) {
  return useQuery({
    queryKey: ticketKeys.detail(id ?? 0),
    queryFn: () => unwrap(api.get<Ticket>(`tickets/${id}`)),
    enabled: id !== null,
  });
}

export function useTicketHistory(id: number, enabled = true) {
  return useQuery({
    queryKey: ticketKeys.history(id),
    queryFn: () => unwrap(api.get<AuditEntry[]>(`tickets/${id}/history`)),
    enabled,
  });
}

/** `GET campaigns/:id` (form, scripts, custom tabs, configuration). */
export function useTicketCampaign(id: number | null) {
  return useQuery({
    queryKey: ticketKeys.campaign(id ?? 0),
    queryFn: () => unwrap(api.get<Campaign>(`campaigns/${id}`)),
    enabled: id !== null,
    staleTime: 60_000,
  });
}

/** The campaign's dynamic form (`GET dynamic-forms/:formId` → {form, lists}); null when the campaign has none. */
export function useCampaignForm(campaignId: number | null) {
  const campaign = useTicketCampaign(campaignId);
  const formId = campaign.data?.formId ?? null;
  const form = useQuery({
    queryKey: ticketKeys.form(formId ?? 0),
    queryFn: () => unwrap(api.get<DynamicFormDetail>(`dynamic-forms/${formId}`)),
    enabled: formId !== null,
    staleTime: 60_000,
  });
  return {
    campaign,
    form: formId === null ? null : (form.data ?? null),
    isLoading: campaign.isLoading || (formId !== null && form.isLoading),
  };
}

export function useTicketTypes() {
  return useQuery({
    queryKey: ticketKeys.types,
    queryFn: async () =>
      (
        await unwrap(
          api.get<Page<CatalogueEntry>>('entities/tipo-caso', {
            query: { enabled: 'true', page: 1, sizePerPage: 200, sortName: 'name', sortOrder: 'asc' },
          }),
        )
      ).data,
    staleTime: 5 * 60_000,
  });
}

/** Enabled colleagues (`GET usuario`): the supervisors' "assigned to" filter of the tickets list. */
export function useColleagueOptions(enabled = true) {
  return useQuery({
    queryKey: ticketKeys.users,
    queryFn: () => unwrap(api.get<{ data: ColleagueItem[] }>('usuario')),
    select: (answer) => answer.data ?? [],
    enabled,
    staleTime: 60_000,
  });
}

/** Who can receive the ticket by transfer: members of its campaign with room, with their status (fresh each time). */
export function useTransferCandidates(ticketId: number, enabled = true) {
  return useQuery({
    queryKey: [...ticketKeys.detail(ticketId), 'transfer-candidates'],
    queryFn: () => unwrap(api.get<TransferCandidate[]>(`tickets/${ticketId}/transfer-candidates`)),
    enabled,
    staleTime: 0,
  });
}

function useInvalidateTickets() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: ticketKeys.all });
    void client.invalidateQueries({ queryKey: deskKeys.pending });
  };
}

/** Mutations answering the updated Ticket: the detail is replaced, everything else refetched. */
function useTicketMutation<V>(request: (variables: V) => Promise<Ticket>) {
  const client = useQueryClient();
  const invalidate = useInvalidateTickets();
  return useMutation({
    mutationFn: request,
    onSuccess: (ticket) => {
      if (ticket && typeof ticket.id === 'number') client.setQueryData(ticketKeys.detail(ticket.id), ticket);
      invalidate();
    },
  });
}

export function useCreateTicket() {
  return useTicketMutation((body: CreateTicketInput) => unwrap(api.post<Ticket>('tickets', body)));
}

export function useAddTask(id: number) {
  return useTicketMutation((body: TaskInput) => unwrap(api.post<Ticket>(`tickets/${id}/tasks`, body)));
}

export function useAddNote(id: number) {
  return useTicketMutation((body: { body: string }) => unwrap(api.post<Ticket>(`tickets/${id}/notes`, body)));
}

export type SimpleAction = 'open' | 'escalate' | 'close';

export function useTicketAction(id: number) {
  return useTicketMutation((action: SimpleAction) => unwrap(api.post<Ticket>(`tickets/${id}/${action}`)));
}

export function useTransferTicket(id: number) {
  return useTicketMutation((body: { toUserId?: number | null; toCampaignId?: number | null; reason?: string | null }) =>
    unwrap(api.post<Ticket>(`tickets/${id}/transfer`, body)),
  );
}

export function useMergeTicket(id: number) {
  return useTicketMutation((targetNumber: number) =>
    unwrap(api.post<Ticket>(`tickets/${id}/merge`, { targetNumber, confirm: true })),
  );
}

export function useAcceptTransfer() {
  return useTicketMutation((id: number) => unwrap(api.post<Ticket>(`caso/${id}/aceptar`)));
}

export function useRejectTransfer() {
  const invalidate = useInvalidateTickets();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.post<{ id: number }>(`caso/${id}/rechazar`)),
    onSuccess: invalidate,
  });
}

export function useMassTask() {
  const invalidate = useInvalidateTickets();
  return useMutation({
    mutationFn: (body: TaskInput & { ticketIds: number[] }) =>
      unwrap(api.post<{ created: number }>('tickets/tasks', { ...body, confirm: true })),
    onSuccess: invalidate,
  });
}

export function fetchTicketByNumber(number: number) {
  return unwrap(api.get<Ticket>(`tickets/by-number/${number}`));
}

/** The agent's reply to the customer (ALT+ENTER in the composer); the ticket refetches to show it queued. */
/** Uploads one file as the ticket's attachment; the answer (the ticket) replaces the cached one. */
export function useUploadAttachment(ticketId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => unwrap(api.upload<Ticket>(`tickets/${ticketId}/attachments`, file)),
    onSuccess: (updated) => client.setQueryData(ticketKeys.detail(ticketId), updated),
  });
}

/** Saves one of the ticket's attachments (always as a download); a failure is reported as feedback. */
export function useAttachmentDownload(ticketId: number) {
  const feedback = useApiFeedback();
  return async (attachmentId: number, name: string) => {
    try {
      await downloadApiFile(`tickets/${ticketId}/attachments/${attachmentId}`, {}, name);
    } catch (error) {
      feedback.failure(error);
    }
  };
}

export function useSendReply(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { text: string; interactionId?: number; attachmentIds?: number[] }) =>
      unwrap(api.post<InteractionMessage>(`tickets/${id}/messages`, body)),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ticketKeys.detail(id) });
      void client.invalidateQueries({ queryKey: deskKeys.pending });
    },
  });
}

/** The signed-in user's saved views of the tickets list (kept on the server, so every browser of theirs has them). */
export const ticketViewKeys = { all: ['tickets', 'views'] as const };

export function useTicketListViews() {
  return useQuery({
    queryKey: ticketViewKeys.all,
    queryFn: () => unwrap(api.get<TicketListView[]>('tickets/views')),
    staleTime: 60_000,
  });
}

export function useSaveTicketListView() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TicketListViewBody) => unwrap(api.put<TicketListView>('tickets/views', body)),
    onSuccess: () => client.invalidateQueries({ queryKey: ticketViewKeys.all }),
  });
}

export function useDeleteTicketListView() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.delete<null>(`tickets/views/${id}`)),
    onSuccess: () => client.invalidateQueries({ queryKey: ticketViewKeys.all }),
  });
}
