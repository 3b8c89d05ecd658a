import { describe, expect, it } from 'vitest';
import { readColumns } from './tables';
import { textTokens } from './tokens';

const roles = (line: string) => readColumns(textTokens(line))?.map((c) => c.role) ?? null;

// Header words as data (HEADER_WORDS in tables.ts): each entry here was missing for a layout of
// the held-out families (decision 159).
describe('header words', () => {
  it("knows the top line of headings printed on two lines ('Biological' over 'Ref. Interval')", () => {
    expect(roles('Test   Observed   Biological')).toEqual(['name', 'result', 'range']);
    expect(roles('Test   Result   Bio.')).toEqual(['name', 'result', 'range']);
  });
});
