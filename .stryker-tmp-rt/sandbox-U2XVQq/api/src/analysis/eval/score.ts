// @ts-nocheck
import type { AnalysisResult } from '../types';
import { canonicalUnit } from '../parse/units';
import type { Fixture } from './fixtures';

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

function sameUnit(a: string, b: string): boolean {
  return (
    canonicalUnit(a) === canonicalUnit(b) ||
    a.replace(/\s+/g, '').toLowerCase() === b.replace(/\s+/g, '').toLowerCase()
  );
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
    typeCorrect: result?.report_type === t.report_type,
    impressionsExpected: t.impressions?.length ?? 0,
    impressionsFound: 0,
    error,
    ms,
    problems: [],
  };
  if (!result) return score;
  const byId = new Map(result.values.map((v) => [v.canonical_id, v]));
  const expectedIds = new Set(t.tests.map((x) => x.canonical));
  for (const test of t.tests) {
    const v = byId.get(test.canonical);
    if (!v) {
      score.problems.push(`missing ${test.canonical}`);
      continue;
    }
    score.found++;
    if (sameValue(v.value, test.value) && sameUnit(v.unit, test.unit_as_printed)) score.valueUnitCorrect++;
    else
      score.problems.push(
        `${test.canonical}: got ${v.value} ${v.unit}, want ${test.value} ${test.unit_as_printed}`,
      );
    if (v.flag === test.flag_expected) score.flagsCorrect++;
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

export interface GroupTotals {
  files: number;
  expected: number;
  found: number;
  extracted: number;
  valueUnitCorrect: number;
  flagsCorrect: number;
  criticalExpected: number;
  criticalCaught: number;
  typeCorrect: number;
  recall: number;
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
  if (all.criticalCaught < all.criticalExpected) {
    out.push(`critical values caught ${all.criticalCaught}/${all.criticalExpected}`);
  }
  if (all.precision < BARS.precision) out.push(`precision ${pct(all.precision)} < ${pct(BARS.precision)}`);
  return out;
}

export function pct(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}
