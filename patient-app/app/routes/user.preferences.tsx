import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PreferencesForm } from '../components/preferences-form';
import { requireUser } from '../utils/auth.server';
import { preferencesAction } from '../utils/preferences.server';
import { userTexts } from '../utils/user-texts';
import { metaLang, usePageLang } from '../utils/use-lang';

export const meta: MetaFunction = ({ matches }) => [
  { title: `${userTexts(metaLang(matches)).preferences.title} | ReportSaathi` },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, context);
  return { prefs: user.preferences };
}

/** Saves the Preferences form (this page's and the profile page's), then back with a toast. */
export const action = ({ request, context }: ActionFunctionArgs) => preferencesAction(request, context);

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
