import type { ReactNode } from 'react';
import { useCan, useGetIdentity } from '@refinedev/core';
import type { AdminMe } from '@reportsaathi/contracts/auth';
import { AccessDenied } from './access-denied';
import { PageLoading } from './page-loading';

/**
 * Renders its children only when the admin may view the resource (the accessControlProvider
 * decides, from the contracts role table); otherwise SPEC §2's Access Denied with the role.
 */
export default function PermissionGuard({ resource, children }: { resource: string; children: ReactNode }) {
  const { data: admin } = useGetIdentity<AdminMe | null>();
  const { data, isLoading } = useCan({ resource, action: 'list' });
  if (isLoading) return <PageLoading />;
  if (!data?.can) return <AccessDenied role={admin?.role} />;
  return <>{children}</>;
}
