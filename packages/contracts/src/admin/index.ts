export * from './catalogues.js';
export * from './common.js';
export * from './credentials.js';
export * from './roles.js';
export * from './users.js';
