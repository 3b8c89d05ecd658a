import { getFormProps } from '@conform-to/react';
import { Form, useNavigation } from '@remix-run/react';
import {
  SHARE_EXPIRY_CHOICES,
  SHARE_EXPIRY_HOURS,
  type ShareLink,
} from '@reportsaathi/contracts/share-links';
import { useEffect, useState } from 'react';
import { analysisForms, type CreatedLink } from '../../utils/analysis-forms';
import { say } from '../../utils/messages';
import type { ShareTexts } from '../../utils/share-texts';
import { usePageLang } from '../../utils/use-lang';
import { useSchemaForm } from '../../utils/use-schema-form';
import { FormError } from '../form-error';
import { ShareLinksList } from '../share-links-list';
import { useAnalysisReply } from './reply';

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

/**
 * A link for a doctor (decision 233): how long it stays open and what it shows of who the patient
 * is, checked by the API's own request schema in the browser and in the action. The link and its
 * PIN are shown once, from the action's answer.
 */
export function SharePanel({ reportId, links, t }: { reportId: number; links: ShareLink[]; t: ShareTexts }) {
  const lang = usePageLang();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'share';
  const reply = useAnalysisReply('share');
  const created = reply?.created ?? null;
  const [form, fields] = useSchemaForm(analysisForms.share, reply?.result, 'share-link');
  const expiry = fields.expires_in_hours;
  const expiryError = expiry.errors?.[0];
  return (
    <section className="card" aria-labelledby="share-title">
      <h2 id="share-title">{t.shareTitle}</h2>
      <p className="muted small">{t.shareHint}</p>
      <Form method="post" className="share-form" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="share" />
        <label htmlFor="share-expiry">{t.expiresIn}</label>{' '}
        <select
          id="share-expiry"
          name={expiry.name}
          className="input input-inline"
          defaultValue={SHARE_EXPIRY_HOURS.default}
          aria-invalid={expiryError ? true : undefined}
          aria-describedby={expiryError ? expiry.errorId : undefined}
        >
          {SHARE_EXPIRY_CHOICES.map((h) => (
            <option key={h} value={h}>
              {t.expiryChoices[h]}
            </option>
          ))}
        </select>{' '}
        {expiryError ? (
          <p className="field-error" id={expiry.errorId}>
            {say(lang, expiryError)}
          </p>
        ) : null}
        <fieldset className="share-who">
          <legend className="small">{t.shareWho}</legend>
          {(
            [
              [fields.include_name.name, t.includeName],
              [fields.include_age.name, t.includeAge],
              [fields.include_sex.name, t.includeSex],
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
      <FormError form={form} />
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
