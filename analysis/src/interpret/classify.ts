import type { ReportType } from '@reportsaathi/contracts';
import type { DocumentKind } from '../types';

/**
 * What kind of document this is. Lab values decide 'blood_test' (urine routine included, as the
 * spec has no separate type); otherwise the modality named in a radiology report's title and its
 * FINDINGS / IMPRESSION blocks; otherwise medical vocabulary tells a medical document (a discharge
 * summary: 'other') from something that is not a medical report at all (a shop receipt).
 */
export interface Classification {
  report_type: ReportType;
  document_kind: DocumentKind;
}

const MODALITIES: Array<[ReportType, RegExp]> = [
  ['x_ray', /\b(x[- ]?ray|xray|radiograph|skiagram|chest\s+pa\b|pa\s+view)\b/i],
  ['ct_scan', /\b(ct|ncct|cect|hrct|mdct|computed\s+tomography|ct\s+scan)\b/i],
  ['mri', /\b(mri|mr\s+imaging|magnetic\s+resonance|mra)\b/i],
  ['ultrasound', /\b(ultrasound|ultrasonography|usg|sonography|sonogram|doppler|echography)\b/i],
];

const MEDICAL_WORDS =
  /\b(patient|diagnosis|hospital|clinic|laborator(y|ies)|pathology|specimen|sample|investigation|reference|ref\.?\s*by|referred|consultant|physician|radiolog\w*|impression|findings|discharge|admission|prescription|mg|tab\.?|cap\.?|dr\.|doctor|md|mbbs|blood|urine|serum|plasma|report|uhid|ip\s*no|opd|ward|bp|pulse|spo2|tests?|antigens?|antibod(?:y|ies)|titres?|titers?|igm|igg|typhi|paratyphi|widal|culture|smear|haemogram|hemogram)\b/gi;
const SHOP_WORDS =
  /\b(invoice|bill\s*no|gst(in)?|qty|quantity|mrp|cash|change|subtotal|sub\s*total|grand\s*total|total\s*amount|amount|rs\.?|inr|thank\s*you|visit\s*again|store|mart|supermarket|kirana|items?|rate|discount|upi|paid|cashier|receipt)\b|₹/gi;

const RESULT_SHAPE =
  /(?:^|\s)\d[\d,]*(?:\.\d+)?\s+(?:[a-zµμ]{1,6}\/[a-zµμ0-9.]{1,6}|%)\s+[([]?\d[\d,]*(?:\.\d+)?\s*(?:-|–|to)\s*\d/i;

/**
 * `knownRows`: table rows naming a test the knowledge base knows (read or not). A document with
 * such rows is a lab report whatever else it says: the kind follows the tables.
 */
export function classifyDocument(lines: string[], labValueCount: number, knownRows = 0): Classification {
  const text = lines.join('\n');
  if (labValueCount >= 2 || knownRows >= 1) return { report_type: 'blood_test', document_kind: 'lab_report' };
  const hasImpression = /\b(impression|conclusion|opinion)\s*[:-]?/i.test(text);
  const hasFindings = /\b(findings|observations?|report)\s*[:-]?/i.test(text);
  if (hasImpression || hasFindings) {
    // The study title names one modality; a letterhead listing several ('X-Ray · CT · MRI') does not count.
    for (const line of lines) {
      const hits = MODALITIES.filter(([, re]) => re.test(line));
      if (hits.length === 1 && (hasImpression || /\b(radiolog|imaging|scan)\w*/i.test(text))) {
        return { report_type: hits[0][0], document_kind: 'radiology_report' };
      }
    }
  }
  // Rows shaped as results — a number, a lab's unit and a range — whose names could not be read
  // (a text layer that lost its script to '????'): a lab report, never "not a medical report".
  if (lines.filter((l) => RESULT_SHAPE.test(l)).length >= 2)
    return { report_type: 'blood_test', document_kind: 'lab_report' };
  const medical = (text.match(MEDICAL_WORDS) ?? []).length;
  const shop = (text.match(SHOP_WORDS) ?? []).length;
  // One result row is still a lab report, unless the page reads like a shop bill.
  if (labValueCount >= 1 && !(shop >= 3 && shop > medical))
    return { report_type: 'blood_test', document_kind: 'lab_report' };
  if (medical >= 4 && medical > shop) return { report_type: 'other', document_kind: 'other_medical' };
  return { report_type: 'other', document_kind: 'not_medical' };
}
