import type { Locator, Page } from 'playwright-core';
import { labReportText } from '../../api/src/seed/lab-report-text';
import { database } from './fixture-database';
import { axeScan, expect, seeText, test, waitForAnalysis } from './harness';
import { PASSWORD, signUp } from './user-journeys';

/**
 * A misread value put right by its patient (decision 243). A photo's MCHC 41.01 read as 1.01 is
 * rightly "check it"; the patient types the printed 41.01, sees it marked "Entered by you" and
 * judged high against the printed 32 - 36, with the summary written again, and undoes it. On a
 * read row the same form sits behind "This is not what my report says", and works without
 * JavaScript. The report is a text file the engine reads like any upload; the photo's doubt on
 * MCHC is set on its stored row, as a photo's reading leaves it (only the set-up goes around the
 * product).
 */
const REPORT = labReportText({
  lab: { name: 'City Diagnostics', city: 'Pune' },
  patient: { name: 'Asha Rao', age: 38, sex: 'Female' },
  collected: '2026-10-01',
  style: 'A',
  sections: [
    {
      title: 'Haematology',
      rows: [
        { name: 'Haemoglobin', value: '12.9', unit: 'g/dL', range: '12.0 - 15.5' },
        { name: 'MCHC', value: '1.01', unit: 'g/dL', range: '32 - 36' },
        { name: 'MCV', value: '88', unit: 'fL', range: '80 - 100' },
      ],
    },
  ],
});

/** The row as a photo's doubtful reading leaves it: "check it", no flag of ours, a note on why. */
async function readAsDoubtful(reportId: number, canonicalId: string): Promise<void> {
  const db = await database();
  await db
    .updateTable('report_values')
    .set({
      uncertain: true,
      flag: 'normal',
      value_confidence: 0.4,
      reading_note: 'Read as 1.01 on the photo, far below what this test can be.',
    })
    .where('report_id', '=', reportId)
    .where('canonical_id', '=', canonicalId)
    .execute();
}

async function uploadAndWait(base: string, email: string): Promise<{ id: number; token: string }> {
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const token = ((await login.json()) as { token: string }).token;
  const auth = { authorization: `Bearer ${token}` };
  const form = new FormData();
  form.append('file', new Blob([REPORT], { type: 'text/plain' }), 'cbc_photo.txt');
  const res = await fetch(`${base}/api/v1/reports/upload`, { method: 'POST', headers: auth, body: form });
  expect(res.status === 201, `upload answered ${res.status}`);
  const { id } = (await res.json()) as { id: number };
  await waitForAnalysis(base, id, token);
  return { id, token };
}

const row = (page: Page, analyte: string) =>
  page.locator(`.results-view li.result[data-analyte="${analyte}"]`);

async function noSidewaysScroll(page: Page, width: number, where: string): Promise<void> {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(wide <= width, `${where} scrolls sideways at ${width} px: ${wide}px`);
}

