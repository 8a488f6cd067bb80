/**
 * The WhatsApp templates module (Meta-approved messages for writing after the 24-hour window). Pages (lazy-loaded
 * by the router from their own files):
 * - /app/whatsapp-templates → WhatsappTemplatesListPage (./WhatsappTemplatesListPage)
 * - /app/whatsapp-templates/add → WhatsappTemplateFormPage (./WhatsappTemplateFormPage); there is no edit page
 * - /app/whatsapp-templates/:id/view → WhatsappTemplateViewPage (./WhatsappTemplateViewPage)
 * For other features: the ticket composer's data hooks and the WhatsApp bubble preview.
 */
import './i18n';

export { useSendWhatsappTemplate, useTicketWhatsappTemplates } from './api';
export { WhatsappBubble, WhatsappTemplateStatusChip } from './components';
export { type BubbleContent, sendValues, templateToBubble } from './model';
