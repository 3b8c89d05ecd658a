import { VERTICAL_RULE } from '../parse/tokens';

/**
 * A boxed table's vertical rules as OCR reads them on a photo. Most come out as '|', but the same
 * rule on other lines comes out as a letter or a digit: a lone 'I', 'l', '[' or '!' between two
 * cells, or glued to the cell beside it ('[7.06', '1109.2' for '| 109.2', 'Platelets]'). Glued, it
 * changes the result ('109.2' read as 1109.2) or hides the row. A rule stands at the same place on
 * every line of its table, so its places are found from the lines where it was read as a rule, and
 * a character at one of those places is taken for the rule whatever OCR made of it.
 */
export interface RuleWord {
  text: string;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}

/**
 * On a photo, words further apart than this many character widths are separate cells (OCR's gaps
 * inside a cell are wider than print's).
 */
export const CELL_GAP = 1.6;

/** What OCR makes of a thin vertical stroke. */
const RULE_LIKE = /^[|│┃Iil[\]!1]$/;
const RULE = new RegExp(`^${VERTICAL_RULE.source}$`);
/** A rule's place must be read as a rule on this many lines to count. */
const MIN_LINES = 3;

/** Where a rule stands: its x-centre, and the top and bottom of the lines it was read on. */
export interface RulePlace {
  x: number;
  top: number;
  bottom: number;
}

/**
 * The places of the page's rules, from the words read as a rule. A place holds only from the
 * first to the last line it was read on (and a line beyond): another table on the page has rules
 * of its own.
 */
export function rulePlaces(lines: RuleWord[][], charWidth: number): RulePlace[] {
  const rules = lines
    .flatMap((words) => words.filter((w) => RULE.test(w.text.trim())))
    .map((w) => ({ x: (w.bbox.x0 + w.bbox.x1) / 2, top: w.bbox.y0, bottom: w.bbox.y1 }))
    .sort((a, b) => a.x - b.x);
  const places: RulePlace[] = [];
  let group: typeof rules = [];
  const close = () => {
    if (group.length >= MIN_LINES) {
      // One line more above and below: the table's first or last row may have no rule read as one.
      const height = Math.max(...group.map((r) => r.bottom - r.top));
      places.push({
        x: group[Math.floor(group.length / 2)].x,
        top: Math.min(...group.map((r) => r.top)) - height * 1.5,
        bottom: Math.max(...group.map((r) => r.bottom)) + height * 1.5,
      });
    }
    group = [];
  };
  for (const r of rules) {
    if (group.length && r.x - group[group.length - 1].x > charWidth * 0.6) close();
    group.push(r);
  }
  close();
  return places;
}

/**
 * The lines with every rule read as a rule: a lone rule-like character at a rule's place becomes
 * '|', and one glued to a word's edge at a rule's place is cut off (the word's box with it).
 */
export function withRulesRead<W extends RuleWord>(lines: W[][], charWidth: number): W[][] {
  const places = rulePlaces(lines, charWidth);
  if (!places.length) return lines;
  // A rule's stroke is a third of a character wide or less; its centre is where the glyph is.
  const near = (x: number, w: W) => {
    const y = (w.bbox.y0 + w.bbox.y1) / 2;
    return places.some((p) => Math.abs(p.x - x) <= charWidth * 0.5 && y >= p.top && y <= p.bottom);
  };
  const glyph = charWidth * 0.5;
  return lines.map((words) =>
    words.flatMap((w): W[] => {
      const t = w.text.trim();
      if (t.length === 1 && RULE_LIKE.test(t) && near((w.bbox.x0 + w.bbox.x1) / 2, w))
        return [{ ...w, text: '|' }];
      if (t.length < 2) return [w];
      // A glued rule is cut off and kept as a word of its own, so the cells either side stay apart.
      const per = (w.bbox.x1 - w.bbox.x0) / t.length;
      const rule = (x0: number): W => ({ ...w, text: '|', bbox: { ...w.bbox, x0, x1: x0 + per } });
      const out: W[] = [];
      let text = t;
      let { x0, x1 } = w.bbox;
      if (RULE_LIKE.test(text[0]) && near(x0 + Math.min(per, glyph) / 2, w)) {
        out.push(rule(x0));
        text = text.slice(1);
        x0 += per;
      }
      let after: W | null = null;
      if (
        text.length > 1 &&
        RULE_LIKE.test(text[text.length - 1]) &&
        near(x1 - Math.min(per, glyph) / 2, w)
      ) {
        text = text.slice(0, -1);
        x1 -= per;
        after = rule(x1);
      }
      if (text === t) return [w];
      out.push({ ...w, text, bbox: { ...w.bbox, x0, x1 } });
      return after ? [...out, after] : out;
    }),
  );
}

