import type { Analyte } from '../types';
import type { ValueCell } from './values';

/**
 * The one row the parse stage hands to interpret (see ROW.md): a test, its result as printed, the
 * unit and the reference range text, and the printed line it stands on. Every way of reading a
 * row (a table under a header, a message line, a value beneath its name, a labelled record, a
 * cell per line) ends in this record; interpret never re-reads printed text to build one.
 */
export interface Row {
  analyte: Analyte;
  /** False for a printed row whose name the knowledge base does not know (kept as printed). */
  known: boolean;
  name: string;
  value: ValueCell;
  unit: string;
  rangeText: string;
  lineIndex: number;
  /** How the row was found (for the eval's per-strategy figures and for a reviewer). */
  strategy?: RowStrategy;
}

export type RowStrategy =
  | 'line' // name, result, unit, range left to right on one line (with or without a header)
  | 'table' // a table's row handed over with its cells' roles
  | 'beneath' // names across the top of a grid, values on the line(s) below
  | 'message' // 'K 7.14 mEq/L (3.50-5.50) CRITICAL HIGH', 'Hb: 9.1', 'TSH - 16.0'
  | 'heading-result' // a heading that names the test, 'Result : 27' under it
  | 'record'; // a record per line with named or standard fields (HL7 OBX, JSON)

/** A row that names a test but whose result could not be read ('----', 'Sample hemolysed'). */
export interface UnreadRow {
  analyte: Analyte | null;
  name: string;
  reason: string;
  lineIndex: number;
}
