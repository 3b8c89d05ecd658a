import { fmtNumber } from '../parse/numbers';
import { RELATIONS, type Relation, type Values } from '../knowledge/relations';
import {
  alternativeReadings,
  NO_HINTS,
  SLIP_WORDS,
  type Reading,
  type ReadingHints,
} from '../parse/ocr-repair';
import type { PatientInfo } from '../types';
import { separatorBefore, suspect, type CheckedRow } from './check-row';
import { toBaseFactor } from './flags';
import { judge, PROVEN_CONFIDENCE } from './plausibility';
import { misreadAnswer } from '../verify/word-answer';

/**
 * Checks the report's results against each other (knowledge/relations.ts: MCHC = Hb ÷ Hct, the
 * differential sums to 100, globulin = total protein − albumin, ...). A relation that fails beyond
 * rounding means one of its values was misread:
 *  - on a photo or scan, each value's other readings (parse/ocr-repair.ts, likeliest slip first)
 *    are tried; when exactly one reading of one value makes every relation it is in hold (and is
 *    within the physiological limits), it is used and the row's reading note says so;
 *  - otherwise the values of the failing relation that no holding relation vouches for are shown
 *    as "check the printed report".
 * Then the column: where most values of a photo start with a '1' and the checks proved that 1 to
 * be a misread colon on several rows, the same slip is undone on the column's other rows.
 */
interface Member {
  index: number;
  /** Its reading is not trusted: only its other readings take part. */
  open: boolean;
  /** The value in the analyte's base unit. */
  base: number;
  factor: number;
  /** Half the last printed digit, in the base unit: how much rounding can move the value. */
  half: number;
  alternatives: Alternative[];
}

/** The words of the note on values a relation between them fails for (verify/photo-pass.ts reads it). */
export const RELATIONS_FAIL = 'on this report do not agree with each other';

/** Another reading of a value: an OCR slip undone, or a second reader's number (decision 265). */
type Alternative = Reading | { value: number; second: string };

/** Half of the last printed digit of a token ('6.7' -> 0.05, '144' -> 0.5). */
function halfDigit(raw: string): number {
  const m = /\.(\d+)/.exec(raw);
  return 0.5 * 10 ** -(m ? m[1].length : 0);
}

/**
 * On a report printing values after colons, a lost point put back into a number whose leading 1
 * may be the colon ('124': 12.4, or 24 after ': ') is a guess while dropping the 1 is possible: a
 * sum with a wide margin (the differential) can hold with either, so it may not choose.
 */
function colonOrPoint(r: CheckedRow, reading: Reading, hints: ReadingHints, lines: string[]): boolean {
  const token = r.row.value.raw.replace(/[<>\s,]/g, '');
  if (!hints.separators || reading.slip !== 'lost_point' || !/^1\d/.test(token)) return false;
  if (separatorBefore(r.row, lines)) return false;
  return judge(r.row.analyte, Number(token.slice(1)), r.unit) === 'plausible';
}

