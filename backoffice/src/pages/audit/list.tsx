import { useState } from 'react';
import { CanAccess } from '@refinedev/core';
import { App, Button, Input, Table, Typography, type TableProps } from 'antd';
import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { AUDIT_OUTCOMES, AUDIT_STATS_DAYS, type AuditLog } from '@reportsaathi/contracts/admin-ops';
import { Badge } from '../../components/badges';
import { FilterBar } from '../../components/filter-bar';
import { FilterSelect } from '../../components/filter-select';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { SearchBox } from '../../components/search-box';
import { StatCards } from '../../components/stat-cards';
import { useLogFailure } from '../../hooks/use-log-failure';
import { useAdminTable } from '../../hooks/use-admin-table';
import { downloadFile } from '../../providers/http';
import { formatDateTime, todayStamp } from '../../format';
import { actionLabel, actionTone, outcomeTone } from './badges';
import { AuditDetailModal } from './detail-modal';
import { useApiQuery } from '../../hooks/use-api-query';

export const MESSAGES = {
  load: 'Failed to load audit logs',
  export: 'Failed to export audit logs',
};

const FILTERS = [
  'action',
  'resource_type',
  'success',
  'admin_email',
  'start_date',
  'end_date',
  'search',
] as const;
type Filter = (typeof FILTERS)[number];
const NONE: Record<Filter, null> = Object.fromEntries(FILTERS.map((f) => [f, null])) as Record<Filter, null>;

/** /admin/audit: 30-day figures, filters (options from the server) in the URL, the trail, details, CSV. */
export default function AuditListPage() {
  const { message } = App.useApp();
  const table = useAdminTable<AuditLog, Filter>({ resource: 'audit', filters: FILTERS });
  // Failures of the stats and option calls are only logged: the screen works without them.
  const statsQuery = useApiQuery(['audit-stats', AUDIT_STATS_DAYS], (c) =>
    c.adminAudit.stats({ query: { days: AUDIT_STATS_DAYS } }),
  );
  const actionsQuery = useApiQuery(['audit-actions'], (c) => c.adminAudit.actions());
  const typesQuery = useApiQuery(['audit-resource-types'], (c) => c.adminAudit.resourceTypes());
  const stats = statsQuery.data;
  const actions = actionsQuery.data?.actions ?? [];
  const types = typesQuery.data?.resource_types ?? [];

  const [detail, setDetail] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  useLogFailure(statsQuery, 'audit stats');
  useLogFailure(actionsQuery, 'audit actions');
  useLogFailure(typesQuery, 'audit resource types');

  const exportCsv = async () => {
    setExporting(true);
    try {
      const query: Record<string, string> = Object.fromEntries(
        FILTERS.map((name) => [name, table.filterValue(name)]),
      );
      await downloadFile((c) => c.adminAudit.exportCsv.raw({ query }), `audit_logs_${todayStamp()}.csv`);
    } catch {
      void message.error(MESSAGES.export);
    } finally {
      setExporting(false);
    }
  };

  const columns: TableProps<AuditLog>['columns'] = [
    { key: 'timestamp', title: 'Timestamp', render: (_, l) => formatDateTime(l.timestamp) },
    { key: 'admin', title: 'Admin', render: (_, l) => l.admin_email ?? '—' },
    {
      key: 'action',
      title: 'Action',
      render: (_, l) => <Badge tone={actionTone(l.action)}>{actionLabel(l.action)}</Badge>,
    },
    {
      key: 'resource',
      title: 'Resource',
      render: (_, l) => (
        <span>
          {l.resource_type}
          {l.resource_id ? <Typography.Text type="secondary"> #{l.resource_id}</Typography.Text> : null}
        </span>
      ),
    },
    {
      key: 'status',
      title: 'Status',
      render: (_, l) => <Badge tone={outcomeTone(l.success)}>{l.success}</Badge>,
    },
    { key: 'ip', title: 'IP Address', render: (_, l) => l.ip_address ?? '—' },
    {
      key: 'view',
      title: 'Details',
      render: (_, l) => (
        <Button
          size="small"
          icon={<EyeOutlined />}
          onClick={() => setDetail(l.id)}
          aria-label={`View details of audit log ${l.id}`}
        >
          View Details
        </Button>
      ),
    },
  ];

  return (
    <div>
      <PageHeader title="Audit Logs">
        <CanAccess resource="audit" action="export">
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()}>
            Export CSV
          </Button>
        </CanAccess>
      </PageHeader>

      <StatCards
        loading={statsQuery.isLoading}
        cards={[
          { title: 'Total Actions', value: stats?.total_actions },
          { title: 'Failed Actions', value: stats?.failed_actions },
          { title: 'Success Rate', value: stats?.success_rate, suffix: '%', precision: 1 },
          { title: 'Most Active Admin', value: stats ? (stats.most_active_admins[0] ?? 'None') : undefined },
        ]}
      />

      <FilterBar onClear={() => table.setFilterValues(NONE)}>
        <FilterSelect
          table={table}
          name="action"
          label="Action"
          options={[{ value: 'all', label: 'All Actions' }, ...actions]}
          width={200}
          showSearch
          optionFilterProp="label"
        />
        <FilterSelect
          table={table}
          name="resource_type"
          label="Resource type"
          options={[{ value: 'all', label: 'All Resources' }, ...types]}
          width={180}
        />
        <FilterSelect
          table={table}
          name="success"
          label="Status"
          options={[
            { value: 'all', label: 'All Status' },
            ...AUDIT_OUTCOMES.map((v) => ({ value: v, label: v[0].toUpperCase() + v.slice(1) })),
          ]}
          width={130}
        />
        <SearchBox
          placeholder="Admin email"
          label="Admin email"
          value={table.filterValue('admin_email')}
          onSearch={(value) => table.setFilterValues({ admin_email: value })}
          style={{ width: 200 }}
        />
        <Input
          type="date"
          aria-label="Start date"
          value={table.filterValue('start_date')}
          onChange={(event) => table.setFilterValues({ start_date: event.target.value })}
          style={{ width: 160 }}
        />
        <Input
          type="date"
          aria-label="End date"
          value={table.filterValue('end_date')}
          onChange={(event) => table.setFilterValues({ end_date: event.target.value })}
          style={{ width: 160 }}
        />
        <SearchBox
          placeholder="Search"
          label="Search audit logs"
          value={table.filterValue('search')}
          onSearch={(value) => table.setFilterValues({ search: value })}
          style={{ width: 200 }}
        />
      </FilterBar>

      <LoadError failed={table.tableQuery.isError} message={MESSAGES.load} />
      <Table<AuditLog>
        {...table.tableProps}
        columns={columns}
        locale={{ emptyText: 'No audit logs found' }}
      />

      <AuditDetailModal logId={detail} onClose={() => setDetail(null)} />
    </div>
  );
}
