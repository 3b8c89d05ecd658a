/**
 * The IMPRESSION (or CONCLUSION / OPINION) block of a radiology report, as a list of findings:
 * numbered or bulleted items, with wrapped lines joined, numbering and final full stops removed.
 * Advice lines after the block ('Clinical correlation is suggested') are not impressions.
 */
const START = /^\s*(impression|conclusion|opinion|final impression|summary)\s*[:-]?\s*(.*)$/i;
const STOP =
  /^\s*(advice|recommendation|note|clinical correlation|correlate clinically|suggest|dr\.|consultant|radiologist|md\b|dnb|page\s+\d|\*+\s*end|-+\s*end|end of report|please correlate|this report)/i;

export function extractImpressions(lines: string[]): string[] {
  const start = lines.findIndex((l) => START.test(l));
  if (start < 0) return [];
  const items: string[] = [];
  const first = START.exec(lines[start])?.[2]?.trim();
  const body = first ? [first, ...lines.slice(start + 1)] : lines.slice(start + 1);
  let numbered = false;
  let blank = 0;
  for (const raw of body) {
    const line = raw.trim();
    if (!line) {
      if (items.length > 0 && ++blank >= 1) break;
      continue;
    }
    if (STOP.test(line)) break;
    if (/^[A-Z][A-Z ]{3,}:\s*$/.test(line)) break; // next section heading
    const item = /^(?:\d+[.)]|[-•*]|[a-z][.)])\s+(.*)$/i.exec(line);
    if (item) {
      numbered = true;
      items.push(item[1]);
    } else if (numbered && items.length > 0) items[items.length - 1] += ` ${line}`;
    else items.push(line);
  }
  return items
    .flatMap((i) => (numbered ? [i] : i.split(/(?<=\.)\s+(?=[A-Z])/)))
    .map((i) =>
      i
        .replace(/\s+/g, ' ')
        .replace(/\.\s*$/, '')
        .trim(),
    )
    .filter((i) => i.length > 2)
    .slice(0, 10);
}