function membersOf(
  rows: CheckedRow[],
  fuzzy: boolean,
  hints: ReadingHints,
  lines: string[],
  secondReading?: CrossCheckContext['secondReading'],
): Map<string, Member> {
  const byId = new Map<string, Member | null>();
  rows.forEach((r, index) => {
    const id = r.row.analyte.id;
    if (byId.has(id)) {
      byId.set(id, null); // printed twice (two specimens, two methods): no relation can use it
      return;
    }
    const factor = toBaseFactor(r.row.analyte, r.unit);
    // A photo's value left uncertain by the limits ('120.4' for a haematocrit: 20.4 or 12.04?)
    // is an open member: the relations may settle it from its other readings.
    const open = fuzzy && !!r.settled?.uncertain && r.value === r.row.value.value;
    if (
      typeof r.value !== 'number' ||
      (r.settled?.uncertain && !open) ||
      factor === null ||
      r.row.value.number?.qualifier ||
      // Impossible in its printed unit ('4.51 cells/cumm' for an RBC count in millions): the
      // unit, not the value, is what no relation could judge.
      (!open && judge(r.row.analyte, r.value, r.unit) === 'implausible')
    ) {
      byId.set(id, null);
      return;
    }
    const raw = r.row.value.raw;
    const untouched = r.value === r.row.value.value;
    // A photo's number a second reader read otherwise is one more reading of the cell: the
    // relations may show it is the one that holds (issue 31: the only reading that fits).
    const second = untouched && fuzzy ? secondReading?.(r) : null;
    const other: Alternative[] =
      second && second.value !== r.value && judge(r.row.analyte, second.value, r.unit) === 'plausible'
        ? [second]
        : [];
    byId.set(id, {
      index,
      open,
      base: r.value * factor,
      factor,
      half: (untouched ? halfDigit(raw) : halfDigit(String(r.value))) * factor,
      // Only a value taken as read has other readings; one already repaired has used its slip.
      // On a text file (no OCR) only a misprinted point can be one: a lost or a stray point.
      alternatives: untouched
        ? alternativeReadings(raw, fuzzy ? hints : NO_HINTS).filter(
            (a) =>
              (fuzzy || a.slip === 'lost_point' || a.slip === 'spurious_point') &&
              judge(r.row.analyte, a.value, r.unit) === 'plausible' &&
              !(fuzzy && colonOrPoint(r, a, hints, lines)),
          )
        : [],
    });
    if (other.length) byId.get(id)!.alternatives.push(...other);
  });
  const out = new Map<string, Member>();
  for (const [id, m] of byId) if (m) out.set(id, m);
  return out;
}

export type Status = 'holds' | 'fails' | 'unknown';

function values(members: Map<string, Member>, override?: { id: string; base: number }): Values {
  const v: Values = {};
  for (const [id, m] of members) {
    if (override?.id === id) v[id] = override.base;
    else if (!m.open) v[id] = m.base;
  }
  return v;
}

/**
 * Does the relation hold with these values (base units), allowing for the rounding of each
 * printed one (`half`: half its last printed digit, in the base unit)? 'unknown' when a member is
 * missing or the relation does not apply (no age for eGFR, a measured LDL).
 */
export function checkRelation(
  rel: Relation,
  v: Values,
  half: Record<string, number>,
  patient: PatientInfo,
): Status {
  if (!rel.members.every((id) => v[id] !== undefined)) return 'unknown';
  if (rel.applies && !rel.applies(v)) return 'unknown';
  const r = rel.residual(v, patient);
  if (r === null || !Number.isFinite(r)) return 'unknown';
  let tolerance = rel.margin(v);
  for (const id of [...rel.members, ...(rel.optional ?? [])]) {
    if (v[id] === undefined || !half[id]) continue;
    const moved = rel.residual({ ...v, [id]: v[id] + half[id] }, patient);
    if (moved !== null) tolerance += Math.abs(moved - r);
  }
  return Math.abs(r) <= tolerance ? 'holds' : 'fails';
}

export interface CrossCheckResult {
  /** Relation ids checked and whether they held (after any repair), for tests and the eval. */
  relations: Record<string, Status>;
}

export interface CrossCheckContext {
  patient: PatientInfo;
  /** OCR text: values may be repaired; otherwise they are only marked. */
  fuzzy: boolean;
  hints?: ReadingHints;
  /** The report's lines, to see which values follow a visible colon. */
  lines: string[];
  /**
   * A photo's number as a second reader read it where it differs from the first (verify/,
   * decision 265): the reader's name and its number, or null.
   */
  secondReading?: (row: CheckedRow) => { value: number; second: string } | null;
}

