import { cleanLine, splitCells } from './cells';
import { matchAnalyte } from './match-analyte';
import { isUnitToken } from './units';

/**
 * Regions of a report that hold no results (issue 29, decision 180): interpretation and reference
 * tables (cut-offs, risk tables, stages, pregnancy ranges), comments, notes and their legends,
 * disclaimers and footers. A number inside them is never the patient's result. One place for the
 * rule: the row reader skips these lines, and the line accounting counts them as known non-results.
 */

/** A line that opens a block of explanation: what follows is no result until a table starts again. */
export const NOTES_HEADING =
  /^(?:interpretations?|interpretative|comments?|notes?|clinical\s+(?:significance|notes?|interpretation|use)|remarks?|advice|impression|suggestions?|recommendati\w*|disclaimer|limitations?|reference\s*:|cut[- ]?offs?|risk\s+(?:categor\w*|stratification|assessment|table)|ascvd\b|decision\s+(?:limits?|levels?)|expected\s+values|guidelines?|as\s+per\b|(?:ada(?=\s*(?:\d{4}|criteria|guidelines?|recommend\w*|standards?|classification|:|\())|ncep|nla|kdigo|who|icmr|esc|acc\/aha|aha\/acc)\b|stages?\s+of|ckd\s+stag\w*|in\s+pregnancy|trimester\s+(?:specific|wise))\b/i;

/** A results table's header: results follow again. */
export function isResultsHeader(line: string): boolean {
  return (
    /\b(?:results?|values?|observed|observation)\b/i.test(line) &&
    /\b(?:units?|range|interval|test|investigation|parameter|name)\b/i.test(line)
  );
}

/** A bill's column heading, the whole of a header cell. */
const BILL_COLUMN =
  /^(?:qty|quantity|amount|amt|rate|price|mrp|charges?|fees?|discount|net(?:\s+amount)?|rs\.?|inr|₹)$/i;

/**
 * A bill's header ('Test Name   Qty   Amount', 'Investigation  Rate  Discount  Net'): the tests
 * below it are listed for their price, and no number under it is a result.
 */
function isBillHeader(line: string): boolean {
  // (a column's whole heading: 'Rate' in 'Sedimentation Rate' or 'Heart Rate' heads no bill)
  const cells = splitCells(line);
  return (
    cells.length >= 2 &&
    cells.some((c) => BILL_COLUMN.test(c.text)) &&
    !isResultsHeader(line) &&
    !/\d/.test(line)
  );
}

/** A section's heading ('LIPID PROFILE', 'Kidney Function Test'): a new part of the report. */
const SECTION =
  /\b(?:profile|panel|function\s+tests?|haemogram|hemogram|complete\s+blood|blood\s+counts?|biochemistry|haematology|hematology|serology|immunology|immunoassay|urine\s+(?:routine|examination|analysis)|urinalysis|electrolytes|hormones?|endocrinology|clinical\s+pathology|examination)\b/i;

function isSectionHeading(line: string): boolean {
  const t = line.trim();
  return (
    t.length > 0 &&
    t.length <= 60 &&
    !/\d/.test(t) &&
    t.split(/\s+/).length <= 6 &&
    SECTION.test(t) &&
    !/[.:]\s*\S/.test(t)
  );
}

/**
 * A test's name alone on its line ('VITAMIN D, 25 - HYDROXY', 'HbA1c'): a new test's block, the
 * notes above are over. Notes name tests inside sentences, never alone on a line.
 */
function isTestHeading(line: string): boolean {
  const cells = splitCells(line);
  return (
    cells.length === 1 &&
    cells[0].text.length <= 50 &&
    !/[.:;]\s*\S|[<>=]|\d\s*%/.test(cells[0].text) &&
    matchAnalyte(cells[0].text, { section: 'general', unit: '', fuzzy: false }) !== null
  );
}

/**
 * A result row in its full shape: a known test, one number, a unit and a range, each in its cell
 * ('Haemoglobin   9.8   g/dL   12 - 15'). A note's sentence or a cut-off table's row ('HbA1c
 * 5.7 - 6.4 % Prediabetes') never has that shape, so the notes above are over.
 */
const FULL_ROW =
  /^(.+?)\s*[:=-]?\s+[<>]?\d[\d,]*(?:\.\d+)?\s+(\S+)\s+\(?(?:[<>≤≥]=?\s*\d[\d.,]*|\d[\d.,]*\s*(?:-|–|to)\s*\d[\d.,]*)\)?$/;

function isFullResultRow(line: string): boolean {
  const m = FULL_ROW.exec(line.trim());
  // (the name may follow a label that names no test: 'Lipid: LDL   142 mg/dL (< 100)')
  const named = (name: string) => matchAnalyte(name, { section: 'general', unit: '', fuzzy: false }) !== null;
  return !!m && isUnitToken(m[2]) && (named(m[1]) || named(m[1].replace(/^[^:\d]{3,30}:\s*/, '')));
}

/**
 * A result row without its range, set apart from the notes above by a blank line ('HbA1c
 * (Glycosylated Haemoglobin)     5.4 %'): a known test, one plain number — no bound, no band — and
 * a unit, nothing after. A cut-off table's row always carries a bound, a band or its category.
 */
const PLAIN_ROW = /^(.+?)\s*[:=-]?\s+\d[\d,]*(?:\.\d+)?\s*(%|\S+)$/;

function isPlainResultRow(line: string): boolean {
  const m = PLAIN_ROW.exec(line.trim());
  return (
    !!m && isUnitToken(m[2]) && matchAnalyte(m[1], { section: 'general', unit: m[2], fuzzy: false }) !== null
  );
}

/** Footers and disclaimers: a line of a sentence about the report, never a row. */
const FOOTER =
  /\b(?:repeats?\s+(?:are|is)\s+accepted|on\s+request\s+of|not\s+valid\s+for\s+medico|medico[- ]?legal|end\s+of\s+report|electronically\s+(?:signed|verified|generated)|computer[- ]generated|this\s+report\s+is|results?\s+(?:relate|pertain)s?\s+(?:only\s+)?to|to\s+be\s+correlated|correlate\s+clinically|clinical\s+correlation|kindly\s+correlate|for\s+any\s+queries|terms\s+and\s+conditions|please\s+(?:call|contact|note))\b/i;

/** A line about the sample, not a result: 'Sample Type : Serum (2 ml)  TAT : 1 day (Normal: 1 - 3 days)'. */
const SAMPLE_LINE =
  /^\s*(?:primary\s+)?(?:sample|specimen)(?:\s+(?:type|collected|received|id|no\.?))?\s*[:-]?\s/i;

export function isFooterLine(line: string): boolean {
  return FOOTER.test(line) || SAMPLE_LINE.test(line) || isMedicineLine(line);
}

/**
 * A medicine prescribed, not a test's result ('Tab. Thyroxine 50 mcg OD', 'Inj. Vitamin B12 1500
 * mcg weekly', 'Calcium 500 mg twice daily'): a dosage form first, or a dose (an amount with no
 * volume under it) followed by how often it is taken. A result's unit is per volume ('mg/dL').
 */
const DOSAGE_FORM =
  /^[\s|]*(?:\d{1,2}\s*[.)]\s*|[-•*]\s*)?(?:tabs?|tablets?|caps?|capsules?|inj|injections?|syp|syr|syrup|susp|suspension|oint|ointment|drops?|sachets?|cream|gel|lotion|inhaler|rx)\b\.?\s/i;
