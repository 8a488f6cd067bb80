// Every module's tables, gathered for the Drizzle client and drizzle-kit.

export * from '../../modules/agents/agents.schema.js';
export * from '../../modules/analytics/analytics.schema.js';
export * from '../../modules/auth/auth.schema.js';
export * from '../../modules/automation/automation.schema.js';
export * from '../../modules/bots/bots.schema.js';
export * from '../../modules/bulk/bulk.schema.js';
export * from '../../modules/business/business.schema.js';
export * from '../../modules/campaigns/campaigns.schema.js';
export * from '../../modules/catalogues/catalogues.schema.js';
export * from '../../modules/channels/channels.schema.js';
export * from '../../modules/credentials/credentials.schema.js';
export * from '../../modules/customers/customers.schema.js';
export * from '../../modules/email/email.schema.js';
export * from '../../modules/forms/forms.schema.js';
export * from '../../modules/interactions/interactions.schema.js';
export * from '../../modules/internalchat/internalchat.schema.js';
export * from '../../modules/knowledgebase/kb.schema.js';
export * from '../../modules/reports/reports.schema.js';
export * from '../../modules/templates/templates.schema.js';
export * from '../../modules/tickets/tickets.schema.js';
export * from '../../modules/users/users.schema.js';
export * from '../../modules/whatsapp/whatsapp.schema.js';
export * from '../../modules/widgets/widgets.schema.js';
export * from '../audit/audit.schema.js';
export * from '../events.schema.js';
export * from '../rate-limit.schema.js';
