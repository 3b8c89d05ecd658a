import { describe, expect, it } from 'vitest';
import { AppError } from '../kernel/errors';
import { INVALID_UNICODE, NUL_REFUSED, rejectInvalidText, rejectNulBytes } from './nul-bytes';

/** The 400 the rule throws, or undefined when it lets the input through. */
function refusal(...inputs: unknown[]): AppError | undefined {
  try {
    rejectNulBytes(...inputs);
    return undefined;
  } catch (e) {
    return e as AppError;
  }
}

describe('rejectNulBytes', () => {
  it('refuses a NUL anywhere in any of the inputs with a 400 that says why', () => {
    const cases: unknown[][] = [
      ['a\u0000b'],
      [{ id: '1' }, {}, { note: 'x\u0000' }],
      [{ deep: { list: ['ok', { text: '\u0000' }] } }],
      [[['nested', ['arrays', 'end\u0000']]]],
      [{ 'key\u0000': 'value' }],
      [{ nested: { 'k\u0000': 1 } }],
    ];
    for (const inputs of cases) {
      const e = refusal(...inputs);
      expect(e, JSON.stringify(inputs)).toBeInstanceOf(AppError);
      expect(e).toMatchObject({ status: 400, detail: 'Text must not contain NUL characters' });
    }
    expect(NUL_REFUSED).toBe('Text must not contain NUL characters');
  });

  it('lets clean values of every JSON shape through', () => {
    expect(
      refusal(
        { id: '7' },
        { page: '2', tags: ['a', 'b'], empty: '' },
        { n: 0, f: false, nothing: null, more: { list: [1, 'two', { x: 'y' }] } },
      ),
    ).toBeUndefined();
    expect(refusal(null, undefined, 0, '', 'plain', [])).toBeUndefined();
    expect(refusal('\\u0000 written out is not a NUL')).toBeUndefined();
  });

  it('reads at most 100 000 values (the JSON size limit bounds real requests well below that)', () => {
    // The array is the first value read, so its first element is value number 100 000 or 100 001.
    const within = ['x\u0000', ...Array<string>(99_998).fill('ok')];
    expect(refusal(within)?.status).toBe(400);
    const beyond = ['x\u0000', ...Array<string>(99_999).fill('ok')];
    expect(refusal(beyond)).toBeUndefined();
  });
});

describe('lone surrogates', () => {
  it('refuses a lone high or low surrogate in values and keys; keeps pairs and other text', () => {
    for (const inputs of [['\uD800'], [{ a: 'x\uDC00y' }], [{ 'k\uD83D': 1 }], [['ok', ['\uDFFF']]]]) {
      try {
        rejectInvalidText(...inputs);
        expect.unreachable(JSON.stringify(inputs));
      } catch (e) {
        expect(e).toMatchObject({ status: 400, detail: INVALID_UNICODE });
      }
    }
    expect(() => rejectInvalidText({ emoji: '🙂 नमस्ते', rtl: 'مرحبا' })).not.toThrow();
  });
});
