export * from './constants';
export * from './errors';
export * from './api/common';
export * from './api/system';
export * from './api/auth';
export * from './api/email';
export * from './api/stats';
export * from './api/stories';
