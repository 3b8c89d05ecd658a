// Entry of the extraction worker thread (extract/bounded.ts). A worker thread starts plain Node,
// which cannot load TypeScript: register tsx first (harmless when the parent already runs under
// tsx), then load the thread's real code.
import { register } from 'tsx/esm/api';

register();
await import('./thread.ts');
