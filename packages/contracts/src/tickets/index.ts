export * from './tickets.js';
export * from './views.js';
