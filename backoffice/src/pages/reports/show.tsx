import { useState } from 'react';
import { CanAccess, useDelete, useOne, useUpdate } from '@refinedev/core';
import { App, Button, Card, Col, Descriptions, Input, Modal, Radio, Row, Space, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useNavigate, useParams } from 'react-router';
import type { AdminReportDetail } from '../../admin-types';
import { Badge, reportStatusTone } from '../../components/badges';
import { DetailFallback } from '../../components/detail-fallback';
import { formatBytes, formatConfidence, formatDateTime, formatDuration } from '../../format';

export const MESSAGES = {
  load: 'Failed to fetch report details',
  notes: 'Failed to save admin notes',
  delete: 'Failed to delete report',
  flag: 'Failed to update report flag',
};

const PREVIEW_LENGTH = 50;

function preview(text: string): string {
  return text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH)}…` : text;
}

/** /admin/reports/:id: one report for staff, with flag, notes and delete. */
export default function ReportShowPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { query, result: report } = useOne<AdminReportDetail>({
    resource: 'reports',
    id: id ?? '',
    errorNotification: false,
    queryOptions: { enabled: Boolean(id) },
  });
  const { mutateAsync: update, mutation: updating } = useUpdate();
  const { mutateAsync: remove, mutation: removing } = useDelete();
  const [notes, setNotes] = useState<string | null>(null);
  const [deleteMode, setDeleteMode] = useState<'soft' | 'permanent' | null>(null);

  const backToReports = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/data/reports')}>
      Back to Reports
    </Button>
  );

  if (query.isLoading || query.isError || !report)
    return (
      <DetailFallback
        noun="Report"
        loading={query.isLoading}
        notFound={query.error?.statusCode === 404}
        loadError={MESSAGES.load}
        back={backToReports}
      />
    );

  const patch = async (values: Record<string, unknown>, failure: string) => {
    try {
      await update({
        resource: 'reports',
        id: report.id,
        values,
        successNotification: false,
        errorNotification: false,
      });
      return true;
    } catch {
      void message.error(failure);
      return false;
    }
  };

  const saveNotes = async () => {
    if (notes === null) return;
    if (await patch({ admin_notes: notes }, MESSAGES.notes)) {
      void message.success('Admin notes saved');
      setNotes(null);
    }
  };

  const confirmDelete = async () => {
    if (!deleteMode) return;
    try {
      await remove({
        resource: 'reports',
        id: report.id,
        values: { permanent: deleteMode === 'permanent' },
        successNotification: false,
        errorNotification: false,
      });
      void message.success('Report deleted');
      navigate('/data/reports');
    } catch {
      void message.error(MESSAGES.delete);
    }
  };

  const user = report.user;
  return (
    <div>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Space wrap>
          {backToReports}
          <Typography.Title level={2} style={{ margin: 0 }}>
            {report.filename}
          </Typography.Title>
          {report.is_flagged && (
            <Badge tone="red" testId="report-flagged">
              Flagged
            </Badge>
          )}
        </Space>
        <Space wrap>
          <CanAccess resource="reports" action="edit">
            <Button
              loading={updating.isPending && notes === null}
              onClick={() => void patch({ is_flagged: !report.is_flagged }, MESSAGES.flag)}
            >
              {report.is_flagged ? 'Unflag Report' : 'Flag Report'}
            </Button>
          </CanAccess>
          <CanAccess resource="reports" action="delete">
            <Button danger onClick={() => setDeleteMode('soft')}>
              Soft Delete
            </Button>
            <Button danger type="primary" onClick={() => setDeleteMode('permanent')}>
              Permanent Delete
            </Button>
          </CanAccess>
        </Space>
      </Space>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card title="Basic Information" size="small">
            <Descriptions column={1} size="small">
              <Descriptions.Item label="Filename">{report.filename}</Descriptions.Item>
              <Descriptions.Item label="Original filename">
                {report.original_filename ?? '—'}
              </Descriptions.Item>
              <Descriptions.Item label="File type">{report.file_type ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="Size">{formatBytes(report.file_size)}</Descriptions.Item>
              <Descriptions.Item label="Status">
                <Badge tone={reportStatusTone(report.status)}>{report.status}</Badge>
              </Descriptions.Item>
              <Descriptions.Item label="Report type">{report.report_type || 'Unknown'}</Descriptions.Item>
              <Descriptions.Item label="Confidence score">
                {formatConfidence(report.confidence_score)}
              </Descriptions.Item>
              <Descriptions.Item label="AI model version">{report.ai_model_version ?? '—'}</Descriptions.Item>
            </Descriptions>
          </Card>

          <Card title="Processing Information" size="small" style={{ marginTop: 16 }}>
            <Descriptions column={1} size="small">
              <Descriptions.Item label="Started">
                {formatDateTime(report.processing_started_at)}
              </Descriptions.Item>
              <Descriptions.Item label="Completed">
                {formatDateTime(report.processing_completed_at)}
              </Descriptions.Item>
              <Descriptions.Item label="Processing time">
                {formatDuration(report.processing_time_seconds)}
              </Descriptions.Item>
            </Descriptions>
          </Card>

          {report.summary ? (
            <Card title="Analysis Results" size="small" style={{ marginTop: 16 }}>
              <Typography.Title level={5}>Summary</Typography.Title>
              <Typography.Paragraph>{report.summary}</Typography.Paragraph>
              {report.key_findings && report.key_findings.length > 0 && (
                <>
                  <Typography.Title level={5}>Key findings</Typography.Title>
                  <ul>
                    {report.key_findings.map((finding, index) => (
                      <li key={index}>{finding}</li>
                    ))}
                  </ul>
                </>
              )}
              {report.recommendations && report.recommendations.length > 0 && (
                <>
                  <Typography.Title level={5}>Recommendations</Typography.Title>
                  <ul>
                    {report.recommendations.map((item, index) => (
                      <li key={index}>{item}</li>
                    ))}
                  </ul>
                </>
              )}
            </Card>
          ) : null}

          <Card
            title="Admin Notes"
            size="small"
            style={{ marginTop: 16 }}
            extra={
              notes === null ? (
                <CanAccess resource="reports" action="edit">
                  <Button size="small" onClick={() => setNotes(report.admin_notes ?? '')}>
                    Edit
                  </Button>
                </CanAccess>
              ) : null
            }
          >
            {notes === null ? (
              <Typography.Paragraph
                style={{ whiteSpace: 'pre-wrap', margin: 0 }}
                data-testid="report-admin-notes"
              >
                {report.admin_notes || 'No admin notes.'}
              </Typography.Paragraph>
            ) : (
              <Space direction="vertical" style={{ width: '100%' }}>
                <Input.TextArea
                  aria-label="Admin notes"
                  rows={4}
                  value={notes}
                  maxLength={5000}
                  onChange={(event) => setNotes(event.target.value)}
                />
                <Space>
                  <Button type="primary" loading={updating.isPending} onClick={() => void saveNotes()}>
                    Save
                  </Button>
                  <Button onClick={() => setNotes(null)}>Cancel</Button>
                </Space>
              </Space>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title="User Information" size="small">
            <Descriptions column={1} size="small">
              <Descriptions.Item label="Email">{user?.email ?? report.user_email ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="Full name">{user?.full_name || '—'}</Descriptions.Item>
              <Descriptions.Item label="User since">{formatDateTime(user?.created_at)}</Descriptions.Item>
            </Descriptions>
          </Card>
          <Card title="Timestamps" size="small" style={{ marginTop: 16 }}>
            <Descriptions column={1} size="small">
              <Descriptions.Item label="Created">{formatDateTime(report.created_at)}</Descriptions.Item>
              <Descriptions.Item label="Last updated">{formatDateTime(report.updated_at)}</Descriptions.Item>
              <Descriptions.Item label="Reviewed">
                {formatDateTime(report.reviewed_at, 'Not reviewed')}
              </Descriptions.Item>
            </Descriptions>
          </Card>
          <Card title="Chat Summary" size="small" style={{ marginTop: 16 }}>
            <Typography.Paragraph>
              Chats: <strong data-testid="report-chat-count">{report.chat_count ?? 0}</strong>
            </Typography.Paragraph>
            {(report.recent_chats ?? []).slice(0, 3).map((chat) => (
              <Typography.Paragraph key={chat.id} style={{ marginBottom: 8 }}>
                <Typography.Text type="secondary">{formatDateTime(chat.created_at)}</Typography.Text>
                <br />
                {preview(chat.message)}
              </Typography.Paragraph>
            ))}
            <Link to={`/data/chats?report_id=${report.id}`}>View All Chats</Link>
          </Card>
        </Col>
      </Row>

      <Modal
        open={deleteMode !== null}
        title="Delete report"
        okText="Delete"
        okButtonProps={{ danger: true, loading: removing.isPending }}
        onOk={() => void confirmDelete()}
        onCancel={() => setDeleteMode(null)}
      >
        <Typography.Paragraph>Delete this report permanently, or mark it as deleted?</Typography.Paragraph>
        <Radio.Group
          value={deleteMode}
          onChange={(event) => setDeleteMode(event.target.value as 'soft' | 'permanent')}
        >
          <Space direction="vertical">
            <Radio value="soft">Soft delete (mark as deleted)</Radio>
            <Radio value="permanent">Permanent delete (cannot be undone)</Radio>
          </Space>
        </Radio.Group>
      </Modal>
    </div>
  );
}