test('value fix: a "check it" MCHC read as 1.01 entered as 41.01, judged high, marked and undone (phone and desktop, no JavaScript)', async ({
  base,
  newPage,
}) => {
  const phone = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const email = await signUp(phone, base, 'valuefix', 'Asha Rao');
  const { id, token } = await uploadAndWait(base, email);
  await readAsDoubtful(id, 'mchc');

  // Phone: the "check it" row offers the form openly.
  await phone.goto(`/analysis/${id}`);
  const mchc = row(phone, 'mchc');
  await mchc.waitFor();
  expect((await mchc.getAttribute('data-verdict')) === 'check', 'MCHC is not "check it"');
  expect(
    (await phone.locator('.check-block li.result[data-analyte="mchc"]').count()) === 1,
    'MCHC is not among the values to check',
  );
  await mchc.getByRole('heading', { name: 'Fix this value' }).waitFor();
  await noSidewaysScroll(phone, 390, 'the analysis page with the fix form');
  await mchc.screenshot({ path: 'test-results/value-fix-check-row-390.png' });
  await axeScan(phone, '/analysis/{id} with a value to fix');

  // Something that is no number is refused, with the reason under the form.
  await mchc.getByLabel('The value printed for MCHC').fill('4l.01');
  await mchc.getByRole('button', { name: 'Save my value' }).click();
  await row(phone, 'mchc').getByRole('alert').waitFor();
  const refusal = await row(phone, 'mchc').getByRole('alert').innerText();
  expect(/not a number/.test(refusal), `the refusal reads: ${refusal}`);

  // The printed value: judged against the printed 32 - 36, marked as the patient's.
  await row(phone, 'mchc').getByLabel('The value printed for MCHC').fill('41.01');
  await row(phone, 'mchc').getByRole('button', { name: 'Save my value' }).click();
  await phone.waitForURL((u) => u.searchParams.get('value') === 'saved');
  await seeText(phone, 'Your value is saved and the explanation is written again.');
  const fixed = row(phone, 'mchc');
  expect((await fixed.getAttribute('data-verdict')) === 'high', 'MCHC 41.01 is not judged high');
  expect((await fixed.getAttribute('data-entered')) === 'true', 'MCHC is not marked as entered');
  const fixedText = (await fixed.innerText()).replace(/\s+/g, ' ');
  expect(fixedText.includes('41.01'), `MCHC shows: ${fixedText}`);
  expect(fixedText.includes('Entered by you'), `no "Entered by you": ${fixedText}`);
  expect(fixedText.includes('we read 1.01'), `the reading replaced is not said: ${fixedText}`);
  expect(
    (await phone.locator('.check-block li.result[data-analyte="mchc"]').count()) === 0,
    'MCHC is still among the values to check',
  );
  const summary = await phone.locator('.result-text').innerText();
  expect(/Outside the reference range: .*MCHC/.test(summary), `the summary was not rewritten: ${summary}`);
  await noSidewaysScroll(phone, 390, 'the analysis page with an entered value');
  await fixed.screenshot({ path: 'test-results/value-fix-entered-row-390.png' });
  await axeScan(phone, '/analysis/{id} with an entered value');

  // Undo: the reading again, "check it".
  await fixed.getByRole('button', { name: 'Undo my value for MCHC' }).click();
  await phone.waitForURL((u) => u.searchParams.get('value') === 'undone');
  await seeText(phone, 'The value is back as we read it.');
  const undone = row(phone, 'mchc');
  expect((await undone.getAttribute('data-verdict')) === 'check', 'MCHC is not "check it" after Undo');
  expect(!(await undone.innerText()).includes('Entered by you'), 'MCHC still says "Entered by you"');

  // Desktop without JavaScript: a read row's value put right behind "This is not what my report says".
  const desk = await newPage({
    viewport: { width: 1280, height: 900 },
    javaScriptEnabled: false,
    storageState: await phone.context().storageState(),
  });
  await desk.goto(`/analysis/${id}`);
  const hb = row(desk, 'hemoglobin');
  await hb.waitFor();
  expect((await hb.getAttribute('data-verdict')) === 'normal', 'haemoglobin 12.9 is not normal');
  await hb.locator('summary', { hasText: 'This is not what my report says' }).click();
  await hb.getByLabel('The value printed for Haemoglobin').fill('10.5');
  await hb.getByRole('button', { name: 'Save my value' }).click();
  await desk.waitForURL((u) => u.searchParams.get('value') === 'saved');
  const low = row(desk, 'hemoglobin');
  expect((await low.getAttribute('data-verdict')) === 'low', 'haemoglobin 10.5 is not judged low');
  expect((await low.innerText()).includes('Entered by you'), 'haemoglobin is not marked as entered');
  await low.screenshot({ path: 'test-results/value-fix-entered-row-desktop.png' });
  await low.getByRole('button', { name: 'Undo my value for Haemoglobin' }).click();
  await desk.waitForURL((u) => u.searchParams.get('value') === 'undone');
  expect(
    (await row(desk, 'hemoglobin').getAttribute('data-verdict')) === 'normal',
    'Undo left haemoglobin low',
  );

  // Hindi, on a 360 px phone: the same forms in the patient's language, no sideways scroll.
  const prefs = await fetch(`${base}/api/v1/user/preferences`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ language: 'hi' }),
  });
  expect(prefs.ok, `preferences answered ${prefs.status}`);
  await phone.setViewportSize({ width: 360, height: 780 });
  await phone.goto(`/analysis/${id}`);
  await row(phone, 'mchc').getByRole('heading', { name: 'यह मान ठीक करें' }).waitFor();
  await seeText(phone, 'मेरी रिपोर्ट में यह नहीं लिखा है');
  await noSidewaysScroll(phone, 360, 'the Hindi analysis page');
  await row(phone, 'mchc').screenshot({ path: 'test-results/value-fix-check-row-hi-360.png' });
  await row(phone, 'hemoglobin').locator('summary').click();
  await row(phone, 'hemoglobin').screenshot({ path: 'test-results/value-fix-open-row-hi-360.png' });
  await noSidewaysScroll(phone, 360, 'the Hindi analysis page with a fix form open');
});

/** The POSTs a page makes from now on (a form checked in the browser makes none). */
function postsOf(page: Page): string[] {
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST') posts.push(new URL(r.url()).pathname);
  });
  return posts;
}

/** The message tied to a field (aria-describedby) and whether the field says it is invalid. */
async function fieldMessage(page: Page, field: Locator): Promise<string> {
  expect((await field.getAttribute('aria-invalid')) === 'true', 'the field is not marked invalid');
  const ids = (await field.getAttribute('aria-describedby'))?.split(' ') ?? [];
  const texts = await Promise.all(ids.map((i) => page.locator(`[id="${i}"]`).innerText()));
  return texts.join(' | ');
}

