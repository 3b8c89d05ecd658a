import { useState } from 'react';
import { CanAccess, useInvalidate } from '@refinedev/core';
import { App, Button, Space, Table, type TableProps } from 'antd';
import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import type { AdminChatRow } from '../../admin-types';
import { Badge, feedbackTone } from '../../components/badges';
import { BulkDeleteDialog } from '../../components/bulk-delete-dialog';
import { DeleteSelectedButton } from '../../components/delete-selected-button';
import { FilterBar } from '../../components/filter-bar';
import { FilterSelect } from '../../components/filter-select';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { rowSelection } from '../../components/row-selection';
import { ReasonPrompt } from '../../components/reason-prompt';
import { SearchBox } from '../../components/search-box';
import { SortSelects } from '../../components/sort-selects';
import { StatCards } from '../../components/stat-cards';
import { useBulkDelete } from '../../hooks/use-bulk-delete';
import { useAdminTable } from '../../hooks/use-admin-table';
import { apiCall } from '../../providers/api-call';
import { downloadFile } from '../../providers/http';
import { formatConfidence, formatDuration, todayStamp } from '../../format';
import { ChatDetailModal } from './detail-modal';
import { useApiQuery } from '../../hooks/use-api-query';

export const MESSAGES = {
  load: 'Failed to fetch chats',
  delete: 'Failed to delete chats',
  flag: 'Failed to update chat flag',
  export: 'Failed to export chats',
};

// `report_id` in the URL pre-fills the report filter (the report detail links here with it).
const FILTERS = ['search', 'user_email', 'report_id', 'is_flagged', 'has_feedback'] as const;
const SORTS = ['created_at', 'updated_at', 'processing_time_seconds', 'tokens_used'];

const yesNo = (label: string, yes: string, no: string) => [
  { value: 'all', label },
  { value: 'true', label: yes },
  { value: 'false', label: no },
];

function cut(text: string | null | undefined, length = 80): string {
  if (!text) return '—';
  return text.length > length ? `${text.slice(0, length)}…` : text;
}

