import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { checkUploadFile, UPLOAD_MESSAGES, UPLOAD_RULES } from '@reportsaathi/contracts/reports';
import { useState } from 'react';
import { FilePicker } from '../components/file-picker';
import { UploadGuidelines } from '../components/guidelines';
import { refusal } from '../utils/submit.server';
import { requireUser } from '../utils/auth.server';
import { setFlashCookie } from '../utils/cookies.server';
import { uploadForm } from '../utils/upload-form';

export const meta: MetaFunction = () => [{ title: 'Upload Report | ReportSaathi' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, context);
  // A fresh key per page view: the API makes a double submission of this form one report,
  // whichever process receives it (decision 091).
  return { uploadKey: crypto.randomUUID(), lang: user.preferences.language === 'hi' ? 'hi' : 'en' } as const;
}

/** The page's words in the user's language (decision 221); English keeps the spec's button text. */
const WORDS = {
  en: {
    title: 'Upload Report',
    intro: 'Upload one medical report. We will read it and explain it in plain language.',
    uploading: 'Uploading…',
    button: 'Upload & Analyze',
  },
  hi: {
    title: 'रिपोर्ट अपलोड करें',
    intro: 'एक मेडिकल रिपोर्ट अपलोड करें। हम उसे पढ़कर आसान भाषा में समझाएँगे।',
    uploading: 'अपलोड हो रहा है…',
    button: 'अपलोड और विश्लेषण करें',
  },
};

function fail(error: string, status: number) {
  return data({ error }, { status });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context);
  // Refuse an oversized body before reading it (a multipart envelope adds a little over the file).
  const length = Number(request.headers.get('Content-Length') ?? '0');
  if (length > UPLOAD_RULES.maxBytes + 64 * 1024) return fail(UPLOAD_MESSAGES.tooLarge, 413);

  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return fail(UPLOAD_MESSAGES.noFile, 400);
  }
  const submission = parseWithZod(form, { schema: uploadForm });
  if (submission.status !== 'success')
    return fail(submission.error?.file?.[0] ?? UPLOAD_MESSAGES.noFile, 400);
  const { file, uploadKey: key } = submission.value;

  try {
    const body = new FormData();
    body.append('file', file, file.name);
    const created = await api.reports.upload({}, { form: body, idempotencyKey: key || undefined });
    return redirect(`/analysis/${created.id}`, {
      headers: {
        'Set-Cookie': setFlashCookie(request, { kind: 'success', message: 'Report uploaded successfully!' }),
      },
    });
  } catch (err) {
    // The API checks the bytes (a renamed file, an empty one) and answers with the validation messages.
    const { error } = refusal(err, 'Failed to upload report');
    return fail(error.detail || 'Failed to upload report', error.status >= 400 ? error.status : 502);
  }
}

export default function Upload() {
  const { uploadKey, lang } = useLoaderData<typeof loader>();
  const w = WORDS[lang];
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formAction === '/upload';
  const [clientError, setClientError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const error = touched ? clientError : (actionData?.error ?? null);

  return (
    <div className="container narrow page-pad">
      <h1>{w.title}</h1>
      <p className="muted">{w.intro}</p>
      <Form
        method="post"
        encType="multipart/form-data"
        className="card"
        onSubmit={(e) => {
          const input = e.currentTarget.elements.namedItem('file') as HTMLInputElement | null;
          const files = input?.files;
          const message = files && files.length > 1 ? UPLOAD_MESSAGES.tooMany : checkUploadFile(files?.[0]);
          if (message || busy) {
            e.preventDefault();
            setTouched(true);
            setClientError(message);
            return;
          }
          setTouched(false);
        }}
      >
        <input type="hidden" name="uploadKey" value={uploadKey} />
        <FilePicker
          lang={lang}
          disabled={busy}
          error={error}
          onChange={(_file, message) => {
            setTouched(true);
            setClientError(message);
          }}
        />
        <div style={{ marginTop: '1rem' }}>
          <button
            type="submit"
            className="btn btn-primary btn-block"
            disabled={busy || !!(touched && clientError)}
          >
            {busy ? (
              <>
                <span className="spinner" aria-hidden="true" /> {w.uploading}
              </>
            ) : (
              w.button
            )}
          </button>
        </div>
      </Form>
      <UploadGuidelines lang={lang} />
    </div>
  );
}
