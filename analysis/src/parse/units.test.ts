import { describe, expect, it } from 'vitest';
import {
  canonicalUnit,
  countMultiplier,
  displayUnit,
  glueUnits,
  isUnitToken,
  sameUnit,
  unitFactor,
} from './units';

describe('units', () => {
  it('treats spellings of one unit as equal', () => {
    expect(canonicalUnit('gm%')).toBe(canonicalUnit('g/dL'));
    expect(canonicalUnit('gm/dl')).toBe(canonicalUnit('g/dL'));
    expect(canonicalUnit('cells/µL')).toBe(canonicalUnit('/cumm'));
    expect(canonicalUnit('x10³/µL')).toBe(canonicalUnit('10^3/µL'));
    // Units of other names equal in value keep their names (decision 249), and measure on one scale.
    expect(canonicalUnit('IU/L')).not.toBe(canonicalUnit('U/L'));
    for (const [a, b] of [
      ['IU/L', 'U/L'],
      ['mEq/L', 'mmol/L'],
      ['µIU/mL', 'mIU/L'],
      ['mU/L', 'mIU/L'],
      ['µU/mL', 'µIU/mL'],
      ['mill/cumm', '10^6/µL'],
      ['10^9/L', 'thou/µL'],
    ])
      expect(sameUnit(a, b), `${a} ${b}`).toBe(true);
    expect(sameUnit('mg/dL', 'mmol/L')).toBe(false);
  });

  it('converts cell counts by their multipliers', () => {
    expect(unitFactor('lakhs/cumm', '/cumm')).toBe(100000);
    expect(unitFactor('Lakh/cmm', '/cumm')).toBe(100000);
    expect(unitFactor('10^3/µL', '/cumm')).toBe(1000);
    expect(unitFactor('10^9/L', '/cumm')).toBe(1000);
    expect(unitFactor('million/cumm', '10^6/µL')).toBe(1);
    expect(unitFactor('mg/dL', 'mmol/L')).toBeNull();
    expect(unitFactor('mmol/L', 'mg/dL', { 'mmol/L': 18 })).toBe(18);
  });

  it('recognises unit tokens and not ranges or words', () => {
    for (const u of [
      'g/dL',
      '%',
      'fL',
      'pg',
      '/cumm',
      '10^3/µL',
      'mL/min/1.73m2',
      'Ratio',
      '/HPF',
      'mIU/L',
      '/µL', // micro sign
      '/μL', // Greek mu
    ]) {
      expect(isUnitToken(u)).toBe(true);
    }
    for (const t of ['13-17', 'Nil', 'Negative', 'Hexokinase', '4.5']) expect(isUnitToken(t)).toBe(false);
  });

  it('glues multi-word units so a line splits into the right cells', () => {
    expect(glueUnits('eGFR   88   mL/min/1.73 m2   > 90')).toContain('mL/min/1.73m2');
    expect(glueUnits('ESR  24  mm/1 hour')).toContain('mm/1_hour');
    // A photographed '10^3/µL' whose caret OCR read as a 7.
    expect(glueUnits('Neutrophils   6.1   1073/uL   2.0-7.0')).toBe('Neutrophils   6.1   10^3/uL   2.0-7.0');
    expect(glueUnits('RBC   4.6   x 1076/µL')).toContain('x10^6/µL');
  });
});

