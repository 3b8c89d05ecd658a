import { describe, expect, it } from 'vitest';
import { analyteById } from '../parse/match-analyte';
import type { Analyte } from '../types';
import { percentOrCount } from './percent-or-count';

const a = (id: string): Analyte => analyteById(id)!;
const none = { low: null, high: null };

describe('percent or absolute count, by unit and range magnitude (decision 193)', () => {
  it('takes the unit first', () => {
    expect(percentOrCount(a('neutrophils'), '10^3/µL', none).id).toBe('absolute_neutrophil_count');
    expect(percentOrCount(a('neutrophils'), '/cumm', none).id).toBe('absolute_neutrophil_count');
    expect(percentOrCount(a('lymphocytes'), '%', none).id).toBe('lymphocytes');
    expect(percentOrCount(a('absolute_eosinophil_count'), '%', none).id).toBe('eosinophils');
  });

  it("without a unit, the range's magnitude decides", () => {
    expect(percentOrCount(a('neutrophils'), '', { low: 2, high: 7 }).id).toBe('absolute_neutrophil_count');
    expect(percentOrCount(a('neutrophils'), '', { low: 40, high: 80 }).id).toBe('neutrophils');
    expect(percentOrCount(a('eosinophils'), '', { low: 0.02, high: 0.5 }).id).toBe(
      'absolute_eosinophil_count',
    );
    expect(percentOrCount(a('lymphocytes'), '', { low: 1000, high: 3000 }).id).toBe(
      'absolute_lymphocyte_count',
    );
    expect(percentOrCount(a('absolute_monocyte_count'), '', { low: 2, high: 10 }).id).toBe('monocytes');
  });

  it('keeps the match when nothing says otherwise, and leaves other tests alone', () => {
    expect(percentOrCount(a('neutrophils'), '', none).id).toBe('neutrophils');
    expect(percentOrCount(a('hemoglobin'), '10^3/µL', none).id).toBe('hemoglobin');
  });
});
