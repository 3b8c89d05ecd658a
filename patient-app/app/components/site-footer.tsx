import { Link } from '@remix-run/react';
import type { Lang } from '../utils/i18n';
import { siteTexts } from '../utils/site-texts';

/** The footer: quick links, legal links, support contact, medical notice, emergency banner. */
export function SiteFooter({
  supportEmail,
  signedIn,
  lang,
}: {
  supportEmail: string;
  signedIn: boolean;
  lang: Lang;
}) {
  const t = siteTexts(lang);
  const f = t.footer;
  return (
    <footer className="site-footer">
      <div className="emergency-banner" role="note">
        <strong>{f.emergencyTitle}</strong> {f.emergencyCall} <a href="tel:108">108</a> {f.emergencyIndia}{' '}
        <a href="tel:102">102</a> {f.emergencyAmbulance}
      </div>
      <div className="container footer-grid">
        <div>
          <p className="footer-brand">ReportSaathi</p>
          <p className="muted-on-dark">{f.tagline}</p>
        </div>
        <nav aria-label={f.quickLinks}>
          <h2 className="footer-heading">{f.quickLinks}</h2>
          <ul>
            <li>
              <Link to="/">{f.home}</Link>
            </li>
            <li>
              <Link to="/analyze">{t.nav.tryAnalysis}</Link>
            </li>
            {/* Signed in, Login and Register lead nowhere useful: the user's own pages stand in for them. */}
            {signedIn ? (
              <>
                <li>
                  <Link to="/dashboard">{t.nav.dashboard}</Link>
                </li>
                <li>
                  <Link to="/upload">{t.nav.upload}</Link>
                </li>
              </>
            ) : (
              <>
                <li>
                  <Link to="/login">{t.nav.login}</Link>
                </li>
                <li>
                  <Link to="/register">{t.nav.register}</Link>
                </li>
              </>
            )}
          </ul>
        </nav>
        <nav aria-label={f.legal}>
          <h2 className="footer-heading">{f.legal}</h2>
          <ul>
            <li>
              <Link to="/terms-of-service">{f.terms}</Link>
            </li>
            <li>
              <Link to="/privacy-policy">{f.privacy}</Link>
            </li>
            <li>
              <Link to="/medical-disclaimer">{f.disclaimer}</Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="footer-heading">{f.support}</h2>
          <p>
            <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
          </p>
        </div>
      </div>
      <div className="container medical-notice">
        <p>
          <strong>{f.noticeTitle}</strong> {f.notice}
        </p>
        <p className="muted-on-dark">© {new Date().getFullYear()} ReportSaathi</p>
      </div>
    </footer>
  );
}
