import { shutdownAnalysis } from '@reportsaathi/analysis';
import type { ServerHooks } from './server';
import { startWorker } from './jobs/worker';
import { seedDemoData } from './seed/demo';

/** The product's background work and first-run data, plugged into the server. */
export const productHooks: ServerHooks = {
  startWorker: async (deps) => {
    const stop = await startWorker(deps);
    return async () => {
      await stop();
      await shutdownAnalysis();
    };
  },
  onEmptyDatabase: async (deps) => {
    await seedDemoData(deps);
  },
};
