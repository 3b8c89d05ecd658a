/**
 * Writes a lab report as the plain text a lab's software exports, in one of two house styles, from
 * the values it should print: the demo's reports and the trend tests are files the engine reads
 * like any upload, not results written by hand.
 */

export interface LabRow {
  name: string;
  /** As printed: '12.4', '2,45,000'. */
  value: string;
  unit: string;
  range: string;
  /** The lab's H/L mark, when it prints one. */
  mark?: 'H' | 'L';
}

export interface LabReport {
  lab: { name: string; city: string };
  patient: { name: string; age: number; sex: 'Male' | 'Female' };
  /** The sample's collection date, 'YYYY-MM-DD'; omitted: the report prints no date at all. */
  collected?: string;
  /** 'A': a table with a header row and dd/mm/yyyy dates; 'B': an 'Investigation' table with dd-Mon-yyyy. */
  style: 'A' | 'B';
  sections: Array<{ title: string; rows: LabRow[] }>;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function printedDate(iso: string, style: LabReport['style']): string {
  const [y, m, d] = iso.split('-');
  return style === 'A' ? `${d}/${m}/${y}` : `${d}-${MONTHS[Number(m) - 1]}-${y}`;
}

/** The day after, for the 'Reported' date (labs report a day after collecting). */
function nextDay(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

const pad = (s: string, n: number) => (s.length >= n ? `${s} ` : s.padEnd(n));

export function labReportText(r: LabReport): string {
  const title = r.patient.sex === 'Male' ? 'Mr.' : 'Mrs.';
  const lines: string[] = [];
  if (r.style === 'A') {
    lines.push(`                    ${r.lab.name.toUpperCase()}`, `        ${r.lab.city}`, '-'.repeat(66));
    lines.push(
      `Patient Name : ${pad(`${title} ${r.patient.name}`, 26)}Age/Sex : ${r.patient.age} Y / ${r.patient.sex}`,
    );
    lines.push('Ref. By      : Dr. Example Physician     Sample  : Blood');
    if (r.collected)
      lines.push(
        `Collected    : ${printedDate(r.collected, 'A')} 08:10          Reported: ${printedDate(nextDay(r.collected), 'A')} 14:30`,
      );
    lines.push('-'.repeat(66));
    for (const s of r.sections) {
      lines.push(`                    ${s.title.toUpperCase()}`);
      lines.push('Test                         Result   Unit          Bio. Ref. Interval');
      for (const row of s.rows)
        lines.push(
          `${pad(row.name, 29)}${pad(`${row.value}${row.mark ? `  ${row.mark}` : ''}`, 9)}${pad(row.unit, 14)}${row.range}`,
        );
      lines.push('');
    }
  } else {
    lines.push(`${r.lab.name} - ${r.lab.city}`);
    lines.push(
      `Patient Name : ${title} ${r.patient.name}    Age/Sex : ${r.patient.age} Years / ${r.patient.sex}`,
    );
    if (r.collected)
      lines.push(
        `Sample Collected On : ${printedDate(r.collected, 'B')}    Reported On : ${printedDate(nextDay(r.collected), 'B')}`,
      );
    lines.push('');
    for (const s of r.sections) {
      lines.push(s.title.toUpperCase());
      lines.push('Investigation                 Observed Value   Unit      Reference Range');
      for (const row of s.rows)
        lines.push(
          `${pad(row.name, 30)}${pad(row.value, 9)}${pad(row.mark ?? '', 8)}${pad(row.unit, 10)}${row.range}`,
        );
      lines.push('');
    }
  }
  lines.push(
    '*** End of Report ***',
    'This is a demonstration report made for ReportSaathi. Not a real patient.',
  );
  return `${lines.join('\n')}\n`;
}
