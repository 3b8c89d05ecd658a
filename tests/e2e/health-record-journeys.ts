import { readFile } from 'node:fs/promises';
import type { Download, Page } from 'playwright-core';
import { validateR4, type Bundle, type Observation } from '../../api/src/features/fhir/fhir-validator';
import { axeScan, expect, seeText, test } from './harness';
import { analysedReport, endPinWaits, expireNewestLink, type LabValue } from './health-record-fixtures';
import { signUp } from './user-journeys';

/**
 * The health-record journeys: FHIR export, sharing a report with a doctor behind a PIN, the
 * printable summary in English and Hindi, and Listen. Screenshots go to test-results/.
 */

const hb = (value: number): LabValue => ({
  id: 'hemoglobin',
  name: 'Haemoglobin',
  value,
  unit: 'g/dL',
  low: 12,
  high: 15,
});
const sugar = (value: number): LabValue => ({
  id: 'glucose_fasting',
  name: 'Glucose Fasting',
  value,
  unit: 'mg/dL',
  low: 70,
  high: 100,
});
const tsh = (value: number): LabValue => ({
  id: 'tsh',
  name: 'TSH',
  value,
  unit: 'µIU/mL',
  low: 0.4,
  high: 4.5,
});

async function bundleFrom(download: Promise<Download>): Promise<Bundle> {
  const file = await (await download).path();
  const bundle = JSON.parse(await readFile(file, 'utf8')) as Bundle;
  validateR4(bundle); // throws, naming the element, when the file is not valid R4
  return bundle;
}

const resources = (b: Bundle, type: string) =>
  (b.entry ?? []).map((e) => e.resource).filter((r) => r?.resourceType === type);

test('health record: FHIR R4 export of one report and of the account validates', async ({
  base,
  newPage,
}) => {
  const page = await newPage({ acceptDownloads: true });
  const email = await signUp(page, base, 'fhir', 'Kavya Rao');
  await analysedReport(email, '2026-02-10', [hb(11.2), sugar(96)]);
  const id = await analysedReport(email, '2026-06-10', [hb(12.6), sugar(131), tsh(2.1)]);

  await page.goto(`/analysis/${id}`);
  const one = await bundleFrom(
    Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /Download FHIR R4/ }).click(),
    ]).then(([d]) => d),
  );
  const obs = resources(one, 'Observation') as Observation[];
  expect(obs.length === 3, `observations: ${obs.length}`);
  const byName = new Map(obs.map((o) => [o.code.text, o]));
  expect(byName.get('Glucose Fasting')?.valueQuantity?.value === 131, 'glucose value');
  expect(byName.get('Glucose Fasting')?.interpretation?.[0].coding?.[0].code === 'H', 'glucose flag');
  expect(byName.get('Haemoglobin')?.code.coding?.[0].code === '718-7', 'haemoglobin LOINC');
  expect(resources(one, 'DiagnosticReport').length === 1, 'one DiagnosticReport');

  await page.goto('/user/reports');
  const all = await bundleFrom(
    Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download all as FHIR R4 (health record standard)' }).click(),
    ]).then(([d]) => d),
  );
  expect(resources(all, 'DiagnosticReport').length === 2, 'two DiagnosticReports');
  expect(resources(all, 'Observation').length === 5, 'five Observations');
  expect(resources(all, 'Patient').length === 1, 'one Patient');

  // The data export offers the same record.
  await page.goto('/user/profile');
  await page.getByLabel('FHIR R4 (health record standard, analysed reports)').check();
  const fromExport = await bundleFrom(
    Promise.all([
      page.waitForEvent('download'),
      page
        .locator('form[action="/user/export"]')
        .filter({ has: page.getByLabel(/FHIR R4/) })
        .locator('button[type=submit]')
        .click(),
    ]).then(([d]) => d),
  );
  expect(resources(fromExport, 'Observation').length === 5, 'the data export has every value');
});

/** The phone's share sheet, recorded: what was shared, in how many shares. */
async function recordShares(page: Page) {
  // A string, not a function: the test runner's compiler would wrap a function in helpers the page lacks.
  await page.addInitScript(`
    window.__shared = [];
    Object.defineProperty(navigator, 'share', {
      value: (data) => { window.__shared.push(data); return Promise.resolve(); },
    });
  `);
}

