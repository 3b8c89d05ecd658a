// @ts-nocheck
import { Result } from 'antd';
import { useLocation } from 'react-router';
import { resourceOfPath } from '../providers/resources';

/** Every /admin/* screen not built yet: a placeholder saying it comes in a later session. */
export default function PlaceholderPage() {
  const { pathname } = useLocation();
  const item = resourceOfPath(pathname);
  return (
    <Result
      status="info"
      title={item?.label ?? 'Coming soon'}
      subTitle="This feature will be implemented in future sessions."
    />
  );
}
