import type { AnalysisResult } from '../types';
import { sameUnit as oneScale } from '../knowledge/units';
import type { Fixture } from './fixtures';
import { allReadAndNormal, selfContradictions } from '../interpret/verdict';

/**
 * Scores one analysis against its ground truth the way the fixtures' README suggests: tests
 * matched by canonical id; a value is right when numerically equal (strings: ignoring case and
 * spaces) and its unit is the printed one (compared after unit normalisation); flags compared
 * exactly; every expected critical must come out critical; any extra value is an invented one.
 */
export interface FileScore {
  file: string;
  group: 'text' | 'image';
  expected: number;
  found: number;
  extracted: number;
  valueUnitCorrect: number;
  flagsCorrect: number;
  criticalExpected: number;
  criticalCaught: number;
  /** Expected numbers with a decimal part (2.4), read right, and read with the point lost (24). */
  decimalsExpected: number;
  decimalsRight: number;
  decimalsLost: number;
  /** Values the engine marked uncertain (shown, not flagged). */
  uncertain: number;
  /** Expected values shown as read (not "check it") and right; shown as read and wrong (the worst error). */
  shownRight: number;
  shownWrong: number;
  /** Expected values shown as "check it": safe, whether the reading was right or not. */
  checkIt: number;
  /** Expected critical values caught, or shown as "check it" (the patient is told to look). */
  criticalSafe: number;
  /**
   * Rows that contradict themselves (decision 190): a "check it" row carrying a flag of ours, a
   * test both "check it" and flagged, and a summary saying "all within range" over a table that
   * is not.
   */
  contradictions: number;
  typeCorrect: boolean;
  impressionsExpected: number;
  impressionsFound: number;
  error: string | null;
  ms: number;
  problems: string[];
}

function sameValue(a: number | string, b: number | string): boolean {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) <= Math.abs(b) * 1e-9 + 1e-9;
  const norm = (x: number | string) => String(x).toLowerCase().replace(/\s+/g, '');
  return norm(a) === norm(b);
}

/** 2.4 read as 24 or 240; 21.5 as 215: the same digits with the point gone. */
function lostPoint(got: number, want: number): boolean {
  return [10, 100, 1000].some((m) => sameValue(got, want * m)) || digits(got) === digits(want);
}

function digits(x: number): string {
  return String(x).replace('.', '').replace(/^0+/, '');
}

function sameUnit(a: string, b: string): boolean {
  return oneScale(a, b) || a.replace(/\s+/g, '').toLowerCase() === b.replace(/\s+/g, '').toLowerCase();
}

