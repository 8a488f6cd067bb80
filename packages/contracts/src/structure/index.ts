export * from './campaigns.js';
export * from './channels.js';
export * from './forms.js';
