import { Form, useNavigation } from '@remix-run/react';
import {
  SHARE_EXPIRY_CHOICES,
  SHARE_EXPIRY_HOURS,
  type ShareLink,
} from '@reportsaathi/contracts/share-links';
import { useEffect, useState } from 'react';
import type { ShareTexts } from '../utils/share-texts';
import { ShareLinksList } from './share-links-list';

/** A link just made: the absolute URL and the PIN, shown this once. */
export interface CreatedLink {
  url: string;
  pin: string;
}

/**
 * On a phone, the system share sheet (Web Share API) with the link alone, and the PIN as a second,
 * separate share: a PIN that travels in the same message as its link protects nothing. Elsewhere,
 * a copy button. Without JavaScript the link and PIN are plain text to copy.
 */
function ShareButtons({ created, t }: { created: CreatedLink; t: ShareTexts }) {
  const [can, setCan] = useState<{ share: boolean; copy: boolean }>({ share: false, copy: false });
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    setCan({ share: typeof navigator.share === 'function', copy: !!navigator.clipboard });
  }, []);
  const share = (data: ShareData) => navigator.share(data).catch(() => undefined);
  return (
    <div className="row-actions">
      {can.share ? (
        <>
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => share({ title: t.sharedTitle, url: created.url })}
          >
            {t.shareLink}
          </button>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={() => share({ text: `${t.pin}: ${created.pin}` })}
          >
            {t.sharePin}
          </button>
        </>
      ) : null}
      {can.copy ? (
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() =>
            navigator.clipboard.writeText(created.url).then(
              () => setCopied(true),
              () => undefined,
            )
          }
        >
          {copied ? t.copied : t.copyLink}
        </button>
      ) : null}
    </div>
  );
}

export function SharePanel({
  reportId,
  links,
  created,
  error,
  t,
}: {
  reportId: number;
  links: ShareLink[];
  created: CreatedLink | null;
  error: string | null;
  t: ShareTexts;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'share';
  return (
    <section className="card" aria-labelledby="share-title">
      <h2 id="share-title">{t.shareTitle}</h2>
      <p className="muted small">{t.shareHint}</p>
      <Form method="post" className="share-form">
        <input type="hidden" name="intent" value="share" />
        <label htmlFor="share-expiry">{t.expiresIn}</label>{' '}
        <select
          id="share-expiry"
          name="expires_in_hours"
          className="input input-inline"
          defaultValue={SHARE_EXPIRY_HOURS.default}
        >
          {SHARE_EXPIRY_CHOICES.map((h) => (
            <option key={h} value={h}>
              {t.expiryChoices[h]}
            </option>
          ))}
        </select>{' '}
        <fieldset className="share-who">
          <legend className="small">{t.shareWho}</legend>
          {(
            [
              ['include_name', t.includeName],
              ['include_age', t.includeAge],
              ['include_sex', t.includeSex],
            ] as const
          ).map(([name, label]) => (
            <label key={name} className="check-row">
              <input type="checkbox" name={name} />
              <span>{label}</span>
            </label>
          ))}
          <p className="muted small">{t.whyWho}</p>
        </fieldset>
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
          {busy ? t.creating : t.createLink}
        </button>
      </Form>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {created ? (
        <div className="share-created" role="status">
          <p>
            <strong>{t.linkReady}</strong>
          </p>
          <dl className="meta-list">
            <dt>{t.link}</dt>
            <dd className="share-url" data-share-url>
              {created.url}
            </dd>
            <dt>{t.pin}</dt>
            <dd className="share-pin" data-share-pin>
              {created.pin}
            </dd>
          </dl>
          <p className="small">{t.pinSeparately}</p>
          <ShareButtons created={created} t={t} />
        </div>
      ) : null}
      <h3 className="share-list-title">{t.yourLinks}</h3>
      <ShareLinksList links={links} t={t} back={`/analysis/${reportId}`} />
    </section>
  );
}