test('forms: the value, chat and upload forms say what is wrong by the field, in the browser with JavaScript and from the server without it; Hindi at 360 px', async ({
  base,
  newPage,
}) => {
  const phone = await newPage({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });
  const email = await signUp(phone, base, 'formfields', 'Asha Rao');
  const { id, token } = await uploadAndWait(base, email);
  await readAsDoubtful(id, 'mchc');

  // With JavaScript: an empty value is refused by its schema in the browser, nothing is posted.
  await phone.goto(`/analysis/${id}`);
  await phone.waitForSelector('html[data-hydrated]', { state: 'attached' });
  const posts = postsOf(phone);
  const value = row(phone, 'mchc').getByLabel('The value printed for MCHC');
  await row(phone, 'mchc').getByRole('button', { name: 'Save my value' }).click();
  await row(phone, 'mchc').getByRole('alert').waitFor();
  const said = await fieldMessage(phone, value);
  expect(said.includes('Type the value printed on your report'), `the value field says: ${said}`);
  expect(posts.length === 0, `the empty value was posted: ${posts.join(', ')}`);
  // Typing clears it on the next try; the API's own refusal lands by the same field.
  await value.fill('4l.01');
  await row(phone, 'mchc').getByRole('button', { name: 'Save my value' }).click();
  await phone.waitForFunction(() => document.body.innerText.includes('is not a number'));
  const refusal = await fieldMessage(phone, row(phone, 'mchc').getByLabel('The value printed for MCHC'));
  expect(/'4l\.01' is not a number/.test(refusal), `the API's refusal reads: ${refusal}`);
  await noSidewaysScroll(phone, 360, 'the analysis page with a value refused');
  await axeScan(phone, '/analysis/{id} with a value refused');

  // The upload picker: a file of another type is refused as soon as it is chosen, by the picker.
  posts.length = 0;
  await phone.goto('/upload');
  await phone.waitForSelector('html[data-hydrated]', { state: 'attached' });
  await phone.setInputFiles('input[type=file]', {
    name: 'notes.docx',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('not a report'),
  });
  const picked = await fieldMessage(phone, phone.locator('input[type=file]'));
  expect(picked.includes('File type must be one of'), `the picker says: ${picked}`);
  expect(posts.length === 0, `the refused file was posted: ${posts.join(', ')}`);
  // "Remove" forgets the file and its message.
  await phone.setInputFiles('input[type=file]', {
    name: 'empty.txt',
    mimeType: 'text/plain',
    buffer: Buffer.alloc(0),
  });
  await seeText(phone, 'File is smaller than 1 bytes');
  await phone.getByRole('button', { name: 'Remove' }).click();
  await phone.locator('.field-error').waitFor({ state: 'detached' });
  expect(
    (await phone.locator('input[type=file]').getAttribute('aria-invalid')) === null,
    'the picker is still invalid after Remove',
  );
  // Two files dropped at once meet the schema's "one file" rule, by the picker.
  const two = await phone.evaluateHandle(() => {
    const dt = new DataTransfer();
    for (const name of ['a.txt', 'b.txt']) dt.items.add(new File(['Haemoglobin 12.9 g/dL'], name));
    return dt;
  });
  await phone.locator('.dropzone').dispatchEvent('drop', { dataTransfer: two });
  const dropped = await fieldMessage(phone, phone.locator('input[type=file]'));
  expect(dropped.includes('Too many files'), `the picker says after a drop of two: ${dropped}`);
  expect(posts.length === 0, `the dropped files were posted: ${posts.join(', ')}`);
  await noSidewaysScroll(phone, 360, '/upload with a refused file');

  // Without JavaScript, in Hindi: the server runs the same schemas and answers by the same fields.
  const prefs = await fetch(`${base}/api/v1/user/preferences`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ language: 'hi' }),
  });
  expect(prefs.ok, `preferences answered ${prefs.status}`);
  const plain = await newPage({
    viewport: { width: 360, height: 780 },
    javaScriptEnabled: false,
    storageState: await phone.context().storageState(),
  });
  await plain.goto(`/analysis/${id}`);
  await row(plain, 'mchc').getByRole('button', { name: 'मेरा मान सहेजें' }).click();
  const hiValue = await fieldMessage(plain, row(plain, 'mchc').locator('input[name=value]'));
  expect(hiValue.includes('अपनी रिपोर्ट पर छपा मान लिखें'), `the value field says: ${hiValue}`);
  await noSidewaysScroll(plain, 360, 'the Hindi analysis page with a value refused (no JavaScript)');
  await row(plain, 'mchc').screenshot({ path: 'test-results/forms-value-refused-hi-360.png' });

  await plain.goto(`/analysis/${id}?tab=chat`);
  await plain.locator('.chat-form button[type=submit]').click();
  const hiChat = await fieldMessage(plain, plain.locator('#chat-message'));
  expect(hiChat.includes('संदेश लिखना ज़रूरी है'), `the chat field says: ${hiChat}`);
  await noSidewaysScroll(plain, 360, 'the Hindi chat tab with a message refused (no JavaScript)');
  await plain.screenshot({ path: 'test-results/forms-chat-refused-hi-360.png' });

  await plain.goto('/upload');
  await plain.getByRole('button', { name: 'अपलोड और विश्लेषण करें' }).click();
  const hiFile = await fieldMessage(plain, plain.locator('input[type=file]'));
  expect(hiFile.includes('अपलोड करने के लिए कोई फ़ाइल चुनें'), `the picker says: ${hiFile}`);
  await noSidewaysScroll(plain, 360, 'the Hindi upload page with no file (no JavaScript)');
});
