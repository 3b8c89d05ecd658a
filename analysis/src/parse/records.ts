import type { Analyte } from '../types';
import { matchAnalyte } from './match-analyte';
import type { Row } from './row';
import { displayUnit } from './units';
import { isFlagToken, readValueCell } from './values';
import { HTML_TAG } from './cells';
import { delimitedFields, delimiterOf } from './tokens';
import { readColumns } from './tables';

/**
 * Results sent as records, each field named or placed by a standard (issue 29, decision 180): an
 * HL7 v2 OBX segment ('OBX|1|NM|718-7^Hemoglobin^LN||13.5|g/dL|13.0-17.0|L|||F'), JSON (an object
 * per line, or a whole document such as a FHIR Observation or a portal's export), XML (attributes
 * or child elements) and 'key=value' fields ('test=Hb|result=13.5|unit=g/dL'). Whatever the
 * syntax, a record's fields are found by their names, in one vocabulary: the result is the
 * record's result field, never another of its numbers (a code, a set id, a reference bound).
 */
interface Fields {
  name: string;
  result: string;
  unit: string;
  range: string;
  /** A reference range sent as two fields, its lower and its upper limit. */
  low: string;
  high: string;
  flag: string;
}

/** Field names as senders spell them, compared lower case with punctuation gone ('testName', 'test_name'). */
const KEYS: Array<[keyof Fields, RegExp]> = [
  [
    'name',
    /^(?:test|testname|name|parameter|parametername|investigation|analyte|description|display|observationname|item)$/,
  ],
  ['result', /^(?:result|resultvalue|value|observedvalue|observation|reading|valuestring|valuequantity)$/],
  ['unit', /^(?:units?|uom|resultunit|unitofmeasure)$/],
  [
    'range',
    /^(?:range|ref|refrange|referencerange|referenceinterval|refinterval|normal|normalrange|normalvalues?|biorefinterval|biologicalreferenceinterval|reference)$/,
  ],
  [
    'low',
    /^(?:low|lower|min|minimum|reflow|referencelow|rangelow|normallow|lowerlimit|lowlimit|refmin|lln)$/,
  ],
  [
    'high',
    /^(?:high|upper|max|maximum|refhigh|referencehigh|rangehigh|normalhigh|upperlimit|highlimit|refmax|uln)$/,
  ],
  ['flag', /^(?:flag|status|abnormalflag|interpretation|resultflag)$/],
];

/** A field's name as compared: lower case, letters only, OCR's usual slips put right ('Resuit', 'Unlt'). */
const keyOf = (k: string) =>
  k
    .toLowerCase()
    .replace(/resu[il1|]t/g, 'result')
    .replace(/un[il1|]t/g, 'unit')
    .replace(/[^a-z]/g, '');

function text(v: unknown): string {
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  return '';
}

/** A FHIR-style reference range ([{low: {value}, high: {value}, text}]) as printed text. */
function rangeText(v: unknown): string {
  const first = Array.isArray(v) ? v[0] : v;
  if (!first || typeof first !== 'object') return text(v);
  const o = first as Record<string, unknown>;
  if (text(o.text)) return text(o.text);
  const bound = (b: unknown) =>
    b && typeof b === 'object' ? text((b as Record<string, unknown>).value) : text(b);
  const low = bound(o.low);
  const high = bound(o.high);
  return low && high ? `${low} - ${high}` : low ? `>= ${low}` : high ? `<= ${high}` : '';
}

/** The fields of a record given as an object of named fields (JSON, XML, key=value). */
function fieldsOf(obj: Record<string, unknown>): Fields | null {
  const out: Fields = { name: '', result: '', unit: '', range: '', low: '', high: '', flag: '' };
  for (const [k, v] of Object.entries(obj)) {
    const key = keyOf(k);
    if (key === 'code' && v && typeof v === 'object') {
      // FHIR: code.text, else the first coding's display.
      const c = v as Record<string, unknown>;
      const coding = Array.isArray(c.coding)
        ? (c.coding[0] as Record<string, unknown> | undefined)
        : undefined;
      out.name ||= text(c.text) || text(coding?.display);
      continue;
    }
    const field = KEYS.find(([, re]) => re.test(key))?.[0];
    if (!field || out[field]) continue;
    if (field === 'result' && v && typeof v === 'object') {
      // FHIR valueQuantity: {value, unit}.
      const q = v as Record<string, unknown>;
      out.result = text(q.value);
      out.unit ||= text(q.unit);
    } else if (field === 'range') out.range = rangeText(v);
    else if (field === 'flag' && v && typeof v === 'object') {
      const first = (Array.isArray(v) ? v[0] : v) as Record<string, unknown>;
      out.flag =
        text(first?.text) || text((first?.coding as Array<Record<string, unknown>> | undefined)?.[0]?.code);
    } else out[field] = text(v);
  }
  return out.name && out.result ? out : null;
}

