import { ANALYSIS_STAGES, type AnalysisStage } from '@reportsaathi/contracts/constants';
import type { ProgressTexts } from '../utils/progress-texts';

/**
 * Where a running analysis is (decision 246): the four steps in order, the current one marked with
 * aria-current and the word "Now" (never by colour alone), the ones passed with a tick and "done".
 * `stage` null: queued, no step yet. Server-rendered, so a page reload shows the step as it stands.
 */
export function AnalysisSteps({ stage, t }: { stage: AnalysisStage | null | undefined; t: ProgressTexts }) {
  const at = stage ? ANALYSIS_STAGES.indexOf(stage) : -1;
  return (
    <div className="analysis-steps">
      {/* Only this line is live: a screen reader hears the new step, not the whole list again. */}
      <p className="analysis-step-now" role="status" data-stage={stage ?? 'waiting'}>
        {stage ? (
          <>
            <strong>{t.now}:</strong> {t.stages[stage]}
          </>
        ) : (
          t.waiting
        )}
      </p>
      <ol className="step-list" aria-label={t.title}>
        {ANALYSIS_STAGES.map((s, i) => (
          <li
            key={s}
            className={i < at ? 'done' : i === at ? 'current' : undefined}
            aria-current={i === at ? 'step' : undefined}
          >
            <span className="step-mark" aria-hidden="true">
              {i < at ? '✓' : i + 1}
            </span>
            <span>
              {t.stages[s]}
              {i < at ? <span className="visually-hidden"> ({t.done})</span> : null}
              {i === at ? <span className="step-now"> ({t.now})</span> : null}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
