/**
 * Units as printed ('gm%', 'Lakh/cmm', 'x10³/µL', 'mL/min/1.73 m2') are recognised here and
 * reduced to a canonical key, so that 'g/dL', 'gm/dl' and 'gm%' compare equal and a platelet
 * count in lakhs can be turned into /cumm to check it against the knowledge base's limits.
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
  return unit.replace(/_/g, ' ');
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
  'gm%',
  'g%',
  'mg%',
]);

/** A token that reads as a unit: contains a slash with letters, a %, or is a known unit word. */
export function isUnitToken(raw: string): boolean {
  const t = raw.trim();
  if (!t || t.length > 24) return false;
  const lower = t.toLowerCase();
  if (UNIT_WORDS.has(lower)) return true;
  if (/^[a-zµμ%³⁶]*[a-zµμ]*%$/i.test(t)) return true;
  if (/^(?:x\s*)?10(?:\^\d+|[³⁶⁹])\/\S+$/i.test(t)) return true;
  if (/^\/[a-zµμ]+$/i.test(t)) return true; // /cumm, /hpf, /µL
  if (/^\/100_(?:wbcs?|leu[ck]ocytes)$/i.test(t)) return true; // glued by glueUnits
  if (/^[a-zµμ]{1,8}\/[a-zµμ0-9._²^]{1,18}$/i.test(t)) return true; // mg/dL, mm/1_hour
  if (/^m[lL]\/min\/1\.73m(?:2|²|\^2)?$/.test(t)) return true;
  return false;
}

/**
 * Canonical key of a unit: lower case, µ/mc/u unified, spaces dropped, synonyms merged. Cell
 * counts become '10^k/ul' so that their factors can be derived (lakhs = 10^5, million = 10^6).
 */
export function canonicalUnit(raw: string): string {
  let u = displayUnit(raw).trim().toLowerCase().replace(/\s+/g, '').replace(/\.+$/, '');
  if (!u) return '';
  if (/^(cumm|cmm|cu\.?mm|mm3|[uµμ]l|mcl)$/.test(u)) u = `/${u}`; // 'cumm' printed without its slash
  u = u.replace(/mcl$/, 'ul');
  u = u.replace(/[µμ]/g, 'u').replace(/^mcg/, 'ug').replace(/mcg\//, 'ug/').replace(/^x/, '');
  u = u.replace(/³/g, '^3').replace(/⁶/g, '^6').replace(/⁹/g, '^9').replace(/²/g, '2');
  u = u.replace(/cu\.?mm|cmm|mm3|cumm/g, 'ul');
  u = u.replace(/^cells\//, '/');
  if (u === 'gm%' || u === 'g%' || u === 'gm/dl' || u === 'gms/dl' || u === 'g/dl') return 'g/dl';
  if (u === 'mg%') return 'mg/dl';
  if (u === 'iu/l' || u === 'u/l') return 'u/l';
  if (u === 'meq/l') return 'mmol/l';
  if (u === 'fl' || u === 'femtolitre') return 'fl';
  if (u === 'uiu/ml' || u === 'miu/l') return 'miu/l';
  if (u === 'ug/l') return 'ng/ml';
  if (u === 'mg/l') return 'mg/l';
  if (/^mm\/(1(st)?_?)?(hr|hour)$/.test(u)) return 'mm/hr';
  if (/^ml\/min\/1\.73m2?$/.test(u)) return 'ml/min/1.73m2';
  if (u === '/hpf' || u === 'cells/hpf' || u === '/h.p.f') return '/hpf';
  if (u === 'ratio') return '';
  const count = countMultiplier(u);
  if (count !== null) return count === 1 ? '/ul' : `10^${Math.round(Math.log10(count))}/ul`;
  return u;
}

/** For cell-count units, how many cells one printed unit stands for; null for other units. */
export function countMultiplier(canon: string): number | null {
  if (canon === '/ul' || canon === '/l') return canon === '/ul' ? 1 : null;
  const lakh = /^lakhs?\/ul$/.exec(canon);
  if (lakh) return 1e5;
  if (/^(million|mill|millions)\/ul$/.test(canon)) return 1e6;
  if (/^(thou|thousand)\/ul$/.test(canon)) return 1e3;
  const pow = /^10\^(\d+)\/(ul|l)$/.exec(canon);
  if (pow) {
    const exp = Number(pow[1]) - (pow[2] === 'l' ? 6 : 0); // 10^9/L = 10^3/µL
    return 10 ** exp;
  }
  return null;
}

/**
 * Factor turning a value in `from` into `to` (value_to = value_from * factor), or null when the
 * two are not known to be convertible. `table` is a knowledge-base entry's units map.
 */
export function unitFactor(from: string, to: string, table: Record<string, number> = {}): number | null {
  const a = canonicalUnit(from);
  const b = canonicalUnit(to);
  if (a === b) return 1;
  const ca = countMultiplier(a);
  const cb = countMultiplier(b);
  if (ca !== null && cb !== null) return ca / cb;
  for (const [unit, factor] of Object.entries(table)) {
    if (canonicalUnit(unit) === a) {
      // The table converts into the analyte's base unit; `to` is normally that base unit.
      return factor;
    }
  }
  return null;
}