/** Lines with at least this many rules are a ruled table's rows. */
const RULED_ROW = 3;
/** Above this share of a page's ruled cells holding two cells' worth of words, rules are not per column. */
const SPLIT_SHARE = 0.15;

/**
 * A cell OCR split in two: between two rules of a table that rules every column, the words are one
 * cell ('PLASMA GLUCOSE  (FASTING)' read with a gap that made '(FASTING)' the result). Whether the
 * table rules every column is read from the page: on its ruled rows, nearly every space between two
 * rules holds one cell. A table ruled only around groups of columns (two tables side by side with
 * a rule between them) holds several there, and is left alone.
 */
export function withRuledCellsJoined<W extends RuleWord>(lines: W[][], charWidth: number): W[][] {
  const gap = charWidth * CELL_GAP;
  const isRule = (w: W) => RULE.test(w.text.trim());
  /** The words between each two rules of a ruled row, in runs split where the gap is wide. */
  const spans = (words: W[]) => {
    const out: W[][][] = [];
    let runs: W[][] | null = null;
    for (const w of [...words].sort((a, b) => a.bbox.x0 - b.bbox.x0)) {
      if (isRule(w)) {
        if (runs?.length) out.push(runs);
        runs = [];
      } else if (runs) {
        const last = runs[runs.length - 1];
        if (last && w.bbox.x0 - last[last.length - 1].bbox.x1 <= gap) last.push(w);
        else runs.push([w]);
      }
    }
    return out;
  };
  const ruled = lines.filter((words) => words.filter(isRule).length >= RULED_ROW);
  const cells = ruled.flatMap(spans);
  if (!cells.length) return lines;
  const split = cells.filter((runs) => runs.length > 1).length;
  if (split / cells.length > SPLIT_SHARE) return lines;
  return lines.map((words) => {
    if (words.filter(isRule).length < RULED_ROW) return words;
    const joined = new Map<W, W | null>();
    for (const runs of spans(words)) {
      // Words only: a number beside a name there is a result whose rule OCR lost, not half a name.
      // A lone 'I' or 'l' there is a rule OCR misread, not a word.
      const apart = (run: W[]) =>
        /^[<>≤≥]?\d/.test(run[0].text.trim()) || (run.length === 1 && RULE_LIKE.test(run[0].text.trim()));
      if (runs.length < 2 || runs.some(apart)) continue;
      const all = runs.flat();
      const text = all.map((w) => w.text.trim()).join(' ');
      const bbox = {
        x0: Math.min(...all.map((w) => w.bbox.x0)),
        y0: Math.min(...all.map((w) => w.bbox.y0)),
        x1: Math.max(...all.map((w) => w.bbox.x1)),
        y1: Math.max(...all.map((w) => w.bbox.y1)),
      };
      all.forEach((w, i) => joined.set(w, i === 0 ? { ...w, text, bbox } : null));
    }
    return words.flatMap((w) => {
      const j = joined.get(w);
      return j === undefined ? [w] : j ? [j] : [];
    });
  });
}
