// @ts-nocheck
import type { ReactNode } from 'react';
import { useCan, useGetIdentity } from '@refinedev/core';
import type { AdminMe } from '@reportsaathi/contracts/auth';
import { findResource } from '../providers/resources';
import { AccessDenied } from './access-denied';
import { PageLoading } from './page-loading';

/**
 * Renders its children only when the admin may take the action on the resource (the
 * accessControlProvider decides, from the contracts role table); otherwise Access Denied with the
 * role, and the screen's own refusal text where it has one.
 */
export default function PermissionGuard({
  resource,
  action,
  children,
}: {
  resource: string;
  action: string;
  children: ReactNode;
}) {
  const { data: admin } = useGetIdentity<AdminMe | null>();
  const { data, isLoading } = useCan({ resource, action });
  if (isLoading) return <PageLoading />;
  if (!data?.can) return <AccessDenied role={admin?.role} message={findResource(resource)?.deniedMessage} />;
  return <>{children}</>;
}
