import { useCan } from '@refinedev/core';
import { Alert, Tabs, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { AttemptsTab } from './attempts';
import { EventsTab } from './events';
import { IpRulesTab } from './ip-rules';
import { OwnAccountTab } from './own-account';
import { StatsTab } from './stats';

/**
 * /admin/security (decision 082). The admin's own 2FA, password and sessions for everyone; the
 * record (events, sign-in attempts, figures) with view_audit_logs; the IP rules with
 * view_system_settings (changing them: manage_system_settings). Each tab is shown only when the
 * access-control rule of its resource allows it; the API checks the same permissions again.
 * The open tab is in the URL (?tab=), so a reload or a shared link keeps it.
 */
export default function SecurityPage() {
  const [params, setParams] = useSearchParams();
  const { data: canRecord } = useCan({ resource: 'security-events', action: 'list' });
  const { data: canRules } = useCan({ resource: 'ip-rules', action: 'list' });
  const required = params.get('required') === '1';

  const items = [
    { key: 'account', label: 'My account', children: <OwnAccountTab /> },
    ...(canRecord?.can
      ? [
          { key: 'events', label: 'Security events', children: <EventsTab /> },
          { key: 'attempts', label: 'Login attempts', children: <AttemptsTab /> },
          { key: 'stats', label: 'Statistics', children: <StatsTab /> },
        ]
      : []),
    ...(canRules?.can ? [{ key: 'ip-rules', label: 'IP rules', children: <IpRulesTab /> }] : []),
  ];
  const asked = params.get('tab') ?? 'account';
  const active = items.some((i) => i.key === asked) ? asked : 'account';

  return (
    <div>
      <Typography.Title level={2}>Security</Typography.Title>
      <Typography.Paragraph type="secondary">
        Two-factor sign-in, sessions, sign-in records and who may reach the admin portal.
      </Typography.Paragraph>
      {required && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message="Two-factor authentication is required"
          description="A super admin requires two-factor sign-in for every admin. Set it up below to use the rest of the portal."
        />
      )}
      <Tabs
        activeKey={active}
        items={items}
        destroyInactiveTabPane
        onChange={(key) =>
          setParams((p) => {
            const next = new URLSearchParams(p);
            next.set('tab', key);
            next.delete('page');
            return next;
          })
        }
      />
    </div>
  );
}
