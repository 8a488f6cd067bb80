export * from './knowledgeBase.js';
