import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { requireUser } from '../utils/auth.server';
import { formatDate, formatMonth, formatRupees as rupees, formatSize } from '../utils/format';
import { planFeature, planName, restatesLimit } from '../utils/plan-names';
import { section } from '../utils/load.server';
import { subscriptionAction, type SubscriptionResult } from '../utils/subscription.server';
import { subscriptionTexts } from '../utils/subscription-texts';
import { say } from '../utils/messages';
import { metaLang, usePageLang } from '../utils/use-lang';

export const meta: MetaFunction = ({ matches }) => [
  { title: `${subscriptionTexts(metaLang(matches)).title} | ReportSaathi` },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context);
  const [current, plans, history, payments, usage, gateways] = await Promise.all([
    section(api.subscription.current(), 'Failed to load subscription'),
    section(api.subscription.plans(), 'Failed to load subscription'),
    section(api.subscription.history(), 'Failed to load subscription'),
    section(api.subscription.payments(), 'Failed to load subscription'),
    section(api.subscription.usageStats({ query: { months: 6 } }), 'Failed to load subscription'),
    section(api.payment.gateways(), 'Failed to load subscription'),
  ]);
  return {
    current: current.data,
    plans: plans.data?.plans ?? [],
    history: history.data?.subscriptions ?? [],
    payments: payments.data?.payments ?? [],
    usage: usage.data,
    gateways: (gateways.data?.gateways ?? []).filter((g) => g.enabled),
    defaultGateway: gateways.data?.default_gateway ?? 'sandbox',
    error: current.error ?? plans.error ?? history.error ?? payments.error ?? usage.error,
  };
}

export const action = ({ request, context }: ActionFunctionArgs) => subscriptionAction(request, context);

