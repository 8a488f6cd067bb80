import type {
  Channel,
  InteractionMessage,
  Page,
  SendWhatsappTemplate,
  WhatsappTemplate,
  WhatsappTemplateBody,
  WhatsappTemplateMediaUse,
  WhatsappTemplateUpload,
} from '@atiende/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { deskKeys } from '../desk/api';
import { ticketKeys } from '../tickets/api';

export type WhatsappTemplateListParams = Record<string, string | number | undefined>;

export const whatsappTemplateKeys = {
  all: ['whatsapp-templates'] as const,
  list: (params: WhatsappTemplateListParams) => [...whatsappTemplateKeys.all, 'list', params] as const,
  detail: (id: number) => [...whatsappTemplateKeys.all, 'detail', id] as const,
  offered: (ticketId: number, interactionId: number | undefined) =>
    [...whatsappTemplateKeys.all, 'ticket', ticketId, interactionId ?? 0] as const,
  channels: ['channels', 'whatsapp-template-choices'] as const,
};

export function useWhatsappTemplateList(params: WhatsappTemplateListParams) {
  return useQuery({
    queryKey: whatsappTemplateKeys.list(params),
    queryFn: () => unwrap(api.get<Page<WhatsappTemplate>>('whatsapp-templates', { query: params })),
    placeholderData: keepPreviousData,
  });
}

export function useWhatsappTemplate(id: number | null) {
  return useQuery({
    queryKey: whatsappTemplateKeys.detail(id ?? 0),
    queryFn: () => unwrap(api.get<WhatsappTemplate>(`whatsapp-templates/${id}`)),
    enabled: id !== null,
  });
}

/** The WhatsApp channels a template can belong to (the form's select and the list's filter). */
/** The WhatsApp channels: all of them (the list's filter), or only the enabled ones (where a template is submitted). */
export function useWhatsappChannels(options: { enabledOnly?: boolean } = {}) {
  const enabled = options.enabledOnly ? 'true' : 'all';
  return useQuery({
    queryKey: [...whatsappTemplateKeys.channels, enabled],
    queryFn: async () =>
      (
        await unwrap(
          api.get<Page<Channel>>('channels', {
            query: { type: 'whatsapp', enabled, page: 1, sizePerPage: 100, sortName: 'name', sortOrder: 'asc' },
          }),
        )
      ).data,
    staleTime: 60_000,
  });
}

/**
 * Creates the template: a message template goes to Meta at once (it usually comes back pending); a chat type is
 * saved approved.
 */
export function useCreateWhatsappTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WhatsappTemplateBody) => unwrap(api.post<WhatsappTemplate>('whatsapp-templates', body)),
    onSuccess: (template) => {
      client.setQueryData(whatsappTemplateKeys.detail(template.id), template);
      void client.invalidateQueries({ queryKey: whatsappTemplateKeys.all });
    },
  });
}

/** Uploads a template's file (a media header's or a media template's) before the template is saved. */
export function useUploadWhatsappTemplateMedia() {
  return useMutation({
    mutationFn: ({ file, use }: { file: File; use: WhatsappTemplateMediaUse }) =>
      unwrap(api.upload<WhatsappTemplateUpload>('whatsapp-templates/media', file, { query: { use } })),
  });
}

/** Re-reads the review status from Meta; lists and the composer's offer may change with it. */
export function useSyncWhatsappTemplate(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.post<WhatsappTemplate>(`whatsapp-templates/${id}/sync`)),
    onSuccess: (template) => {
      client.setQueryData(whatsappTemplateKeys.detail(id), template);
      void client.invalidateQueries({ queryKey: whatsappTemplateKeys.all });
    },
  });
}

/** The approved templates of a ticket conversation's WhatsApp channel, loaded while `enabled` (the dialog is open). */
export function useTicketWhatsappTemplates(ticketId: number, interactionId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: whatsappTemplateKeys.offered(ticketId, interactionId),
    queryFn: () =>
      unwrap(api.get<WhatsappTemplate[]>(`tickets/${ticketId}/whatsapp-templates`, { query: { interactionId } })),
    enabled: enabled && ticketId > 0,
    staleTime: 30_000,
  });
}

/** Sends an approved template on the conversation; the ticket refetches to show the message (as a reply does). */
export function useSendWhatsappTemplate(ticketId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SendWhatsappTemplate) =>
      unwrap(api.post<InteractionMessage>(`tickets/${ticketId}/whatsapp-template`, body)),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ticketKeys.detail(ticketId) });
      void client.invalidateQueries({ queryKey: deskKeys.pending });
    },
  });
}
