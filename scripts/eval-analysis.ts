/**
 * Accuracy of the analysis engine on the development corpus (../shared/fixtures/reports or
 * FIXTURES_DIR): recall, value+unit, flags, critical values, report type, precision, per format
 * group and per file. Exits non-zero below the bars of issue 3.
 *   npm run eval:analysis [-- --verbose]
 */
import { runEvaluation } from '../api/src/analysis/eval/run';
import { BARS, pct, type FileScore, type GroupTotals } from '../api/src/analysis/eval/score';
import { shutdownAnalysis } from '../api/src/analysis/index';

const verbose = process.argv.includes('--verbose') || process.argv.includes('-v');

function row(cells: string[], widths: number[]): string {
  return cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
}

function groupLine(label: string, t: GroupTotals): string {
  return row(
    [
      label,
      String(t.files),
      `${t.found}/${t.expected} ${pct(t.recall)}`,
      `${t.valueUnitCorrect} ${pct(t.valueAccuracy)}`,
      `${t.flagsCorrect} ${pct(t.flagAccuracy)}`,
      `${t.criticalCaught}/${t.criticalExpected}`,
      `${t.typeCorrect}/${t.files}`,
      pct(t.precision),
    ],
    [14, 5, 16, 14, 14, 8, 8, 9],
  );
}

function fileLine(s: FileScore): string {
  return row(
    [
      s.file,
      s.group,
      `${s.found}/${s.expected}`,
      String(s.valueUnitCorrect),
      String(s.flagsCorrect),
      `${s.criticalCaught}/${s.criticalExpected}`,
      s.typeCorrect ? 'ok' : 'WRONG',
      s.impressionsExpected ? `${s.impressionsFound}/${s.impressionsExpected}` : '-',
      String(s.extracted - s.found),
      `${Math.round(s.ms)} ms`,
    ],
    [36, 5, 7, 6, 6, 5, 6, 5, 8, 9],
  );
}

async function main(): Promise<number> {
  const report = await runEvaluation();
  console.log('Per file');
  console.log(
    row(
      ['file', 'group', 'found', 'value', 'flags', 'crit', 'type', 'impr', 'invented', 'time'],
      [36, 5, 7, 6, 6, 5, 6, 5, 8, 9],
    ),
  );
  for (const s of report.scores) {
    console.log(fileLine(s) + (s.error ? `  error: ${s.error}` : ''));
    if (verbose) for (const p of s.problems) console.log(`      ${p}`);
  }
  console.log('');
  console.log(
    row(
      ['group', 'files', 'recall', 'value+unit', 'flags', 'critical', 'type', 'precision'],
      [14, 5, 16, 14, 14, 8, 8, 9],
    ),
  );
  console.log(groupLine('TXT+PDF', report.text));
  console.log(groupLine('images', report.image));
  console.log(groupLine('all', report.all));
  console.log('');
  console.log(
    `Bars: TXT+PDF recall and flags >= ${pct(BARS.text.recall)}, images >= ${pct(BARS.image.recall)}, every critical caught, precision >= ${pct(BARS.precision)}`,
  );
  if (report.failures.length) {
    console.log(`FAIL: ${report.failures.join('; ')}`);
    return 1;
  }
  console.log('PASS');
  return 0;
}

main()
  .then(async (code) => {
    await shutdownAnalysis();
    process.exit(code);
  })
  .catch(async (err) => {
    console.error(err instanceof Error ? err.message : err);
    await shutdownAnalysis();
    process.exit(2);
  });
