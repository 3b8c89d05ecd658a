import type { Row } from './layouts';

/** Printing helpers shared by the table families (families.ts, families-unseen.ts). */

/** One way of drawing a results table (families.ts); held-out ones are measured, never tuned on. */
export interface Family {
  id: string;
  heldOut: boolean;
  render: (rows: Row[], k: number) => string[];
}

/** A cell that may wrap onto more lines (printed under its own column). */
export type Cell = string | string[];

/** Splits a long name or method at a word boundary so it wraps onto a second line, as LIS reports do. */
export function wrap(text: string, width: number): string[] {
  if (text.length <= width) return [text];
  const words = text.split(' ');
  const first: string[] = [];
  while (words.length > 1 && [...first, words[0]].join(' ').length <= width)
    first.push(words.shift() as string);
  if (first.length === 0) return [text];
  return [first.join(' '), words.join(' ')];
}

/**
 * Lays cells out in aligned columns, wrapped cells continuing on the lines below under their own
 * column; the row starts on the line of its result (cells are top-aligned, or bottom-aligned: the
 * name's first line above the result's).
 */
export function grid(head: string[][], rows: Cell[][], gap = 3, indent = 0, bottom = false): string[] {
  const lines = (c: Cell) => (Array.isArray(c) ? c : [c]);
  const all = [...head.map((h) => h.map((x) => [x])), ...rows.map((r) => r.map(lines))];
  const widths = head[0].map((_, j) =>
    Math.max(...all.map((r) => Math.max(...(r[j] ?? ['']).map((x) => x.length)))),
  );
  const out: string[] = [];
  for (const r of all) {
    const height = Math.max(...r.map((c) => c.length));
    for (let i = 0; i < height; i++) {
      // Bottom-aligned cells: a wrapped name's first line is printed above the result's line.
      const at = (c: string[]) => (bottom ? i - (height - c.length) : i);
      const line = r
        .map((c, j) => (c[at(c)] ?? '').padEnd(widths[j] + (j < r.length - 1 ? gap : 0)))
        .join('')
        .trimEnd();
      out.push(' '.repeat(indent) + line);
    }
  }
  return out;
}

export function rangeText(r: Row): string {
  return r.range.join(' / ');
}

export function status(r: Row): string {
  return r.flag || 'Normal';
}

/** An earlier visit's result: a different but plausible number, printed with the same decimals. */
export function previous(r: Row, k: number): string {
  const raw = r.result.trim();
  const m = /^[<>]?\s*(\d[\d,]*(?:\.(\d+))?)$/.exec(raw);
  if (!m) return raw.replace(/\s*(H|L|\*|High|Low)$/, '');
  const v = Number(m[1].replace(/,/g, ''));
  const d = m[2]?.length ?? 0;
  let p = v * [0.82, 1.17, 0.9][k % 3];
  if (p.toFixed(d) === v.toFixed(d)) p = v + (d ? 1 / 10 ** d : 1) * 3;
  return m[1].includes(',') ? Math.round(p).toLocaleString('en-US') : p.toFixed(d);
}
