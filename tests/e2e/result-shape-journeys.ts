import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { labReportText } from '../../api/src/seed/lab-report-text';
import { axeScan, expect, seeText, test, waitForAnalysis } from './harness';
import { PASSWORD, signUp } from './user-journeys';

/**
 * A result reads as the report printed it on every surface (decision 170): a censored "<0.5" and
 * ">2000" stay censored on the analysis page, the printout, the doctor's shared page and the
 * report's CSV export, and a range the report did not print is called the usual one. The report
 * is a text file the engine reads like any upload.
 */
const REPORT = labReportText({
  lab: { name: 'City Diagnostics', city: 'Pune' },
  patient: { name: 'Farah Khan', age: 44, sex: 'Female' },
  collected: '2026-10-01',
  style: 'A',
  sections: [
    {
      title: 'Biochemistry',
      rows: [
        { name: 'C-Reactive Protein (CRP)', value: '<0.5', unit: 'mg/L', range: '0 - 5' },
        { name: 'Haemoglobin', value: '12.9', unit: 'g/dL', range: '12.0 - 15.5' },
        { name: 'Vitamin B12', value: '>2000', unit: 'pg/mL', range: '211 - 911' },
        // No range printed: the knowledge base's usual range is used, and the page says so.
        { name: 'Fasting Blood Sugar', value: '92', unit: 'mg/dL', range: '' },
        // No unit and no range, and 2.5 lakh or 2,500 per cumm are both possible: nothing to judge
        // it by, so it is shown as such, never as normal (decision 249).
        { name: 'Platelet Count', value: '2.5', unit: '', range: '' },
      ],
    },
  ],
});

async function uploadAndWait(base: string, email: string): Promise<number> {
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const token = ((await login.json()) as { token: string }).token;
  const auth = { authorization: `Bearer ${token}` };
  const form = new FormData();
  form.append('file', new Blob([REPORT], { type: 'text/plain' }), 'crp_october.txt');
  const res = await fetch(`${base}/api/v1/reports/upload`, { method: 'POST', headers: auth, body: form });
  expect(res.status === 201, `upload answered ${res.status}`);
  const { id } = (await res.json()) as { id: number };
  await waitForAnalysis(base, id, token);
  return id;
}

/** The text of the value cell (or the whole row) of the named test in the page's values table. */
/** One test's entry in the results view (components/results-view.tsx), as its text. */
async function rowText(page: Page, name: string): Promise<string> {
  const row = page.locator('.results-view li.result').filter({ hasText: name });
  await row.first().waitFor();
  return (await row.first().innerText()).replace(/\s+/g, ' ');
}

