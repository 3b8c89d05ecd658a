import { getAnalyte } from '@reportsaathi/analysis';

/**
 * What the results view (patient-app components/results-view.tsx) shows beside a value and the
 * engine does not store with it: the body system it belongs to (the knowledge base's panel) and
 * one line on what the test measures, in the report's language. Read from the knowledge base at
 * read time, so a value analysed by an older engine gets them too; null for a test the knowledge
 * base does not know.
 */
export function valueKnowledge(
  canonicalId: string,
  language: 'en' | 'hi',
): { panel: string | null; about: string | null } {
  const analyte = getAnalyte(canonicalId);
  if (!analyte) return { panel: null, about: null };
  return { panel: analyte.panel, about: analyte.about[language] || analyte.about.en };
}
