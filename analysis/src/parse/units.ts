import { unbracketed } from '../knowledge/units';
/**
 * Units as printed ('gm%', 'Lakh/cmm', 'x10³/µL', 'mL/min/1.73 m2') are found in a line here:
 * glued into one token and recognised as a unit. What a unit is (its canonical form, its factor
 * to another) is the knowledge base's one normaliser (knowledge/units.ts), re-exported below.
 */

const UNIT_HEAD = String.raw`(?:[mµμun]?g|gms?|[mµμu]?(?:iu|u)|[mµμunp]?mol|meq|[mµμ]?l|cells|lakhs?|lacs?|lak|million|mill|thou|fl|pg)`;
const UNIT_TAIL = String.raw`(?:d\s*l|m\s*l|l|cu\.?\s*mm\.?|cmm|cumm|[uµμ]l|mm3|hpf|h\.p\.f\.?|kg|hr|hour)`;
const SPACED_UNIT = new RegExp(
  String.raw`(?<![A-Za-z])(${UNIT_HEAD}) ?\/ ?(${UNIT_TAIL})(?![A-Za-z])\.?`,
  'gi',
);

/** Multi-word units are glued into one token before a line is split into cells. */
export function glueUnits(line: string): string {
  return (
    line
      // 'mg / dl', 'gm / dl', 'IU / L', 'million / cu.mm', 'U/L.': spaces and trailing dots inside a unit.
      .replace(
        /(^|\s)\/ (cu\.?\s*mm\.?|cumm|cmm|[uµμ]l|hpf)(?![A-Za-z])/gi,
        (_m, a: string, b: string) => `${a}/${b.replace(/\s+/g, '')}`,
      )
      .replace(SPACED_UNIT, (m, a: string, b: string) => `${a}/${b.replace(/\s+/g, '').replace(/\.$/, '')}`)
      .replace(/m[lL]\s*\/\s*min\s*\/\s*1\.73\s*(?:sq\.?\s*)?m(?:2|²|\^2)?\b/g, (m) => m.replace(/\s+/g, ''))
      .replace(/mm\s*\/\s*1\s*(?:st)?\s*(hour|hr)\b/gi, (m) => m.replace(/\s+/g, '_'))
      // '10^3/µL' photographed: OCR reads the caret as a 7 ('1073/uL').
      .replace(
        /\b(x\s*)?107([369])\s*\/\s*([uµμ]L|cumm|mm3|L)\b/gi,
        (_m, x: string | undefined, p: string, u: string) => `${x ?? ''}10^${p}/${u}`,
      )
      // A superscript read on the line ('x 103 /uL' for 'x 10³/µL'): no unit is 103 per µL.
      .replace(
        /\b(x\s*)?10([369])\s*\/\s*([uµμ]L|cumm|mm3)\b/gi,
        (_m, x: string | undefined, p: string, u: string) => `${x ?? ''}10^${p}/${u}`,
      )
      // ...or as a quote, a star or a degree sign, the slash lost ('10"3uL', "10'3/uL", '10°3/µL').
      .replace(
        /\b(x\s*)?10\s*["'`*°]\s*([369])\s*\/?\s*([uµμ]L|cumm|mm3)\b/gi,
        (_m, x: string | undefined, p: string, u: string) => `${x ?? ''}10^${p}/${u}`,
      )
      .replace(/(x\s*)?10\s*\^\s*(\d+)\s*\/\s*([uµμ]L|cumm|mm3|L)\b/gi, (m) => m.replace(/\s+/g, ''))
      .replace(/(?:x\s*)?10[³⁶⁹]\s*\/\s*([uµμ]L|cumm|mm3|L)\b/gi, (m) => m.replace(/\s+/g, ''))
      .replace(/\b(cells|lakhs?|million|mill|thou)\s*\/\s*(cumm|cmm|cu\.?\s*mm|[uµμ]L|hpf)\b/gi, (m) =>
        m.replace(/\s+/g, ''),
      )
      // '/100 WBC', 'per 100 WBCs' (nucleated red cells counted against white cells): one unit.
      .replace(/(?:\/|\bper)\s*100\s*(WBCs?|leu[ck]ocytes)\b/gi, (_m, w: string) => `/100_${w}`)
  );
}

/** Restores the spaces glueUnits replaced, for display ('mm/1_hour' → 'mm/1 hour'). */
export function displayUnit(unit: string): string {
  return unbracketed(unit).replace(/_/g, ' ');
}

const UNIT_WORDS = new Set([
  '%',
  'fl',
  'pg',
  'ratio',
  'sec',
  'secs',
  'seconds',
  'mm/hr',
  'index',
  'inr',
  'iu',
  'u',
  'meq/l',
  'mmol/l',
  'mmhg',
  'kpa',
  'gm%',
  'g%',
  'mg%',
  // A count in lakhs with its '/cumm' left out ('platelets 1.2 lakhs'): a lakh is always per cumm.
  'lakh',
  'lakhs',
  'lac',
  'lacs',
]);

/** A token that reads as a unit: contains a slash with letters, a %, or is a known unit word. */
export function isUnitToken(raw: string): boolean {
  const t = unbracketed(raw);
  if (t !== raw.trim()) return isUnitToken(t);
  if (!t || t.length > 24) return false;
  const lower = t.toLowerCase();
  if (UNIT_WORDS.has(lower)) return true;
  if (/^[a-zµμ%³⁶]*[a-zµμ]*%$/i.test(t)) return true;
  // ('x10?/uL': a superscript an export's encoding could not write, kept as printed)
  if (/^(?:x\s*)?10(?:\^\d+|[³⁶⁹?�])\/\S+$/i.test(t)) return true;
  if (/^\/[a-zµμ]+$/i.test(t)) return true; // /cumm, /hpf, /µL
  if (/^\/100_(?:wbcs?|leu[ck]ocytes)$/i.test(t)) return true; // glued by glueUnits
  if (/^[a-zµμ]{1,8}\/[a-zµμ0-9._²^]{1,18}$/i.test(t)) return true; // mg/dL, mm/1_hour
  if (/^m[lL]\/min\/1\.73m(?:2|²|\^2)?$/.test(t)) return true;
  return false;
}

/**
 * The unit normaliser is the knowledge base's (knowledge/units.ts, decision 249): one canonical
 * form for every stage. Re-exported here under the names the readers have always used.
 */
export { normalizeUnit as canonicalUnit, countMultiplier, sameUnit, unitFactor } from '../knowledge/units';

/**
 * A unit printed in brackets at the end of a test's name, as templates without a unit column and
 * names across the top of a grid print it ('LYMPHOCYTES (ABSOLUTE) (cells/µL)', 'K(mmol/L)'): the
 * name before it and the unit; null when the bracket holds no unit ('Vitamin D (25-OH)').
 */
export function unitInBrackets(name: string): { name: string; unit: string } | null {
  const m = /^(.*\S)\s*\(([^()]+)\)\s*$/.exec(name.trim());
  if (!m) return null;
  const unit = [m[2].trim(), m[2].replace(/\s+/g, '')].find(isUnitToken);
  return unit ? { name: m[1], unit } : null;
}
