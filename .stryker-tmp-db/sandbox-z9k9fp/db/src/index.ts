// @ts-nocheck
export * from './schema';
export * from './connection';
export * from './migrate';
export * from './embedded';
