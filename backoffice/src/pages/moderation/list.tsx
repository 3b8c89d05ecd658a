import { useState, type Key } from 'react';
import { CanAccess, useCan } from '@refinedev/core';
import { App, Button, Select, Space, Table, Typography, type TableProps } from 'antd';
import { EyeOutlined, ReloadOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import {
  MODERATION_DEFAULT_LIMIT,
  MODERATION_LIMITS,
  MODERATION_TEXTS,
  type ModerationContentType,
  type ModerationQueue,
  type ModerationQueueItem,
} from '@reportsaathi/contracts/admin-ops';
import { Badge } from '../../components/badges';
import { FilterBar } from '../../components/filter-bar';
import { rowSelection } from '../../components/row-selection';
import { SelectionBar } from '../../components/selection-bar';
import { StatCards } from '../../components/stat-cards';
import { useLogFailure } from '../../hooks/use-log-failure';
import { apiCall } from '../../providers/api-call';
import { withTotal } from '../../providers/http';
import { errorMessage, formatDate } from '../../format';
import { moderationStatusTone, severityTone, TYPE_LABELS } from './badges';
import { ModerationDetailModal, type ModerationTarget } from './detail-modal';
import { useApiQuery } from '../../hooks/use-api-query';

const keyOf = (item: { content_type: string; id: number }) => `${item.content_type}:${item.id}`;

function cut(text: string, length = 90): string {
  return text.length > length ? `${text.slice(0, length)}…` : text;
}

/**
 * /admin/moderation: the figures, the queue of flagged reports, chats and feedback (filters, limit
 * and offset in the URL), single and bulk decisions, and the detail dialog.
 */
export default function ModerationPage() {
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const contentType = params.get('contentType') ?? '';
  const status = params.get('status') ?? '';
  const limitParam = Number(params.get('limit'));
  const limit = (MODERATION_LIMITS as readonly number[]).includes(limitParam)
    ? limitParam
    : MODERATION_DEFAULT_LIMIT;
  const offset = Math.max(0, Number(params.get('offset')) || 0);

  const setParam = (changes: Record<string, string | number | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [k, v] of Object.entries(changes)) {
        if (v === null || v === '' || v === 'all') next.delete(k);
        else next.set(k, String(v));
      }
      if (next.get('offset') === '0') next.delete('offset');
      return next;
    });
  // A filter change reloads the queue from its start.
  const setFilter = (changes: Record<string, string | number | null>) =>
    setParam({ ...changes, offset: null });

  const statsQuery = useApiQuery(['moderation-stats'], (c) => c.adminModeration.stats());
  // The queue is a plain list paged by offset; its length comes in the X-Total-Count header.
  const queueFilter: Record<string, string | number> = { contentType, status, limit, offset };
  const queueQuery = useApiQuery(
    ['moderation-queue', contentType, status, limit, offset],
    (c) => c.adminModeration.queue.raw({ query: queueFilter }).then(withTotal<ModerationQueue>),
    { keepPrevious: true },
  );
  const stats = statsQuery.data;
  const rows = queueQuery.data?.items ?? [];
  const total = queueQuery.data?.total ?? 0;
  const { data: canModerate } = useCan({ resource: 'moderation', action: 'moderate' });
  useLogFailure(statsQuery, 'moderation stats');
  useLogFailure(queueQuery, 'moderation queue');

  const [selected, setSelected] = useState<Key[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [detail, setDetail] = useState<ModerationTarget | null>(null);

  const refresh = () => {
    void queueQuery.refetch();
    void statsQuery.refetch();
  };

  const decide = async (target: ModerationTarget, action: 'approve' | 'reject', fromDialog = false) => {
    setBusy(keyOf({ content_type: target.type, id: target.id }));
    const body =
      action === 'approve'
        ? { action, notes: fromDialog ? MODERATION_TEXTS.approveAfterReview : MODERATION_TEXTS.approveNote }
        : {
            action,
            reason: MODERATION_TEXTS.rejectReason,
            notes: fromDialog ? MODERATION_TEXTS.rejectAfterReview : MODERATION_TEXTS.rejectNote,
          };
    try {
      const answer = await apiCall((c) =>
        c.adminModeration.moderate({ params: { type: target.type, id: target.id }, body }),
      );
      void message.success(answer.message);
      if (fromDialog) setDetail(null);
      refresh();
    } catch (error) {
      // An item already moderated answers 409 with a clear message: shown as is.
      void message.error(errorMessage(error));
      refresh();
    } finally {
      setBusy(null);
    }
  };

  /**
   * Bulk decisions. The API takes one content type per call (SPEC: the type of the first selected
   * item); a mixed selection is sent as one call per type so no id is applied to the wrong kind.
   */
  const bulk = async (action: 'approve' | 'flag') => {
    const byType = new Map<ModerationContentType, number[]>();
    for (const key of selected) {
      const [type, id] = String(key).split(':') as [ModerationContentType, string];
      byType.set(type, [...(byType.get(type) ?? []), Number(id)]);
    }
    setBusy('bulk');
    let succeeded = 0;
    const failures: string[] = [];
    try {
      for (const [type, ids] of byType) {
        const answer = await apiCall((c) =>
          c.adminModeration.bulkModerate({
            params: { type },
            body: {
              content_ids: ids,
              action,
              reason: action === 'approve' ? MODERATION_TEXTS.bulkApproved : MODERATION_TEXTS.bulkFlagged,
            },
          }),
        );
        succeeded += answer.succeeded.length;
        failures.push(...answer.failed.map((f) => `${TYPE_LABELS[type]} ${f.id}: ${f.detail}`));
      }
      const verb = action === 'approve' ? 'approved' : 'flagged for review';
      void message.success(`${succeeded} item(s) ${verb}`);
      if (failures.length) void message.warning(failures.join('; '));
      setSelected([]);
    } catch (error) {
      void message.error(errorMessage(error));
    } finally {
      setBusy(null);
      refresh();
    }
  };

  const columns: TableProps<ModerationQueueItem>['columns'] = [
    {
      key: 'content',
      title: 'Content',
      render: (_, item) => <span title={item.content_preview}>{cut(item.content_preview)}</span>,
    },
    { key: 'type', title: 'Type', render: (_, item) => TYPE_LABELS[item.content_type] },
    {
      key: 'user',
      title: 'User',
      render: (_, item) => (
        <div>
          <div>{item.user_name ?? '—'}</div>
          <Typography.Text type="secondary">{item.user_email ?? ''}</Typography.Text>
        </div>
      ),
    },
    {
      key: 'severity',
      title: 'Severity',
      render: (_, item) => <Badge tone={severityTone(item.severity)}>{item.severity}</Badge>,
    },
    {
      key: 'status',
      title: 'Status',
      render: (_, item) => <Badge tone={moderationStatusTone(item.status)}>{item.status}</Badge>,
    },
    { key: 'flagged_at', title: 'Flagged At', render: (_, item) => formatDate(item.flagged_at) },
    {
      key: 'actions',
      title: 'Actions',
      render: (_, item) => {
        const target = { type: item.content_type, id: item.id };
        const label = `${TYPE_LABELS[item.content_type]} ${item.id}`;
        return (
          <Space>
            <Button
              size="small"
              icon={<EyeOutlined />}
              onClick={() => setDetail(target)}
              aria-label={`View ${label}`}
            >
              View
            </Button>
            {item.status === 'pending' && (
              <CanAccess resource="moderation" action="moderate">
                <Button
                  size="small"
                  type="primary"
                  loading={busy === keyOf(item)}
                  onClick={() => void decide(target, 'approve')}
                  aria-label={`Approve ${label}`}
                >
                  Approve
                </Button>
                <Button
                  size="small"
                  danger
                  loading={busy === keyOf(item)}
                  onClick={() => void decide(target, 'reject')}
                  aria-label={`Reject ${label}`}
                >
                  Reject
                </Button>
              </CanAccess>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <div>
      <Typography.Title level={2} style={{ marginBottom: 4 }}>
        Content Moderation
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Review and moderate flagged content across the platform
      </Typography.Paragraph>

      <StatCards
        loading={statsQuery.isLoading}
        cards={[
          { title: 'Total Flagged', value: stats?.total_flagged },
          { title: 'Pending Review', value: stats?.pending_review },
          { title: 'Reports Flagged', value: stats?.reports_flagged },
          { title: 'Chats Flagged', value: stats?.chats_flagged },
        ]}
      />

      <FilterBar>
        <Select
          aria-label="Content Type"
          value={contentType || 'all'}
          options={[
            { value: 'all', label: 'All Types' },
            { value: 'report', label: 'Reports' },
            { value: 'chat', label: 'Chats' },
            { value: 'feedback', label: 'Feedback' },
          ]}
          onChange={(value: string) => setFilter({ contentType: value })}
          style={{ width: 140 }}
        />
        <Select
          aria-label="Status"
          value={status || 'all'}
          options={[
            { value: 'all', label: 'All Status' },
            { value: 'pending', label: 'Pending' },
            { value: 'reviewed', label: 'Reviewed' },
          ]}
          onChange={(value: string) => setFilter({ status: value })}
          style={{ width: 140 }}
        />
        <Select
          aria-label="Limit"
          value={limit}
          options={MODERATION_LIMITS.map((n) => ({ value: n, label: String(n) }))}
          onChange={(value: number) =>
            setFilter({ limit: value === MODERATION_DEFAULT_LIMIT ? null : value })
          }
          style={{ width: 90 }}
        />
        <Button icon={<ReloadOutlined />} onClick={refresh}>
          Refresh
        </Button>
      </FilterBar>

      <SelectionBar count={selected.length} onClear={() => setSelected([])}>
        <CanAccess resource="moderation" action="bulk_moderate">
          <Button type="primary" loading={busy === 'bulk'} onClick={() => void bulk('approve')}>
            Approve All
          </Button>
          <Button loading={busy === 'bulk'} onClick={() => void bulk('flag')}>
            Flag All
          </Button>
        </CanAccess>
      </SelectionBar>

      <div style={{ overflowX: 'auto' }}>
        <Table<ModerationQueueItem>
          rowKey={keyOf}
          columns={columns}
          dataSource={rows}
          loading={queueQuery.isFetching}
          pagination={false}
          rowSelection={rowSelection<ModerationQueueItem>(
            selected,
            setSelected,
            (item) => `${TYPE_LABELS[item.content_type]} ${item.id}`,
          )}
          locale={{
            emptyText: (
              <div style={{ padding: 24 }}>
                <Typography.Title level={4}>No flagged content</Typography.Title>
                <Typography.Text type="secondary">
                  All content has been reviewed or no content is flagged.
                </Typography.Text>
              </div>
            ),
          }}
        />
      </div>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginTop: 16 }}>
        <Button disabled={offset === 0} onClick={() => setParam({ offset: Math.max(0, offset - limit) })}>
          Previous
        </Button>
        <Typography.Text data-testid="queue-range">
          {rows.length
            ? `Showing ${offset + 1}–${offset + rows.length} of ${total}`
            : `Showing 0 of ${total}`}
        </Typography.Text>
        <Button disabled={offset + rows.length >= total} onClick={() => setParam({ offset: offset + limit })}>
          Next
        </Button>
      </Space>

      <ModerationDetailModal
        target={detail}
        busy={busy !== null}
        canModerate={canModerate?.can === true}
        onDecide={(target, action) => void decide(target, action, true)}
        onClose={() => setDetail(null)}
      />
    </div>
  );
}
