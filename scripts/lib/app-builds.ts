import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './product-server';

/**
 * The two web apps' builds, rebuilt only when what they are built from changed (decision 176).
 * A build's inputs (its sources, config, the shared contracts and the lockfile) are hashed, and
 * the hash is stored beside the build (`.inputs-sha256`, a dotfile the static server never serves);
 * the same hash next time means the build on disk is the build those sources give.
 */
export interface AppBuild {
  workspace: string;
  /** The build's folder: where the output and its inputs' hash live. */
  output: string;
  /** Files and folders (relative to the repository) the build reads. */
  inputs: string[];
}

const SHARED = ['contracts/src', 'contracts/package.json', 'package-lock.json', 'tsconfig.base.json'];

export const APP_BUILDS: AppBuild[] = [
  {
    workspace: '@reportsaathi/patient-app',
    output: 'patient-app/build',
    inputs: [
      'patient-app/app',
      'patient-app/public',
      'patient-app/package.json',
      'patient-app/tsconfig.json',
      'patient-app/vite.config.ts',
      ...SHARED,
    ],
  },
  {
    workspace: '@reportsaathi/backoffice',
    output: 'backoffice/dist',
    inputs: [
      'backoffice/src',
      'backoffice/index.html',
      'backoffice/package.json',
      'backoffice/tsconfig.json',
      'backoffice/vite.config.ts',
      ...SHARED,
    ],
  },
];

const HASH_FILE = '.inputs-sha256';
const SKIP = new Set(['node_modules', 'build', 'dist', '.cache']);

function* files(root: string, relative: string): Generator<string> {
  const full = path.join(root, relative);
  const st = statSync(full, { throwIfNoEntry: false });
  if (!st) return;
  if (st.isFile()) yield relative;
  else if (st.isDirectory())
    for (const name of readdirSync(full).sort())
      if (!SKIP.has(name)) yield* files(root, path.join(relative, name));
}

/** SHA-256 over every input file's path and content, in a fixed order. */
export function inputsHash(build: AppBuild, root = REPO_ROOT): string {
  const hash = createHash('sha256');
  for (const input of [...build.inputs].sort())
    for (const file of files(root, input)) {
      hash.update(`${file}\0`);
      hash.update(readFileSync(path.join(root, file)));
      hash.update('\0');
    }
  return hash.digest('hex');
}

/** The hash stored with the build on disk, or null when there is no build (or it predates hashes). */
export function builtHash(build: AppBuild): string | null {
  const file = path.join(REPO_ROOT, build.output, HASH_FILE);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
}

/** Builds each app whose inputs changed since its build on disk; says which were reused. */
export function buildChangedApps(log: (line: string) => void = console.log): void {
  for (const build of APP_BUILDS) {
    const hash = inputsHash(build);
    if (builtHash(build) === hash) {
      log(`${build.workspace}: sources unchanged since its build, reused (${build.output})`);
      continue;
    }
    execSync(`npm run build -w ${build.workspace}`, { cwd: REPO_ROOT, stdio: 'inherit' });
    writeFileSync(path.join(REPO_ROOT, build.output, HASH_FILE), `${hash}\n`);
  }
}