test('health record: share with a doctor, PIN, throttle, values and trend, revoke, expiry', async ({
  base,
  newPage,
}) => {
  const phone = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await recordShares(phone);
  const email = await signUp(phone, base, 'share', 'Arjun Mehta');
  await analysedReport(email, '2026-01-05', [hb(11.1), sugar(92)]);
  await analysedReport(email, '2026-04-05', [hb(11.9), sugar(104)]);
  const id = await analysedReport(email, '2026-07-05', [hb(12.8), sugar(131)], {
    summary: 'Fasting sugar is above the range; haemoglobin is back in range.',
    patient: { age: 52, sex: 'male' },
  });

  await phone.goto(`/analysis/${id}`);
  await phone.getByLabel('Link stays open for').selectOption('24');
  await phone.getByRole('button', { name: 'Create link' }).click();
  const url = (await phone.locator('[data-share-url]').textContent())!.trim();
  const pin = (await phone.locator('[data-share-pin]').textContent())!.trim();
  expect(/\/s\/[A-Za-z0-9_-]{43}$/.test(url), `link: ${url}`);
  expect(/^\d{6}$/.test(pin), `pin: ${pin}`);
  // The share sheet gets the link alone; the PIN goes in a share of its own.
  await phone.getByRole('button', { name: 'Share link' }).click();
  await phone.getByRole('button', { name: 'Share PIN separately' }).click();
  const shared = await phone.evaluate(() => (window as unknown as { __shared: ShareData[] }).__shared);
  expect(shared.length === 2, `shares: ${JSON.stringify(shared)}`);
  expect(shared[0].url === url && !JSON.stringify(shared[0]).includes(pin), 'the link share carries no PIN');
  expect(
    shared[1].text?.includes(pin) && !JSON.stringify(shared[1]).includes(url),
    'the PIN share carries no link',
  );
  await phone.screenshot({ path: 'test-results/health-share-created.png', fullPage: true });

  // A doctor in a fresh browser.
  const doctor = await newPage();
  const first = await doctor.goto(url);
  // The PIN page: a Referer carries the origin at most, never the token (its form must post an Origin).
  expect(
    first?.headers()['referrer-policy'] === 'strict-origin',
    `referrer-policy ${first?.headers()['referrer-policy']}`,
  );
  expect((first?.headers()['x-robots-tag'] ?? '').includes('noindex'), 'X-Robots-Tag noindex');
  expect(
    (await doctor.locator('meta[name=robots]').getAttribute('content'))?.includes('noindex'),
    'meta robots',
  );
  await seeText(doctor, 'Enter the 6-digit PIN the patient gave you');
  await axeScan(doctor, '/s/{token} PIN');
  const wrong = String((Number(pin) + 1) % 1_000_000).padStart(6, '0');
  for (let i = 1; i <= 5; i++) {
    await doctor.getByLabel('Enter the 6-digit PIN').fill(wrong);
    await doctor.getByRole('button', { name: 'Open report' }).click();
    await seeText(doctor, i < 5 ? 'Wrong PIN' : 'Too many wrong PINs');
  }
  // Throttled: even the right PIN waits.
  await doctor.getByLabel('Enter the 6-digit PIN').fill(pin);
  await doctor.getByRole('button', { name: 'Open report' }).click();
  await seeText(doctor, /Too many wrong PINs.*Try again in/);
  await doctor.screenshot({ path: 'test-results/health-share-throttled.png', fullPage: true });
  await endPinWaits();
  await doctor.getByLabel('Enter the 6-digit PIN').fill(pin);
  await doctor.getByRole('button', { name: 'Open report' }).click();
  // The doctor's view speaks to a clinician (decision 233), not the patient's "your …" explanation.
  await seeText(doctor, /The patient's glucose fasting is 131 mg\/dL, above the reference range/);
  expect(!(await doctor.getByText('Fasting sugar is above the range').count()), 'the patient’s wording');
  await seeText(doctor, 'The patient chose not to show their name, age or sex.');
  await seeText(doctor, 'Ranges: those printed by the lab with each value');
  const opened = await doctor.reload(); // the grant keeps it open: no PIN again
  expect(
    opened?.headers()['referrer-policy'] === 'no-referrer',
    `report page referrer-policy ${opened?.headers()['referrer-policy']}`,
  );
  await doctor
    .locator('.results-view .result[data-analyte=glucose_fasting][data-verdict=high]', { hasText: '131' })
    .waitFor();
  const charts = await doctor.locator('.shared-trend svg.trend-chart').count();
  expect(charts === 2, `trend charts: ${charts}`);
  const points = await doctor.locator('[data-trend=hemoglobin] .trend-point').count();
  expect(points === 3, `haemoglobin points: ${points}`);
  // Nothing else of the account.
  const text = await doctor.locator('main').innerText();
  expect(!/lab_2026|Arjun|@example\.com/.test(text), 'file names, name or email on the shared page');
  await doctor.screenshot({ path: 'test-results/health-share-doctor.png', fullPage: true });
  await axeScan(doctor, '/s/{token}');

  // The owner sees the views, here and in /user/security, and turns the link off.
  await phone.goto(`/analysis/${id}`);
  const row = phone.locator('[data-share-link][data-status=active]');
  expect((await row.locator('td').nth(2).textContent()) === '2', `views: ${await row.innerText()}`);
  const desk = await newPage({ storageState: await phone.context().storageState() });
  await desk.goto('/user/security');
  await desk.getByRole('heading', { name: 'Links you have shared' }).waitFor();
  await desk
    .locator('[data-share-link][data-status=active]')
    .getByRole('button', { name: /Turn off/ })
    .click();
  await seeText(desk, 'Link turned off');
  await desk.locator('[data-share-link][data-status=revoked]').waitFor();
  await doctor.reload();
  await seeText(doctor, 'This link has expired or was turned off');

  // A link made with the name, age and sex ticked shows them; the page saves as a PDF of itself.
  await phone.goto(`/analysis/${id}`);
  await phone.getByLabel('My name').check();
  await phone.getByLabel('My age (as printed on the report)').check();
  await phone.getByLabel('My sex (as printed on the report)').check();
  await phone.getByRole('button', { name: 'Create link' }).click();
  const withWho = (await phone.locator('[data-share-url]').textContent())!.trim();
  const withPin = (await phone.locator('[data-share-pin]').textContent())!.trim();
  const clinic = await newPage();
  await clinic.goto(withWho);
  await clinic.getByLabel('Enter the 6-digit PIN').fill(withPin);
  await clinic.getByRole('button', { name: 'Open report' }).click();
  const who = (await clinic.locator('[data-shared-patient]').innerText()).replace(/\s+/g, ' ');
  expect(/Arjun Mehta/.test(who) && /52 years/.test(who) && /Male/.test(who), `patient shown: ${who}`);
  await clinic.getByRole('button', { name: 'Save as PDF' }).waitFor();
  await clinic.emulateMedia({ media: 'print' });
  const pdf = await clinic.pdf({
    format: 'A4',
    printBackground: true,
    path: 'test-results/health-share-doctor.pdf',
  });
  expect(pdfPages(pdf) >= 1, 'no PDF of the doctor’s view');
  expect(!(await clinic.locator('.site-footer').isVisible()), 'the footer prints on the doctor’s PDF');
  expect(!(await clinic.getByRole('button', { name: 'Save as PDF' }).isVisible()), 'the button prints');

  // An expired link is refused too.
  await phone.goto(`/analysis/${id}`);
  await phone.getByRole('button', { name: 'Create link' }).click();
  const url2 = (await phone.locator('[data-share-url]').textContent())!.trim();
  await expireNewestLink(id);
  const late = await newPage();
  const res = await late.goto(url2);
  expect(res?.status() === 404, `expired link status ${res?.status()}`);
  await seeText(late, 'This link has expired or was turned off');
});

/** Pages of a PDF (each page object is "/Type /Page", the tree's root "/Type /Pages"). */
function pdfPages(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? []).length;
}

