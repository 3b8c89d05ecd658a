import type { MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { userTexts } from '../utils/user-texts';
import { metaLang, usePageLang } from '../utils/use-lang';

export const meta: MetaFunction = ({ matches }) => [
  { title: `${userTexts(metaLang(matches)).comingSoon.title} | ReportSaathi` },
];

/** Any other /user/* address: the panel stays, with a plain note instead of 'Page not found'. */
export default function UserPlaceholder() {
  const t = userTexts(usePageLang()).comingSoon;
  return (
    <div className="card">
      <h1>{t.title}</h1>
      <p>{t.text}</p>
      <Link to="/user/dashboard" className="btn btn-outline">
        {t.dashboard}
      </Link>
    </div>
  );
}
