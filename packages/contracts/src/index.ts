export * from './admin/index.js';
export * from './auth.js';
export * from './business.js';
export * from './codes.js';
export * from './constants.js';
export * from './envelope.js';
export * from './permissions.js';
export * from './structure/index.js';