describe('units, exactly', () => {
  // Written out key by key: comparing two spellings with each other would pass if both were wrong alike.
  it.each([
    ['gm%', 'g/dl'],
    ['g%', 'g/dl'],
    ['gm/dl', 'g/dl'],
    ['gms/dl', 'g/dl'],
    ['g/dL', 'g/dl'],
    ['GM / DL', 'g/dl'],
    ['mg%', 'mg/dl'],
    ['IU/L', 'iu/l'],
    ['U/L', 'u/l'],
    ['mEq/L', 'meq/l'],
    ['fL', 'fl'],
    ['femtolitre', 'fl'],
    ['µIU/mL', 'uiu/ml'],
    ['μIU/ml', 'uiu/ml'],
    ['mIU/L', 'miu/l'],
    ['µg/L', 'ug/l'],
    ['mcg/L', 'ug/l'],
    ['mg/L', 'mg/l'],
    ['mm/1_hour', 'mm/hr'],
    ['mm/1st hr', 'mm/hr'],
    ['mm/hr', 'mm/hr'],
    ['mm/hour', 'mm/hr'],
    ['mL/min/1.73m2', 'ml/min/1.73m2'],
    ['ml/min/1.73m²', 'ml/min/1.73m2'],
    ['mL/min/1.73m', 'ml/min/1.73m2'],
    ['/HPF', '/hpf'],
    ['cells/hpf', '/hpf'],
    ['/h.p.f.', '/hpf'],
    ['Ratio', ''],
    ['', ''],
    ['  ', ''],
    ['cumm', '/cumm'],
    ['cmm', '/cumm'],
    ['cu.mm', '/cumm'],
    ['cumm.', '/cumm'],
    ['mm3', '/cumm'],
    ['µl', '/cumm'],
    ['uL', '/cumm'],
    ['mcL', '/cumm'],
    ['/mcL', '/cumm'],
    ['cells/cumm', '/cumm'],
    ['cells/µL', '/cumm'],
    ['/cu mm', '/cumm'],
    ['lakhs/cumm', 'lakh/cumm'],
    ['Lakh/cmm', 'lakh/cumm'],
    ['lakh/µl', 'lakh/cumm'],
    ['million/cumm', 'million/cumm'],
    ['mill/cumm', 'million/cumm'],
    ['millions/µL', 'million/cumm'],
    ['thou/cumm', 'thousand/cumm'],
    ['thousand/µL', 'thousand/cumm'],
    ['x10³/µL', '10^3/cumm'],
    ['10^3/µL', '10^3/cumm'],
    ['10⁶/µL', '10^6/cumm'],
    ['10^9/L', '10^9/l'],
    ['10⁹/L', '10^9/l'],
    ['x10^12/L', '10^12/l'],
    ['10^6/cumm', '10^6/cumm'],
    ['mcg/dL', 'ug/dl'],
    ['ng/mL', 'ng/ml'],
    ['pg', 'pg'],
    ['mg/dl.', 'mg/dl'],
    ['mg/dl..', 'mg/dl'],
    ['/l', '/l'],
  ])('canonicalUnit(%j) is %j', (raw, key) => {
    expect(canonicalUnit(raw)).toBe(key);
  });

  it.each([
    ['/ul', 1],
    ['/l', null],
    ['lakh/ul', 100000],
    ['lakhs/ul', 100000],
    ['million/ul', 1000000],
    ['mill/ul', 1000000],
    ['millions/ul', 1000000],
    ['thou/ul', 1000],
    ['thousand/ul', 1000],
    ['10^3/ul', 1000],
    ['10^12/l', 1000000],
    ['10^9/l', 1000],
    ['g/dl', null],
    ['xlakh/ul', null],
    ['lakh/ulx', null],
    ['10^3/ulx', null],
    ['x10^3/ul', null],
    ['thou/ulx', null],
    ['million/ulx', null],
    ['xmillion/ul', null],
  ])('countMultiplier(%j) is %j', (canon, n) => {
    expect(countMultiplier(canon)).toBe(n);
  });

  it('converts in both directions and through the table only for the unit it names', () => {
    expect(unitFactor('mg/dL', 'mg%')).toBe(1);
    expect(unitFactor('lakhs/cumm', '10^3/µL')).toBe(100);
    expect(unitFactor('/cumm', 'lakhs/cumm')).toBe(0.00001);
    const table = { 'mmol/L': 18, 'µmol/L': 0.018 };
    expect(unitFactor('mmol/L', 'mg/dL', table)).toBe(18);
    expect(unitFactor('µmol/L', 'mg/dL', table)).toBe(0.018);
    expect(unitFactor('g/L', 'g/dL', { 'mmol/L': 1 })).toBeNull();
    expect(unitFactor('10^9/L', 'mg/dL', {})).toBeNull();
    // A count unit on one side only is no conversion.
    expect(unitFactor('g/dL', '/cumm')).toBeNull();
    expect(unitFactor('/cumm', 'g/dL')).toBeNull();
  });

  it('recognises unit tokens', () => {
    for (const t of [
      'g/dL',
      ' g/dL ',
      '%',
      'gm%',
      'g%',
      'mg%',
      'fL',
      'pg',
      'Ratio',
      'sec',
      'secs',
      'seconds',
      'mm/hr',
      'Index',
      'INR',
      'IU',
      'U',
      'mEq/L',
      'mmol/L',
      'µ%',
      'x10³/µL',
      '10^3/µL',
      'x 10^3/µL',
      '10⁶/µL',
      '/cumm',
      '/HPF',
      'cells/hpf',
      'mL/min/1.73m2',
      'mL/min/1.73m',
      'ml/min/1.73m²',
      'mL/min/1.73m^2',
      'mm/1_hour',
      'a/b',
      'abcdefghijklmnopqrstuvw%',
      'H%',
      '³%',
      'lakhs/cumm',
      'Lakh/cmm',
      'x10^3/µL',
    ])
      expect(isUnitToken(t), t).toBe(true);
  });

  it('does not take values, words, long or half units for unit tokens', () => {
    for (const t of [
      '10³/',
      'abcdefghi/dL',
      '/cumm5',
      'x10³/µLx y',
      '13-17',
      'Nil',
      'Negative',
      'Hexokinase',
      '4.5',
      '12%',
      '',
      '   ',
      'mg/dLxxxxxxxxxxxxxxxxxxxx',
      'abcdefghijklmnopqrstuvwx',
      'g/dl/x',
      '%x',
    ])
      expect(isUnitToken(t), t).toBe(false);
  });

  it.each([
    ['Hb 14 mg / dl 13-17', 'Hb 14 mg/dl 13-17'],
    ['Hb 14 gm / dl', 'Hb 14 gm/dl'],
    ['WBC 7000 / cu mm 4000', 'WBC 7000 /cumm 4000'],
    ['WBC 7000 / cu.mm. 4000', 'WBC 7000 /cu.mm. 4000'],
    ['WBC 7000 / cumm', 'WBC 7000 /cumm'],
    ['WBC 7000 / cmm', 'WBC 7000 /cmm'],
    ['WBC 7000 / µl', 'WBC 7000 /µl'],
    ['RBC 5 million / cu.mm', 'RBC 5 million/cu.mm'],
    ['Pus 2 / hpf', 'Pus 2 /hpf'],
    ['ALT 40 U/L. 5-40', 'ALT 40 U/L 5-40'],
    ['ALT 40 IU / L', 'ALT 40 IU/L'],
    ['eGFR 88 mL/min/1.73 m2 > 90', 'eGFR 88 mL/min/1.73m2 > 90'],
    ['eGFR 88 mL / min / 1.73 sq. m', 'eGFR 88 mL/min/1.73sq.m'],
    ['eGFR 88 ml/min/1.73m²', 'eGFR 88 ml/min/1.73m²'],
    ['eGFR 88 mL/min/1.73 sq m', 'eGFR 88 mL/min/1.73sqm'],
    ['ESR 24 mm/1 hour', 'ESR 24 mm/1_hour'],
    ['ESR 24 mm / 1st hr', 'ESR 24 mm_/_1st_hr'],
    ['ESR 24 mm/1st  hour', 'ESR 24 mm/1st_hour'],
    ['WBC 7 x 10 ^ 3 / µL', 'WBC 7 x10^3/µL'],
    ['WBC 7 10^3/uL', 'WBC 7 10^3/uL'],
    ['WBC 7 10^ 3 /µL', 'WBC 7 10^3/µL'],
    ['WBC 7 x10 ^3/ cumm', 'WBC 7 x10^3/cumm'],
    ['Plt 2 x 10³ / µL', 'Plt 2 x10³/µL'],
    ['Plt 2 10⁶ /uL', 'Plt 2 10⁶/uL'],
    ['Plt 2 10⁹/ L', 'Plt 2 10⁹/L'],
    ['Plt 2 lakhs / cumm', 'Plt 2 lakhs/cumm'],
    ['Plt 2 Lakh/ cmm', 'Plt 2 Lakh/cmm'],
    ['RBC 5 mill / cu mm', 'RBC 5 mill/cumm'],
    ['RBC 5 thou /µL', 'RBC 5 thou/µL'],
    ['Pus cells / hpf 2', 'Pus cells/hpf 2'],
    ['WBC 7000 cells / cumm', 'WBC 7000 cells/cumm'],
    ['X 12 mg/ dL', 'X 12 mg/dL'],
    ['X 12 mg /dL', 'X 12 mg/dL'],
    ['X 12 mmol / L', 'X 12 mmol/L'],
    ['X 12 mEq / L', 'X 12 mEq/L'],
    ['X 12 µg / dL', 'X 12 µg/dL'],
    ['X 12 ng / ml', 'X 12 ng/ml'],
    ['X 12 pg / ml', 'X 12 pg/ml'],
    ['X 12 mIU / ml', 'X 12 mIU/ml'],
    ['X 12 fl', 'X 12 fl'],
    ['X 12 mg / dlx', 'X 12 mg / dlx'],
    ['X 12 mg / kg', 'X 12 mg/kg'],
    ['mg / dl at start', 'mg/dl at start'],
    ['X 12 gms / dl', 'X 12 gms/dl'],
    ['X 12 cells / µl', 'X 12 cells/µl'],
    ['X 12 lacs / cumm', 'X 12 lacs/cumm'],
    ['X 12 U / L', 'X 12 U/L'],
    ['X 12 mg / 24 hr', 'X 12 mg / 24 hr'],
    ['X 12 mg/dl.', 'X 12 mg/dl'],
    ['a/ cumm', 'a/ cumm'],
    ['X / cumm 5', 'X /cumm 5'],
    ['X /  cumm', 'X /  cumm'],
    ['X 7 10 ^3/L', 'X 7 10^3/L'],
    ['X 7 10 ^3/mm3', 'X 7 10^3/mm3'],
    ['X 7 10³/mm3', 'X 7 10³/mm3'],
    ['X 7 x 10³/cumm', 'X 7 x10³/cumm'],
    ['X 2 lakhs/ µL', 'X 2 lakhs/µL'],
    ['X 2 lakh / hpf', 'X 2 lakh/hpf'],
    // Wider gaps than one space, which only the cell-count rule glues.
    ['X 5 million  /  cumm', 'X 5 million/cumm'],
    ['X 2 lakh  /  cumm', 'X 2 lakh/cumm'],
    ['X 5 mill  /  cu mm', 'X 5 mill/cumm'],
    ['X 5 mill  /  cu.mm', 'X 5 mill/cu.mm'],
    ['X 5 thou  /  µL', 'X 5 thou/µL'],
    ['X 5 mg / d l', 'X 5 mg/dl'],
    ['X 5 mill/ cu.mm.', 'X 5 mill/cu.mm'],
    ['/ cumm 5', '/cumm 5'],
    ['X 7 x  10 ^ 12 / L', 'X 7 x10^12/L'],
    ['X 7 x  10³ / µL', 'X 7 x10³/µL'],
  ])('glueUnits(%j)', (line, glued) => {
    expect(glueUnits(line)).toBe(glued);
  });

  it('keeps words that merely contain a unit spelling', () => {
    expect(canonicalUnit('Index')).toBe('index');
    expect(countMultiplier('xthou/ul')).toBeNull();
    expect(isUnitToken('x10^12/L')).toBe(true);
    for (const t of ['abcdefghijklmnopqrstuvwxy%', 'ab10^3/µL', 'xmL/min/1.73m2', 'mL/min/1.73m2x'])
      expect(isUnitToken(t), t).toBe(false);
  });

  it('shows a glued unit with its spaces back', () => {
    expect(displayUnit('mm/1_hour')).toBe('mm/1 hour');
    expect(displayUnit('mm_/_1st_hr')).toBe('mm / 1st hr');
  });
});
