import { getFormProps } from '@conform-to/react';
import { analysisForms } from '../../utils/analysis-forms';
import type { Labels } from '../../utils/i18n';
import { say } from '../../utils/messages';
import { usePageLang } from '../../utils/use-lang';
import { formError, useSchemaForm } from '../../utils/use-schema-form';
import { useAnalysisReply } from './reply';

/**
 * The owner's forms to put a misread value right (decision 243): plain posts to the page's action
 * at `action` (`intent` enter-value / undo-value, the value's `position` in the report's list), so
 * they work without JavaScript.
 */
export interface ValueFixing {
  action: string;
}

/** What the forms need of a shown value (results-view's ResultValue). */
interface FixableValue {
  name: string;
  value: number | string;
  unit: string;
  uncertain?: boolean | null;
  entered_at?: string | null;
}

/** A row's value form and its undo: the row, the page's labels, what fixing allows, the row's place. */
interface FixValueProps {
  v: FixableValue;
  t: Labels;
  fixing: ValueFixing;
  position: number;
}

/**
 * The patient's own value for one test: a plain form (a page post, so it works without
 * JavaScript), checked by its schema in the browser first. One message, by the field: the
 * schema's ("type the value") or the API's ("'4l.01' is not a number").
 */
function FixValueForm({ v, t, fixing, position }: FixValueProps) {
  const lang = usePageLang();
  const reply = useAnalysisReply('enter-value', { position });
  const [form, fields] = useSchemaForm(
    analysisForms['enter-value'],
    reply?.result,
    `fix-value-form-${position}`,
  );
  const id = `fix-value-${position}`;
  const error = fields.value.errors?.[0] ?? formError(form);
  return (
    <form method="post" action={fixing.action} className="fix-value" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="enter-value" />
      <input type="hidden" name="position" value={position} />
      <label htmlFor={id}>{t.fixValue.prompt(v.name)}</label>
      <span className="fix-value-row">
        <input
          id={id}
          name={fields.value.name}
          className="input"
          inputMode="decimal"
          autoComplete="off"
          maxLength={24}
          aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
          aria-invalid={error ? true : undefined}
        />
        {v.unit ? <span className="muted small">{v.unit}</span> : null}
        <button type="submit" className="btn btn-primary btn-sm">
          {t.fixValue.save}
        </button>
      </span>
      <span id={`${id}-hint`} className="small muted">
        {t.fixValue.hint}
      </span>
      {error ? (
        <span id={`${id}-error`} className="fix-value-error small" role="alert">
          {say(lang, error)}
        </span>
      ) : null}
    </form>
  );
}

/**
 * What the patient can do about a value (decision 243): enter it ("check it" rows openly, others
 * behind "This is not what my report says"), or undo their entry (one button; its refusal is said
 * under it).
 */
export function FixValue({ v, t, fixing, position }: FixValueProps) {
  const lang = usePageLang();
  const entered = useAnalysisReply('enter-value', { position });
  const undone = useAnalysisReply('undo-value', { position });
  // A word result ('Nil') is no number to type in; only numbers are taken (decision 243).
  if (typeof v.value !== 'number') return null;
  const undoError = undone?.result.error?.['']?.[0];
  return (
    <div className="result-fix">
      {v.entered_at ? (
        <form method="post" action={fixing.action} className="fix-undo">
          <input type="hidden" name="intent" value="undo-value" />
          <input type="hidden" name="position" value={position} />
          <button type="submit" className="btn btn-outline btn-sm" aria-label={t.fixValue.undoLabel(v.name)}>
            {t.fixValue.undo}
          </button>
          {undoError ? (
            <span className="fix-value-error small" role="alert">
              {say(lang, undoError)}
            </span>
          ) : null}
        </form>
      ) : null}
      {v.uncertain ? (
        <>
          <h4 className="fix-title">{t.fixValue.fixThis}</h4>
          <FixValueForm v={v} t={t} fixing={fixing} position={position} />
        </>
      ) : (
        <details className="fix-details" open={entered ? true : undefined}>
          <summary className="small">{t.fixValue.notWhatMyReportSays}</summary>
          <FixValueForm v={v} t={t} fixing={fixing} position={position} />
        </details>
      )}
    </div>
  );
}
