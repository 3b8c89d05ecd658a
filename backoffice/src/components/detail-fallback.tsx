import type { ReactNode } from 'react';
import { Alert, Result, Spin } from 'antd';

/**
 * What an admin detail screen (a report, a user) shows instead of its record: a spinner while it
 * loads, 'Report Not Found' when there is no such record, else the load error; the latter two with
 * the screen's way back.
 */
export function DetailFallback({
  noun,
  loading,
  notFound,
  loadError,
  back,
}: {
  /** 'Report', 'User'. */
  noun: string;
  loading: boolean;
  notFound: boolean;
  loadError: string;
  back: ReactNode;
}) {
  if (loading)
    return <Spin aria-label={`Loading ${noun.toLowerCase()}`} style={{ display: 'block', margin: 48 }} />;
  if (notFound)
    return (
      <Result
        status="404"
        title={`${noun} Not Found`}
        subTitle={`The requested ${noun.toLowerCase()} could not be found.`}
        extra={back}
      />
    );
  return (
    <div>
      <Alert type="error" showIcon role="alert" message={loadError} style={{ marginBottom: 16 }} />
      {back}
    </div>
  );
}
