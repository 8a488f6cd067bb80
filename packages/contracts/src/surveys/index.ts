export * from './surveys.js';
