export * from './campaigns.js';
export * from './channels.js';
export * from './customers.js';
export * from './forms.js';