async function fontsOf(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  await cdp.send('CSS.enable');
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  return fonts.map((f) => f.familyName);
}

test('health record: printable summary in English and Hindi, A4, abnormal first, QR to the share link', async ({
  base,
  newPage,
}) => {
  const page = await newPage();
  const email = await signUp(page, base, 'print', 'Sunita Devi');
  await analysedReport(email, '2026-03-01', [hb(11.0)]);
  const values = [
    hb(12.4),
    sugar(88),
    tsh(6.2),
    { ...sugar(7.1), id: 'hba1c', name: 'HbA1c', unit: '%', low: 4, high: 5.6 },
  ];
  const id = await analysedReport(email, '2026-09-01', values, {
    language: 'hi',
    summary: 'आपकी रिपोर्ट में TSH और HbA1c सामान्य सीमा से ऊपर हैं। अपने डॉक्टर से बात करें।',
    findings: ['TSH 6.2 µIU/mL सामान्य सीमा (0.4 - 4.5) से अधिक है', 'HbA1c 7.1 % सामान्य सीमा से अधिक है'],
  });
  // Without a share link: no QR code.
  await page.goto(`/analysis/${id}/print?lang=en`);
  await page.getByRole('heading', { name: 'Lab report summary' }).waitFor();
  expect((await page.locator('[data-share-qr]').count()) === 0, 'a QR code without a link');
  // With one: the QR code.
  await page.goto(`/analysis/${id}`);
  await page.getByRole('button', { name: 'Create link' }).click();
  await page.locator('[data-share-url]').waitFor();
  // The summary opens in the report's own language (Hindi here); English is one click away.
  await page.getByRole('link', { name: 'Print summary' }).click();
  await page.getByRole('heading', { name: 'लैब रिपोर्ट सारांश' }).waitFor();
  await page.getByRole('button', { name: 'प्रिंट करें / PDF सहेजें' }).waitFor();
  await page.evaluate(() => document.fonts.ready);
  // Devanagari is drawn with Noto Sans Devanagari (which carries the shaping tables), not a fallback.
  const fonts = await fontsOf(page, '.print-head h1');
  expect(fonts.includes('Noto Sans Devanagari'), `fonts of the Hindi heading: ${fonts.join()}`);
  const summaryFonts = await fontsOf(page, 'section[lang=hi] p');
  expect(summaryFonts.includes('Noto Sans Devanagari'), `fonts of the Hindi summary: ${summaryFonts.join()}`);
  await axeScan(page, '/analysis/{id}/print in Hindi');
  await page.screenshot({ path: 'test-results/health-print-hi.png', fullPage: true });
  await page.emulateMedia({ media: 'print' });
  const hi = await page.pdf({
    format: 'A4',
    printBackground: true,
    path: 'test-results/health-print-hi.pdf',
  });
  await page.emulateMedia({ media: 'screen' });
  const hiPages = pdfPages(hi);
  expect(hiPages >= 1 && hiPages <= 2, `Hindi PDF pages: ${hiPages}`);
  expect(hi.toString('latin1').includes('NotoSansDevanagari'), 'the PDF does not embed the Devanagari font');

  await page.getByRole('link', { name: 'English' }).click();
  await page.getByRole('heading', { name: 'Lab report summary' }).waitFor();
  await page.getByRole('button', { name: 'Print / Save as PDF' }).waitFor();
  expect((await page.locator('[data-share-qr] svg').count()) === 1, 'no QR code for the active link');
  const flags = await page
    .locator('.results-view .result')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-verdict')));
  expect(
    JSON.stringify(flags) === JSON.stringify(['high', 'high', 'normal', 'normal']),
    `order: ${flags.join()}`,
  );
  await seeText(page, 'Sunita Devi');
  await axeScan(page, '/analysis/{id}/print');
  await page.screenshot({ path: 'test-results/health-print-en.png', fullPage: true });
  await page.emulateMedia({ media: 'print' });
  const en = await page.pdf({
    format: 'A4',
    printBackground: true,
    path: 'test-results/health-print-en.pdf',
  });
  const enPages = pdfPages(en);
  expect(enPages >= 1 && enPages <= 2, `English PDF pages: ${enPages}`);
  // The site's header, footer and buttons are not printed.
  expect(!(await page.locator('.site-footer').isVisible()), 'the footer prints');
  expect(!(await page.getByRole('button', { name: 'Print / Save as PDF' }).isVisible()), 'the button prints');
  await page.emulateMedia({ media: 'screen' });
  // Questions to ask the doctor, per finding out of range (issue 34).
  await page.getByRole('heading', { name: 'Questions to ask your doctor' }).waitFor();
  const groups = await page
    .locator('.print-question-group')
    .evaluateAll((g) => g.map((x) => x.getAttribute('data-finding')));
  expect(groups.length === 2 && groups.every((g) => g), `question groups: ${groups.join()}`);
  await seeText(page, /When should I test my .+ again\?/);
});

