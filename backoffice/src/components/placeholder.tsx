import { Result } from 'antd';
import { useLocation } from 'react-router';
import { ADMIN_BASENAME, ADMIN_NAV, isActivePath } from '../providers/resources';

/** Every /admin/* screen not built yet (SPEC §2 route table, 'Other /admin/*'). */
export default function PlaceholderPage() {
  const { pathname } = useLocation();
  const item = ADMIN_NAV.find((nav) => isActivePath(`${ADMIN_BASENAME}${pathname}`, nav));
  return (
    <Result
      status="info"
      title={item?.label ?? 'Coming soon'}
      subTitle="This feature will be implemented in future sessions."
    />
  );
}
