// Entry of the extraction worker thread (run/bounded.ts). A worker thread starts plain Node,
// which cannot load TypeScript: register tsx first (harmless when the parent already runs under
// tsx), then load the thread's real code.
import { getPriority, setPriority } from 'node:os';
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

// Extraction (PDF rendering, OCR) is background work that can take a core for seconds; requests
// are people waiting. This thread runs at a lower CPU priority (the host's extractNice, config.ts, added to the process's
// nice value, default 10; 0 keeps the process's) so that on a busy machine it yields to request
// handling and only waits longer itself; on an idle machine nothing changes (decision 100). On Linux the nice value is per
// thread and inherited by the threads this one starts (the OCR workers); elsewhere it may not apply.
const nice = Math.min(19, Math.max(0, Math.trunc(Number(workerData?.config?.extractNice ?? 10)) || 0));
if (nice > 0) {
  try {
    setPriority(0, Math.min(19, getPriority(0) + nice));
  } catch {
    // Not permitted here (some containers): run at the process's priority.
  }
}

register();
await import('./thread.ts');
