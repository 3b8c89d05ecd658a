/**
 * Accuracy of the analysis engine on the development corpus (kept beside the repository, or
 * FIXTURES_DIR): recall, value+unit, flags, critical values, report type, precision, per format
 * group and per file. Exits non-zero below the bars (eval/score.ts BARS).
 * Then the generated layouts (eval/layouts.ts), one line per shape and format, and the real-world
 * samples (beside the repository, or REAL_WORLD_DIR) on their own line.
 *   npm run eval:analysis [-- --verbose] [--no-photos | --photos-only | --phone-photos-only]
 *     [--photo-seed N] [--readers [--sources N] [--only colon,stamp]]
 * --readers: one OCR reader against two (decision 200) on the phone photos and the corpus' images.
 * --photos-only runs just the photographed shapes (OCR), e.g. to measure image pre-processing.
 */
import { runEvaluation } from '../src/eval/run';
import { BARS, pct, totals, type FileScore, type GroupTotals } from '../src/eval/score';
import { shutdownAnalysis, analysisConfigFromEnv, configureAnalysis } from '../src/index';
import { runRealWorld, type RealScore } from '../src/eval/real-world';
import {
  runFamilies,
  runShapes,
  SHAPE_BARS,
  shapeFailures,
  shownPrecision,
  type FamilyScore,
} from '../src/eval/shapes';
import { runPhonePhotos } from '../src/eval/phone-photos';
import { runMeaningShapes } from '../src/eval/meaning-shapes';
import { runPhotoReaders } from '../src/eval/photo-readers';

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

/** What the patient is shown: right as read, wrong but shown as read (the worst error), "check it". */
const SAFETY_HEAD = ['values right', 'WRONG SHOWN', 'check it', 'flags right', 'crit safe', 'contradicts'];
const SAFETY_W = [14, 11, 9, 14, 9, 11];

function safetyCells(t: GroupTotals): string[] {
  return [
    `${t.shownRight} ${pct(t.shownAccuracy)}`,
    String(t.shownWrong),
    String(t.checkIt),
    `${t.flagsCorrect} ${pct(t.flagAccuracy)}`,
    `${t.criticalSafe}/${t.criticalExpected}`,
    String(t.contradictions ?? 0),
  ];
}

