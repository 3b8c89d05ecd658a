import { parseNumber, type ParsedNumber } from './numbers';
import { isUnitToken } from './units';

/**
 * Reading the result cell: the value (number, censored number, or words such as 'Nil',
 * 'Pale Yellow', '++', '4-6'), the flag printed beside it (H, L, HH, LL, High, Low, Critical,
 * '*', arrows) and a unit glued to it by a single space.
 */
const FLAG_WORD =
  /^(?:h|l|hh|ll|high|low|critical|crit|critical\s+high|critical\s+low|critically\s+(?:high|low)|(?:very|borderline)\s+(?:high|low)|(?:above|below)\s+normal|abnormal|abn|\*{1,3}|↑|↓|▲|▼|[([](?:h|l|hh|ll|high|low)[)\]])$/i;

export function isFlagToken(raw: string): boolean {
  return FLAG_WORD.test(raw.trim());
}

/** Words a lab prints as a qualitative result. */
const QUALITATIVE =
  /^(nil|negative|neg|positive|pos|trace|traces|absent|present|reactive|non[- ]?reactive|normal|abnormal|clear|slightly turbid|turbid|hazy|cloudy|few|occasional|plenty|numerous|many|moderate|not detected|detected|\+{1,4}|[1-4]\+|positive\s*\(\+{1,4}\)|(?:pale|light|dark|deep)?\s*(?:yellow|straw|amber|red|brown|colourless|colorless|orange|reddish)|straw coloured)$/i;

export function isQualitativeWord(raw: string): boolean {
  return QUALITATIVE.test(raw.trim().replace(/\s+/g, ' '));
}

/**
 * A specimen's name ('Serum Sample', 'EDTA Whole Blood', 'Urine'): a lab prints it beside a test's
 * name in the test's heading or banner, never as its result.
 */
const SPECIMEN =
  /^(?:(?:edta|fluoride|citrated?|heparini[sz]ed|plain|clotted|whole|venous|capillary|arterial|random|spot|(?:early|first)\s+morning|24\s*-?\s*h(?:ou)?rs?|mid[- ]?stream|sodium)\s+)*(?:serum|plasma|blood|urine|stool|faeces|feces|csf|fluid|swab|sputum|semen)(?:\s+(?:samples?|specimens?))?$/i;

export function isSpecimen(raw: string): boolean {
  return SPECIMEN.test(raw.trim().replace(/\s+/g, ' '));
}

