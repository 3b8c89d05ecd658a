/**
 * Qualitative results as knowledge (decision 194): the words a lab writes for a normal finding
 * (any test), the words that mean something was found, the blanks that mean no result, and the
 * OCR slips of them. Colours are each test's own (urine colour's normal_text), never general. A test's own normal answers (its `reference.normal_text`) and the printed
 * reference come first; these words are what is known when neither says.
 */

/** Normal findings, as written on Indian reports (lower case, punctuation as spaces). */
export const NORMAL_FINDINGS: readonly string[] = [
  'nil',
  'negative',
  'neg',
  '-ve',
  'absent',
  'not detected',
  'none detected',
  'non reactive',
  'nonreactive',
  'normal',
  'clear',
  'none',
  'none seen',
  'not seen',
  'not found',
  'no',
  'adequate',
  'normocytic',
  'normochromic',
  'normocytic normochromic',
  'within normal limits',
  'wnl',
  'nad',
  'no abnormality detected',
  'no abnormality seen',
  'no abnormal cells seen',
  'no immature cells seen',
  'no hemoparasites seen',
  'no haemoparasites seen',
  'no parasite seen',
  'no parasites seen',
  'no malarial parasite seen',
  'mp not seen',
  'sterile',
  'no growth',
  'g1',
  'a1',
];

/** Words that say something was found: never normal unless the printed reference prints them. */
export const ABNORMAL_FINDINGS: readonly string[] = [
  'positive',
  'pos',
  'reactive',
  'detected',
  'present',
  'seen',
  'trace',
  'plenty',
  'many',
  'numerous',
  'turbid',
  'cloudy',
  'hazy',
  'microcytic',
  'macrocytic',
  'hypochromic',
  'anisocytosis',
  'poikilocytosis',
  'reduced',
  'increased',
  'decreased',
  'inadequate',
  'low',
  'high',
];

/** Words around a finding that say nothing of it ('Adequate on smear', 'Not seen in the smear'). */
const FILLER =
  /\b(?:on|in)\s+(?:the\s+)?(?:peripheral\s+)?(?:blood\s+)?smear\b|\bper\s+(?:hpf|lpf)\b|\/\s*(?:hpf|lpf)\b|\bobserved\b|\bnoted\b/g;

/** A finding as compared: lower case, brackets, punctuation and fillers gone, blanks dropped. */
export function findingKey(raw: string): string {
  return raw
    .toLowerCase()
    .replace(/_{2,}|\.{3,}/g, ' ')
    .replace(FILLER, ' ')
    .replace(/[()[\]{}:;,.*"'`]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A result cell that holds no result: a blank to fill in, a dash, 'N.R.' (not reported), 'N/A'. */
export function isNoResult(raw: string): boolean {
  const t = raw.trim().toLowerCase();
  return (
    t === '' ||
    /^[\s_\-–—.·:]+$/.test(t) ||
    /^(?:n\s*\.?\s*r\s*\.?|n\s*\/\s*a|na|not\s+(?:done|reported|performed))$/.test(t)
  );
}

/** One letter added, dropped, changed or two swapped: an OCR slip of a word of six letters or more. */
function oneSlip(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.min(a.length, b.length) < 6 || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

function among(key: string, words: readonly string[]): boolean {
  return words.some((w) => w === key || oneSlip(key, w));
}

/**
 * The finding is normal by the words it is made of: each part ('Normocytic, Normochromic', 'Nil
 * and Absent') a normal word or its slip, and none a word that something was found.
 */
export function isNormalFinding(raw: string, normalWords: readonly string[] = NORMAL_FINDINGS): boolean {
  const key = findingKey(raw);
  if (!key) return false;
  if (among(key, normalWords)) return true;
  const parts = key.split(/\s*(?:\band\b|&|\/)\s*|\s+(?=normo)/).filter(Boolean);
  if (parts.length > 1 && parts.every((p) => among(p, normalWords))) return true;
  // 'Normocytic normochromic' written without a comma: every word normal on its own.
  const words = key.split(' ');
  return words.length > 1 && words.every((w) => among(w, normalWords) && !ABNORMAL_FINDINGS.includes(w));
}
