import { describe, expect, it } from 'vitest';
import { classifyDocument } from './classify';
import { extractImpressions } from './radiology';

const lines = (text: string) => text.split('\n');

describe('classifyDocument', () => {
  it('follows the tables: a row naming a known test makes a bill-like page a lab report', () => {
    const bill = lines(
      'Invoice No 4411\nGSTIN 27ABCDE\nAmount Paid Rs. 450 Cash\nThank you visit again\nPotassium  7.1  mmol/L',
    );
    expect(classifyDocument(bill, 1).document_kind).toBe('not_medical');
    expect(classifyDocument(bill, 1, 1)).toEqual({ report_type: 'blood_test', document_kind: 'lab_report' });
  });

  it('names the modality from the study title, not the letterhead list', () => {
    const mri = lines(
      'City Imaging | Digital X-Ray · Ultrasound · CT · MRI\nPatient: Mr. A   Age/Sex: 50 Y / M\n\nMRI LUMBOSACRAL SPINE\nFINDINGS:\nDisc desiccation at L4-L5.\nIMPRESSION:\n1. L4-L5 disc bulge indenting the thecal sac.',
    );
    expect(classifyDocument(mri, 0)).toEqual({ report_type: 'mri', document_kind: 'radiology_report' });
    const usg = lines(
      'USG WHOLE ABDOMEN\nFindings: Liver is normal in size.\nImpression: No significant abnormality.',
    );
    expect(classifyDocument(usg, 0).report_type).toBe('ultrasound');
    const xray = lines('SKIAGRAM CHEST PA VIEW\nIMPRESSION: Normal study.');
    expect(classifyDocument(xray, 0).report_type).toBe('x_ray');
  });

  it('tells a medical document without values from something that is not medical', () => {
    const discharge = lines(
      'DISCHARGE SUMMARY\nPatient: Mr. B  Age/Sex: 60/M\nDiagnosis: Acute gastroenteritis\nConsultant: Dr. C, MD\nAdvice: review in OPD after 5 days',
    );
    expect(classifyDocument(discharge, 0)).toEqual({ report_type: 'other', document_kind: 'other_medical' });
    const bill = lines(
      'SUPER MART\nInvoice No 123\nItem Qty Rate Amount\nRice 1 60 60\nGrand Total 60\nThank you',
    );
    expect(classifyDocument(bill, 0)).toEqual({ report_type: 'other', document_kind: 'not_medical' });
  });
});

describe('extractImpressions', () => {
  it('returns numbered items with wrapped lines joined and advice left out', () => {
    const text = lines(
      'FINDINGS:\nSomething.\n\nIMPRESSION:\n  1. Right lower zone consolidation, likely\n     infective (pneumonia).\n  2. Mild cardiomegaly.\n\nClinical correlation is suggested.',
    );
    expect(extractImpressions(text)).toEqual([
      'Right lower zone consolidation, likely infective (pneumonia)',
      'Mild cardiomegaly',
    ]);
  });

  it('reads an impression written on the same line', () => {
    expect(extractImpressions(['Impression: No significant abnormality detected.'])).toEqual([
      'No significant abnormality detected',
    ]);
  });
});
