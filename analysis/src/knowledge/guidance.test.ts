import { describe, expect, it } from 'vitest';
import { getAnalyte } from './index';
import { GUIDES, guideFor } from './guidance';

describe('guidance data', () => {
  it('names only analytes the knowledge base has, each direction once', () => {
    const seen = new Set<string>();
    for (const g of GUIDES)
      for (const [id, dir] of g.applies) {
        expect(getAnalyte(id), id).toBeDefined();
        expect(seen.has(`${id}:${dir}`), `${id}:${dir} in two guides`).toBe(false);
        seen.add(`${id}:${dir}`);
      }
  });

  it('has every aspect in English and Hindi, with no medicine or dose', () => {
    for (const g of GUIDES)
      for (const text of [g.food, g.exercise, g.retest, g.doctor.who, g.doctor.why]) {
        expect(text.en.length, g.id).toBeGreaterThan(5);
        expect(text.hi, g.id).toMatch(/[\u0900-\u097F]/);
        expect(`${text.en} ${text.hi}`).not.toMatch(/\d+\s*(mg|mcg|iu|units?)\b|tablet|गोली|टैबलेट/i);
      }
  });

  it('finds the guide by analyte and the direction that is out of range', () => {
    expect(guideFor('hemoglobin', 'low')?.id).toBe('low_hemoglobin');
    expect(guideFor('hemoglobin', 'high')).toBeUndefined();
    expect(guideFor('hdl_cholesterol', 'low')?.id).toBe('high_lipids');
  });
});
