import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { analysisForms, analysisPost } from './analysis-forms';
import { say } from './messages';

/** A post as the browser sends it: only filled fields and ticked boxes. */
function formOf(fields: [string, string][]) {
  const form = new FormData();
  for (const [k, v] of fields) form.append(k, v);
  return form;
}

const post = (fields: [string, string][]) => parseWithZod(formOf(fields), { schema: analysisPost });

/** The messages by field of a refused post. */
function errors(fields: [string, string][]) {
  const s = post(fields);
  if (s.status === 'success') throw new Error(`taken: ${JSON.stringify(s.value)}`);
  return s.error ?? {};
}

const DEVANAGARI = /[\u0900-\u097F]/;

describe("/analysis/:id's posts (the same schemas check the forms in the browser)", () => {
  it('takes a value typed for a position, and refuses an empty or too long one by its field', () => {
    const s = post([
      ['intent', 'enter-value'],
      ['position', '3'],
      ['value', ' 41.01 '],
    ]);
    if (s.status !== 'success') throw new Error(JSON.stringify(s.error));
    expect(s.value).toEqual({ intent: 'enter-value', position: 3, value: '41.01' });
    expect(
      errors([
        ['intent', 'enter-value'],
        ['position', '3'],
      ]),
    ).toEqual({
      value: ['Type the value printed on your report'],
    });
    expect(
      errors([
        ['intent', 'enter-value'],
        ['position', '3'],
        ['value', '1'.repeat(25)],
      ]),
    ).toEqual({
      value: ['That is too long for a value'],
    });
  });

  it('refuses a blank chat message by its field, and reads share boxes as ticked or not', () => {
    expect(
      errors([
        ['intent', 'chat'],
        ['message', ''],
      ]),
    ).toEqual({ message: ['Message is required'] });
    const s = post([
      ['intent', 'share'],
      ['expires_in_hours', '24'],
      ['include_age', 'on'],
    ]);
    if (s.status !== 'success') throw new Error(JSON.stringify(s.error));
    expect(s.value).toEqual({
      intent: 'share',
      expires_in_hours: 24,
      include_name: false,
      include_age: true,
      include_sex: false,
    });
    expect(
      errors([
        ['intent', 'share'],
        ['expires_in_hours', '9999'],
      ]),
    ).toEqual({
      expires_in_hours: ['A link stays open for at most 30 days'],
    });
  });

  it('takes feedback for an answer or for the analysis, and refuses a rating it does not know', () => {
    const s = post([
      ['intent', 'feedback'],
      ['chat_id', '7'],
      ['rating', 'helpful'],
    ]);
    if (s.status !== 'success') throw new Error(JSON.stringify(s.error));
    expect(s.value).toMatchObject({ intent: 'feedback', chat_id: 7, rating: 'helpful' });
    expect(
      errors([
        ['intent', 'feedback'],
        ['rating', 'great'],
      ]),
    ).toEqual({
      rating: ['Rating must be helpful, not_helpful or irrelevant'],
    });
  });

  it("checks a form's own fields in the browser without its intent (the hidden field is extra)", () => {
    const form = formOf([
      ['intent', 'chat'],
      ['message', 'What does MCHC mean?'],
    ]);
    const s = parseWithZod(form, { schema: analysisForms.chat });
    expect(s.status).toBe('success');
  });

  it('has Hindi for every message the forms can show by a field', () => {
    const refused = [
      errors([
        ['intent', 'enter-value'],
        ['position', '0'],
      ]),
      errors([
        ['intent', 'enter-value'],
        ['position', '0'],
        ['value', '1'.repeat(25)],
      ]),
      errors([['intent', 'chat']]),
      errors([
        ['intent', 'chat'],
        ['message', 'x'.repeat(2001)],
      ]),
      errors([
        ['intent', 'feedback'],
        ['rating', 'great'],
      ]),
      errors([
        ['intent', 'share'],
        ['expires_in_hours', 'soon'],
      ]),
      errors([
        ['intent', 'share'],
        ['expires_in_hours', '0'],
      ]),
      errors([
        ['intent', 'share'],
        ['expires_in_hours', '9999'],
      ]),
    ].flatMap((e) => Object.values(e).flatMap((m) => m ?? []));
    expect(refused.length).toBe(8);
    expect(refused.filter((m) => !DEVANAGARI.test(say('hi', m)))).toEqual([]);
    // The API's refusal of a typed value, a pattern with the typed text inside.
    const api = "'4l.01' is not a number. Type the value as printed, for example 41.01 or <0.5.";
    expect(say('hi', api)).toContain("'4l.01'");
    expect(DEVANAGARI.test(say('hi', api))).toBe(true);
  });
});
