import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The development corpus (../shared/fixtures/reports beside the repository, or FIXTURES_DIR):
 * every document with its ground truth, including the genuine reports in real/.
 */
export interface TruthTest {
  name_as_printed: string;
  canonical: string;
  value: number | string;
  value_qualifier?: '<' | '>';
  unit_as_printed: string;
  ref_low: number | null;
  ref_high: number | null;
  ref_text: string;
  flag_expected: string;
}

export interface Truth {
  file: string;
  format: 'txt' | 'pdf' | 'png' | 'jpg';
  report_type: string;
  document_kind: string;
  lab_values_expected: boolean;
  tests: TruthTest[];
  impressions: string[];
  patient?: { age: number | null; sex: string | null };
}

export interface Fixture {
  file: string;
  /** Path relative to the corpus root ('report_001.pdf', 'real/real_01_...txt'). */
  rel: string;
  path: string;
  truth: Truth;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(here, '../../..');

export function fixturesDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.FIXTURES_DIR
    ? path.resolve(env.FIXTURES_DIR)
    : path.resolve(REPO_ROOT, '../shared/fixtures/reports');
}

export function loadFixtures(dir = fixturesDir()): Fixture[] {
  if (!existsSync(dir))
    throw new Error(
      `The development corpus is not at ${dir}: it is kept beside the repository, not in it. ` +
        'Put it there or set FIXTURES_DIR to its folder (npm test does not need it).',
    );
  const out: Fixture[] = [];
  for (const sub of ['', 'real']) {
    const folder = path.join(dir, sub);
    if (!existsSync(folder)) continue;
    for (const name of readdirSync(folder).sort()) {
      if (!name.endsWith('.truth.json')) continue;
      const truth = JSON.parse(readFileSync(path.join(folder, name), 'utf8')) as Truth;
      const docPath = path.join(folder, truth.file);
      if (!existsSync(docPath)) continue;
      out.push({ file: truth.file, rel: path.join(sub, truth.file), path: docPath, truth });
    }
  }
  if (out.length === 0) throw new Error(`No fixtures with ground truth in ${dir}`);
  return out;
}
