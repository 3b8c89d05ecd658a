// @ts-nocheck
// 
export * from './permissions';
export * from './auth';
export * from './errors';
export * from './reports';
export * from './guest';
export * from './client';
export * from './admin';
export * from './client-admin';
export * from './user';
export * from './client-user';
export * from './admin-ops';
export * from './client-admin-ops';
export * from './security';
