import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppDeps } from '../context';
import { registerUser } from '../features/auth/auth.service';
import { createReport } from '../features/reports/reports.service';
import { seedDemoShareLink } from './demo-share-link';

export const DEMO_USER = { email: 'demo@reportsaathi.in', password: 'demo1234', full_name: 'Demo Patient' };
const DEMO_DIR = path.join(import.meta.dirname, 'demo-reports');

/**
 * Only into an empty database: a demo user with a few reports, uploaded through the same
 * path as a real upload and analysed by the worker moments after start.
 */
export async function seedDemoData(deps: AppDeps): Promise<{ created: boolean }> {
  const users = await deps.db.selectFrom('users').select('id').limit(1).execute();
  if (users.length) return { created: false };
  const user = await registerUser(deps.db, DEMO_USER);
  await deps.db.updateTable('users').set({ is_verified: true }).where('id', '=', user.id).execute();
  for (const file of (await readdir(DEMO_DIR)).filter((f) => f.endsWith('.txt')).sort()) {
    const bytes = await readFile(path.join(DEMO_DIR, file));
    const temp = path.join(deps.storage.tempDir, `demo-${randomBytes(6).toString('hex')}`);
    await writeFile(temp, bytes);
    const storageKey = randomBytes(18).toString('base64url');
    await deps.storage.putFile(storageKey, temp);
    await createReport(
      deps,
      { userId: user.id },
      {
        storageKey,
        originalFilename: file,
        fileKind: 'txt',
        mimeType: 'text/plain',
        size: bytes.length,
        contentHash: createHash('sha256').update(bytes).digest('hex'),
      },
      'en',
    );
  }
  await seedDemoShareLink(deps, user.id);
  return { created: true };
}
