export * from './dialers.js';
