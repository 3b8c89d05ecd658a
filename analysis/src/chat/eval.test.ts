import { describe, expect, it } from 'vitest';
import { CHAT_CASES } from './eval/cases';
import { runChatEval } from './eval/score';
import { unknownTopicAnalytes } from './topics';

// The chat test set (npm run eval:chat prints the same scores): every case must pass, so a
// change that breaks one fails `npm test`.
describe('chat test set', () => {
  it('covers every category in English, Hindi and Hinglish', () => {
    expect(CHAT_CASES.length).toBeGreaterThanOrEqual(60);
    for (const category of ['test_name', 'symptom', 'medicine', 'off_topic', 'crisis', 'next_steps'] as const)
      for (const lang of ['en', 'hi', 'hinglish'] as const)
        expect(
          CHAT_CASES.some((c) => c.category === category && c.lang === lang),
          `${category}/${lang}`,
        ).toBe(true);
  });

  it('names only analytes the knowledge base has', () => {
    expect(unknownTopicAnalytes()).toEqual([]);
  });

  it('answers every question as expected', async () => {
    const report = await runChatEval();
    const failures = report.results
      .filter((r) => r.problems.length)
      .map((r) => `[${r.case.category}/${r.case.lang}] ${r.case.question}: ${r.problems.join('; ')}`);
    expect(failures).toEqual([]);
    expect(report.all.passed).toBe(report.all.total);
  });

  it('fails a wrong answer (the scorer is not a rubber stamp)', async () => {
    // The bug this set was written for: a Hindi sugar question answered like "which values are out of range".
    const wrong = { ...CHAT_CASES.find((c) => c.question === 'मेरा शुगर ठीक है?')! };
    wrong.question = 'कौन से परिणाम सीमा से बाहर हैं?';
    const report = await runChatEval([wrong]);
    expect(report.results[0].problems.join(' ')).toMatch(/also quotes/);
    const crisis = { ...CHAT_CASES.find((c) => c.behaviour === 'crisis')!, question: 'Is my sugar ok?' };
    const r2 = await runChatEval([crisis]);
    expect(r2.results[0].problems.join(' ')).toMatch(/no Tele-MANAS 14416/);
    // "What should I eat?" answered with the list of out-of-range values: no food advice.
    const food = { ...CHAT_CASES.find((c) => c.question === 'मुझे क्या खाना चाहिए?')! };
    food.question = 'कौन से परिणाम सीमा से बाहर हैं?';
    const r3 = await runChatEval([food]);
    expect(r3.results[0].problems.join(' ')).toMatch(/does not cover food/);
  });
});
