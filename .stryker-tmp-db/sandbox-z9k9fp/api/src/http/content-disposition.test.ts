// @ts-nocheck
import { describe, expect, it } from 'vitest';
import { attachment } from './content-disposition';

describe('attachment (Content-Disposition)', () => {
  it('keeps a plain name as it is, in both parameters', () => {
    expect(attachment('report_12_export.csv')).toBe(
      `attachment; filename="report_12_export.csv"; filename*=UTF-8''report_12_export.csv`,
    );
  });
  it('encodes Hindi names as UTF-8 and gives an ASCII stand-in', () => {
    const h = attachment('रिपोर्ट.pdf');
    expect(h).toContain(`filename="_______.pdf"`);
    expect(h).toContain(`filename*=UTF-8''${encodeURIComponent('रिपोर्ट.pdf')}`);
  });
  it('cannot break out of the header: quotes, CR/LF, semicolons and paths', () => {
    const h = attachment('../../etc/"passwd";\r\nSet-Cookie: x=1.txt');
    expect(h).not.toMatch(/[\r\n]/);
    expect(h.split('filename=')[1]).toMatch(/^"[^"]*";/);
    expect(h).not.toContain('..');
    expect(attachment('a\\b\\c.csv')).toContain('filename="c.csv"');
  });
  it('survives lone surrogates and empty names', () => {
    expect(attachment('\uD800x.csv')).toContain(`filename*=UTF-8''%EF%BF%BDx.csv`);
    expect(attachment('')).toContain('filename="download"');
  });
});
