export * from './agents.js';
export * from './interactions.js';
export * from './internalchat.js';
