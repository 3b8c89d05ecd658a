import { Suspense, useState, type CSSProperties, type ReactNode } from 'react';
import { useGetIdentity, useLogout, useMenu } from '@refinedev/core';
import {
  App as AntApp,
  Button,
  ConfigProvider,
  Input,
  Layout,
  Menu,
  Tag,
  Typography,
  type MenuProps,
} from 'antd';
import {
  AuditOutlined,
  CommentOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  ExportOutlined,
  FileTextOutlined,
  LockOutlined,
  LogoutOutlined,
  MenuOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Link, Outlet, useLocation } from 'react-router';
import type { AdminMe } from '@reportsaathi/contracts/auth';
import { roleMay } from '../providers/access-control';
import { resourceOfPath, type IconKey } from '../providers/resources';
import { formatRole } from '../format';
import { ADMIN_THEME } from '../theme';
import { PageLoading } from './page-loading';
import { TwoFactorGate } from './two-factor-gate';

const ICONS: Record<IconKey, ReactNode> = {
  dashboard: <DashboardOutlined />,
  users: <UserOutlined />,
  reports: <FileTextOutlined />,
  chats: <CommentOutlined />,
  admins: <TeamOutlined />,
  audit: <AuditOutlined />,
  export: <ExportOutlined />,
  moderation: <SafetyCertificateOutlined />,
  settings: <SettingOutlined />,
  subscriptions: <CreditCardOutlined />,
  security: <LockOutlined />,
};

/** The guarded admin shell: 'Admin Portal' sidebar, top bar with search, welcome, role badge, Logout. */
export default function AdminLayout() {
  const { data: admin } = useGetIdentity<AdminMe | null>();
  const { mutate: logout, isPending: loggingOut } = useLogout();
  const { pathname } = useLocation();
  // Below antd's lg breakpoint the sidebar collapses and opens over the page from a
  // menu button in the top bar.
  const [narrow, setNarrow] = useState(false);
  const [open, setOpen] = useState(false);

  // The sidebar is Refine's menu (the resources, in their declared order), each item shown only
  // when the access-control rule lets the role list that resource.
  const { menuItems: resourceItems } = useMenu();
  const items = resourceItems.filter(
    (item) => item.route && !item.meta?.hide && roleMay(admin?.role, item.name, 'list'),
  );
  const menuItems: MenuProps['items'] = items.map((item) => ({
    key: item.name,
    icon: ICONS[item.meta?.iconKey as IconKey],
    label: <Link to={item.route ?? '/'}>{item.label}</Link>,
  }));
  const active = resourceOfPath(pathname)?.name;
  const selectedKeys = active ? [active] : [];
  const collapsed = narrow && !open;

  return (
    <ConfigProvider theme={ADMIN_THEME}>
      {/* antd's App gives pages message/modal hooks that follow this theme. */}
      <AntApp>
        <Layout style={{ minHeight: '100vh' }}>
          <Layout.Sider
            breakpoint="lg"
            collapsedWidth={0}
            collapsed={collapsed}
            trigger={null}
            onBreakpoint={(broken) => {
              setNarrow(broken);
              setOpen(false);
            }}
            width={232}
            theme="dark"
            aria-label="Admin navigation"
            style={narrow ? styles.overlaySider : undefined}
          >
            <div style={styles.brand}>Admin Portal</div>
            <nav>
              <Menu
                theme="dark"
                mode="inline"
                items={menuItems}
                selectedKeys={selectedKeys}
                onClick={() => setOpen(false)}
              />
            </nav>
          </Layout.Sider>
          {narrow && open && (
            <div style={styles.backdrop} onClick={() => setOpen(false)} aria-hidden="true" />
          )}
          <Layout>
            <Layout.Header style={styles.header}>
              <div style={styles.start}>
                {narrow && (
                  <Button
                    type="text"
                    icon={<MenuOutlined />}
                    aria-label="Open navigation"
                    aria-expanded={open}
                    onClick={() => setOpen((value) => !value)}
                  />
                )}
                <Input.Search
                  placeholder="Search..."
                  aria-label="Search"
                  allowClear
                  style={{ maxWidth: 320 }}
                  onSearch={() => undefined}
                />
              </div>
              <div style={styles.who}>
                <Typography.Text data-testid="admin-welcome">
                  Welcome, {admin?.full_name || admin?.username || ''}
                </Typography.Text>
                <Tag color="blue" data-testid="admin-role-badge" style={{ marginInlineEnd: 0 }}>
                  {formatRole(admin?.role)}
                </Tag>
                <Link to="/security" aria-label="Account security">
                  <LockOutlined /> Security
                </Link>
                <Button icon={<LogoutOutlined />} loading={loggingOut} onClick={() => logout()}>
                  Logout
                </Button>
              </div>
            </Layout.Header>
            <Layout.Content style={styles.content}>
              <TwoFactorGate />
              <Suspense fallback={<PageLoading />}>
                <Outlet />
              </Suspense>
            </Layout.Content>
          </Layout>
        </Layout>
      </AntApp>
    </ConfigProvider>
  );
}

const styles = {
  brand: {
    color: '#fff',
    fontSize: 18,
    fontWeight: 600,
    padding: '20px 24px',
    whiteSpace: 'nowrap',
  },
  header: {
    background: '#fff',
    padding: '12px 24px',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: 12,
    flexWrap: 'wrap',
    height: 'auto',
    minHeight: 64,
    lineHeight: 'normal',
    borderBottom: '1px solid #f0f0f0',
  },
  start: { display: 'flex', alignItems: 'center', gap: 8, flex: '1 1 200px', minWidth: 0 },
  overlaySider: { position: 'fixed', top: 0, bottom: 0, left: 0, zIndex: 1001, overflowY: 'auto' },
  backdrop: { position: 'fixed', inset: 0, zIndex: 1000, background: 'rgba(0, 0, 0, 0.45)' },
  who: { display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' },
  content: { padding: 24 },
} satisfies Record<string, CSSProperties>;
