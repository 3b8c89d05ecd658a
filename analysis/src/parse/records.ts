import type { Analyte } from '../types';
import { matchAnalyte } from './match-analyte';
import type { Row } from './row';
import { displayUnit } from './units';
import { readValueCell } from './values';

/**
 * Results sent as records, one per line, each field named or placed by a standard (issue 29,
 * decision 180): an HL7 v2 OBX segment ('OBX|1|NM|718-7^Hemoglobin^LN||13.5|g/dL|13.0-17.0|L|||F')
 * and a JSON object per line ('{"test":"Hb","result":"13.5","unit":"g/dL","range":"13-17"}').
 * The result is the record's result field, never another of its numbers (a code, a set id).
 */
interface Fields {
  name: string;
  result: string;
  unit: string;
  range: string;
  flag: string;
}

const NAME_KEYS = /^(?:test|test_?name|name|parameter|investigation|analyte|description)$/i;
const RESULT_KEYS = /^(?:result|value|observed_?value|observation|reading)$/i;
const UNIT_KEYS = /^(?:units?|uom)$/i;
const RANGE_KEYS = /^(?:range|ref(?:erence)?_?(?:range|interval)?|normal_?range|bio_?ref(?:_?interval)?)$/i;
const FLAG_KEYS = /^(?:flag|status|abnormal_?flag)$/i;

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
    flag: f[8] ?? '',
  };
}

function json(line: string): Fields | null {
  const t = line.trim();
  if (!/^\{.*\}$/.test(t)) return null;
  let obj: unknown;
  try {
    obj = JSON.parse(t);
  } catch {
    return null;
  }
  if (!obj || typeof obj !== 'object') return null;
  const out: Fields = { name: '', result: '', unit: '', range: '', flag: '' };
  for (const [k, v] of Object.entries(obj as Record<string, unknown>)) {
    if (typeof v !== 'string' && typeof v !== 'number') continue;
    const s = String(v);
    if (NAME_KEYS.test(k)) out.name = s;
    else if (RESULT_KEYS.test(k)) out.result = s;
    else if (UNIT_KEYS.test(k)) out.unit = s;
    else if (RANGE_KEYS.test(k)) out.range = s;
    else if (FLAG_KEYS.test(k)) out.flag = s;
  }
  return out.name && out.result ? out : null;
}

/** The record a line holds, if it is one: its fields by name. */
export function recordFields(line: string): Fields | null {
  return hl7(line) ?? json(line);
}

/** Reads the line as a record; null when it is none or names no known test. */
export function readRecord(line: string, lineIndex: number): Row | null {
  const f = recordFields(line);
  if (!f) return null;
  const analyte: Analyte | null = matchAnalyte(f.name, { section: 'general', unit: f.unit, fuzzy: false });
  if (!analyte) return null;
  const value = readValueCell(f.result, analyte.kind === 'qualitative' || analyte.panel === 'urine');
  if (!value) return null;
  const mark = /^(?:N|Normal)$/i.test(f.flag.trim()) ? null : f.flag.trim() || null;
  return {
    analyte,
    known: true,
    name: f.name,
    value: { ...value, flag: value.flag ?? mark },
    unit: displayUnit(f.unit || value.unit || ''),
    rangeText: f.range,
    lineIndex,
    strategy: 'record',
  };
}
