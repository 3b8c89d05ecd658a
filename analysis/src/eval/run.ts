import { readFileSync } from 'node:fs';
import { analyzeDocument } from '../index';
import { AnalysisError } from '../errors';
import { loadFixtures, type Fixture } from './fixtures';
import { failures, scoreFile, totals, type FileScore, type GroupTotals } from './score';

export interface EvalReport {
  scores: FileScore[];
  text: GroupTotals;
  image: GroupTotals;
  all: GroupTotals;
  failures: string[];
}

/** Analyses every fixture with the local engine and scores it (used by the script and the test). */
export async function runEvaluation(
  options: { dir?: string; only?: (f: Fixture) => boolean } = {},
): Promise<EvalReport> {
  const fixtures = loadFixtures(options.dir).filter(options.only ?? (() => true));
  const scores: FileScore[] = [];
  for (const fx of fixtures) {
    const t0 = performance.now();
    try {
      const result = await analyzeDocument({
        bytes: readFileSync(fx.path),
        filename: fx.file,
        language: 'en',
      });
      scores.push(scoreFile(fx, result, null, performance.now() - t0));
    } catch (err) {
      const message = err instanceof AnalysisError ? err.message : String(err);
      scores.push(scoreFile(fx, null, message, performance.now() - t0));
    }
  }
  const text = totals(scores.filter((s) => s.group === 'text'));
  const image = totals(scores.filter((s) => s.group === 'image'));
  const all = totals(scores);
  return { scores, text, image, all, failures: failures(text, image, all) };
}