/** /admin/data/chats: figures, filters, the table, flag with a reason, details, bulk delete, export. */
export default function ChatListPage() {
  const { message } = App.useApp();
  const table = useAdminTable<AdminChatRow, (typeof FILTERS)[number]>({
    resource: 'chats',
    filters: FILTERS,
  });
  const statsQuery = useApiQuery(['chat-stats'], (c) => c.adminChats.stats());
  const stats = statsQuery.data;
  const invalidate = useInvalidate();
  const bulk = useBulkDelete({
    resource: 'chats',
    noun: 'chat',
    failure: MESSAGES.delete,
    onDeleted: () => void statsQuery.refetch(),
  });
  const [flagging, setFlagging] = useState<AdminChatRow | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [detail, setDetail] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);

  const refresh = async (id?: number) => {
    await invalidate({ resource: 'chats', invalidates: id ? ['list', 'detail'] : ['list'], id });
    void statsQuery.refetch();
  };

  /** Flag (with the reason asked first) or unflag one chat. */
  const setFlag = async (chat: AdminChatRow, reason?: string) => {
    setBusy(chat.id);
    try {
      await apiCall((c) =>
        reason
          ? c.adminChats.flag({ params: { id: chat.id }, body: { reason } })
          : c.adminChats.unflag({ params: { id: chat.id } }),
      );
      await refresh(chat.id);
    } catch {
      void message.error(MESSAGES.flag);
    } finally {
      setBusy(null);
    }
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const query: Record<string, string | undefined> = Object.fromEntries(
        FILTERS.map((name) => [name, table.filterValue(name)]),
      );
      await downloadFile((c) => c.adminChats.exportCsv.raw({ query }), `chats_export_${todayStamp()}.csv`);
    } catch {
      void message.error(MESSAGES.export);
    } finally {
      setExporting(false);
    }
  };

  const columns: TableProps<AdminChatRow>['columns'] = [
    { key: 'user', title: 'User', render: (_, c) => c.user_email ?? c.user?.email ?? '—' },
    { key: 'report', title: 'Report', render: (_, c) => c.report_filename ?? c.report?.filename ?? '—' },
    {
      key: 'badges',
      title: 'Status',
      render: (_, c) => (
        <Space size={4} wrap>
          {c.is_flagged && <Badge tone="red">Flagged</Badge>}
          {c.user_feedback && <Badge tone={feedbackTone(c.user_feedback)}>{c.user_feedback}</Badge>}
        </Space>
      ),
    },
    { key: 'message', title: 'User message', dataIndex: 'message', render: (v: string) => cut(v) },
    { key: 'response', title: 'AI response', dataIndex: 'response', render: (v: string | null) => cut(v) },
    { key: 'model', title: 'Model', dataIndex: 'ai_model_used', render: (v: string | null) => v ?? '—' },
    {
      key: 'time',
      title: 'Time',
      dataIndex: 'processing_time_seconds',
      render: (v: number | null) => formatDuration(v),
    },
    { key: 'tokens', title: 'Tokens', dataIndex: 'tokens_used', render: (v: number | null) => v ?? '—' },
    {
      key: 'confidence',
      title: 'Confidence',
      dataIndex: 'confidence_score',
      render: (v: number | null) => formatConfidence(v),
    },
    {
      key: 'actions',
      title: 'Actions',
      render: (_, chat) => (
        <Space>
          <CanAccess resource="chats" action="edit">
            <Button
              size="small"
              loading={busy === chat.id}
              onClick={() => (chat.is_flagged ? void setFlag(chat) : setFlagging(chat))}
              aria-label={`${chat.is_flagged ? 'Unflag' : 'Flag'} chat ${chat.id}`}
            >
              {chat.is_flagged ? 'Unflag' : 'Flag'}
            </Button>
          </CanAccess>
          <Button
            size="small"
            icon={<EyeOutlined />}
            onClick={() => setDetail(chat.id)}
            aria-label={`Details of chat ${chat.id}`}
          >
            Details
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div>
      <PageHeader title="Chat History">
        <Space wrap>
          <CanAccess resource="chats" action="export">
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()}>
              Export CSV
            </Button>
          </CanAccess>
          <DeleteSelectedButton resource="chats" count={bulk.selected.length} onClick={bulk.confirm} />
        </Space>
      </PageHeader>

      <StatCards
        loading={statsQuery.isLoading}
        cards={[
          { title: 'Total Chats', value: stats?.total_chats },
          { title: 'Flagged Chats', value: stats?.flagged_chats },
          { title: 'Avg Processing Time (s)', value: stats?.average_processing_time, precision: 1 },
          { title: 'Avg Tokens Used', value: stats?.average_tokens_used, precision: 0 },
        ]}
      />

      <FilterBar>
        <SearchBox
          placeholder="Search messages"
          label="Search chats"
          value={table.filterValue('search')}
          onSearch={(value) => table.setFilterValues({ search: value })}
          style={{ width: 220 }}
        />
        <SearchBox
          placeholder="User email"
          label="User email"
          value={table.filterValue('user_email')}
          onSearch={(value) => table.setFilterValues({ user_email: value })}
          style={{ width: 220 }}
        />
        <SearchBox
          placeholder="Report ID"
          label="Report ID"
          numeric
          value={table.filterValue('report_id')}
          // The report filter takes numbers only.
          keep={(typed) => typed.replace(/\D/g, '')}
          onSearch={(value) => table.setFilterValues({ report_id: value })}
          style={{ width: 150 }}
        />
        <FilterSelect
          table={table}
          name="is_flagged"
          label="Flagged"
          options={yesNo('All', 'Flagged', 'Not flagged')}
          width={130}
        />
        <FilterSelect
          table={table}
          name="has_feedback"
          label="Has feedback"
          options={yesNo('Any feedback', 'With feedback', 'No feedback')}
          width={150}
        />
        <SortSelects columns={SORTS} table={table} width={210} />
      </FilterBar>

      <LoadError failed={table.tableQuery.isError} message={MESSAGES.load} />
      <Table<AdminChatRow>
        {...table.tableProps}
        columns={columns}
        locale={{ emptyText: 'No chats found' }}
        rowSelection={rowSelection<AdminChatRow>(
          bulk.selected,
          bulk.setSelected,
          (chat) => `chat ${chat.id}`,
        )}
      />

      <BulkDeleteDialog
        open={bulk.confirming}
        allowSoft={false}
        busy={bulk.busy}
        question={`Are you sure you want to permanently delete ${bulk.selected.length} selected chat(s)? This action cannot be undone.`}
        onConfirm={() => void bulk.remove()}
        onClose={bulk.close}
      />
      <ReasonPrompt
        open={flagging !== null}
        title="Flag chat"
        label="Reason for flagging:"
        onClose={() => setFlagging(null)}
        onSubmit={(reason) => {
          if (flagging) void setFlag(flagging, reason);
        }}
      />
      <ChatDetailModal
        chatId={detail}
        onClose={() => {
          setDetail(null);
          void refresh();
        }}
      />
    </div>
  );
}
