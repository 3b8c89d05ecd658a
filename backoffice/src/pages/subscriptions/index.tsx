import { useState } from 'react';
import { CanAccess, useCan } from '@refinedev/core';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Descriptions,
  Drawer,
  Modal,
  Row,
  Space,
  Table,
  Tabs,
  Typography,
  type TableProps,
} from 'antd';
import { useSearchParams } from 'react-router';
import {
  BILLING_CYCLE_VALUES,
  PAYMENT_STATUS_VALUES,
  SUBSCRIPTION_STATUS_VALUES,
  type AdminPayment,
  type AdminSubscription,
} from '@reportsaathi/contracts/admin-ops';
import { Badge, type Tone } from '../../components/badges';
import { FilterBar } from '../../components/filter-bar';
import { FilterSelect } from '../../components/filter-select';
import { LoadError } from '../../components/load-error';
import { ReasonField, ReasonPrompt } from '../../components/reason-prompt';
import { SearchBox } from '../../components/search-box';
import { StatCards } from '../../components/stat-cards';
import { useAdminTable } from '../../hooks/use-admin-table';
import { apiCall } from '../../providers/api-call';
import { errorMessage, formatDate, formatDateTime } from '../../format';
import { rupees } from './format';
import { PlansTab } from './plans-tab';
import { useApiQuery } from '../../hooks/use-api-query';

const STATUS_TONES: Record<string, Tone> = {
  active: 'green',
  pending: 'yellow',
  past_due: 'orange',
  cancelled: 'red',
  expired: 'grey',
  completed: 'green',
  failed: 'red',
  refunded: 'purple',
};
const tone = (status: string): Tone => STATUS_TONES[status] ?? 'grey';
const options = (values: readonly string[], all: string) => [
  { value: 'all', label: all },
  ...values.map((v) => ({ value: v, label: v.replace(/_/g, ' ') })),
];

const SUBSCRIPTION_FILTERS = ['status', 'plan_id', 'billing_cycle', 'search'] as const;
const PAYMENT_FILTERS = ['status', 'search'] as const;
/** Every filter of a tab unset (Clear Filters). */
const none = <F extends string>(names: readonly F[]) =>
  Object.fromEntries(names.map((name) => [name, null])) as Record<F, null>;

