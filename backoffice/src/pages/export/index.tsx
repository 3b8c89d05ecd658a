import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Descriptions,
  Input,
  Radio,
  Row,
  Space,
  Spin,
  Typography,
} from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { EXPORT_MESSAGES, type ExportFormat, type ExportType } from '@reportsaathi/contracts/admin-ops';
import { apiCall } from '../../providers/api-call';
import { fileOf } from '@reportsaathi/contracts/client';
import { saveBlob } from '../../providers/http';
import { todayStamp } from '../../format';
import { useApiQuery } from '../../hooks/use-api-query';

export const MESSAGES = {
  load: 'Failed to load export options',
  export: 'Failed to export data',
};

const COUNT = new Intl.NumberFormat('en-IN');

/**
 * /admin/export: choose data types (with their live record counts), a format, the sensitive toggle
 * and an optional date range; the export downloads as one ZIP (decision 074).
 */
export default function BulkExportPage() {
  const { message } = App.useApp();
  const query = useApiQuery(['export-options'], (c) => c.adminExport.options());
  const options = query.data;
  const [types, setTypes] = useState<ExportType[]>([]);
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [sensitive, setSensitive] = useState(false);
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [exporting, setExporting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const all = options?.available_types ?? [];
  const allSelected = all.length > 0 && types.length === all.length;
  const estimated = all.filter((t) => types.includes(t.value)).reduce((n, t) => n + t.count, 0);

  const toggle = (type: ExportType, on: boolean) =>
    setTypes((current) => (on ? [...current, type] : current.filter((t) => t !== type)));

  const run = async () => {
    setError(null);
    if (types.length === 0) {
      setError(EXPORT_MESSAGES.noTypes);
      return;
    }
    setExporting(true);
    try {
      // In the order the options list them, so the ZIP's files follow the screen.
      const chosen = all.map((t) => t.value).filter((t) => types.includes(t));
      const file = await apiCall((c) =>
        c.adminExport.bulkExport
          .raw({
            body: {
              export_types: chosen,
              format,
              include_sensitive: sensitive,
              start_date: startDate || null,
              end_date: endDate || null,
            },
          })
          .then((res) => fileOf(res)),
      );
      saveBlob(file.blob, file.filename !== 'download' ? file.filename : `bulk_export_${todayStamp()}.zip`);
      void message.success('Export downloaded');
    } catch (e) {
      const detail = e && typeof e === 'object' && 'message' in e ? String(e.message) : '';
      setError(detail ? `${MESSAGES.export}: ${detail}` : MESSAGES.export);
    } finally {
      setExporting(false);
    }
  };

  if (query.isLoading)
    return (
      <Space direction="vertical" align="center" style={{ width: '100%', padding: 48 }}>
        <Spin />
        <Typography.Text>Loading export options...</Typography.Text>
      </Space>
    );
  if (query.isError || !options) return <Alert type="error" showIcon role="alert" message={MESSAGES.load} />;

  return (
    <div>
      <Typography.Title level={2}>Bulk Export</Typography.Title>
      <Typography.Paragraph type="secondary">
        Export platform data for backup, analysis or audit.
      </Typography.Paragraph>
      {error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={error}
          closable
          onClose={() => setError(null)}
          style={{ marginBottom: 16 }}
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <Card
            title="Data Types"
            size="small"
            extra={
              <Button size="small" onClick={() => setTypes(allSelected ? [] : all.map((t) => t.value))}>
                {allSelected ? 'Deselect All' : 'Select All'}
              </Button>
            }
            style={{ marginBottom: 16 }}
          >
            <Row gutter={[12, 12]}>
              {all.map((t) => (
                <Col xs={24} sm={12} key={t.value}>
                  <Card size="small" hoverable onClick={() => toggle(t.value, !types.includes(t.value))}>
                    <Checkbox
                      checked={types.includes(t.value)}
                      onClick={(event) => event.stopPropagation()}
                      onChange={(event) => toggle(t.value, event.target.checked)}
                    >
                      <Typography.Text strong>{t.label}</Typography.Text>
                    </Checkbox>
                    <div>
                      <Typography.Text type="secondary" data-testid={`count-${t.value}`}>
                        {COUNT.format(t.count)} records
                      </Typography.Text>
                    </div>
                  </Card>
                </Col>
              ))}
            </Row>
          </Card>

          <Card title="Export Format" size="small" style={{ marginBottom: 16 }}>
            <Radio.Group value={format} onChange={(event) => setFormat(event.target.value as ExportFormat)}>
              <Space direction="vertical">
                {options.available_formats.map((f) => (
                  <Radio value={f.value} key={f.value}>
                    <Typography.Text strong>{f.label}</Typography.Text>
                    <Typography.Text type="secondary"> — {f.description}</Typography.Text>
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </Card>

          <Card title="Options" size="small" style={{ marginBottom: 16 }}>
            <Space direction="vertical" style={{ width: '100%' }}>
              <Checkbox checked={sensitive} onChange={(event) => setSensitive(event.target.checked)}>
                <Typography.Text strong>Include Sensitive Data</Typography.Text>
                <div>
                  <Typography.Text type="secondary">
                    Include full chat responses and detailed analysis results
                  </Typography.Text>
                </div>
              </Checkbox>
              <Space wrap>
                <label>
                  Start Date{' '}
                  <Input
                    type="date"
                    aria-label="Start Date"
                    value={startDate}
                    onChange={(event) => setStartDate(event.target.value)}
                    style={{ width: 170 }}
                  />
                </label>
                <label>
                  End Date{' '}
                  <Input
                    type="date"
                    aria-label="End Date"
                    value={endDate}
                    onChange={(event) => setEndDate(event.target.value)}
                    style={{ width: 170 }}
                  />
                </label>
              </Space>
            </Space>
          </Card>
        </Col>

        <Col xs={24} lg={8}>
          <Card title="Export Summary" size="small" style={{ marginBottom: 16 }}>
            <Descriptions column={1} size="small">
              <Descriptions.Item label="Selected types">
                <span data-testid="summary-types">{types.length}</span>
              </Descriptions.Item>
              <Descriptions.Item label="Estimated records">
                <span data-testid="summary-records">{COUNT.format(estimated)}</span>
              </Descriptions.Item>
              <Descriptions.Item label="Format">{format.toUpperCase()}</Descriptions.Item>
              <Descriptions.Item label="Sensitive data">
                {sensitive ? 'Included' : 'Excluded'}
              </Descriptions.Item>
              <Descriptions.Item label="Date range">
                {startDate || 'Beginning'} to {endDate || 'Present'}
              </Descriptions.Item>
            </Descriptions>
            <Button
              type="primary"
              block
              icon={<DownloadOutlined />}
              disabled={types.length === 0 || exporting}
              loading={exporting}
              onClick={() => void run()}
              style={{ marginTop: 12 }}
            >
              {exporting ? 'Exporting...' : 'Export Data'}
            </Button>
          </Card>
          <Card title="Instructions" size="small">
            <ul style={{ paddingInlineStart: 18, margin: 0 }}>
              <li>CSV suits spreadsheets (Excel, Google Sheets).</li>
              <li>JSON suits development and other systems.</li>
              <li>The export downloads as a ZIP file with one file per data type.</li>
              <li>
                Metadata (who exported, when, filters, counts and checksums) and timestamps are included for
                audit.
              </li>
            </ul>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
