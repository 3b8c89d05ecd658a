import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import type { UpgradeResponse } from '@reportsaathi/contracts/user';
import { ApiError } from '../utils/api.server';
import { requireUser } from '../utils/auth.server';
import { setFlashCookie } from '../utils/cookies.server';
import { formatDate, formatRupees as rupees, formatSize } from '../utils/format';
import { section } from '../utils/load.server';

export const meta: MetaFunction = () => [{ title: 'Subscription | ReportSaathi' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context);
  const [current, plans, history, payments, usage, gateways] = await Promise.all([
    section(api.user.subscription.current(), 'Failed to load subscription'),
    section(api.user.subscription.plans(), 'Failed to load subscription'),
    section(api.user.subscription.history(), 'Failed to load subscription'),
    section(api.user.subscription.payments(), 'Failed to load subscription'),
    section(api.user.subscription.usageStats(6), 'Failed to load subscription'),
    section(api.user.payment.gateways(), 'Failed to load subscription'),
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

type Result = { formError?: string; order?: NonNullable<UpgradeResponse['order']>; planName?: string };

function done(request: Request, message: string) {
  return redirect('/user/subscription', {
    headers: { 'Set-Cookie': setFlashCookie(request, { kind: 'success', message }) },
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context);
  const form = await request.formData();
  const intent = form.get('intent');
  try {
    if (intent === 'upgrade') {
      const res = await api.user.subscription.upgrade({
        plan: String(form.get('plan') ?? ''),
        billing_cycle: form.get('billing_cycle') === 'yearly' ? 'yearly' : 'monthly',
        gateway: String(form.get('gateway') ?? '') || undefined,
      });
      if (res.status === 'active' || !res.order) return done(request, res.message);
      // A paid plan: the order waits for the gateway's payment (the checkout step below).
      return data<Result>({ order: res.order, planName: res.subscription.plan_name });
    }
    if (intent === 'pay') {
      const gateway = String(form.get('gateway') ?? '');
      const res = await api.user.payment.verify(gateway, { order_id: String(form.get('order_id') ?? '') });
      return done(request, res.message);
    }
    if (intent === 'cancel') {
      const res = await api.user.subscription.cancel(String(form.get('reason') ?? '').slice(0, 1000));
      return done(request, res.message);
    }
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return data<Result>(
      { formError: err.detail || 'Subscription change failed' },
      { status: err.status || 502 },
    );
  }
  return data<Result>({ formError: 'Unknown action' }, { status: 400 });
}

export default function SubscriptionPage() {
  const { current, plans, history, payments, usage, gateways, defaultGateway, error } =
    useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as Result | undefined;
  const plan = current?.plan;
  const sub = current?.subscription;
  const paid = plan && plan.price_monthly > 0;
  const limit = (n: number | null | undefined, fmt: (n: number) => string = String) =>
    n === null || n === undefined ? 'Unlimited' : fmt(n);

  if (result?.order) {
    const o = result.order;
    return (
      <div className="card">
        <h1>Complete your payment</h1>
        <p>
          {result.planName}: <strong>{rupees(o.amount_paise / 100)}</strong> ({o.currency}) through{' '}
          {o.gateway === 'sandbox' ? 'the sandbox gateway (test payments, no money moves)' : o.gateway}.
        </p>
        <p className="muted small">Order {o.order_id}</p>
        {o.gateway === 'sandbox' ? (
          <Form method="post" className="btn-row">
            <input type="hidden" name="intent" value="pay" />
            <input type="hidden" name="gateway" value={o.gateway} />
            <input type="hidden" name="order_id" value={o.order_id} />
            <button type="submit" className="btn btn-primary">
              Pay {rupees(o.amount_paise / 100)}
            </button>
            <a href="/user/subscription" className="btn btn-outline">
              Cancel
            </a>
          </Form>
        ) : (
          <p>Open the payment window of {o.gateway} to pay this order; your plan changes once it confirms.</p>
        )}
      </div>
    );
  }

  return (
    <div className="section-stack">
      <h1>Subscription</h1>
      {error ? (
        <div className="form-error" role="alert">
          {error}
        </div>
      ) : null}
      {result?.formError ? (
        <div className="form-error" role="alert">
          {result.formError}
        </div>
      ) : null}

      <section className="card" aria-labelledby="sub-current">
        <h2 id="sub-current">Current plan</h2>
        <dl className="meta-list">
          <dt>Plan</dt>
          <dd>{plan?.name ?? 'Free'}</dd>
          <dt>Status</dt>
          <dd>{sub?.status ?? 'active'}</dd>
          {sub?.billing_cycle ? (
            <>
              <dt>Billing cycle</dt>
              <dd>{sub.billing_cycle}</dd>
            </>
          ) : null}
          {sub?.current_period_end ? (
            <>
              <dt>Renews or ends</dt>
              <dd>{formatDate(sub.current_period_end)}</dd>
            </>
          ) : null}
          <dt>Analyses this month</dt>
          <dd>
            {current?.usage.analyses_this_month ?? 0} of {limit(plan?.limits.analyses_per_month)}
          </dd>
          <dt>Storage used</dt>
          <dd>
            {formatSize(current?.usage.storage_used_bytes ?? 0)} of{' '}
            {limit(plan?.limits.storage_bytes, formatSize)}
          </dd>
        </dl>
      </section>

      <section className="card" aria-labelledby="sub-plans">
        <h2 id="sub-plans">Change plan</h2>
        <Form method="post">
          <input type="hidden" name="intent" value="upgrade" />
          <fieldset>
            <legend>Plan</legend>
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
                  <strong>{p.name}</strong> —{' '}
                  {p.price_monthly === 0
                    ? 'Free'
                    : `${rupees(p.price_monthly)}/month or ${rupees(p.price_yearly)}/year`}
                  <span className="block muted small">
                    {limit(p.limits.analyses_per_month)} analyses a month ·{' '}
                    {limit(p.limits.storage_bytes, formatSize)} storage
                    {p.features.length ? ` · ${p.features.join(' · ')}` : ''}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
          <div className="grid grid-2">
            <div className="field">
              <label htmlFor="sub-cycle">Billing cycle</label>
              <select id="sub-cycle" name="billing_cycle" defaultValue="monthly">
                <option value="monthly">Monthly</option>
                <option value="yearly">Yearly</option>
              </select>
            </div>
            <div className="field">
              <label htmlFor="sub-gateway">Payment method</label>
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
            Upgrade Plan
          </button>
        </Form>
      </section>

      {paid && sub && sub.status !== 'cancelled' ? (
        <section className="card" aria-labelledby="sub-cancel">
          <h2 id="sub-cancel">Cancel subscription</h2>
          <Form
            method="post"
            onSubmit={(e) => {
              if (!window.confirm('Are you sure you want to cancel your subscription?')) e.preventDefault();
            }}
          >
            <input type="hidden" name="intent" value="cancel" />
            <div className="field">
              <label htmlFor="sub-reason">Reason (optional)</label>
              <textarea id="sub-reason" name="reason" rows={2} maxLength={1000} />
            </div>
            <button type="submit" className="btn btn-danger">
              Cancel Subscription
            </button>
          </Form>
        </section>
      ) : null}

      <section className="card" aria-labelledby="sub-usage">
        <h2 id="sub-usage">Usage, last 6 months</h2>
        <div className="table-wrap">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col">Reports</th>
                <th scope="col">Analyses</th>
                <th scope="col">Chats</th>
              </tr>
            </thead>
            <tbody>
              {(usage?.months ?? []).map((m) => (
                <tr key={m.month}>
                  <th scope="row">{m.month}</th>
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
        <h2 id="sub-history">Subscription history</h2>
        {history.length === 0 ? (
          <p className="muted">No subscription changes yet.</p>
        ) : (
          <div className="table-wrap">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Plan</th>
                  <th scope="col">Status</th>
                  <th scope="col">Cycle</th>
                  <th scope="col">Started</th>
                  <th scope="col">Cancelled</th>
                </tr>
              </thead>
              <tbody>
                {history.map((h) => (
                  <tr key={h.id}>
                    <th scope="row">{h.plan_name}</th>
                    <td>{h.status}</td>
                    <td>{h.billing_cycle}</td>
                    <td>{formatDate(h.started_at ?? h.created_at)}</td>
                    <td>
                      {h.cancelled_at
                        ? `${formatDate(h.cancelled_at)}${h.cancel_reason ? ` (${h.cancel_reason})` : ''}`
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
        <h2 id="sub-payments">Payments</h2>
        {payments.length === 0 ? (
          <p className="muted">No payments yet.</p>
        ) : (
          <div className="table-wrap">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Gateway</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {payments.map((p) => (
                  <tr key={p.id}>
                    <th scope="row">{formatDate(p.created_at)}</th>
                    <td>{rupees(p.amount)}</td>
                    <td>{p.gateway}</td>
                    <td>{p.status}</td>
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