function SubscriptionsTab({ onChanged }: { onChanged: () => void }) {
  const { message } = App.useApp();
  const table = useAdminTable<AdminSubscription, (typeof SUBSCRIPTION_FILTERS)[number]>({
    resource: 'subscriptions',
    filters: SUBSCRIPTION_FILTERS,
  });
  const plansQuery = useApiQuery(['subscription-plans'], (c) => c.adminSubscriptions.plans());
  const plans = plansQuery.data?.plans ?? [];
  const [detailId, setDetailId] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<AdminSubscription | null>(null);
  const { data: canPayments } = useCan({ resource: 'subscriptions', action: 'payments' });
  const detailQuery = useApiQuery(
    ['subscription', detailId],
    (c) => c.adminSubscriptions.get({ params: { id: detailId ?? 0 } }),
    { enabled: detailId !== null },
  );
  const detail = detailId ? detailQuery.data : undefined;

  const cancel = async (sub: AdminSubscription, reason: string) => {
    try {
      await apiCall((c) => c.adminSubscriptions.cancel({ params: { id: sub.id }, body: { reason } }));
      void message.success('Subscription cancelled');
      void table.tableQuery.refetch();
      onChanged();
    } catch (e) {
      void message.error(`Failed to cancel subscription: ${errorMessage(e)}`);
    }
  };

  const columns: TableProps<AdminSubscription>['columns'] = [
    {
      key: 'user',
      title: 'User',
      render: (_, s) => (
        <div>
          <div>{s.user_name ?? '—'}</div>
          <Typography.Text type="secondary">{s.user_email}</Typography.Text>
        </div>
      ),
    },
    { key: 'plan', title: 'Plan', render: (_, s) => s.plan_name },
    { key: 'status', title: 'Status', render: (_, s) => <Badge tone={tone(s.status)}>{s.status}</Badge> },
    { key: 'cycle', title: 'Billing', dataIndex: 'billing_cycle' },
    { key: 'gateway', title: 'Gateway', render: (_, s) => s.gateway ?? '—' },
    { key: 'started', title: 'Started', render: (_, s) => formatDate(s.started_at) },
    { key: 'end', title: 'Period ends', render: (_, s) => formatDate(s.current_period_end) },
    {
      key: 'actions',
      title: 'Actions',
      render: (_, s) => (
        <Space>
          <Button size="small" onClick={() => setDetailId(s.id)} aria-label={`View subscription ${s.id}`}>
            View
          </Button>
          {s.status !== 'cancelled' && s.status !== 'expired' && (
            <CanAccess resource="subscriptions" action="manage">
              <Button
                size="small"
                danger
                onClick={() => setCancelling(s)}
                aria-label={`Cancel subscription ${s.id}`}
              >
                Cancel
              </Button>
            </CanAccess>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div>
      <FilterBar onClear={() => table.setFilterValues(none(SUBSCRIPTION_FILTERS))}>
        <SearchBox
          placeholder="User email or name"
          label="Search subscriptions"
          value={table.filterValue('search')}
          onSearch={(value) => table.setFilterValues({ search: value })}
          style={{ width: 220 }}
        />
        <FilterSelect
          table={table}
          name="status"
          label="Subscription status"
          options={options(SUBSCRIPTION_STATUS_VALUES, 'All Status')}
          width={150}
        />
        <FilterSelect
          table={table}
          name="plan_id"
          label="Plan"
          options={[
            { value: 'all', label: 'All Plans' },
            ...plans.map((p) => ({ value: String(p.id), label: p.name })),
          ]}
          width={150}
        />
        <FilterSelect
          table={table}
          name="billing_cycle"
          label="Billing cycle"
          options={options(BILLING_CYCLE_VALUES, 'All Cycles')}
          width={140}
        />
      </FilterBar>
      <LoadError failed={table.tableQuery.isError} message="Failed to load subscriptions" />
      <Table<AdminSubscription>
        {...table.tableProps}
        columns={columns}
        locale={{ emptyText: 'No subscriptions found' }}
      />

      <Drawer open={detailId !== null} onClose={() => setDetailId(null)} title="Subscription" width={560}>
        {detailQuery.isError && (
          <Alert type="error" showIcon role="alert" message="Failed to load subscription" />
        )}
        {detail && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label="User">
                {detail.user_name ?? '—'} ({detail.user_email})
              </Descriptions.Item>
              <Descriptions.Item label="Plan">{detail.plan_name}</Descriptions.Item>
              <Descriptions.Item label="Status">
                <Badge tone={tone(detail.status)}>{detail.status}</Badge>
              </Descriptions.Item>
              <Descriptions.Item label="Billing cycle">{detail.billing_cycle}</Descriptions.Item>
              <Descriptions.Item label="Started">{formatDateTime(detail.started_at)}</Descriptions.Item>
              <Descriptions.Item label="Period ends">
                {formatDateTime(detail.current_period_end)}
              </Descriptions.Item>
              {detail.cancelled_at && (
                <Descriptions.Item label="Cancelled">
                  {formatDateTime(detail.cancelled_at)}
                  {detail.cancel_reason ? ` — ${detail.cancel_reason}` : ''}
                </Descriptions.Item>
              )}
            </Descriptions>
            {canPayments?.can && (
              <>
                <Typography.Title level={5}>Payments</Typography.Title>
                <PaymentsTable tableProps={{ dataSource: detail.payments, pagination: false }} />
              </>
            )}
          </Space>
        )}
      </Drawer>
      <ReasonPrompt
        open={cancelling !== null}
        title="Cancel subscription"
        label="Reason for cancellation:"
        onClose={() => setCancelling(null)}
        onSubmit={(reason) => {
          if (cancelling) void cancel(cancelling, reason);
        }}
      />
    </div>
  );
}

/** Payments: a subscription's (in its drawer) or a page of all of them (the Payments tab). */
function PaymentsTable({
  tableProps,
  onRefund,
}: {
  tableProps: TableProps<AdminPayment>;
  /** Offers Refund on completed payments (to an admin with process_refunds). */
  onRefund?: (payment: AdminPayment) => void;
}) {
  const columns: TableProps<AdminPayment>['columns'] = [
    { key: 'date', title: 'Date', render: (_, p) => formatDateTime(p.created_at) },
    { key: 'user', title: 'User', dataIndex: 'user_email' },
    { key: 'plan', title: 'Plan', render: (_, p) => p.plan_name ?? '—' },
    { key: 'amount', title: 'Amount', render: (_, p) => rupees(p.amount) },
    { key: 'gateway', title: 'Gateway', dataIndex: 'gateway' },
    { key: 'status', title: 'Status', render: (_, p) => <Badge tone={tone(p.status)}>{p.status}</Badge> },
    { key: 'ref', title: 'Reference', render: (_, p) => p.gateway_payment_id ?? '—' },
    {
      key: 'refund',
      title: 'Refund',
      render: (_, p) =>
        p.status === 'refunded' ? (
          <Typography.Text type="secondary">
            {formatDate(p.refunded_at)}
            {p.refund_reason ? ` — ${p.refund_reason}` : ''}
          </Typography.Text>
        ) : p.status === 'completed' && onRefund ? (
          <CanAccess resource="payments" action="refund">
            <Button size="small" danger onClick={() => onRefund(p)} aria-label={`Refund payment ${p.id}`}>
              Refund
            </Button>
          </CanAccess>
        ) : null,
    },
  ];
  return (
    <Table<AdminPayment>
      rowKey="id"
      size="small"
      style={{ overflowX: 'auto' }}
      {...tableProps}
      columns={columns}
      locale={{ emptyText: 'No payments found' }}
    />
  );
}

function PaymentsTab({ onChanged }: { onChanged: () => void }) {
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);
  const table = useAdminTable<AdminPayment, (typeof PAYMENT_FILTERS)[number]>({
    resource: 'payments',
    filters: PAYMENT_FILTERS,
  });
  return (
    <div>
      <FilterBar onClear={() => table.setFilterValues(none(PAYMENT_FILTERS))}>
        <SearchBox
          placeholder="User email or payment id"
          label="Search payments"
          value={table.filterValue('search')}
          onSearch={(value) => table.setFilterValues({ search: value })}
          style={{ width: 240 }}
        />
        <FilterSelect
          table={table}
          name="status"
          label="Payment status"
          options={options(PAYMENT_STATUS_VALUES, 'All Status')}
          width={150}
        />
      </FilterBar>
      <LoadError failed={table.tableQuery.isError} message="Failed to load payments" />
      <PaymentsTable tableProps={table.tableProps} onRefund={setRefunding} />
      {/* A fresh dialog per payment: its reason empty and 'end the subscription' ticked from its first
          render (reset by an effect after the paint, a reason typed in that moment was lost). */}
      <RefundDialog
        key={refunding?.id ?? 'none'}
        payment={refunding}
        onClose={() => setRefunding(null)}
        onDone={() => {
          setRefunding(null);
          void table.tableQuery.refetch();
          onChanged();
        }}
      />
    </div>
  );
}

/**
 * Refund a payment in full: a reason is required, and by default the subscription it paid for ends
 * now (its period is no longer paid for). The gateway's refusal is shown and nothing changes.
 */
function RefundDialog({
  payment,
  onClose,
  onDone,
}: {
  payment: AdminPayment | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { message } = App.useApp();
  const [reason, setReason] = useState('');
  const [endSubscription, setEndSubscription] = useState(true);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!payment || !reason.trim()) return;
    setBusy(true);
    try {
      const result = await apiCall((c) =>
        c.adminSubscriptions.refund({
          params: { id: payment.id },
          body: { reason: reason.trim(), end_subscription: endSubscription },
        }),
      );
      void message.success(
        result.subscription_ended ? 'Payment refunded and subscription ended' : 'Payment refunded',
      );
      onDone();
    } catch (e) {
      void message.error(`Failed to refund payment: ${errorMessage(e)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={payment !== null}
      title="Refund payment"
      okText="Refund"
      okButtonProps={{ danger: true, disabled: !reason.trim(), loading: busy }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {payment && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text>
            Refund {rupees(payment.amount)} to {payment.user_email} through {payment.gateway}?
          </Typography.Text>
          <ReasonField
            id="refund-reason"
            label="Reason for the refund:"
            value={reason}
            onChange={setReason}
          />
          {payment.subscription_id && (
            <Checkbox
              checked={endSubscription}
              onChange={(event) => setEndSubscription(event.target.checked)}
            >
              End the subscription now
            </Checkbox>
          )}
        </Space>
      )}
    </Modal>
  );
}

type TabKey = 'subscriptions' | 'plans' | 'payments';

/**
 * /admin/subscriptions (beyond the first placeholder): the dashboard (active by plan,
 * revenue in INR, churn), then tabs for subscriptions, plans and payments, the tab in the URL.
 */
export default function SubscriptionsPage() {
  const [params, setParams] = useSearchParams();
  const { data: canPayments } = useCan({ resource: 'subscriptions', action: 'payments' });
  const requested = params.get('tab') as TabKey | null;
  const tab: TabKey =
    requested === 'plans' || (requested === 'payments' && canPayments?.can) ? requested : 'subscriptions';
  const query = useApiQuery(['subscription-dashboard'], (c) => c.adminSubscriptions.dashboard());
  const d = query.data;

  return (
    <div>
      <Typography.Title level={2}>Subscriptions</Typography.Title>
      {query.isError && (
        <Alert type="error" showIcon role="alert" message="Failed to load the subscription dashboard" />
      )}
      <StatCards
        loading={query.isLoading}
        cards={[
          { title: 'Active Subscriptions', value: d?.active_subscriptions },
          { title: 'Revenue This Month (₹)', value: d?.revenue.this_month, precision: 2 },
          { title: 'Churn (30 days)', value: d?.churn.rate, suffix: '%', precision: 1 },
          { title: 'Cancelled (30 days)', value: d?.churn.cancelled },
        ]}
      />
      {d && (
        <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
          <Col xs={24} lg={12}>
            <Card size="small" title="Active by plan">
              <Descriptions column={1} size="small">
                {d.active_by_plan.map((p) => (
                  <Descriptions.Item label={p.plan_name} key={p.plan_id}>
                    {p.count}
                  </Descriptions.Item>
                ))}
              </Descriptions>
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card size="small" title="Revenue, last 6 months (INR)">
              <Descriptions column={1} size="small">
                {d.revenue.months.map((m) => (
                  <Descriptions.Item label={m.month} key={m.month}>
                    {rupees(m.amount)}
                  </Descriptions.Item>
                ))}
              </Descriptions>
            </Card>
          </Col>
        </Row>
      )}
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'subscriptions' ? {} : { tab: key })}
        items={[
          { key: 'subscriptions', label: 'Subscriptions' },
          { key: 'plans', label: 'Plans' },
          ...(canPayments?.can ? [{ key: 'payments', label: 'Payments' }] : []),
        ]}
      />
      {tab === 'subscriptions' && <SubscriptionsTab onChanged={() => void query.refetch()} />}
      {tab === 'plans' && <PlansTab />}
      {tab === 'payments' && <PaymentsTab onChanged={() => void query.refetch()} />}
    </div>
  );
}