const BLOOD_GROUP =
  /^["'“]?(AB|A|B|O)["'”]?\s*(?:,\s*)?(?:rh\s*(?:\(d\)|d)?\s*(?:factor|type)?\s*[:-]?\s*)?(positive|negative|pos|neg|\+\s*ve|-\s*ve|\+|-)?$/i;

function bloodGroup(m: RegExpExecArray): string {
  const rh = m[2] ? (/^(?:p|\+)/i.test(m[2]) ? ' Positive' : ' Negative') : '';
  return `${m[1].toUpperCase()}${rh}`;
}

export interface ValueCell {
  value: number | string;
  /** The value token as printed ('1,50,000', '<0.01', '04'). */
  raw: string;
  number: ParsedNumber | null;
  flag: string | null;
  unit: string | null;
}

function splitFlags(text: string): { core: string; flag: string | null } {
  let core = text.trim();
  const flags: string[] = [];
  // Leading marker: '* 11.1', '** 32'
  // 'L 9.8', 'High 196', '↑ 22', '(H) 9.8', '[L] 3.1': a mark printed before the value.
  const lead =
    /^(\*{1,3}|↑|↓|▲|▼|[([](?:hh|ll|h|l)[)\]](?=\s*[<>]?\d)|(?:hh|ll|h|l|high|low)(?=\s+[<>]?\d))\s*/i.exec(
      core,
    );
  if (lead && core.length > lead[0].length) {
    flags.push(lead[1]);
    core = core.slice(lead[0].length);
  }
  // A footnote's mark after the number ('3.1#', '7†'): its legend says what it means, which is no
  // direction of the result.
  core = core.replace(/(?<=\d)\s*[#†‡]+$/, '');
  for (;;) {
    // A mark is a word of its own or glued to the number ('13.5H'), never the end of a unit ('10^3/µL').
    const tail =
      /\s*(\*{1,3}|↑|↓|▲|▼|[([](?:h|l|hh|ll)[)\]]|(?<=[\s\d])(?:hh|ll|h|l|high|low|critical|crit)\b)$/i.exec(
        core,
      );
    if (!tail || tail.index === 0) break;
    flags.unshift(tail[1]);
    core = core.slice(0, tail.index).trim();
  }
  return { core, flag: flags.length ? flags.join(' ') : null };
}

/**
 * The colon printed before a value ('Platelets : 12,000') kept in its cell, or as OCR reads it
 * glued to the value: '$', '§', '©' or '=' ('$12,000', '© 12.4', '= Nil'). No result starts with
 * one of these, so it is the separator. (A colon read as a 1 is a digit to OCR:
 * interpret/cross-check.ts.)
 */
export const SEPARATOR_GLYPHS = ':$§©=';
const SEPARATOR_BEFORE = new RegExp(`^\\s*[${SEPARATOR_GLYPHS}]\\s*(?=[<>]?\\d|[A-Za-z])`);

/**
 * Reads a cell as a result. `qualitative` allows word results and count ranges ('4-6').
 * Returns null when the cell is not a result (a method name, a heading).
 */
/** A titre as printed: '1:160', '1 : 80', '1/320'. Its denominator is group 1. */
export const TITRE = /^1\s*[:/]\s*(\d{1,5})$/;

export function readValueCell(text: string, qualitative: boolean): ValueCell | null {
  let { core, flag } = splitFlags(text.replace(SEPARATOR_BEFORE, ''));
  // 'Less than 0.5', 'Below 10', 'More than 1000': a censored result written in words.
  core = core
    .replace(/^(?:less\s+than|below)\s*(?=\d)/i, '<')
    .replace(/^(?:(?:more|greater)\s+than|above)\s*(?=\d)/i, '>');
  let unit: string | null = null;
  // '29.8%', '13.5g/dL', '11200/cumm': a unit glued to the number (OCR drops the space; some labs print it so).
  const glued = /^([<>]?\d[\d,]*(?:\.\d+)?)([%a-zA-Zµμ/][^\s]*)$/.exec(core);
  if (glued && isUnitToken(glued[2]) && parseNumber(glued[1])) {
    unit = glued[2];
    core = glued[1];
  }
  // '13.5 g/dL' in one cell
  const parts = core.split(/\s+/);
  const head = parts.slice(0, -1).join(' ');
  const valueLike =
    parseNumber(head.replace(/\s+/g, '')) !== null ||
    (qualitative && /^\d+\s*-\s*\d+$|^[A-Za-z+]+$/.test(head));
  if (parts.length >= 2 && isUnitToken(parts[parts.length - 1]) && valueLike) {
    unit = parts.pop() ?? null;
    core = parts.join(' ');
    const again = splitFlags(core);
    core = again.core;
    flag = flag ?? again.flag;
  }
  const number = parseNumber(core);
  if (number) return { value: number.value, raw: core, number, flag, unit };
  // OCR sometimes reads a decimal comma or drops the space: '4,51' is refused by parseNumber.
  if (qualitative) {
    const words = core.replace(/\s+/g, ' ').trim();
    if (/^\d+\s*-\s*\d+$/.test(words))
      return { value: words.replace(/\s+/g, ''), raw: words, number: null, flag, unit };
    if (isQualitativeWord(words)) return { value: words, raw: words, number: null, flag, unit };
    // A titre ('1:160', '1 : 80', '1/320'): the highest dilution that reacted (Widal).
    const titre = TITRE.exec(words);
    if (titre) return { value: `1:${titre[1]}`, raw: words, number: null, flag, unit };
    // A blood group ('B', 'A +ve', '"AB" Positive', 'O Rh(D) Negative'): a letter a word result
    // never is otherwise.
    const group = BLOOD_GROUP.exec(words);
    if (group) return { value: bloodGroup(group), raw: words, number: null, flag: null, unit };
    // A finding written as a phrase ('Normocytic, Normochromic', 'No malarial parasite seen',
    // 'Calcium oxalate +').
    if (
      /^[A-Za-z][A-Za-z ,/-]{1,44}(?:\s*\+{1,4})?$/.test(words) &&
      words.split(/[\s,]+/).length <= 6 &&
      !isUnitToken(words) &&
      !isSpecimen(words)
    ) {
      return { value: words, raw: words, number: null, flag, unit };
    }
  } else if (
    isQualitativeWord(core) &&
    /^(nil|negative|positive|trace|absent|present|reactive|non[- ]?reactive|not detected|detected)$/i.test(
      core,
    )
  ) {
    return { value: core, raw: core, number: null, flag, unit };
  }
  return null;
}

/** A cell holding a number alone or with its unit, as a result cell holds it ('50', '8.2 %', '242 mg/dl'). */
export function isValueWithUnit(text: string): boolean {
  const m = /^[<>]?\d[\d,]*(?:\.\d+)?(?:\s+(\S+))?$/.exec(text);
  return !!m && (!m[1] || isUnitToken(m[1]));
}
