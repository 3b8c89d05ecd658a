import { useState } from 'react';
import { CanAccess, useUpdate } from '@refinedev/core';
import { App, Button, Space, Table, type TableProps } from 'antd';
import { DownloadOutlined, ExportOutlined, FlagFilled, FlagOutlined } from '@ant-design/icons';
import type { AdminReportRow } from '../../admin-types';
import { Badge, reportStatusTone } from '../../components/badges';
import { BulkDeleteDialog } from '../../components/bulk-delete-dialog';
import { DeleteSelectedButton } from '../../components/delete-selected-button';
import { FilterBar } from '../../components/filter-bar';
import { FilterSelect } from '../../components/filter-select';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { rowSelection } from '../../components/row-selection';
import { SearchBox } from '../../components/search-box';
import { SortSelects } from '../../components/sort-selects';
import { StatCards } from '../../components/stat-cards';
import { useBulkDelete } from '../../hooks/use-bulk-delete';
import { useAdminTable } from '../../hooks/use-admin-table';
import { downloadFile } from '../../providers/http';
import { ADMIN_BASENAME } from '../../providers/resources';
import { formatBytes, formatConfidence, formatDate, formatDuration, todayStamp } from '../../format';
import { useApiQuery } from '../../hooks/use-api-query';

export const MESSAGES = {
  load: 'Failed to fetch reports',
  delete: 'Failed to delete reports',
  flag: 'Failed to update report flag',
  exportJson: 'Failed to export reports to JSON',
  exportCsv: 'Failed to export reports to CSV',
};

const FILTERS = ['search', 'status', 'report_type', 'is_flagged'] as const;

const STATUSES = ['pending', 'processing', 'completed', 'failed', 'deleted'];
const REPORT_TYPES = ['blood_test', 'x_ray', 'mri', 'ct_scan', 'ultrasound'];
const SORTS = ['created_at', 'updated_at', 'filename', 'status', 'file_size', 'processing_time_seconds'];

/** The name the user uploaded the file under; the storage key for a row without one. */
const shownName = (r: AdminReportRow) => r.original_filename || r.filename;

const all = (label: string) => ({ value: 'all', label });
const options = (values: string[]) => values.map((value) => ({ value, label: value }));

