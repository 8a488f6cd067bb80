export * from './bots.js';
export * from './flow.js';
