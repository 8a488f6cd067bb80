export * from './calls.js';
export * from './softphone.js';
