export * from './softphone.js';