function normText(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export function scoreFile(
  fx: Fixture,
  result: AnalysisResult | null,
  error: string | null,
  ms: number,
): FileScore {
  const t = fx.truth;
  const group = t.format === 'png' || t.format === 'jpg' ? 'image' : 'text';
  const score: FileScore = {
    file: fx.rel,
    group,
    expected: t.tests.length,
    found: 0,
    extracted: result?.values.length ?? 0,
    valueUnitCorrect: 0,
    flagsCorrect: 0,
    criticalExpected: t.tests.filter((x) => x.flag_expected.startsWith('critical')).length,
    criticalCaught: 0,
    decimalsExpected: t.tests.filter((x) => typeof x.value === 'number' && !Number.isInteger(x.value)).length,
    decimalsRight: 0,
    decimalsLost: 0,
    uncertain: result?.values.filter((v) => v.uncertain).length ?? 0,
    shownRight: 0,
    shownWrong: 0,
    checkIt: 0,
    criticalSafe: 0,
    contradictions: 0,
    typeCorrect: result?.report_type === t.report_type,
    impressionsExpected: t.impressions?.length ?? 0,
    impressionsFound: 0,
    error,
    ms,
    problems: [],
  };
  if (!result) return score;
  for (const c of contradictionsOf(result)) {
    score.contradictions++;
    score.problems.push(`CONTRADICTS ${c}`);
  }
  const byId = new Map(result.values.map((v) => [v.canonical_id, v]));
  const expectedIds = new Set(t.tests.map((x) => x.canonical));
  for (const test of t.tests) {
    const v = byId.get(test.canonical);
    // A test named at the top as "could not read — check the printed report" (the engine's
    // unread list) is marked, not missing: the patient is sent to the paper, as for "check it".
    const named = !v && result.unread.find((u) => u.canonical_id === test.canonical);
    if (named) {
      score.found++;
      score.extracted++; // counted as given, so it is not taken for an invented value either
      score.checkIt++;
      if (test.flag_expected.startsWith('critical')) score.criticalSafe++;
      score.problems.push(
        `check it ${test.canonical}: named unread (${named.reason}), printed ${test.value}`,
      );
      continue;
    }
    if (!v) {
      score.problems.push(`missing ${test.canonical}`);
      continue;
    }
    score.found++;
    if (typeof test.value === 'number' && !Number.isInteger(test.value) && typeof v.value === 'number') {
      if (sameValue(v.value, test.value)) score.decimalsRight++;
      else if (!v.uncertain && lostPoint(v.value, test.value)) {
        score.decimalsLost++;
        score.problems.push(`${test.canonical}: decimal point lost, ${test.value} read as ${v.value}`);
      }
    }
    const right = sameValue(v.value, test.value) && sameUnit(v.unit, test.unit_as_printed);
    if (v.uncertain) {
      score.checkIt++;
      score.problems.push(
        `check it ${test.canonical}: ${v.value} (${right ? 'right' : `printed ${test.value}`}): ${v.reading_note ?? ''}`,
      );
    } else if (right) score.shownRight++;
    else {
      score.shownWrong++;
      score.problems.push(
        `SHOWN WRONG ${test.canonical}: ${v.value} ${v.unit} shown as read, printed ${test.value}`,
      );
    }
    if (test.flag_expected.startsWith('critical') && (v.uncertain || v.flag === test.flag_expected))
      score.criticalSafe++;
    if (right) score.valueUnitCorrect++;
    else
      score.problems.push(
        `${test.canonical}: got ${v.value} ${v.unit}, want ${test.value} ${test.unit_as_printed}`,
      );
    // A flag counts where the patient sees it: a "check it" row shows none, unless it carries the
    // report's own high/low mark ("lab marked High — please check this value").
    const flagShown = !v.uncertain || v.flag !== 'normal';
    if (flagShown && v.flag === test.flag_expected) score.flagsCorrect++;
    else
      score.problems.push(
        `${test.canonical}: flag ${v.flag}, want ${test.flag_expected} (range ${v.ref_low}-${v.ref_high})`,
      );
    if (test.flag_expected.startsWith('critical') && v.flag === test.flag_expected) score.criticalCaught++;
  }
  for (const v of result.values) {
    if (!expectedIds.has(v.canonical_id)) score.problems.push(`invented ${v.canonical_id}=${v.value}`);
  }
  const got = result.impressions.map(normText);
  for (const imp of t.impressions ?? []) {
    if (got.some((g) => g.includes(normText(imp)) || normText(imp).includes(g))) score.impressionsFound++;
    else score.problems.push(`impression missing: ${imp}`);
  }
  if (!score.typeCorrect) score.problems.push(`type ${result.report_type}, want ${t.report_type}`);
  return score;
}

/** What a result says against itself: its rows, and its summary against its table. */
export function contradictionsOf(result: AnalysisResult): string[] {
  const out = selfContradictions(result.values);
  const claims = [result.summary ?? '', ...(result.key_findings ?? [])].some((s) =>
    /\ball (?:of them|\d+ results) (?:are|is) within\b/i.test(s),
  );
  if (claims && !allReadAndNormal(result.values, result.unread ?? [], result.unread_lines ?? []))
    out.push('the summary says all results are within range, the table does not');
  return out;
}

export interface GroupTotals {
  files: number;
  expected: number;
  found: number;
  extracted: number;
  valueUnitCorrect: number;
  flagsCorrect: number;
  criticalExpected: number;
  criticalCaught: number;
  decimalsExpected: number;
  decimalsRight: number;
  decimalsLost: number;
  uncertain: number;
  shownRight: number;
  shownWrong: number;
  checkIt: number;
  criticalSafe: number;
  contradictions: number;
  typeCorrect: number;
  recall: number;
  /** Of the values shown as read, the share that are right. */
  shownAccuracy: number;
  valueAccuracy: number;
  flagAccuracy: number;
  precision: number;
}

export function totals(scores: FileScore[]): GroupTotals {
  const sum = (f: (s: FileScore) => number) => scores.reduce((a, s) => a + f(s), 0);
  const expected = sum((s) => s.expected);
  const found = sum((s) => s.found);
  const extracted = sum((s) => s.extracted);
  const invented = extracted - found;
  return {
    files: scores.length,
    expected,
    found,
    extracted,
    valueUnitCorrect: sum((s) => s.valueUnitCorrect),
    flagsCorrect: sum((s) => s.flagsCorrect),
    criticalExpected: sum((s) => s.criticalExpected),
    criticalCaught: sum((s) => s.criticalCaught),
    decimalsExpected: sum((s) => s.decimalsExpected),
    decimalsRight: sum((s) => s.decimalsRight),
    decimalsLost: sum((s) => s.decimalsLost),
    uncertain: sum((s) => s.uncertain),
    shownRight: sum((s) => s.shownRight),
    shownWrong: sum((s) => s.shownWrong),
    checkIt: sum((s) => s.checkIt),
    criticalSafe: sum((s) => s.criticalSafe),
    contradictions: sum((s) => s.contradictions),
    shownAccuracy:
      sum((s) => s.shownRight + s.shownWrong) > 0
        ? sum((s) => s.shownRight) / sum((s) => s.shownRight + s.shownWrong)
        : 1,
    typeCorrect: sum((s) => (s.typeCorrect ? 1 : 0)),
    recall: expected ? found / expected : 1,
    valueAccuracy: expected ? sum((s) => s.valueUnitCorrect) / expected : 1,
    // Flags are scored against every expected test: a missed test is a missed flag.
    flagAccuracy: expected ? sum((s) => s.flagsCorrect) / expected : 1,
    precision: extracted ? (extracted - invented) / extracted : 1,
  };
}

export const BARS = {
  text: { recall: 0.97, flags: 0.97 },
  image: { recall: 0.9, flags: 0.9 },
  precision: 0.99,
};

export function failures(text: GroupTotals, image: GroupTotals, all: GroupTotals): string[] {
  const out: string[] = [];
  if (text.recall < BARS.text.recall)
    out.push(`TXT+PDF recall ${pct(text.recall)} < ${pct(BARS.text.recall)}`);
  if (text.flagAccuracy < BARS.text.flags)
    out.push(`TXT+PDF flags ${pct(text.flagAccuracy)} < ${pct(BARS.text.flags)}`);
  if (image.recall < BARS.image.recall)
    out.push(`image recall ${pct(image.recall)} < ${pct(BARS.image.recall)}`);
  if (image.flagAccuracy < BARS.image.flags)
    out.push(`image flags ${pct(image.flagAccuracy)} < ${pct(BARS.image.flags)}`);
  // A critical shown as "check the printed report" is safe: the patient is sent to look.
  if (all.criticalSafe < all.criticalExpected) {
    out.push(`critical values caught or marked ${all.criticalSafe}/${all.criticalExpected}`);
  }
  // The headline: a value shown as read that is not the printed one.
  if (all.shownWrong > 0) out.push(`${all.shownWrong} values shown as read are wrong`);
  if (all.contradictions > 0) out.push(`${all.contradictions} results contradict themselves`);
  if (all.precision < BARS.precision) out.push(`precision ${pct(all.precision)} < ${pct(BARS.precision)}`);
  return out;
}

export function pct(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}
