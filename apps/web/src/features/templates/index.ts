/**
 * The message templates module. Pages (lazy-loaded by the router from their own files):
 * - /app/templates → TemplatesListPage (./TemplatesListPage)
 * - /app/templates/add, /app/templates/:id/edit → <TemplateFormPage mode="create|edit" /> (./TemplateFormPage)
 * For other features: TemplatePicker (the ticket composer's "insert a template" button), SlashTemplateList (the
 * matches while typing `/name` in a composer) and their data hook.
 */
export type { OfferedTemplate } from './api';
export { useTicketTemplates } from './api';
export { ChannelTypeChip } from './ChannelTypeChip';
export { filterOffered } from './model';
export { SlashTemplateList } from './SlashTemplateList';
export { TemplatePicker, type TemplatePickerProps } from './TemplatePicker';
