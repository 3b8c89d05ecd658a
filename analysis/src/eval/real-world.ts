import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { analyzeDocument } from '../index';
import { matchAnalyte, normaliseName } from '../parse/match-analyte';
import { sameUnit } from '../knowledge/units';
import { parseNumber } from '../parse/numbers';
import type { AnalysisResult, ExtractedValue } from '../types';
import { REPO_ROOT } from './fixtures';

/**
 * The real-world samples (../shared/fixtures/real-world, or REAL_WORLD_DIR): reports printed by
 * real lab software, with hand-written truth that lists every printed row with a result by its
 * printed name (no canonical ids). A truth row is found when a value carries its printed name,
 * or the analyte that name stands for; value, unit (after normalisation) and flag are compared.
 */
interface RealTruthValue {
  name: string;
  printed_name?: string;
  value: string;
  unit: string | null;
  flag: string | null;
}

export interface RealScore {
  file: string;
  group: 'text' | 'image';
  expected: number;
  found: number;
  values: number;
  units: number;
  flagsExpected: number;
  flags: number;
  /** Rows shown as "check the printed report": no flag is given, which is safe, not wrong. */
  checkIt: number;
  problems: string[];
}

export function realWorldDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.REAL_WORLD_DIR
    ? path.resolve(env.REAL_WORLD_DIR)
    : path.resolve(REPO_ROOT, '../shared/fixtures/real-world');
}

function sameValue(got: number | string, want: string): boolean {
  const w = parseNumber(want);
  if (typeof got === 'number' && w) return Math.abs(got - w.value) < 1e-9;
  return String(got).toLowerCase().replace(/\s+/g, '') === want.toLowerCase().replace(/\s+/g, '');
}

function findValue(values: ExtractedValue[], t: RealTruthValue): ExtractedValue | undefined {
  const printed = t.printed_name ?? t.name;
  const key = normaliseName(printed);
  const byName = values.find((v) => normaliseName(v.name) === key);
  if (byName) return byName;
  const unit = t.unit ?? '';
  const a = matchAnalyte(printed, { section: 'general', unit, fuzzy: false });
  return a ? values.find((v) => v.canonical_id === a.id) : undefined;
}

export function scoreReal(file: string, result: AnalysisResult | null, truth: RealTruthValue[]): RealScore {
  const group = /\.(png|jpe?g)$/i.test(file) ? 'image' : 'text';
  const s: RealScore = {
    file,
    group,
    expected: truth.length,
    found: 0,
    values: 0,
    units: 0,
    flagsExpected: truth.filter((t) => t.flag).length,
    flags: 0,
    checkIt: 0,
    problems: [],
  };
  const values = result?.values ?? [];
  for (const t of truth) {
    const v = findValue(values, t);
    if (!v) {
      s.problems.push(`missing ${t.printed_name ?? t.name}`);
      continue;
    }
    s.found++;
    if (sameValue(v.value, t.value)) s.values++;
    else s.problems.push(`${t.name}: value ${v.value}, want ${t.value}`);
    const unitOk = sameUnit(v.unit, t.unit ?? '');
    if (unitOk) s.units++;
    else s.problems.push(`${t.name}: unit '${v.unit}', want '${t.unit ?? ''}'`);
    if (v.uncertain) s.checkIt++;
    if (t.flag) {
      const got = v.flag.replace(/^critical_/, '');
      if (got === t.flag) s.flags++;
      else if (!v.uncertain) s.problems.push(`${t.name}: flag ${v.flag}, want ${t.flag}`);
    }
  }
  return s;
}

export async function runRealWorld(dir = realWorldDir()): Promise<RealScore[]> {
  if (!existsSync(dir)) {
    console.warn(`The real-world samples are not at ${dir} (set REAL_WORLD_DIR): they are not scored.`);
    return [];
  }
  const out: RealScore[] = [];
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith('.truth.json')) continue;
    const truth = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as {
      file: string;
      values: RealTruthValue[];
    };
    const doc = path.join(dir, truth.file);
    if (!existsSync(doc)) continue;
    let result: AnalysisResult | null = null;
    try {
      result = await analyzeDocument({ bytes: readFileSync(doc), filename: truth.file, language: 'en' });
    } catch {
      result = null;
    }
    out.push(scoreReal(truth.file, result, truth.values));
  }
  return out;
}