/** A browser that has the given voices (headless Chromium here has none), recording what it says. */
async function voices(page: Page, langs: string[]) {
  // A string, not a function: the test runner's compiler would wrap a function in helpers the page lacks.
  await page.addInitScript(`
    window.__speech = [];
    const list = ${JSON.stringify(langs)};
    const voices = list.map((lang) => ({ lang, name: 'Voice ' + lang, default: false, localService: true, voiceURI: lang }));
    window.SpeechSynthesisUtterance = function (text) { this.text = text; this.voice = null; this.lang = ''; this.onend = null; };
    Object.defineProperty(window, 'speechSynthesis', { value: {
      getVoices: () => voices,
      speak: (u) => window.__speech.push('speak ' + u.lang + ' ' + u.text),
      pause: () => window.__speech.push('pause'),
      resume: () => window.__speech.push('resume'),
      cancel: () => window.__speech.push('cancel'),
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    } });
  `);
}

test('health record: Listen is offered where a voice exists, with play and pause', async ({
  base,
  newPage,
}) => {
  const setup = await newPage();
  const email = await signUp(setup, base, 'listen', 'Ravi Kumar');
  const hindi = await analysedReport(email, '2026-05-01', [hb(11)], {
    language: 'hi',
    summary: 'हीमोग्लोबिन थोड़ा कम है। अपने डॉक्टर से बात करें।',
  });
  const english = await analysedReport(email, '2026-05-02', [hb(13)], {
    summary: 'All values are in range.',
  });
  const state = await setup.context().storageState();

  // No voice at all (this headless Chromium): no Listen button.
  const none = await newPage({ storageState: state });
  await none.goto(`/analysis/${hindi}/print`);
  await none.getByRole('button', { name: /प्रिंट करें/ }).waitFor(); // hydrated
  expect((await none.getByRole('button', { name: /सुनें/ }).count()) === 0, 'Listen offered without a voice');

  // A hi-IN voice: Listen on the Hindi report, play, pause, resume.
  const withHindi = await newPage({ storageState: state });
  await voices(withHindi, ['hi-IN', 'en-US']);
  await withHindi.goto(`/analysis/${hindi}`);
  // The screen speaks the user's language (English); the voice the report's (Hindi).
  await withHindi
    .getByRole('button', { name: /^Listen/ })
    .first()
    .click();
  await withHindi
    .getByRole('button', { name: /^Pause/ })
    .first()
    .click();
  await withHindi
    .getByRole('button', { name: /^Resume/ })
    .first()
    .click();
  const log = await withHindi.evaluate(() => (window as unknown as { __speech: string[] }).__speech);
  expect(
    log.some((l) => l.startsWith('speak hi-IN हीमोग्लोबिन थोड़ा कम है।')),
    `speech: ${log.join(' | ')}`,
  );
  expect(log.includes('pause') && log.includes('resume'), `pause/resume: ${log.join(' | ')}`);
  await axeScan(withHindi, '/analysis/{id} with Listen');

  // Only a Hindi voice: nothing to read the English report with.
  const onlyHindi = await newPage({ storageState: state });
  await voices(onlyHindi, ['hi-IN']);
  await onlyHindi.goto(`/analysis/${english}/print`);
  await onlyHindi.getByRole('button', { name: 'Print / Save as PDF' }).waitFor();
  expect(
    (await onlyHindi.getByRole('button', { name: /Listen/ }).count()) === 0,
    'Listen without an English voice',
  );
  // An en-IN voice reads it.
  const withEnglish = await newPage({ storageState: state });
  await voices(withEnglish, ['en-IN']);
  await withEnglish.goto(`/analysis/${english}/print`);
  await withEnglish.getByRole('button', { name: /^Listen/ }).click();
  const said = await withEnglish.evaluate(() => (window as unknown as { __speech: string[] }).__speech);
  expect(
    said.some((l) => l === 'speak en-IN All values are in range.'),
    `speech: ${said.join(' | ')}`,
  );
});
