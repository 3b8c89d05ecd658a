import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { getFormProps } from '@conform-to/react';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { FilePicker } from '../components/file-picker';
import { UploadGuidelines } from '../components/guidelines';
import { requireUser } from '../utils/auth.server';
import { uploadForm } from '../utils/upload-form';
import { uploadAction } from '../utils/upload.server';
import { useSchemaForm } from '../utils/use-schema-form';

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

export const action = ({ request, context }: ActionFunctionArgs) => uploadAction(request, context);

export default function Upload() {
  const { uploadKey, lang } = useLoaderData<typeof loader>();
  const w = WORDS[lang];
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formAction === '/upload';
  // The picker's file checked by the action's schema as soon as it is chosen (conform, on input).
  const [form, fields] = useSchemaForm(uploadForm, actionData?.result, 'upload', 'onInput');

  return (
    <div className="container narrow page-pad">
      <h1>{w.title}</h1>
      <p className="muted">{w.intro}</p>
      <Form method="post" encType="multipart/form-data" className="card" {...getFormProps(form)}>
        <input type="hidden" name="uploadKey" value={uploadKey} />
        <FilePicker
          lang={lang}
          disabled={busy}
          field={fields.file}
          onRemove={() => form.reset({ name: fields.file.name })}
        />
        <div style={{ marginTop: '1rem' }}>
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
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