function hl7(line: string): Fields | null {
  if (!/^OBX\|/.test(line.trim())) return null;
  const f = line.trim().split('|');
  const id = (f[3] ?? '').split('^');
  const name = (id[1] || id[0] || '').trim();
  if (!name) return null;
  const unit = f[6] ?? '';
  // A unit field is 'code^text'; '10^3/µL' is a unit whose caret the sender did not escape.
  return {
    name,
    result: f[5] ?? '',
    unit: /^10\^\d/.test(unit) ? unit : unit.split('^')[0],
    range: f[7] ?? '',
    low: '',
    high: '',
    flag: f[8] ?? '',
  };
}

function json(line: string): Fields | null {
  const t = line.trim();
  if (!/^\{.*\}$/.test(t)) return null;
  try {
    const obj: unknown = JSON.parse(t);
    return obj && typeof obj === 'object' ? fieldsOf(obj as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * 'test=Hb|result=13.5|unit=g/dL|range=13-17', 'Test: TSH | Result: 11.6 uIU/mL | Normal: 0.35 -
 * 4.94': two or more named fields, split by | ; or tabs, each 'key=value' or 'key: value' (one
 * style per line). Only a line whose keys name a test and a result is a record (fieldsOf), so a
 * message's 'Hb: 9.2 | TSH: 4.1' (tests for keys) is left to the line reader.
 */
function keyValues(line: string): Fields | null {
  // (an empty field at either end is a rule drawn beside the line, or nothing)
  const parts = line
    .trim()
    .split(/\s*[|;\t]\s*/)
    .filter((p, i, all) => p || (i > 0 && i < all.length - 1));
  if (parts.length < 2) return null;
  for (const sep of ['=', ':']) {
    const obj: Record<string, string> = {};
    for (const p of parts) {
      const m = new RegExp(`^([A-Za-z][A-Za-z _.-]{0,30}?)\\s*${sep}\\s*(.*)$`).exec(p);
      if (!m) break;
      obj[m[1]] = m[2].trim();
    }
    if (Object.keys(obj).length === parts.length) return fieldsOf(obj);
  }
  return null;
}

const XML_ATTR = /([A-Za-z_][\w.-]*)\s*=\s*"([^"]*)"/g;

/** An XML element with its fields as attributes ('<Result name="Hb" value="9.2" units="g/dL"/>'). */
function xmlAttributes(line: string): Fields | null {
  const m = /^<([A-Za-z][\w.-]*)(\s[^>]*?)\/?>(?:<\/\1>)?$/.exec(line.trim());
  if (!m) return null;
  const obj: Record<string, string> = {};
  for (const a of m[2].matchAll(XML_ATTR)) obj[a[1]] = a[2];
  return fieldsOf(obj);
}

/** The record a line holds, if it is one: its fields by name. */
export function recordFields(line: string): Fields | null {
  return hl7(line) ?? json(line) ?? xmlAttributes(line) ?? keyValues(line);
}

function rowOf(f: Fields, lineIndex: number, fuzzy = false): Row | null {
  const analyte: Analyte | null = matchAnalyte(f.name, { section: 'general', unit: f.unit, fuzzy });
  if (!analyte) return null;
  const value = readValueCell(f.result, analyte.kind === 'qualitative' || analyte.panel === 'urine');
  if (!value) return null;
  // A status field may say where the result stands ('H', 'Low') or how far it got ('Final'): only
  // a lab's mark is one.
  const mark = isFlagToken(f.flag) ? f.flag.trim() : null;
  const low = f.low.trim();
  const high = f.high.trim();
  const range = f.range || (low && high ? `${low} - ${high}` : low ? `>= ${low}` : high ? `<= ${high}` : '');
  return {
    analyte,
    known: true,
    name: f.name,
    value: { ...value, flag: value.flag ?? mark },
    unit: displayUnit(f.unit || value.unit || ''),
    rangeText: range,
    lineIndex,
    strategy: 'record',
  };
}

/**
 * Reads the line as a record; null when it is none or names no known test. On a photo (`fuzzy`)
 * the test's name may be matched through OCR's slips ('HbAlc'), as a line's is.
 */
