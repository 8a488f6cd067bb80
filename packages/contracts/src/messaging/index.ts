export * from './bulk.js';
export * from './outbound.js';
export * from './sms.js';
export * from './templates.js';
export * from './whatsappTemplates.js';
export * from './widgets.js';
