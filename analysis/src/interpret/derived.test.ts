import { describe, expect, it } from 'vitest';
import { analyteById } from '../parse/match-analyte';
import type { Analyte } from '../types';
import { settleFromComponents, type ReadValue } from './derived';
import { DECIMAL_CONFIDENCE, settleDecimal } from './plausibility';

const a = (id: string) => analyteById(id) as Analyte;

/** A value as a photo's row would give it, settled by the decimal rule. */
function row(
  id: string,
  raw: string,
  unit: string,
  range = { low: null as number | null, high: null as number | null },
): ReadValue {
  const read = Number(raw);
  const settled = settleDecimal({ analyte: a(id), raw, read, repaired: read, unit, range });
  return { analyte: a(id), name: id, raw, value: settled.value, unit, settled };
}

describe('a derived value settled by its components on the report', () => {
  const ldl = row('ldl_cholesterol', '66', 'mg/dL');
  const hdl = row('hdl_cholesterol', '52', 'mg/dL');

  it('reads an LDL/HDL ratio printed 1.3 and read 13 as 1.3 when LDL and HDL give 1.27', () => {
    const ratio = row('ldl_hdl_ratio', '13', 'Ratio', { low: null, high: 3.5 });
    expect(ratio.settled?.uncertain).toBe(true); // the decimal rule alone cannot settle it
    const s = settleFromComponents(ratio, [ldl, hdl, ratio]);
    expect(s).toMatchObject({ value: 1.3, uncertain: false, confidence: DECIMAL_CONFIDENCE });
    expect(s?.note).toMatch(/lost decimal point/);
  });

  it('keeps a ratio that really is that high when the components say so', () => {
    const high = row('ldl_hdl_ratio', '13', 'Ratio', { low: null, high: 3.5 });
    const s = settleFromComponents(high, [
      row('ldl_cholesterol', '260', 'mg/dL'),
      row('hdl_cholesterol', '20', 'mg/dL'),
      high,
    ]);
    expect(s).toMatchObject({ value: 13, uncertain: false });
  });

  it('leaves it uncertain without both components, or when none of the readings agrees', () => {
    const ratio = row('ldl_hdl_ratio', '13', 'Ratio', { low: null, high: 3.5 });
    expect(settleFromComponents(ratio, [ldl, ratio])).toBeNull();
    expect(settleFromComponents(ratio, [row('ldl_cholesterol', '150', 'mg/dL'), hdl, ratio])).toBeNull();
  });

  it('does not settle one doubtful reading by another', () => {
    const ratio = row('ldl_hdl_ratio', '13', 'Ratio', { low: null, high: 3.5 });
    const doubtful = { ...hdl, settled: { ...hdl.settled!, uncertain: true } };
    expect(settleFromComponents(ratio, [ldl, doubtful, ratio])).toBeNull();
  });

  it("settles a difference in the components' units (globulin = total protein - albumin)", () => {
    // Left uncertain (as the decimal rule leaves a value it cannot settle).
    const glob: ReadValue = {
      ...row('globulin', '31', 'g/dL'),
      value: 31,
      settled: { value: 31, uncertain: true, confidence: 0.3, note: 'unsettled' },
    };
    const s = settleFromComponents(glob, [
      row('total_protein', '7.2', 'g/dL'),
      row('albumin', '4.1', 'g/dL'),
      glob,
    ]);
    expect(s).toMatchObject({ value: 3.1, uncertain: false });
  });

  it('leaves values taken as read alone', () => {
    const ratio = row('ldl_hdl_ratio', '1.3', 'Ratio', { low: null, high: 3.5 });
    expect(settleFromComponents(ratio, [ldl, hdl, ratio])).toBeNull();
  });
});
