export * from './campaigns.js';
export * from './channels.constants.js';
export * from './channels.js';
export * from './customers.constants.js';
export * from './customers.js';
export * from './forms.constants.js';
export * from './forms.js';