export function readRecord(line: string, lineIndex: number, fuzzy = false): Row | null {
  const f = recordFields(line);
  return f ? rowOf(f, lineIndex, fuzzy) : null;
}

/** The line a record's name is printed on (for the checks that look at the printed line). */
function lineOfName(lines: string[], name: string, from: number): number {
  const at = lines.findIndex((l, i) => i >= from && l.includes(name));
  return at < 0 ? from : at;
}

/**
 * An export whose header names its fields, delimited ('PatientID,TestName,Result,Units,RefLow,
 * RefHigh,Flag'): each line under it a record, its fields found by the header's names, so a
 * patient's id, a test code or a reference limit is never the result. Left to the table reader
 * where it reads the header as a results table's.
 */
export function readDelimitedRecords(lines: string[]): { rows: Row[]; used: Set<number> } {
  const rows: Row[] = [];
  const used = new Set<number>();
  for (let i = 0; i < lines.length; i++) {
    const delimiter = delimiterOf(lines[i]);
    const header = delimiter ? delimitedFields(lines[i], delimiter) : null;
    if (!delimiter || !header || readColumns(header)) continue;
    const names = header.map((h) => h.text);
    const probe = fieldsOf(Object.fromEntries(names.map((n) => [n, n])));
    if (!probe) continue;
    used.add(i);
    for (let k = i + 1; k < lines.length; k++) {
      const fields = delimitedFields(lines[k], delimiter);
      if (!fields || Math.abs(fields.length - names.length) > 1) break;
      used.add(k);
      const f = fieldsOf(Object.fromEntries(names.map((n, j) => [n, fields[j]?.text ?? ''])));
      const row = f ? rowOf(f, k) : null;
      if (row) rows.push(row);
    }
  }
  return { rows, used };
}

/**
 * Records a whole document holds across its lines: JSON (an export, a FHIR Bundle or Observation)
 * or XML whose elements have child fields ('<Result><TestName>Hb</TestName><Value>9.2</Value>...').
 * Returns the rows and the lines they span; empty when the document is neither.
 */
export function readDocumentRecords(lines: string[]): { rows: Row[]; used: Set<number> } {
  const whole = lines.join('\n').trim();
  const rows: Row[] = [];
  const used = new Set<number>();
  if (/^[[{]/.test(whole)) {
    let doc: unknown;
    try {
      doc = JSON.parse(whole);
    } catch {
      doc = undefined;
    }
    if (doc !== undefined) {
      const walk = (v: unknown) => {
        if (Array.isArray(v)) return v.forEach(walk);
        if (!v || typeof v !== 'object') return;
        const f = fieldsOf(v as Record<string, unknown>);
        const row = f ? rowOf(f, lineOfName(lines, f.name, 0)) : null;
        if (row) rows.push(row);
        else Object.values(v).forEach(walk);
      };
      walk(doc);
      lines.forEach((_, i) => used.add(i));
      return { rows, used };
    }
  }
  // An HTML page is no record: its table's cells are read as a table (cells.ts).
  if (!/^<(?:\?xml|[A-Za-z])/.test(whole) || HTML_TAG.test(whole)) return { rows, used };
  // XML elements whose children are simple fields, on one line or across lines.
  const ELEMENT =
    /<([A-Za-z][\w.-]*)(?:\s[^>]*)?>((?:\s*<([A-Za-z][\w.-]*)(?:\s[^>]*)?>[^<]*<\/\3>)+)\s*<\/\1>/g;
  for (const m of whole.matchAll(ELEMENT)) {
    const obj: Record<string, string> = {};
    for (const c of m[2].matchAll(/<([A-Za-z][\w.-]*)(?:\s[^>]*)?>([^<]*)<\/\1>/g)) obj[c[1]] = c[2].trim();
    const f = fieldsOf(obj);
    const row = f ? rowOf(f, lineOfName(lines, f.name, 0)) : null;
    if (row) rows.push(row);
  }
  // ...and elements whose fields are attributes ('<Result name="Hb" value="9.2" units="g/dL"/>').
  for (const m of whole.matchAll(/<[A-Za-z][\w.-]*\s[^>]*?\/>/g)) {
    const f = xmlAttributes(m[0]);
    const row = f ? rowOf(f, lineOfName(lines, f.name, 0)) : null;
    if (row) rows.push(row);
  }
  for (const [i, l] of lines.entries()) if (/^\s*<.*>\s*$/.test(l)) used.add(i);
  return { rows, used };
}
