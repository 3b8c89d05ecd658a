import type { AnalysisStage, Flag, Qualifier, RefSource, ReportType } from '@reportsaathi/contracts';

export type { AnalysisStage };

export type Language = 'en' | 'hi';
export type Sex = 'male' | 'female';

/** One analyte of the knowledge base (data, not code: see knowledge/panels/*.ts). */
export interface Analyte {
  /** Stable snake_case id; the fixtures' README ids where it lists them (hemoglobin, platelet_count, ...). */
  id: string;
  loinc: string | null;
  panel:
    | 'cbc'
    | 'lipid'
    | 'lft'
    | 'kft'
    | 'thyroid'
    | 'diabetes'
    | 'vitamins'
    | 'iron'
    | 'urine'
    | 'cardiac'
    | 'inflammation'
    | 'electrolytes'
    | 'coagulation'
    | 'other';
  /** Display names. */
  name: { en: string; hi: string };
  /** Names and abbreviations as Indian labs print them, lower case ('hb', 'haemoglobin', 'sgpt', ...). */
  synonyms: string[];
  /** 'quantitative' values are numbers; 'qualitative' ones are words like Nil / Trace / Positive. */
  kind: 'quantitative' | 'qualitative';
  /** The base unit, as commonly printed in India ('g/dL', '/cumm', 'mg/dL'); '' for unitless. */
  unit: string;
  /**
   * Other printed units and the factor that turns a value in that unit into the base unit
   * (value_in_base = value * factor). Unit keys are compared case-insensitively after normalising
   * µ/u, spaces and 'cu mm'/'cumm'. Example for platelets: { 'lakhs/cumm': 100000, '10^3/µL': 1000 }.
   */
  units: Record<string, number>;
  /**
   * Units the test is printed in that no factor converts to the base unit (HbA1c's IFCC mmol/mol
   * is 10.93 x % - 23.5): a value in one is shown as printed, judged only by the range printed
   * beside it, never by the knowledge base's.
   */
  unconverted?: string[];
  /** Adult reference range in the base unit, used only when the report prints none. */
  reference: {
    any?: { low: number | null; high: number | null };
    male?: { low: number | null; high: number | null };
    female?: { low: number | null; high: number | null };
    /** For qualitative analytes: the normal answers, lower case ('nil', 'negative', 'absent'). */
    normal_text?: string[];
    /** For a titre ('1:160'): the significant titre's denominator, used when the report prints none. */
    titre?: number;
  };
  /** Critical limits in the base unit (outside them the patient needs care today); omit when none. */
  critical?: { low?: number; high?: number };
  /**
   * Physiological limits in the base unit (knowledge/limits.ts): outside them a photo's reading
   * is taken to have lost its decimal point, or is shown as uncertain. Omitted where no useful
   * limit exists.
   */
  plausible?: { low: number; high: number };
  /** Plain-language text, no diagnosis, no dosage. */
  about: { en: string; hi: string };
  high?: { en: string; hi: string };
  low?: { en: string; hi: string };
  /** Which clinician usually discusses this value ('general physician', 'endocrinologist', ...). */
  specialist?: { en: string; hi: string };
}

/**
 * One extracted lab value. Its fields are exactly those of the shown value, contracts'
 * `reportValue` (decision 170: api/src/features/reports/value-row.ts checks it at compile time);
 * the engine leaves a mark it did not set undefined, and the shown value makes it false or null.
 */
export interface ExtractedValue {
  canonical_id: string;
  loinc: string | null;
  /** The name as printed on the report. */
  name: string;
  /** Number, or the printed text for qualitative results. */
  value: number | string;
  /** '<' or '>' for censored values such as '<0.01'. */
  qualifier?: Qualifier | null;
  unit: string;
  ref_low: number | null;
  ref_high: number | null;
  ref_text: string;
  /** Where the range came from: the report, or the knowledge base when the report printed none. */
  ref_source: RefSource;
  flag: Flag;
  /** The flag the report printed next to the value (H, L, High, *, ...), if any. */
  flag_printed: string | null;
  /** The lab's mark points the other way from the flag computed from the range (the flag wins). */
  flag_disagrees?: boolean;
  /**
   * The result was printed in red on the image (extract/ink.ts): most Indian labs' mark for an
   * abnormal result, weighed like a printed H or L.
   */
  printed_red?: boolean;
  /** The unit was not printed; the knowledge base's unit is the only plausible one. */
  unit_inferred?: boolean;
  /** For tiered ranges, the printed band the value falls in ('borderline high'). */
  band?: string | null;
  /**
   * The reading is doubtful (a photo's value was implausible): check it on the printed report. Its
   * `flag` is then the lab's own printed mark where one was read ('high' for an H), else 'normal'.
   */
  uncertain?: boolean;
  /**
   * How sure the engine is of this one value, 0..1; set only when lowered (a photo's decimal
   * point was put back, or the value could not be settled). Absent means read as printed.
   */
  value_confidence?: number;
  /** Why the value is not exactly what was read ('read as 45 ... 4.5 used'), for a reviewer. */
  reading_note?: string;
  /** A printed row whose test the knowledge base does not know: shown as printed, not explained. */
  not_in_knowledge_base?: boolean;
}

/** A printed test whose result could not be read ('----', 'Sample hemolysed', unreadable photo). */
export interface UnreadValue {
  canonical_id: string | null;
  name: string;
  reason: string;
  /** The knowledge base lists critical limits for it: the analysis says so at the top. */
  critical: boolean;
}

export interface PatientInfo {
  age: number | null;
  sex: Sex | null;
  /** When the sample was collected, as printed ('YYYY-MM-DD'); null when no date is printed. */
  collected_on?: string | null;
  /** The lab's name as printed on its letterhead or labelled; null when none is printed. */
  lab?: string | null;
}

export type DocumentKind = 'lab_report' | 'radiology_report' | 'other_medical' | 'not_medical';

/** What the engine produces for one document. */
export interface AnalysisResult {
  report_type: ReportType;
  document_kind: DocumentKind;
  summary: string;
  key_findings: string[];
  recommendations: string[];
  /** 0..1, from how much of the document was understood (see docs/analysis-confidence.md). */
  confidence_score: number;
  ai_model_version: string;
  values: ExtractedValue[];
  /** Tests named on the report whose result could not be read. */
  unread: UnreadValue[];
  /**
   * Printed lines that look like results (a test name the engine knows, a number with a unit or a
   * range) but ended in no read row: named to the patient at the top, never dropped silently.
   */
  unread_lines?: string[];
  impressions: string[];
  patient: PatientInfo;
  language: Language;
  has_critical: boolean;
}

export interface AnalyzeInput {
  bytes: Buffer;
  filename: string;
  language: Language;
}
