export * from './outbound.js';
export * from './templates.js';
export * from './widgets.js';
export * from './whatsappTemplates.js';
