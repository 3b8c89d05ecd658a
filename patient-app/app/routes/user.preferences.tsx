import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import type { UserPreferences } from '@reportsaathi/contracts';
import { PREFERENCE_FLAGS, PreferencesForm } from '../components/preferences-form';
import { ApiError } from '../utils/api.server';
import { requireUser } from '../utils/auth.server';
import { setFlashCookie } from '../utils/cookies.server';
import { safeRedirect } from '../utils/redirect';
import { userTexts } from '../utils/user-texts';
import { metaLang, usePageLang } from '../utils/use-lang';

export const meta: MetaFunction = ({ matches }) => [
  { title: `${userTexts(metaLang(matches)).preferences.title} | ReportSaathi` },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, context);
  return { prefs: user.preferences };
}

/** Saves the Preferences form (this page's and the profile page's); unticked boxes mean false. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context);
  const form = await request.formData();
  const back = safeRedirect(String(form.get('back') ?? ''), '/user/preferences');
  const changes: Partial<UserPreferences> = {};
  const theme = form.get('theme');
  if (theme === 'light' || theme === 'dark' || theme === 'auto') changes.theme = theme;
  const language = form.get('language');
  if (language === 'en' || language === 'hi') changes.language = language;
  for (const k of PREFERENCE_FLAGS) (changes as Record<string, boolean>)[k] = form.get(k) === 'on';
  let flash: { kind: 'success' | 'error'; message: string } = {
    kind: 'success',
    message: 'Preferences updated successfully',
  };
  try {
    await api.user.updatePreferences({ body: changes });
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    flash = {
      kind: 'error',
      message:
        err.status === 0 ? 'Failed to update preferences' : err.detail || 'Failed to update preferences',
    };
  }
  return redirect(back, { headers: { 'Set-Cookie': setFlashCookie(request, flash) } });
}

export default function Preferences() {
  const { prefs } = useLoaderData<typeof loader>();
  const t = userTexts(usePageLang()).preferences;
  return (
    <div>
      <h1>{t.title}</h1>
      <p className="muted">{t.intro}</p>
      <section className="card">
        <PreferencesForm prefs={prefs} back="/user/preferences" />
      </section>
    </div>
  );
}
