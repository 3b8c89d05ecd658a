import type { Flag } from '@reportsaathi/contracts';

/**
 * The shared page speaks to the doctor, not the patient (decision 233): one sentence per value
 * outside its range, in the third person, with the value, its unit and the range it was read
 * against; then one line for everything within range. The patient's own explanation ("Your …")
 * stays on the patient's pages.
 */
interface Value {
  name: string;
  value: number | string;
  qualifier: string | null;
  unit: string;
  ref_low: number | null;
  ref_high: number | null;
  ref_text: string;
  flag: Flag;
  uncertain: boolean;
  band: string | null;
  /** 'none': nothing judged the value (decision 249), so it is not "within range". */
  ref_source?: 'report' | 'knowledge_base' | 'none' | null;
}

const WORDS = {
  en: {
    // Mid-sentence, a plain capitalised word is written small ('Glucose Fasting' → 'glucose
    // fasting'); an abbreviation keeps its letters ('HbA1c', 'TSH', 'Vitamin D (25-OH)' → 'vitamin D
    // (25-OH)'), which lower case would turn into 'hba1c' and 'tsh'.
    subject: (name: string) =>
      `The patient's ${name.replace(/\b([A-Z])([a-z]+)\b/g, (_, first: string, rest: string) => first.toLowerCase() + rest)}`,
    is: 'is',
    low: 'below the reference range',
    high: 'above the reference range',
    critical_low: 'critically below the reference range',
    critical_high: 'critically above the reference range',
    abnormal: 'outside the expected result',
    range: (r: string) => ` (${r})`,
    band: (b: string) => `; band: ${b}`,
    uncertain: ' The reading of this value was uncertain; check it on the original report.',
    noRange: (names: string) => `No range to compare against (none printed, unit unclear): ${names}.`,
    allNormal: (n: number) => `All ${n} values are within the reference ranges printed with them.`,
    restNormal: (n: number) =>
      n === 1
        ? 'The other value is within its reference range.'
        : `The other ${n} values are within their reference ranges.`,
    end: '.',
  },
  hi: {
    subject: (name: string) => `मरीज़ का ${name}`,
    is: '',
    low: 'संदर्भ सीमा से कम है',
    high: 'संदर्भ सीमा से अधिक है',
    critical_low: 'संदर्भ सीमा से बहुत कम है',
    critical_high: 'संदर्भ सीमा से बहुत अधिक है',
    abnormal: 'अपेक्षित परिणाम से अलग है',
    range: (r: string) => ` (${r})`,
    band: (b: string) => `; श्रेणी: ${b}`,
    uncertain: ' इस मान को पढ़ना निश्चित नहीं था; मूल रिपोर्ट पर जाँच लें।',
    noRange: (names: string) => `तुलना के लिए कोई सीमा नहीं (छपी नहीं, इकाई अस्पष्ट): ${names}।`,
    allNormal: (n: number) => `सभी ${n} मान अपनी छपी संदर्भ सीमाओं के भीतर हैं।`,
    restNormal: (n: number) =>
      n === 1 ? 'बाकी मान अपनी संदर्भ सीमा के भीतर है।' : `बाकी ${n} मान अपनी संदर्भ सीमाओं के भीतर हैं।`,
    end: '।',
  },
} as const;

function range(v: Value): string {
  if (v.ref_text) return v.ref_text;
  if (v.ref_low !== null && v.ref_high !== null)
    return `${v.ref_low}–${v.ref_high}${v.unit ? ` ${v.unit}` : ''}`;
  if (v.ref_low !== null) return `> ${v.ref_low}`;
  if (v.ref_high !== null) return `< ${v.ref_high}`;
  return '';
}

const RANK: Record<Flag, number> = {
  critical_high: 0,
  critical_low: 0,
  high: 1,
  low: 1,
  abnormal: 1,
  normal: 2,
};

export function clinicianFindings(values: Value[], lang: 'en' | 'hi'): string[] {
  const w = WORDS[lang];
  const out = values.filter((v) => v.flag !== 'normal').sort((a, b) => RANK[a.flag] - RANK[b.flag]);
  const lines = out.map((v) => {
    const reading = `${v.qualifier ?? ''}${String(v.value)}${v.unit ? ` ${v.unit}` : ''}`;
    const r = range(v);
    const where = w[v.flag as Exclude<Flag, 'normal'>];
    const sentence =
      lang === 'en'
        ? `${w.subject(v.name)} ${w.is} ${reading}, ${where}${r ? w.range(r) : ''}${v.band ? w.band(v.band) : ''}${w.end}`
        : `${w.subject(v.name)} ${reading} है, जो ${where}${r ? w.range(r) : ''}${v.band ? w.band(v.band) : ''}${w.end}`;
    return v.uncertain ? sentence + w.uncertain : sentence;
  });
  // A number nothing judged (no range, no mark, no unit to apply ours in) is not within range.
  const noRange = values.filter(
    (v) => v.flag === 'normal' && !v.uncertain && v.ref_source === 'none' && typeof v.value === 'number',
  );
  if (noRange.length)
    lines.push(w.noRange(noRange.map((v) => `${v.name} ${v.value}${v.unit ? ` ${v.unit}` : ''}`).join(', ')));
  const normal = values.length - out.length - noRange.length;
  if (values.length && !out.length && !noRange.length) lines.push(w.allNormal(values.length));
  else if (normal > 0) lines.push(w.restNormal(normal));
  return lines;
}