const DOSE_THEN_HOW_OFTEN =
  /\d\s*(?:mg|mcg|µg|μg|ug|g|gm|iu|units?|ml|tabs?)(?![/\w%])[^.;]*?\b(?:od|bd|bid|tds|tid|qid|hs|sos|once|twice|thrice|daily|weekly|monthly|at\s+night|before\s+(?:food|meals?|breakfast)|after\s+(?:food|meals?)|x\s*\d+\s*(?:days?|weeks?|months?))\b/i;

function isMedicineLine(line: string): boolean {
  if (DOSAGE_FORM.test(line)) return true;
  // (the line's own sentence: a result in a sentence before it is read — 'NS1 was positive. She
  // was given paracetamol 650 mg SOS.')
  const dose = DOSE_THEN_HOW_OFTEN.exec(line);
  // (a sentence ends after a word, not after an abbreviation or a number: 'Tab. Iron', '4. Tab.')
  return !!dose && !/[a-z]{4,}[.!?]\s+[A-Z]/.test(line.slice(0, dose.index));
}

/**
 * The lines (their indices) that lie in a region of explanation or are a footer. A region opens
 * at a notes heading or a bill's header and runs until a results table's header, a section
 * heading, or two blank lines; a footer line (a disclaimer, a medicine prescribed) is alone.
 */
export function explanationLines(
  lines: string[],
  /** 'bills': only bills' regions and lone lines (a note's words may be a patient's own results). */
  opens: 'all' | 'bills' = 'all',
): Set<number> {
  const out = new Set<number>();
  let open = false;
  let blanks = 0;
  for (const [i, raw] of lines.entries()) {
    const line = cleanLine(raw);
    if (!line.trim()) {
      if (open && ++blanks >= 2) open = false;
      continue;
    }
    const afterBlank = blanks > 0;
    blanks = 0;
    const first = splitCells(line)[0]?.text ?? '';
    if (
      open &&
      (isResultsHeader(line) ||
        isSectionHeading(line) ||
        isTestHeading(line) ||
        isFullResultRow(line) ||
        (afterBlank && isPlainResultRow(line)))
    )
      open = false;
    if (!open && ((opens === 'all' && NOTES_HEADING.test(first)) || isBillHeader(line))) open = true;
    if (open || isFooterLine(line)) out.add(i);
  }
  return out;
}

/** Words only cut-off and risk tables print beside a number: a category, not a lab's mark. */
const CATEGORY =
  /^(?:non[- ]?)?(?:pre[- ]?)?(?:diabet\w*|desirable|borderline(?:\s+high)?|optimal|near\s+optimal|deficien\w*|insufficien\w*|sufficien\w*|toxic\w*|(?:low|moderate|high|very\s+high|intermediate)\s+risk|risk\b.*|stage\b.*|impaired\b.*|good\s+control|fair\s+control|poor\s+control|excellent\s+control|action\s+suggested)$/i;

/**
 * What follows a test's name on a row of a cut-off table, not a result: a bound or band followed by
 * its category ('>6.5  %  Diabetes', '101 - 125 mg/dL Impaired fasting glucose'), or a number
 * followed by 'or above' / 'and below'.
 */
export function isCutOffText(rest: string): boolean {
  const t = rest.trim();
  if (
    /^[<>≤≥]?=?\s*\d[\d.,]*\s*(?:%|\S+\/\S+)?\s*(?:or|and)\s+(?:above|below|more|less|over|under)\b/i.test(t)
  )
    return true;
  const m =
    /^([<>≤≥]=?\s*\d[\d.,]*|\d[\d.,]*\s*(?:-|–|to)\s*\d[\d.,]*|\d[\d.,]*)\s*(?:%|[A-Za-zµμ]+\/[A-Za-z0-9.²]+|[A-Za-z]{1,6}\/?[A-Za-z]*)?\s+(.+)$/i.exec(
      t,
    );
  if (!m) return false;
  const tail = m[2].trim().replace(/^[:=-]\s*/, '');
  return CATEGORY.test(tail);
}