/** /admin/data/reports: figures, filters, the table with flag toggles, bulk delete and exports. */
export default function ReportListPage() {
  const { message } = App.useApp();
  const table = useAdminTable<AdminReportRow, (typeof FILTERS)[number]>({
    resource: 'reports',
    filters: FILTERS,
  });
  const statsQuery = useApiQuery(['report-stats'], (c) => c.adminReports.stats());
  const stats = statsQuery.data;
  const { mutateAsync: update } = useUpdate();
  const bulk = useBulkDelete({
    resource: 'reports',
    noun: 'report',
    failure: MESSAGES.delete,
    onDeleted: () => void statsQuery.refetch(),
  });
  const [flagging, setFlagging] = useState<number | null>(null);
  const [exporting, setExporting] = useState<'csv' | 'json' | null>(null);

  const toggleFlag = async (report: AdminReportRow) => {
    setFlagging(report.id);
    try {
      await update({
        resource: 'reports',
        id: report.id,
        values: { is_flagged: !report.is_flagged },
        successNotification: false,
        errorNotification: false,
      });
      void statsQuery.refetch();
    } catch {
      void message.error(MESSAGES.flag);
    } finally {
      setFlagging(null);
    }
  };

  const exportAs = async (format: 'csv' | 'json') => {
    setExporting(format);
    const filters: Record<string, string | undefined> = {
      status: table.filterValue('status'),
      report_type: table.filterValue('report_type'),
      is_flagged: table.filterValue('is_flagged'),
      ...(format === 'json' ? { include_analysis: 'true' } : {}),
    };
    try {
      await downloadFile(
        (c) =>
          format === 'json'
            ? c.adminReports.exportJson.raw({ query: filters })
            : c.adminReports.exportCsv.raw({ query: filters }),
        `reports_export_${todayStamp()}.${format}`,
      );
    } catch {
      void message.error(format === 'json' ? MESSAGES.exportJson : MESSAGES.exportCsv);
    } finally {
      setExporting(null);
    }
  };

  const columns: TableProps<AdminReportRow>['columns'] = [
    // The name the user uploaded, not the storage key (reports.filename) the list used to show;
    // the key stays on the detail page.
    {
      key: 'filename',
      title: 'Filename',
      ellipsis: true,
      render: (_, r) => <span title={r.filename}>{shownName(r)}</span>,
    },
    { key: 'user', title: 'User', render: (_, r) => r.user_email ?? '—' },
    {
      key: 'status',
      title: 'Status',
      dataIndex: 'status',
      render: (status: string) => <Badge tone={reportStatusTone(status)}>{status}</Badge>,
    },
    { key: 'file_type', title: 'Type', dataIndex: 'file_type', render: (v: string | null) => v ?? '—' },
    { key: 'file_size', title: 'Size', dataIndex: 'file_size', render: (v: number | null) => formatBytes(v) },
    {
      key: 'report_type',
      title: 'Report type',
      dataIndex: 'report_type',
      render: (v: string | null) => v || 'Unknown',
    },
    {
      key: 'confidence',
      title: 'Confidence',
      dataIndex: 'confidence_score',
      render: (v: number | null) => formatConfidence(v),
    },
    {
      key: 'processing',
      title: 'Processing',
      dataIndex: 'processing_time_seconds',
      render: (v: number | null) => formatDuration(v),
    },
    { key: 'created_at', title: 'Created', dataIndex: 'created_at', render: (v: string) => formatDate(v) },
    {
      key: 'actions',
      title: 'Actions',
      render: (_, report) => (
        <Space>
          <CanAccess resource="reports" action="edit">
            <Button
              size="small"
              icon={report.is_flagged ? <FlagFilled style={{ color: '#cf1322' }} /> : <FlagOutlined />}
              loading={flagging === report.id}
              onClick={() => void toggleFlag(report)}
              aria-label={`${report.is_flagged ? 'Unflag' : 'Flag'} ${shownName(report)}`}
              aria-pressed={report.is_flagged}
            >
              {report.is_flagged ? 'Unflag' : 'Flag'}
            </Button>
          </CanAccess>
          <Button
            size="small"
            icon={<ExportOutlined />}
            href={`${ADMIN_BASENAME}/reports/${report.id}`}
            target="_blank"
            rel="noopener"
            aria-label={`View ${shownName(report)}`}
          >
            View
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div>
      <PageHeader title="Reports">
        <Space wrap>
          <CanAccess resource="reports" action="export">
            <Button
              icon={<DownloadOutlined />}
              loading={exporting === 'csv'}
              onClick={() => void exportAs('csv')}
            >
              Export CSV
            </Button>
            <Button
              icon={<DownloadOutlined />}
              loading={exporting === 'json'}
              onClick={() => void exportAs('json')}
            >
              Export JSON
            </Button>
          </CanAccess>
          <DeleteSelectedButton resource="reports" count={bulk.selected.length} onClick={bulk.confirm} />
        </Space>
      </PageHeader>

      <StatCards
        loading={statsQuery.isLoading}
        cards={[
          { title: 'Total Reports', value: stats?.total_reports },
          { title: 'Flagged Reports', value: stats?.flagged_reports },
          { title: 'Avg Processing Time (s)', value: stats?.average_processing_time, precision: 1 },
          { title: 'Completed Today', value: stats?.status_breakdown?.completed ?? (stats ? 0 : undefined) },
        ]}
      />

      <FilterBar>
        <SearchBox
          placeholder="Search reports"
          label="Search reports"
          value={table.filterValue('search')}
          onSearch={(value) => table.setFilterValues({ search: value })}
          style={{ width: 260 }}
        />
        <FilterSelect
          table={table}
          name="status"
          label="Status"
          options={[all('All statuses'), ...options(STATUSES)]}
          width={150}
        />
        <FilterSelect
          table={table}
          name="report_type"
          label="Report type"
          options={[all('All types'), ...options(REPORT_TYPES)]}
          width={150}
        />
        <FilterSelect
          table={table}
          name="is_flagged"
          label="Flagged"
          options={[
            all('All'),
            { value: 'true', label: 'Flagged' },
            { value: 'false', label: 'Not flagged' },
          ]}
          width={130}
        />
        <SortSelects columns={SORTS} table={table} width={220} />
      </FilterBar>

      <LoadError failed={table.tableQuery.isError} message={MESSAGES.load} />
      <Table<AdminReportRow>
        {...table.tableProps}
        columns={columns}
        locale={{ emptyText: 'No reports found' }}
        rowSelection={rowSelection<AdminReportRow>(bulk.selected, bulk.setSelected, (report) =>
          shownName(report),
        )}
      />

      <BulkDeleteDialog
        open={bulk.confirming}
        allowSoft
        busy={bulk.busy}
        question={`Are you sure you want to delete ${bulk.selected.length} selected report(s)?`}
        onConfirm={(permanent) => void bulk.remove({ permanent })}
        onClose={bulk.close}
      />
    </div>
  );
}
