export * from './agents.constants.js';
export * from './agents.js';
export * from './interactions.constants.js';
export * from './interactions.js';
export * from './internalchat.constants.js';
export * from './internalchat.js';
