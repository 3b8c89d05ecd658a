import type { ServerHooks } from './server';

/** The product's background work and first-run data, plugged into the server. */
export const productHooks: ServerHooks = {};
