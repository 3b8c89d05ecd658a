export * from './permissions';
export * from './auth';
export * from './errors';
export * from './reports';
export * from './guest';
export * from './client';
export * from './admin';
export * from './client-admin';