export function crossCheck(rows: CheckedRow[], ctx: CrossCheckContext): CrossCheckResult {
  const { patient, fuzzy, lines } = ctx;
  const hints = ctx.hints ?? NO_HINTS;
  const members = membersOf(rows, fuzzy, hints, lines, ctx.secondReading);
  if (fuzzy) misreadAnswers(rows);
  const halves = () => Object.fromEntries([...members].map(([id, m]) => [id, m.half]));
  const statusOf = (rel: Relation, v: Values) => checkRelation(rel, v, halves(), patient);
  const all = () => {
    const v = values(members);
    return new Map(RELATIONS.map((rel) => [rel.id, statusOf(rel, v)] as const));
  };
  let state = all();
  /** The readings of one value that make `rel` hold without breaking any relation it is in. */
  const fixesFor = (rel: Relation) => {
    const fixes: Array<{ id: string; reading: Alternative }> = [];
    for (const id of rel.members) {
      const m = members.get(id);
      if (!m || (state.get(rel.id) !== 'fails' && !m.open)) continue;
      for (const reading of m.alternatives) {
        const v = values(members, { id, base: reading.value * m.factor });
        const touched = RELATIONS.filter((r) => r.members.includes(id) || r.optional?.includes(id));
        // On a text file the printed value is changed only where every relation it takes part in
        // can be checked and holds with the other reading (the lab's own text is the evidence).
        const settles = fuzzy
          ? touched.every((r) => statusOf(r, v) !== 'fails')
          : touched.every((r) => statusOf(r, v) !== 'fails') &&
            touched.filter((r) => statusOf(r, v) === 'holds').length >= 1;
        if (statusOf(rel, v) === 'holds' && settles) {
          fixes.push({ id, reading });
        }
      }
    }
    return fixes;
  };
  // One repair at a time, so that a repaired value then vouches for its neighbours.
  for (let round = 0; round < rows.length; round++) {
    // Failing relations, and relations whose only unsettled member is an open one.
    const targets = RELATIONS.filter(
      (rel) =>
        state.get(rel.id) === 'fails' ||
        (rel.members.every((id) => members.has(id)) &&
          rel.members.filter((id) => members.get(id)!.open).length === 1),
    );
    const target = targets.map((rel) => ({ rel, fixes: fixesFor(rel) })).find((t) => t.fixes.length === 1);
    if (!target) break;
    const { rel } = target;
    const [{ id, reading }] = target.fixes;
    const m = members.get(id)!;
    const row = rows[m.index];
    const others = rel.members.filter((x) => x !== id).map((x) => rows[members.get(x)!.index].row.name);
    const u = row.unit ? ` ${row.unit}` : '';
    const why =
      'second' in reading
        ? `a second reader (${reading.second}) read ${fmtNumber(reading.value)}`
        : fuzzy
          ? SLIP_WORDS[reading.slip]
          : 'a misprinted decimal point';
    row.settled = {
      value: reading.value,
      uncertain: false,
      confidence: PROVEN_CONFIDENCE,
      ...('slip' in reading ? { slip: reading.slip } : {}),
      note: `${fuzzy ? 'Read as' : 'Printed as'} ${row.row.value.raw} ${fuzzy ? 'on the image' : 'in the report'}; ${others.join(' and ')} on this report agree only with ${fmtNumber(reading.value)}${u} (${rel.rule}), so it was used (${why}).`,
    };
    row.value = reading.value;
    members.set(id, { ...m, open: false, base: reading.value * m.factor, alternatives: [] });
    state = all();
  }
  if (fuzzy && hints.separators) columnSlip(rows, members, state, lines);
  state = all();
  // What still fails: the values no holding relation vouches for are "check it".
  const vouched = new Set(
    RELATIONS.filter((rel) => state.get(rel.id) === 'holds').flatMap((rel) => rel.members),
  );
  for (const rel of RELATIONS.filter((r) => state.get(r.id) === 'fails')) {
    const open = rel.members.filter((id) => !vouched.has(id));
    const doubtful = open.length ? open : rel.members;
    for (const id of doubtful) {
      const row = rows[members.get(id)!.index];
      if (row.settled?.uncertain) continue;
      row.settled = suspect(
        row.settled,
        row.value,
        `${rel.members.map((x) => rows[members.get(x)!.index].row.name).join(', ')} ${RELATIONS_FAIL} (${rel.rule}): one of them was misread`,
      );
    }
  }
  return { relations: Object.fromEntries(state) };
}

