// @ts-nocheck
import { Button, Result, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { formatRole } from '../format';

const DENIED_AREA = "You don't have permission to access this area.";

/**
 * What an admin lacking a required permission sees: 'Access Denied', the refusal, the current
 * role and Go Back. A screen with its own refusal text (users) shows it instead of the general one.
 */
export function AccessDenied({ role, message }: { role: string | null | undefined; message?: string }) {
  const navigate = useNavigate();
  const goBack = () => {
    // With no page to return to (the denied page was opened directly), go to the dashboard.
    if (window.history.length > 1) navigate(-1);
    else navigate('/dashboard', { replace: true });
  };
  return (
    <Result
      status="403"
      title="Access Denied"
      subTitle={
        <>
          <Typography.Paragraph style={{ marginBottom: 4 }}>{message ?? DENIED_AREA}</Typography.Paragraph>
          <Typography.Text type="secondary">
            Your role: <strong data-testid="access-denied-role">{formatRole(role) || 'UNKNOWN'}</strong>
          </Typography.Text>
        </>
      }
      extra={
        <Button type="primary" onClick={goBack}>
          Go Back
        </Button>
      }
    />
  );
}

export default AccessDenied;