test('result shape: a censored "<0.5" stays censored, and a number with no range is not called normal, on the analysis page, printout, shared page and CSV export', async ({
  base,
  newPage,
}) => {
  const phone = await newPage({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });
  const email = await signUp(phone, base, 'censored', 'Farah Khan');
  const id = await uploadAndWait(base, email);

  // The patient's own analysis page, on a 360 px phone.
  await phone.goto(`/analysis/${id}`);
  const crp = phone.locator('.results-view li.result', { hasText: 'C-Reactive Protein' }).first();
  await crp.waitFor();
  const crpValue = (await crp.locator('.result-value strong').innerText()).trim();
  expect(crpValue === '<0.5', `CRP on the analysis page: ${crpValue}`);
  const b12 = (
    await phone
      .locator('.results-view li.result', { hasText: 'Vitamin B12' })
      .locator('.result-value strong')
      .innerText()
  ).trim();
  // (grouped the Indian way, as every value on the page is: decision 260)
  expect(b12 === '>2,000', `B12 on the analysis page: ${b12}`);
  const sugar = await rowText(phone, 'Fasting Blood Sugar');
  expect(sugar.includes('usual range; not printed on your report'), `sugar's range: ${sugar}`);
  const verdictOf = async (page: Page, name: string) =>
    page.locator('.results-view li.result', { hasText: name }).first().getAttribute('data-verdict');
  expect(
    (await verdictOf(phone, 'Platelet Count')) === 'no_range',
    'platelets with no range shown as judged',
  );
  const plateletRow = await rowText(phone, 'Platelet Count');
  expect(plateletRow.includes('No range'), `platelets' verdict: ${plateletRow}`);
  const summary = await phone.locator('main').innerText();
  expect(!/all of them are within/i.test(summary), 'the summary calls every result within range');
  const printedRange = await rowText(phone, 'Haemoglobin');
  expect(!printedRange.includes('usual range'), `a printed range called usual: ${printedRange}`);
  const wide = await phone.evaluate(() => document.documentElement.scrollWidth);
  expect(wide <= 360, `the analysis page scrolls sideways: ${wide}px`);
  await phone.screenshot({ path: 'test-results/result-shape-analysis-360.png', fullPage: true });
  await axeScan(phone, '/analysis/{id} with a censored value');

  // The printout, in English and in Hindi.
  await phone.goto(`/analysis/${id}/print?lang=en`);
  const printed = await rowText(phone, 'C-Reactive Protein');
  expect(printed.includes('<0.5'), `CRP on the printout: ${printed}`);
  expect(
    (await rowText(phone, 'Fasting Blood Sugar')).includes('usual range'),
    'the printout does not call the knowledge-base range usual',
  );
  await phone.goto(`/analysis/${id}/print?lang=hi`);
  const hindi = await rowText(phone, 'C-Reactive Protein');
  expect(hindi.includes('<0.5'), `CRP on the Hindi printout: ${hindi}`);
  expect((await verdictOf(phone, 'Platelet Count')) === 'no_range', 'the printout calls platelets judged');
  expect(
    (await rowText(phone, 'Fasting Blood Sugar')).includes('सामान्य सीमा; आपकी रिपोर्ट पर छपी नहीं'),
    'the Hindi printout does not call the knowledge-base range usual',
  );
  await phone.screenshot({ path: 'test-results/result-shape-print-hi.png', fullPage: true });

  // The doctor's shared page.
  await phone.goto(`/analysis/${id}`);
  await phone.getByRole('button', { name: 'Create link' }).click();
  const url = (await phone.locator('[data-share-url]').textContent())!.trim();
  const pin = (await phone.locator('[data-share-pin]').textContent())!.trim();
  const doctor = await newPage();
  await doctor.goto(url);
  await doctor.getByLabel('Enter the 6-digit PIN').fill(pin);
  await doctor.getByRole('button', { name: 'Open report' }).click();
  const shared = await rowText(doctor, 'C-Reactive Protein');
  expect(shared.includes('<0.5'), `CRP on the shared page: ${shared}`);
  expect(
    (await verdictOf(doctor, 'Platelet Count')) === 'no_range',
    'the shared page calls platelets judged',
  );
  expect(
    (await rowText(doctor, 'Fasting Blood Sugar')).includes('usual range'),
    'the shared page does not call the knowledge-base range usual',
  );
  await doctor.screenshot({ path: 'test-results/result-shape-shared.png', fullPage: true });

  // The report's CSV export from My Reports.
  const desk = await newPage({ acceptDownloads: true, storageState: await phone.context().storageState() });
  await desk.goto('/user/reports');
  const [download] = await Promise.all([
    desk.waitForEvent('download', { timeout: 20_000 }),
    desk.getByRole('link', { name: 'Export crp_october.txt as CSV' }).click(),
  ]);
  const csv = Papa.parse<Record<string, string>>(
    (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, ''),
    { header: true, skipEmptyLines: true },
  ).data;
  const value = csv.find((r) => r.record_type === 'value' && r.name.startsWith('C-Reactive'));
  expect(value?.value === '<0.5', `CRP in the CSV: ${JSON.stringify(value)}`);
  const kb = csv.find((r) => r.record_type === 'value' && r.name === 'Fasting Blood Sugar');
  expect(kb?.ref_source === 'knowledge_base', `sugar's range source in the CSV: ${JSON.stringify(kb)}`);
  await seeText(desk, 'crp_october.txt');
});
