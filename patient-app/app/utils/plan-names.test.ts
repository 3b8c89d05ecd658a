import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { planFeature, planName, restatesLimit } from './plan-names';
import { say } from './messages';

const DEVANAGARI = /[\u0900-\u097F]/;
// The migration that seeds the plans: every name and feature it inserts must have its Hindi here.
const SEED = readFileSync(
  fileURLToPath(new URL('../../../db/src/migrations/2026-11-22-0060-user-panel.ts', import.meta.url)),
  'utf8',
);
const seeded = [...SEED.matchAll(/\('(\w+)', '([^']+)', \d+, \d+,\s*'(\[[^\]]*\])'/g)].map((m) => ({
  code: m[1],
  name: m[2],
  features: JSON.parse(m[3]) as string[],
}));

describe('plan names on Hindi pages', () => {
  it('finds the three seeded plans in the migration', () => {
    expect(seeded.map((p) => p.code)).toEqual(['free', 'plus', 'family']);
  });

  it("puts every seeded plan's name and features into Hindi, and leaves English pages alone", () => {
    for (const p of seeded) {
      expect(planName(p.name, 'hi', p.code)).toMatch(DEVANAGARI);
      expect(planName(p.name, 'hi')).toBe(planName(p.name, 'hi', p.code));
      expect(planName(p.name, 'en', p.code)).toBe(p.name);
      for (const f of p.features) {
        expect(planFeature(f, 'hi'), f).toMatch(DEVANAGARI);
        expect(planFeature(f, 'en')).toBe(f);
      }
    }
    expect(planName('Plus', 'hi', 'plus')).toBe('प्लस');
  });

  it('shows a plan staff created or renamed as stored', () => {
    expect(planName('Clinic Pro', 'hi', 'clinic')).toBe('Clinic Pro');
    expect(planName('Clinic Pro', 'hi')).toBe('Clinic Pro');
    // The seeded 'plus' plan renamed in the back office keeps its new name.
    expect(planName('Plus Annual Offer', 'hi', 'plus')).toBe('Plus Annual Offer');
    // Another plan that happens to be called 'Plus' is not the seeded one.
    expect(planName('Plus', 'hi', 'clinic')).toBe('Plus');
    expect(planFeature('Home sample collection', 'hi')).toBe('Home sample collection');
  });

  it("translates the plan named inside the API's subscription messages", () => {
    expect(say('hi', 'You are now on the Family plan')).toBe('अब आप फ़ैमिली प्लान पर हैं');
    expect(say('hi', 'You are already on the Clinic Pro plan')).toBe('आप पहले से Clinic Pro प्लान पर हैं');
  });
});

describe("a plan's features beside its limits", () => {
  it('leaves out each seeded feature that says a limit again, and keeps the others', () => {
    const kept = Object.fromEntries(seeded.map((p) => [p.code, p.features.filter((f) => !restatesLimit(f))]));
    expect(kept).toEqual({
      free: ['Chat about your reports', 'English and Hindi'],
      plus: ['Health trends across reports', 'Priority analysis'],
      family: ['Health trends across reports', 'Priority support'],
    });
  });

  it('keeps a feature staff wrote that is not about the limits', () => {
    expect(restatesLimit('Home sample collection')).toBe(false);
    expect(restatesLimit('Priority analysis')).toBe(false);
    expect(restatesLimit('10 GB storage')).toBe(true);
  });
});
