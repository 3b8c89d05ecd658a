import type { DocumentKind, ExtractedValue, Language, PatientInfo, UnreadValue } from '../types';
import {
  composeLab,
  composeNotMedical,
  composeOtherMedical,
  composeRadiology,
  type Composed,
} from './compose';

/**
 * What a finished analysis keeps that its wording is made from: the values as read and
 * interpreted (flags, "check it" marks), the tests and lines that could not be read, the
 * radiologist's impressions. Enough to write the explanation again in the other language
 * without reading the file (decision 241).
 */
export interface StoredReading {
  document_kind: DocumentKind;
  report_type: string;
  values: ExtractedValue[];
  unread: UnreadValue[];
  unread_lines: string[];
  impressions: string[];
  patient: PatientInfo;
}

/**
 * The explanation of a stored reading in `language`: the same composer a new analysis uses, so
 * the words are those a fresh analysis in that language would have had (before any provider's
 * rewording, which needs the file's text and is not redone).
 */
export function explainAgain(stored: StoredReading, language: Language): Composed {
  switch (stored.document_kind) {
    case 'lab_report':
      return composeLab(stored.values, stored.patient, language, stored.unread, stored.unread_lines);
    case 'radiology_report':
      return composeRadiology(stored.report_type, stored.impressions, language);
    case 'other_medical':
      return composeOtherMedical(language);
    default:
      return composeNotMedical(language);
  }
}
