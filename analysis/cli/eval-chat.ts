/**
 * Scores the chat on its test set (analysis/src/chat/eval/cases.ts): per category and per
 * language, and the failing questions with what was wrong. Exits non-zero when any case fails.
 *   npm run eval:chat [-- --verbose]   (--verbose also prints every answer)
 */
import { runChatEval, type Totals } from '../src/chat/eval/score';

const verbose = process.argv.includes('--verbose') || process.argv.includes('-v');

function line(label: string, t: Totals): string {
  const pct = t.total ? ((100 * t.passed) / t.total).toFixed(1) : '-';
  return `${label.padEnd(18)} ${`${t.passed}/${t.total}`.padStart(7)}  ${pct.padStart(5)}%`;
}

async function main(): Promise<number> {
  const started = Date.now();
  const report = await runChatEval();
  console.log(`Chat test set: ${report.all.total} questions\n`);
  console.log('By category');
  for (const [category, t] of report.byCategory) console.log(`  ${line(category, t)}`);
  console.log('By language');
  for (const [lang, t] of report.byLanguage) console.log(`  ${line(lang, t)}`);
  console.log(`\n  ${line('all', report.all)}  (${Date.now() - started} ms)`);
  const failed = report.results.filter((r) => r.problems.length);
  if (failed.length) console.log('\nFailing questions');
  for (const r of verbose ? report.results : failed) {
    const mark = r.problems.length ? 'FAIL' : 'ok  ';
    console.log(`${mark} [${r.case.category}/${r.case.lang}] ${r.case.question}`);
    for (const p of r.problems) console.log(`       - ${p}`);
    if (verbose || r.problems.length) console.log(`       > ${r.response.replace(/\n/g, '\n         ')}`);
  }
  return failed.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error('Chat evaluation failed:', err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
