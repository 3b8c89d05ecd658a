import { getAnalyte } from '@reportsaathi/analysis';
import { describe, expect, it } from 'vitest';
import { valueKnowledge } from './value-knowledge';

describe("a value's knowledge for the results view", () => {
  it("names a known test in Hindi on a Hindi page only (the lab's printed name stays the value's)", () => {
    const hi = valueKnowledge('hemoglobin', 'hi');
    expect(hi.name_hi).toBe(getAnalyte('hemoglobin')!.name.hi);
    expect(hi.name_hi).toMatch(/[\u0900-\u097F]/);
    expect(valueKnowledge('hemoglobin', 'en').name_hi).toBeNull();
  });

  it('has no Hindi name for a test the knowledge base does not know', () => {
    expect(valueKnowledge('no_such_test_anywhere', 'hi')).toEqual({
      panel: null,
      about: null,
      name_hi: null,
    });
  });
});