export default function SubscriptionPage() {
  const { current, plans, history, payments, usage, gateways, defaultGateway, error } =
    useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as SubscriptionResult | undefined;
  const plan = current?.plan;
  const sub = current?.subscription;
  const paid = plan && plan.price_monthly > 0;
  const lang = usePageLang();
  const t = subscriptionTexts(lang);
  const limit = (n: number | null | undefined, fmt: (n: number) => string = String) =>
    n === null || n === undefined ? t.unlimited : fmt(n);

  if (result?.order) {
    const o = result.order;
    return (
      <div className="card">
        <h1>{t.payTitle}</h1>
        <p>
          {result.planName ? planName(result.planName, lang) : null}:{' '}
          <strong>{rupees(o.amount_paise / 100)}</strong> ({o.currency}){t.through}
          {o.gateway === 'sandbox' ? t.sandbox : o.gateway}.
        </p>
        <p className="muted small">{t.order(o.order_id)}</p>
        {o.gateway === 'sandbox' ? (
          <Form method="post" className="btn-row">
            <input type="hidden" name="intent" value="pay" />
            <input type="hidden" name="gateway" value={o.gateway} />
            <input type="hidden" name="order_id" value={o.order_id} />
            <button type="submit" className="btn btn-primary">
              {t.pay(rupees(o.amount_paise / 100))}
            </button>
            <a href="/user/subscription" className="btn btn-outline">
              {t.cancel}
            </a>
          </Form>
        ) : (
          <p>{t.openWindow(o.gateway)}</p>
        )}
      </div>
    );
  }

  return (
    <div className="section-stack">
      <h1>{t.title}</h1>
      {error ? (
        <div className="form-error" role="alert">
          {say(lang, error)}
        </div>
      ) : null}
      {result?.formError ? (
        <div className="form-error" role="alert">
          {say(lang, result.formError)}
        </div>
      ) : null}

      <section className="card" aria-labelledby="sub-current">
        <h2 id="sub-current">{t.current}</h2>
        <dl className="meta-list">
          <dt>{t.plan}</dt>
          <dd>{plan?.name ? planName(plan.name, lang, plan.code) : t.free}</dd>
          <dt>{t.status}</dt>
          <dd>{t.statuses[sub?.status ?? 'active'] ?? sub?.status}</dd>
          {sub?.billing_cycle ? (
            <>
              <dt>{t.cycle}</dt>
              <dd>{t.cycles[sub.billing_cycle] ?? sub.billing_cycle}</dd>
            </>
          ) : null}
          {sub?.current_period_end ? (
            <>
              <dt>{t.renews}</dt>
              <dd>{formatDate(sub.current_period_end, lang)}</dd>
            </>
          ) : null}
          <dt>{t.analysesThisMonth}</dt>
          <dd>{t.of(current?.usage.analyses_this_month ?? 0, limit(plan?.limits.analyses_per_month))}</dd>
          <dt>{t.storageUsed}</dt>
          <dd>
            {t.of(
              formatSize(current?.usage.storage_used_bytes ?? 0, lang),
              limit(plan?.limits.storage_bytes, (n) => formatSize(n, lang)),
            )}
          </dd>
        </dl>
      </section>

      <section className="card" aria-labelledby="sub-plans">
        <h2 id="sub-plans">{t.change}</h2>
        <Form method="post">
          <input type="hidden" name="intent" value="upgrade" />
          <fieldset>
            <legend>{t.plan}</legend>
            {plans.map((p) => (
              <label key={p.code} className="check-row plan-option">
                <input
                  type="radio"
                  name="plan"
                  value={p.code}
                  defaultChecked={p.code === plan?.code}
                  required
                />
                <span>
                  <strong>{planName(p.name, lang, p.code)}</strong> —{' '}
                  {p.price_monthly === 0 ? t.free : t.price(rupees(p.price_monthly), rupees(p.price_yearly))}
                  <span className="block muted small">
                    {t.planLine(
                      limit(p.limits.analyses_per_month),
                      limit(p.limits.storage_bytes, formatSize),
                    )}
                    {p.features
                      .filter((f) => !restatesLimit(f))
                      .map((f) => ` · ${planFeature(f, lang)}`)
                      .join('')}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
          <div className="grid grid-2">
            <div className="field">
              <label htmlFor="sub-cycle">{t.cycle}</label>
              <select id="sub-cycle" name="billing_cycle" defaultValue="monthly">
                <option value="monthly">{t.monthly}</option>
                <option value="yearly">{t.yearly}</option>
              </select>
            </div>
            <div className="field">
              <label htmlFor="sub-gateway">{t.method}</label>
              <select id="sub-gateway" name="gateway" defaultValue={defaultGateway}>
                {gateways.map((g) => (
                  <option key={g.id} value={g.id}>
                    {g.name}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <button type="submit" className="btn btn-primary">
            {t.upgrade}
          </button>
        </Form>
      </section>

      {paid && sub && sub.status !== 'cancelled' ? (
        <section className="card" aria-labelledby="sub-cancel">
          <h2 id="sub-cancel">{t.cancelTitle}</h2>
          <Form
            method="post"
            onSubmit={(e) => {
              if (!window.confirm(t.cancelQuestion)) e.preventDefault();
            }}
          >
            <input type="hidden" name="intent" value="cancel" />
            <div className="field">
              <label htmlFor="sub-reason">{t.reason}</label>
              <textarea id="sub-reason" name="reason" rows={2} maxLength={1000} />
            </div>
            <button type="submit" className="btn btn-danger">
              {t.cancelButton}
            </button>
          </Form>
        </section>
      ) : null}

      <section className="card" aria-labelledby="sub-usage">
        <h2 id="sub-usage">{t.usage}</h2>
        {/* A table wider than a 360 px phone scrolls in its box: a keyboard must be able to reach
            and scroll it, so the box is a named, focusable region (axe: scrollable-region-focusable). */}
        <div className="table-wrap" tabIndex={0} role="region" aria-labelledby="sub-usage">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t.month}</th>
                <th scope="col">{t.reports}</th>
                <th scope="col">{t.analyses}</th>
                <th scope="col">{t.chats}</th>
              </tr>
            </thead>
            <tbody>
              {(usage?.months ?? []).map((m) => (
                <tr key={m.month}>
                  <th scope="row">{formatMonth(m.month, lang)}</th>
                  <td>{m.reports}</td>
                  <td>{m.analyses}</td>
                  <td>{m.chats}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="card" aria-labelledby="sub-history">
        <h2 id="sub-history">{t.history}</h2>
        {history.length === 0 ? (
          <p className="muted">{t.noHistory}</p>
        ) : (
          <div className="table-wrap" tabIndex={0} role="region" aria-labelledby="sub-history">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t.plan}</th>
                  <th scope="col">{t.status}</th>
                  <th scope="col">{t.cycleShort}</th>
                  <th scope="col">{t.started}</th>
                  <th scope="col">{t.cancelled}</th>
                </tr>
              </thead>
              <tbody>
                {history.map((h) => (
                  <tr key={h.id}>
                    <th scope="row">{planName(h.plan_name, lang, h.plan)}</th>
                    <td>{t.statuses[h.status] ?? h.status}</td>
                    <td>{t.cycles[h.billing_cycle] ?? h.billing_cycle}</td>
                    <td>{formatDate(h.started_at ?? h.created_at, lang)}</td>
                    <td>
                      {h.cancelled_at
                        ? `${formatDate(h.cancelled_at, lang)}${h.cancel_reason ? ` (${h.cancel_reason})` : ''}`
                        : '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="card" aria-labelledby="sub-payments">
        <h2 id="sub-payments">{t.payments}</h2>
        {payments.length === 0 ? (
          <p className="muted">{t.noPayments}</p>
        ) : (
          <div className="table-wrap" tabIndex={0} role="region" aria-labelledby="sub-payments">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t.date}</th>
                  <th scope="col">{t.amount}</th>
                  <th scope="col">{t.gateway}</th>
                  <th scope="col">{t.status}</th>
                </tr>
              </thead>
              <tbody>
                {payments.map((p) => (
                  <tr key={p.id}>
                    <th scope="row">{formatDate(p.created_at, lang)}</th>
                    <td>{rupees(p.amount)}</td>
                    <td>{p.gateway}</td>
                    <td>{t.statuses[p.status] ?? p.status}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
