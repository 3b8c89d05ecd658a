import { fmtNumber } from './numbers';

/**
 * Reference ranges printed per population (decision 192): by sex ('Male : 14-16 g% / Female :
 * 12-14 g%', 'M: 0.7-1.3 F: 0.6-1.1'), by age group ('Adult: 0.6-1.2', 'Child: 0.3-0.7',
 * 'Newborn: 14-24', '>60 Y: 0.8-1.4', '1-5 Yrs: 10-14'), by pregnancy ('1st Trimester: 0.1-2.5'),
 * or combined ('Adult Female : 12-15'), on one line or several. Each band knows whom it is for;
 * the patient's sex and age pick it.
 */
/** Bounds of a band (parse/ranges.ts Band, repeated here so that neither file imports the other). */
interface Band {
  low: number | null;
  high: number | null;
}

export interface PopulationBand extends Band {
  /** The label as a person reads it ('Male', 'Adult Female', '>60 Y'). */
  label: string;
  sex: 'male' | 'female' | null;
  /** Ages in years the band covers (inclusive bounds; null open). */
  ageLow: number | null;
  ageHigh: number | null;
  pregnancy: boolean;
}

/** Words naming a group of people, and whom they name. */
const GROUP_WORDS: Array<[RegExp, Partial<Omit<PopulationBand, 'label' | 'low' | 'high'>>]> = [
  [/^(?:males?|men|man|gents|m)$/i, { sex: 'male' }],
  [/^(?:females?|women|woman|ladies|f)$/i, { sex: 'female' }],
  [/^(?:new\s*borns?|neonates?|cord\s*blood)$/i, { ageLow: 0, ageHigh: 28 / 365 }],
  [/^(?:infants?)$/i, { ageLow: 0, ageHigh: 1 }],
  [/^(?:child(?:ren)?|paediatric|pediatric|kids?)$/i, { ageLow: 0, ageHigh: 17.99 }],
  [/^(?:adolescents?|teens?)$/i, { ageLow: 12, ageHigh: 17.99 }],
  [/^(?:adults?)$/i, { ageLow: 18, ageHigh: null }],
  [/^(?:elderly|seniors?|geriatric)$/i, { ageLow: 60, ageHigh: null }],
  [/^non[- ]?pregnan(?:t|cy)$/i, {}],
  [
    /^(?:pregnan(?:t|cy)|(?:1st|2nd|3rd|first|second|third|i|ii|iii)\s*trimester|trimester\s*(?:1|2|3|i|ii|iii))$/i,
    { pregnancy: true },
  ],
];

const GROUP_RE =
  /\b(?:males?|females?|men|women|man|woman|gents|ladies|new\s*borns?|neonates?|cord\s*blood|infants?|child(?:ren)?|paediatric|pediatric|kids?|adolescents?|teens?|adults?|elderly|seniors?|geriatric|non[- ]?pregnan(?:t|cy)|(?<!non[- ]?)pregnan(?:t|cy)|(?:1st|2nd|3rd|first|second|third|iii|ii|i)\s*trimester|trimester\s*(?:1|2|3|iii|ii|i))\b|\b[mf]\b(?=\s*[:.=)-])/gi;

/** An age as printed beside a band: '>60 Y', '< 1 yr', '1-5 Yrs', '0 - 30 days', '(above 50 years)'. */
const AGE_RE =
  /(<=|>=|≤|≥|<|>|above\s+|below\s+|over\s+|under\s+)?\s*(\d+(?:\.\d+)?)(?:\s*(?:-|–|to)\s*(\d+(?:\.\d+)?))?\s*(y(?:ea)?rs?\b|y\b|mo(?:nth)?s?\b|mths?\b|d(?:ay)?s?\b|wks?\b|weeks?\b)\.?/gi;

function years(n: number, unit: string): number {
  const u = unit.toLowerCase();
  if (u.startsWith('mo') || u.startsWith('mth')) return n / 12;
  if (u.startsWith('w')) return (n * 7) / 365;
  if (u.startsWith('d')) return n / 365;
  return n;
}

interface Mark {
  at: number;
  end: number;
  text: string;
  facts: Partial<Omit<PopulationBand, 'label' | 'low' | 'high'>>;
}