function safetyLine(label: string, t: GroupTotals, width = 14): string {
  return row([label, ...safetyCells(t)], [width, ...SAFETY_W]);
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

const photosOnly = process.argv.includes('--photos-only');
/**
 * --photo-seed N: the phone photos and the family photos taken again (other noise, tilt, curl,
 * stamp), to test on photos not tuned on.
 */
const seedAt = process.argv.indexOf('--photo-seed');
const photoSeed = seedAt > 0 ? Number(process.argv[seedAt + 1]) || 0 : 0;

async function main(): Promise<number> {
  // The package reads no environment itself: the CLI, like the API, passes in its own (config.ts).
  configureAnalysis(analysisConfigFromEnv(process.env));
  if (process.argv.includes('--phone-photos-only')) return (await phonePhotos()).length ? 1 : 0;
  if (photosOnly) return photos();
  if (process.argv.includes('--readers')) return readers();
  if (process.argv.includes('--families-only')) return (await families()).length ? 1 : 0;
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
  console.log('Shown to the patient (values right = shown as read and right; % of those shown as read)');
  console.log(row(['group', ...SAFETY_HEAD], [14, ...SAFETY_W]));
  console.log(safetyLine('TXT+PDF', report.text));
  console.log(safetyLine('images', report.image));
  console.log(safetyLine('all', report.all));
  console.log('');
  console.log(
    `Bars: TXT+PDF recall and flags >= ${pct(BARS.text.recall)}, images >= ${pct(BARS.image.recall)}, every critical caught, precision >= ${pct(BARS.precision)}`,
  );

  console.log('');
  console.log('Generated layouts (same truth, other printing)');
  console.log(
    row(
      [
        'shape',
        'format',
        'docs',
        'recall',
        'value+unit',
        'flags',
        'critical',
        'precision',
        'WRONG SHOWN',
        'check it',
      ],
      [36, 6, 5, 8, 11, 8, 9, 10, 11, 9],
    ),
  );
  const shapes = await runShapes({
    formats: process.argv.includes('--no-photos') ? ['txt', 'pdf'] : ['txt', 'pdf', 'image'],
  });
  for (const sh of shapes) {
    const t = sh.totals;
    console.log(
      row(
        [
          sh.shape,
          sh.format,
          String(t.files),
          pct(t.recall),
          pct(t.valueAccuracy),
          pct(t.flagAccuracy),
          `${t.criticalCaught}/${t.criticalExpected}`,
          pct(t.precision),
          String(t.shownWrong),
          String(t.checkIt),
        ],
        [36, 6, 5, 8, 11, 8, 9, 10, 11, 9],
      ),
    );
    if (verbose) for (const f of sh.scores) for (const p of f.problems) console.log(`      ${f.file}: ${p}`);
  }
  const shapeFails = shapeFailures(shapes);
  console.log(
    `Bars: every shape >= ${pct(SHAPE_BARS.text)} recall, value+unit and flags on text/PDF, >= ${pct(SHAPE_BARS.image)} on photos, every critical caught`,
  );

  const phoneFails = process.argv.includes('--no-photos') ? [] : await phonePhotos();

  const real = await runRealWorld();
  const realFails: string[] = [];
  if (real.length) {
    console.log('');
    const sum = (f: (r: RealScore) => number) => real.reduce((a, r) => a + f(r), 0);
    const expected = sum((r) => r.expected);
    console.log(
      `Real-world samples (${real.length} files): found ${sum((r) => r.found)}/${expected}, values ${sum((r) => r.values)}/${expected}, units ${sum((r) => r.units)}/${expected}, flags ${sum((r) => r.flags)}/${sum((r) => r.flagsExpected)}, check it ${sum((r) => r.checkIt)}`,
    );
    for (const r of real) {
      if (verbose || r.problems.length)
        console.log(`  ${r.file}: ${r.found}/${r.expected} found, ${r.values} values, ${r.units} units`);
      if (verbose) for (const p of r.problems) console.log(`      ${p}`);
      if (r.values < r.expected || r.units < r.expected)
        realFails.push(`${r.file}: ${r.problems.length} problems`);
    }
  }

  const meaningFails = await meaning();
  const familyFails = await families();
  const all = [
    ...report.failures,
    ...shapeFails,
    ...phoneFails,
    ...realFails,
    ...meaningFails,
    ...familyFails,
  ];
  if (all.length) {
    console.log(`FAIL: ${all.join('; ')}`);
    return 1;
  }
  console.log('PASS');
  return 0;
}

/**
 * What a reading says (eval/meaning-shapes.ts, decisions 190-195): banded ranges, qualitative
 * panels and garbled ranges, written for it; flags as the text/photo bars, no value shown wrong,
 * no result that contradicts itself.
 */
async function meaning(): Promise<string[]> {
  console.log('');
  console.log('What a reading says (banded ranges, qualitative panels, garbled ranges)');
  console.log(
    row(
      ['family', 'format', 'docs', 'flags', 'WRONG SHOWN', 'check it', 'contradicts'],
      [24, 6, 5, 14, 11, 9, 11],
    ),
  );
  const fails: string[] = [];
  for (const m of await runMeaningShapes({ photos: !process.argv.includes('--no-photos') })) {
    const t = m.totals;
    console.log(
      row(
        [
          m.family,
          m.format,
          String(t.files),
          `${t.flagsCorrect}/${t.expected} ${pct(t.flagAccuracy)}`,
          String(t.shownWrong),
          String(t.checkIt),
          String(t.contradictions),
        ],
        [24, 6, 5, 14, 11, 9, 11],
      ),
    );
    if (verbose) for (const f of m.scores) for (const p of f.problems) console.log(`      ${f.file}: ${p}`);
    const bar = m.format === 'image' ? SHAPE_BARS.image : SHAPE_BARS.text;
    if (t.flagAccuracy < bar) fails.push(`${m.family} (${m.format}) flags ${pct(t.flagAccuracy)}`);
    if (t.shownWrong > 0) fails.push(`${m.family} (${m.format}): ${t.shownWrong} values shown wrong`);
    if (t.contradictions > 0) fails.push(`${m.family} (${m.format}): ${t.contradictions} contradictions`);
  }
  return fails;
}

/**
 * Phone pictures with one real-life degradation each (eval/phone-photos.ts), and what the patient
 * is shown on them. A value shown as read that is wrong fails the run, as on the corpus.
 */
async function phonePhotos(): Promise<string[]> {
  console.log('');
  console.log('Phone photos, per degradation (same truth; values right = shown as read and right)');
  console.log(
    row(['degradation', 'docs', 'recall', ...SAFETY_HEAD, 'red read'], [30, 5, 8, ...SAFETY_W, 12]),
  );
  const cases = await runPhonePhotos({ seed: photoSeed });
  const fails: string[] = [];
  for (const c of cases) {
    const t = c.totals;
    // Results printed red and shown as such (of those printed red), + any shown red that were black.
    const red =
      c.red.printed || c.red.wrong
        ? `${c.red.read}/${c.red.printed}${c.red.wrong ? ` +${c.red.wrong}` : ''}`
        : '-';
    console.log(
      row([c.id, String(t.files), pct(t.recall), ...safetyCells(t), red], [30, 5, 8, ...SAFETY_W, 12]),
    );
    if (verbose) for (const f of c.scores) for (const p of f.problems) console.log(`      ${f.file}: ${p}`);
    if (t.shownWrong > 0) fails.push(`${c.id}: ${t.shownWrong} values shown wrong`);
    if (t.criticalSafe < t.criticalExpected)
      fails.push(`${c.id}: criticals ${t.criticalSafe}/${t.criticalExpected}`);
  }
  const all = totals(cases.flatMap((c) => c.scores));
  console.log(safetyLine('all phone photos', all, 30 + 2 + 5 + 2 + 8));
  return fails;
}

/** The photographed shapes only, with how their decimal values came out. */
async function photos(): Promise<number> {
  const t0 = performance.now();
  const shapes = await runShapes({ formats: ['image'] });
  console.log(
    row(
      ['shape', 'docs', 'recall', 'value+unit', 'flags', 'critical', 'decimals ok/lost/of', 'uncertain'],
      [36, 5, 8, 11, 8, 9, 20, 10],
    ),
  );
  for (const sh of shapes) {
    const t = sh.totals;
    console.log(
      row(
        [
          sh.shape,
          String(t.files),
          pct(t.recall),
          pct(t.valueAccuracy),
          pct(t.flagAccuracy),
          `${t.criticalCaught}/${t.criticalExpected}`,
          `${t.decimalsRight}/${t.decimalsLost}/${t.decimalsExpected}`,
          String(t.uncertain),
        ],
        [36, 5, 8, 11, 8, 9, 20, 10],
      ),
    );
    if (verbose) for (const f of sh.scores) for (const p of f.problems) console.log(`      ${f.file}: ${p}`);
  }
  const ms = shapes.flatMap((s) => s.scores.map((f) => f.ms));
  console.log(
    `${ms.length} photos, ${Math.round(performance.now() - t0)} ms in all, slowest ${Math.round(Math.max(...ms))} ms`,
  );
  const fails = [...shapeFailures(shapes), ...(await phonePhotos())];
  console.log(fails.length ? `FAIL: ${fails.join('; ')}` : 'PASS');
  return fails.length ? 1 : 0;
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

/**
 * The table families (eval/families.ts), per family and format, then the development families
 * and the HELD-OUT ones (never tuned on) as two totals. Precision here is of the values shown as
 * read: the share that is the report's own value of that row.
 */
async function families(): Promise<string[]> {
  const formats: Array<'txt' | 'pdf' | 'image'> = process.argv.includes('--no-photos')
    ? ['txt', 'pdf']
    : ['txt', 'pdf', 'image'];
  const scores = await runFamilies({ formats, photoSeed });
  const widths = [30, 6, 5, 8, 10, 8, 9, 7, 7];
  console.log('');
  console.log('Table families (held-out ones marked *)');
  console.log(
    row(['family', 'format', 'docs', 'recall', 'precision', 'flags', 'critical', 'unread', 'silent'], widths),
  );
  const line = (label: string, format: string, list: FamilyScore[]) => {
    const sum = (f: (s: FamilyScore) => number) => list.reduce((a, s) => a + f(s), 0);
    const expected = sum((s) => s.totals.expected);
    const found = sum((s) => s.totals.found);
    const flags = sum((s) => s.totals.flagsCorrect);
    return {
      text: row(
        [
          label,
          format,
          String(sum((s) => s.totals.files)),
          pct(expected ? found / expected : 1),
          pct(shownPrecision({ wrongShown: sum((s) => s.wrongShown), shown: sum((s) => s.shown) })),
          pct(expected ? flags / expected : 1),
          `${sum((s) => s.totals.criticalCaught)}/${sum((s) => s.totals.criticalExpected)}`,
          String(sum((s) => s.unreadLines)),
          String(sum((s) => s.silentDrops)),
        ],
        widths,
      ),
      recall: expected ? found / expected : 1,
      flags: expected ? flags / expected : 1,
      precision: shownPrecision({ wrongShown: sum((s) => s.wrongShown), shown: sum((s) => s.shown) }),
      critical: sum((s) => s.totals.criticalCaught) === sum((s) => s.totals.criticalExpected),
      silent: sum((s) => s.silentDrops),
    };
  };
  for (const s of scores) {
    console.log(line(`${s.heldOut ? '* ' : ''}${s.shape}`, s.format, [s]).text);
    if (verbose && !s.heldOut)
      for (const f of s.scores) for (const p of f.problems) console.log(`      ${f.file}: ${p}`);
  }
  const fails: string[] = [];
  for (const held of [false, true]) {
    for (const group of ['text', 'image'] as const) {
      const list = scores.filter(
        (s) => s.heldOut === held && (group === 'image' ? s.format === 'image' : s.format !== 'image'),
      );
      if (!list.length) continue;
      const l = line(held ? 'HELD-OUT families' : 'development families', group, list);
      console.log(l.text);
      const bar = group === 'image' ? SHAPE_BARS.image : SHAPE_BARS.text;
      const label = `${held ? 'held-out' : 'development'} families (${group})`;
      if (l.recall < bar) fails.push(`${label} recall ${pct(l.recall)}`);
      if (l.flags < bar) fails.push(`${label} flags ${pct(l.flags)}`);
      if (group === 'text' && l.precision < 0.995) fails.push(`${label} precision ${pct(l.precision)}`);
      if (!l.critical) fails.push(`${label} criticals missed`);
      if (l.silent) fails.push(`${label}: ${l.silent} reports dropped a row silently`);
    }
  }
  console.log(
    'Bars: families >= 98% recall and flags on text/PDF (92% photos), precision of shown values >= 99.5%, every critical, no silent drop',
  );
  return fails;
}

/** One reader against two, per degradation (decision 200); fails on any value shown wrong by the pair. */
async function readers(): Promise<number> {
  const at = process.argv.indexOf('--sources');
  const sources = at > 0 ? Number(process.argv[at + 1]) || 3 : 3;
  console.log(
    `Photos, one reader (tesseract) against two (tesseract + PP-OCR), seed ${photoSeed}, ${sources} sources`,
  );
  const cells = (t: GroupTotals) => [
    `${t.shownRight}`,
    String(t.shownWrong),
    String(t.checkIt),
    pct(t.recall),
  ];
  console.log(
    row(
      [
        'degradation',
        'docs',
        'right¹',
        'WRONG¹',
        'check¹',
        'recall¹',
        'right²',
        'wrong²',
        'right¹²',
        'WRONG¹²',
        'check¹²',
        'recall¹²',
        'flags¹²',
        'crit¹²',
        'p50 s',
        'p95 s',
      ],
      [34, 4, 7, 7, 7, 8, 7, 7, 8, 8, 8, 9, 8, 7, 6, 6],
    ),
  );
  const onlyAt = process.argv.indexOf('--only');
  const only = onlyAt > 0 ? process.argv[onlyAt + 1].split(',') : undefined;
  const lines = await runPhotoReaders({ seed: photoSeed, sources, only });
  let wrong = 0;
  const q = (ms: number[], p: number) => {
    const s = [...ms].sort((a, b) => a - b);
    return s.length ? (s[Math.min(s.length - 1, Math.floor(p * s.length))] / 1000).toFixed(1) : '-';
  };
  for (const l of lines) {
    wrong += l.pair.shownWrong;
    console.log(
      row(
        [
          l.id,
          String(l.docs),
          ...cells(l.one),
          String(l.second.right),
          String(l.second.wrong),
          ...cells(l.pair),
          pct(l.pair.flagAccuracy),
          `${l.pair.criticalSafe}/${l.pair.criticalExpected}`,
          q(l.ms, 0.5),
          q(l.ms, 0.95),
        ],
        [34, 4, 7, 7, 7, 8, 7, 7, 8, 8, 8, 9, 8, 7, 6, 6],
      ),
    );
    if (verbose) for (const p of l.problems) console.log(`  ${p}`);
  }
  console.log(
    '¹ tesseract alone; ² PP-OCR on the crops of the values tesseract showed as read; ¹² both, a value shown as read only when they agree',
  );
  await shutdownAnalysis();
  return wrong ? 1 : 0;
}
