import { describe, expect, it } from 'vitest';
import { analyteById } from '../parse/match-analyte';
import { parseRange } from '../parse/ranges';
import type { Row } from '../parse/row';
import { repairChangesMeaning, type CheckedRow } from './check-row';

/** Repairs that keep the meaning (decision 195): rows built here, as the table reader gives them. */
function checked(
  id: string,
  raw: string,
  read: number,
  shown: number,
  range: string,
  mark: string | null = null,
) {
  const analyte = analyteById(id)!;
  const row = {
    name: analyte.name.en,
    analyte,
    known: true,
    value: { raw, value: read, number: { value: read, qualifier: null }, flag: mark },
    unit: analyte.unit,
    rangeText: range,
    lineIndex: 0,
  } as unknown as Row;
  const parsed = parseRange(range, null);
  const r: CheckedRow = {
    row,
    value: shown,
    unit: analyte.unit,
    range: parsed,
    settled: null,
    inferred: null,
  };
  const flag =
    shown < (parsed.low ?? -Infinity) ? 'low' : shown > (parsed.high ?? Infinity) ? 'high' : 'normal';
  return { r, judged: { flag, ref_low: parsed.low, ref_high: parsed.high } };
}

const ctx = (marksPrinted: boolean) => ({
  fuzzy: true,
  patient: { age: null, sex: null },
  hints: { separators: true, trailingMarks: false, marksPrinted },
});

describe('a repair never reverses what was printed', () => {
  it('refuses a repair that turns a possible high reading into low', () => {
    // WBC printed ': 12000', its colon taken for a 1 and dropped: 2000 would be low.
    const { r, judged } = checked('wbc_count', '12000', 12000, 2000, '4000-11000');
    expect(repairChangesMeaning(r, judged, ctx(false))).toMatch(/read as 12000 \(high\).*low/);
  });

  it('lets a repair of an impossible reading stand', () => {
    // Haemoglobin '45' has lost its point: 4.5 is low, and 45 was never a reading.
    const { r, judged } = checked('hemoglobin', '45', 45, 4.5, '13-17');
    expect(repairChangesMeaning(r, judged, ctx(false))).toBeNull();
  });

  it('on a report that marks abnormal results, refuses an abnormal repair with no mark', () => {
    // Eosinophils printed ': 02', read '102': 10.2 would be high, but no H is beside it.
    const { r, judged } = checked('eosinophils', '102', 102, 10.2, '1-6');
    expect(repairChangesMeaning(r, judged, ctx(true))).toMatch(/no mark beside it/);
    expect(repairChangesMeaning(r, judged, ctx(false))).toBeNull();
    const marked = checked('eosinophils', '102', 102, 10.2, '1-6', 'H');
    expect(repairChangesMeaning(marked.r, marked.judged, ctx(true))).toBeNull();
  });

  it('says nothing of a value shown as read', () => {
    const { r, judged } = checked('wbc_count', '12000', 12000, 12000, '4000-11000');
    expect(repairChangesMeaning(r, judged, ctx(true))).toBeNull();
  });
});