function ageMark(m: RegExpMatchArray): Mark {
  const op = (m[1] ?? '').trim().toLowerCase();
  const a = years(Number(m[2]), m[4]);
  const b = m[3] !== undefined ? years(Number(m[3]), m[4]) : null;
  let facts: Mark['facts'];
  if (b !== null) facts = { ageLow: a, ageHigh: b };
  else if (/^(>|>=|≥|above|over)/.test(op))
    facts = { ageLow: op.includes('=') || op === '≥' ? a : a + 1e-9, ageHigh: null };
  else if (/^(<|<=|≤|below|under)/.test(op)) facts = { ageLow: null, ageHigh: a };
  else facts = { ageLow: a, ageHigh: a + 0.999 };
  return { at: m.index!, end: m.index! + m[0].length, text: m[0].trim(), facts };
}

/** Bands labelled with whom they are for, in printed order; empty when the range is not one. */
export function populationBands(flat: string, parseBand: (text: string) => Band | null): PopulationBand[] {
  const marks: Mark[] = [];
  for (const m of flat.matchAll(AGE_RE)) marks.push(ageMark(m));
  for (const m of flat.matchAll(GROUP_RE)) {
    const word = m[0].replace(/\s+/g, ' ');
    const facts = GROUP_WORDS.find(([re]) => re.test(word))?.[1];
    if (facts && !marks.some((k) => m.index! >= k.at && m.index! < k.end))
      marks.push({ at: m.index!, end: m.index! + m[0].length, text: m[0], facts });
  }
  if (marks.length === 0) return [];
  marks.sort((a, b) => a.at - b.at);
  // Marks with nothing but spaces and brackets between them label one band ('Adult Female', 'Female (>50 Y)').
  const groups: Mark[][] = [];
  for (const m of marks) {
    const last = groups[groups.length - 1];
    const prev = last?.[last.length - 1];
    if (prev && /^[\s(),]*$/.test(flat.slice(prev.end, m.at))) last.push(m);
    else groups.push([m]);
  }
  const out: PopulationBand[] = [];
  groups.forEach((group, i) => {
    const end = group[group.length - 1].end;
    const next = groups[i + 1]?.[0].at ?? flat.length;
    // The band is after the label ('Male: 13-17'), or, where labels follow their bands
    // ('13-17 (Male)'), before it: only the first is read here, the common printing.
    const segment = flat.slice(end, next).replace(/^[\s)\]]*[:.=\-–]?\s*/, '');
    const band = parseBand(segment);
    if (!band) return;
    const facts = Object.assign({}, ...group.map((m) => m.facts)) as Mark['facts'];
    out.push({
      label: labelText(group),
      ...band,
      sex: facts.sex ?? null,
      ageLow: facts.ageLow ?? null,
      ageHigh: facts.ageHigh ?? null,
      pregnancy: facts.pregnancy ?? false,
    });
  });
  return out;
}

function labelText(group: Mark[]): string {
  return group
    .map((m) => {
      const t = m.text.replace(/\s+/g, ' ').trim();
      if (/^m$/i.test(t)) return 'Male';
      if (/^f$/i.test(t)) return 'Female';
      return /\d/.test(t) ? t : t.charAt(0).toUpperCase() + t.slice(1).toLowerCase();
    })
    .join(' ');
}

/**
 * The bands that may be the patient's: none of what is known of the patient rules them out. A
 * pregnancy band only when no other band fits (the report does not say the patient is pregnant).
 */
export function bandsFor(
  bands: PopulationBand[],
  sex: 'male' | 'female' | null,
  age: number | null,
): PopulationBand[] {
  const fits = bands.filter(
    (b) =>
      (!b.sex || !sex || b.sex === sex) &&
      (age === null ||
        ((b.ageLow === null || age >= b.ageLow) && (b.ageHigh === null || age <= b.ageHigh))) &&
      !(b.pregnancy && sex === 'male'),
  );
  const notPregnancy = fits.filter((b) => !b.pregnancy);
  const pool = notPregnancy.length ? notPregnancy : fits;
  // The most specific bands: one naming the patient's sex and age beats one naming only one of them.
  const specificity = (b: PopulationBand) =>
    (b.sex && sex ? 1 : 0) + ((b.ageLow !== null || b.ageHigh !== null) && age !== null ? 1 : 0);
  const best = Math.max(0, ...pool.map(specificity));
  return pool.filter((b) => specificity(b) === best);
}

/** A band as shown: 'Male: 14-16', 'Adult: below 1.2'. */
export function bandText(b: PopulationBand): string {
  const range =
    b.low !== null && b.high !== null
      ? `${fmtNumber(b.low)}-${fmtNumber(b.high)}`
      : b.high !== null
        ? `< ${fmtNumber(b.high)}`
        : b.low !== null
          ? `> ${fmtNumber(b.low)}`
          : '';
  return `${b.label}: ${range}`;
}
