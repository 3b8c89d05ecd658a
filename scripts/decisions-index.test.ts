import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { citedDecisions, readRecord, readRecords, renderIndex } from './decisions-index';

describe('the decision records index (decision 175)', () => {
  it('reads the title forms the records use, with multi-line statuses and "- Status:" lists', () => {
    expect(
      readRecord(
        '040-a.md',
        '# 040 Lab tables\n\nStatus: Superseded by 111\nand 136\nArea: engine\n\n## Context\n',
      ),
    ).toEqual({
      file: '040-a.md',
      number: '040',
      title: 'Lab tables',
      status: 'Superseded by 111 and 136',
      area: 'engine',
    });
    expect(readRecord('064-b.md', '# 064: Trends\n\nDate: x\nStatus: accepted\nArea: patient\n').title).toBe(
      'Trends',
    );
    expect(readRecord('080-c.md', '# 080. Security\n\nStatus: Accepted\n').title).toBe('Security');
    const dashed = readRecord(
      '090-d.md',
      '# 090 — Starts anywhere\n\n- Date: x\n- Status: Accepted\n- Area: operations\n',
    );
    expect(dashed).toMatchObject({ title: 'Starts anywhere', status: 'Accepted', area: 'operations' });
  });

  it('says when a record has no status, and lists a record without an area as not yet sorted', () => {
    const record = readRecord('176-e.md', '# 176 New\n\n## Context\nStatus: Accepted is not in the header\n');
    expect(record).toMatchObject({ status: 'No status line', area: null });
    const index = renderIndex([record]);
    expect(index).toContain('## Not yet sorted');
    expect(index).toContain('| [176 New](176-e.md) | No status line |');
  });

  it('groups by area in the listed order and escapes pipes in cells', () => {
    const index = renderIndex([
      readRecord('010-x.md', '# 010 Engine | local\n\nStatus: Accepted\nArea: engine\n'),
      readRecord('001-y.md', '# 001 Database\n\nStatus: Accepted\nArea: foundations\n'),
    ]);
    expect(index.indexOf('## Foundations')).toBeLessThan(index.indexOf('## The analysis engine'));
    expect(index).toContain('[010 Engine \\| local](010-x.md)');
    expect(index).not.toContain('Not yet sorted');
  });

  it('finds every number cited as a decision', () => {
    expect(
      citedDecisions('see decision 068, decisions 111 and 136, Decision 048/049; not 12 or issue 028'),
    ).toEqual(['068', '111', '136', '048', '049']);
  });

  it('the committed index is what the records say, and every record has an area', () => {
    const records = readRecords();
    expect(readFileSync(new URL('../docs/decisions/README.md', import.meta.url), 'utf8')).toBe(
      renderIndex(records),
    );
    expect(records.filter((r) => !r.area).map((r) => r.file)).toEqual([]);
    // A changed status gives another index: the check of `npm run lint` would fail.
    const changed = records.map((r, i) => (i === 0 ? { ...r, status: 'Superseded by 999' } : r));
    expect(renderIndex(changed)).not.toBe(renderIndex(records));
  });
});
