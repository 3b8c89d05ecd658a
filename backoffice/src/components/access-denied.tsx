import { Button, Result, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { formatRole } from '../format';

/** SPEC §2 Guards: what an admin lacking a required permission sees. */
export function AccessDenied({ role }: { role: string | null | undefined }) {
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
          <Typography.Paragraph style={{ marginBottom: 4 }}>
            You don&apos;t have permission to access this area.
          </Typography.Paragraph>
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
