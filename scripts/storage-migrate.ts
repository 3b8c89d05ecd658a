import { readEnv } from '../api/src/env';
import { migrateFiles } from '../api/src/ops/storage-migrate';
import { createStorage } from '../api/src/storage/create-storage';
import { openDatabase } from './lib/open-database';
import { runScript } from './lib/run-script';

/**
 * `npm run storage:migrate -- --from disk --to s3`: copies every report's stored file between
 * drivers (the S3_* variables name the bucket), resumable and verified by checksum. Then set
 * STORAGE=s3 and restart. Decision 095.
 */
async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const arg = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const from = arg('--from');
  const to = arg('--to');
  const kinds = ['disk', 's3'] as const;
  const isKind = (k: string | undefined): k is 'disk' | 's3' => kinds.includes(k as 'disk');
  if (!isKind(from) || !isKind(to) || from === to) {
    console.error('Usage: npm run storage:migrate -- --from disk --to s3   (or --from s3 --to disk)');
    return 2;
  }
  const env = readEnv();
  const database = await openDatabase(env);
  try {
    const result = await migrateFiles(
      database.db,
      createStorage(env, from),
      createStorage(env, to),
      (done, total) => {
        if (done % 100 === 0 || done === total) process.stdout.write(`\r${done}/${total} files`);
      },
    );
    console.log(
      `\nCopied ${result.copied}, already there ${result.skipped}, missing in ${from} ${result.missing.length}, ` +
        `damaged in ${from} ${result.damaged.length}.`,
    );
    for (const key of result.missing) console.log(`  missing: ${key}`);
    for (const key of result.damaged) console.log(`  damaged (checksum differs, not copied): ${key}`);
    return result.missing.length || result.damaged.length ? 1 : 0;
  } finally {
    await database.close();
  }
}

runScript(main, 'Storage migration');
