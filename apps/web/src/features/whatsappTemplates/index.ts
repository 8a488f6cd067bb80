/**
 * The WhatsApp templates module: Meta-approved message templates (for writing after the 24-hour window) and the
 * chat types (text, media, interactive; sent inside the window only). Pages (lazy-loaded
 * by the router from their own files):
 * - /app/whatsapp-templates → WhatsappTemplatesListPage (./WhatsappTemplatesListPage)
 * - /app/whatsapp-templates/add → WhatsappTemplateFormPage (./WhatsappTemplateFormPage); there is no edit page
 * - /app/whatsapp-templates/:id/view → WhatsappTemplateViewPage (./WhatsappTemplateViewPage)
 * For other features: the ticket composer's data hooks, the WhatsApp bubble preview (header file, buttons, list)
 * and the type chips.
 */
import './i18n';

export { useSendWhatsappTemplate, useTicketWhatsappTemplates } from './api';
export { SessionOnlyChip, WhatsappBubble, WhatsappTemplateStatusChip, WhatsappTemplateTypeChip } from './components';
export { type BubbleContent, type BubbleMedia, mediaKindOfContentType, sendValues, templateToBubble } from './model';