/**
 * A photo's result in words that is no answer of its test but a letter or two from one ('fear'
 * read for urine appearance 'Clear', verify/word-answer.ts) is "check it", with one reader or two:
 * it is a misreading, and a finding judged from it would be wrong.
 */
function misreadAnswers(rows: CheckedRow[]): void {
  for (const r of rows) {
    if (typeof r.value !== 'string' || r.settled?.uncertain || !r.row.known) continue;
    if (r.row.analyte.kind !== 'qualitative') continue;
    const answer = misreadAnswer(r.value, r.row.analyte, r.range.text);
    if (answer)
      r.settled = suspect(
        r.settled,
        r.value,
        `'${r.value}' is no answer this test has; it may be '${answer}' misread`,
      );
  }
}

/**
 * A whole column with the same slip: on a photo whose values follow a colon, OCR reads the colon
 * as a 1 (':6.7' -> '16.7'), often on every row. The rows that start with a 1 and show no colon
 * before their value, that no holding relation vouches for and that nothing else repaired:
 *  - a row whose value without the 1 no patient could have is read as printed (the 1 is a digit);
 *  - when the slip is proven on the column (two rows proven by the limits or the relations, or four
 *    in five numbers starting with a 1), the 1 is dropped ('10-1' for a count of 0-1 too);
 *  - when the column only shows colons on other rows, the 1 may be the colon or a digit (OCR also
 *    drops colons): the row is "check it".
 */
function columnSlip(
  rows: CheckedRow[],
  members: Map<string, Member>,
  state: Map<string, Status>,
  lines: string[],
): void {
  const token = (r: CheckedRow) => r.row.value.raw.replace(/[<>\s,]/g, '');
  const numeric = rows.filter((r) => typeof r.row.value.value === 'number');
  const proven = rows.filter((r) => r.settled?.slip === 'separator').length;
  const starts = numeric.filter((r) => /^1\d/.test(token(r))).length;
  const strong = proven >= 2 || (numeric.length >= 5 && starts >= numeric.length * 0.8);
  const vouched = new Set(
    RELATIONS.filter((rel) => state.get(rel.id) === 'holds').flatMap((rel) => rel.members),
  );
  for (const row of rows) {
    const t = token(row);
    const count = typeof row.row.value.value === 'string' && /^1\d*-\d+$/.test(t);
    if (!/^1\d/.test(t) && !count) continue;
    // Rows the limits left uncertain ('120.4': 20.4 or 12.04?) are settled by the column too.
    if (row.settled?.slip || vouched.has(row.row.analyte.id) || separatorBefore(row.row, lines)) continue;
    if (row.value !== row.row.value.value) continue; // already repaired some other way
    const rest = t.slice(1);
    const dropped = count ? rest : Number(rest);
    const possible = count || judge(row.row.analyte, dropped as number, row.unit) !== 'implausible';
    // Without its 1 no patient could have the value ('126' for sodium, '101' for chloride): the 1 is
    // a digit, whatever the column's other rows show. Electrolytes start with a 1 by nature.
    if (!possible) continue;
    if (!strong) {
      row.settled = suspect(
        row.settled,
        row.value,
        `read as ${t} on the image, in a column of values printed after a colon, which OCR reads as a 1: it may be ${rest}`,
      );
      continue;
    }
    const u = row.unit ? ` ${row.unit}` : '';
    row.settled = {
      value: dropped,
      uncertain: false,
      confidence: PROVEN_CONFIDENCE,
      slip: 'separator',
      note: `Read as ${t} on the image; the colon before this column's values was read as a 1 on the other rows, so ${typeof dropped === 'number' ? fmtNumber(dropped) : dropped}${u} was used.`,
    };
    row.value = dropped;
    const m = members.get(row.row.analyte.id);
    if (m && typeof dropped === 'number')
      members.set(row.row.analyte.id, { ...m, open: false, base: dropped * m.factor, alternatives: [] });
  }
}
