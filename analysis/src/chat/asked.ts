import { allAnalytes, normaliseName } from '../parse/match-analyte';
import type { Analyte, ExtractedValue } from '../types';
import { mentionsUrine, topicAnalytes, topicsIn, type Topic } from './topics';

/**
 * What a question asks about: analytes named as labs print them ('LDL', 'SGPT', 'हीमोग्लोबिन'),
 * everyday test names ('sugar', 'गुर्दा', 'khoon ki kami') and symptoms ('thakan').
 * A printed name wins over the everyday word it contains ('LDL cholesterol' is LDL only, not the
 * whole cholesterol panel); a bare everyday word ('cholesterol', 'sugar', 'iron') means the
 * whole group. Symptoms count only when no test is named.
 */
export interface Asked {
  /** Analyte ids asked about, in the order they should be answered. */
  ids: string[];
  /** The everyday-name topics behind some of those ids (their tests may be missing from the report). */
  topics: Topic[];
  /** A symptom asked about, when no test is named. */
  symptom: Topic | null;
}

interface NameHit {
  a: Analyte;
  key: string;
  at: number;
}

/**
 * Names a lab prints that are also everyday words in a chat ('ana' is Hinglish for 'to come',
 * 'MP' a state, 'cysts' of the ovary, not of the stool): they name the test only when it is in
 * the report and the question writes them in capitals, as the report does ('ANA', 'MP', 'ADA').
 */
const EVERYDAY_WORDS = new Set(['ana', 'mp', 'ada', 'gh', 'ova', 'cysts', 'consistency']);

function namesTest(key: string, question: string, inReport: boolean): boolean {
  if (!EVERYDAY_WORDS.has(key)) return true;
  return inReport && new RegExp(`(?<![A-Za-z])${key.toUpperCase()}(?![A-Za-z])`).test(question);
}

/** Analytes named as labs print them, with the longest name matched for each. */
function namedAnalytes(question: string, values: ExtractedValue[]): NameHit[] {
  const q = ` ${normaliseName(question)} `;
  const raw = question.toLowerCase();
  const inReport = new Set(values.map((v) => v.canonical_id));
  const urine = mentionsUrine(question);
  const hits: NameHit[] = [];
  for (const a of allAnalytes()) {
    let key = '';
    let at = -1;
    for (const n of [...a.synonyms, a.name.en, a.id.replace(/_/g, ' ')]) {
      const k = normaliseName(n);
      if (k.length < 2) continue;
      const i = q.indexOf(` ${k} `);
      if (i >= 0 && k.length > key.length && namesTest(k, question, inReport.has(a.id))) {
        key = k;
        at = i;
      }
    }
    const hi = a.name.hi?.toLowerCase();
    if (hi && raw.includes(hi) && hi.length > key.length) {
      key = hi;
      at = raw.indexOf(hi);
    }
    if (!key) continue;
    // A urine test is meant only when the question says urine ('protein', 'sugar', 'blood').
    if (a.panel === 'urine' && !urine && !inReport.has(a.id)) continue;
    if (a.panel === 'urine' && !urine && ['sugar', 'blood', 'protein', 'color', 'colour'].includes(key))
      continue;
    hits.push({ a, key, at });
  }
  // Drop a shorter name inside a longer one ('cholesterol' inside 'hdl cholesterol').
  return hits.filter(
    (h) =>
      !hits.some(
        (o) => o !== h && o.key.length > h.key.length && o.key.includes(h.key) && o.at <= h.at + h.key.length,
      ),
  );
}

/** True when the topic's pattern matches the whole printed name ('cholesterol', 'hb', 'iron'). */
function topicCoversName(topic: Topic, key: string): boolean {
  const m = topic.pattern.exec(key);
  return !!m && m[0].length === key.length;
}

export function whatIsAsked(question: string, values: ExtractedValue[]): Asked {
  const all = topicsIn(question);
  const tests = all.filter((t) => t.kind === 'test');
  const named = namedAnalytes(question, values).filter((h) => !tests.some((t) => topicCoversName(t, h.key)));
  const namedIds = new Set(named.map((h) => h.a.id));
  // A printed name from a topic's group stands for itself ('HbA1c' is not all of sugar).
  const topics = tests.filter((t) => !t.analytes.some((id) => namedIds.has(id)));
  const order = [
    ...named.map((h) => ({ ids: [h.a.id], at: h.at })),
    ...topics.map((t) => ({ ids: topicAnalytes(t, question), at: question.toLowerCase().search(t.pattern) })),
  ].sort((x, y) => x.at - y.at);
  const ids = [...new Set(order.flatMap((o) => o.ids))];
  const symptom = ids.length === 0 ? (all.find((t) => t.kind === 'symptom') ?? null) : null;
  return { ids, topics, symptom };
}
