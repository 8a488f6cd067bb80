export * from './business-rules.js';
export * from './conditions.js';
export * from './notices.js';
export * from './segmentation.js';
export * from './sla.js';
