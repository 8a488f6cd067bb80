export * from './tickets.constants.js';
export * from './tickets.js';
export * from './views.js';
