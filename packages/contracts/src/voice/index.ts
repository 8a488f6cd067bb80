export * from './calls.constants.js';
export * from './calls.js';
export * from './deskPhones.js';
export * from './monitor.js';
export * from './softphone.js';
