import { parseWithZod } from '@conform-to/zod/v4';
import { UPLOAD_MESSAGES } from '@reportsaathi/contracts/reports';
import { describe, expect, it } from 'vitest';
import { uploadForm } from './upload-form';

function post(...files: File[]) {
  const form = new FormData();
  form.set('uploadKey', 'k-1');
  for (const f of files) form.append('file', f);
  return parseWithZod(form, { schema: uploadForm });
}

const pdf = (name = 'cbc.pdf') =>
  new File([new Uint8Array([37, 80, 68, 70])], name, { type: 'application/pdf' });
// What a browser posts when nothing was chosen.
const nothing = () => new File([], '', { type: 'application/octet-stream' });

describe('the upload form', () => {
  it('takes one report file and the upload key', () => {
    const s = post(pdf());
    if (s.status !== 'success') throw new Error(JSON.stringify(s.error));
    expect(s.value.file.name).toBe('cbc.pdf');
    expect(s.value.uploadKey).toBe('k-1');
  });

  it('says "no file" for a form posted with nothing chosen', () => {
    const s = post(nothing());
    expect(s.status).toBe('error');
    expect(s.status !== 'success' && s.error?.file).toEqual([UPLOAD_MESSAGES.noFile]);
  });

  it('refuses two files and a file of another type with the contracts messages', () => {
    const two = post(pdf('a.pdf'), pdf('b.pdf'));
    expect(two.status !== 'success' && two.error?.file).toEqual([UPLOAD_MESSAGES.tooMany]);
    const doc = post(pdf('notes.docx'));
    expect(doc.status !== 'success' && doc.error?.file).toEqual([UPLOAD_MESSAGES.badType]);
  });
});
