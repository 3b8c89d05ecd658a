import { useState, type CSSProperties, type ReactNode } from 'react';
import { useGetIdentity, useLogout } from '@refinedev/core';
import { Button, Input, Layout, Menu, Tag, Typography, type MenuProps } from 'antd';
import {
  AuditOutlined,
  CommentOutlined,
  DashboardOutlined,
  ExportOutlined,
  FileTextOutlined,
  LogoutOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Link, Outlet, useLocation } from 'react-router';
import type { AdminMe } from '@reportsaathi/contracts/auth';
import { roleCan } from '../providers/access-control';
import { ADMIN_BASENAME, ADMIN_NAV, isActivePath, type AdminNavItem } from '../providers/resources';
import { formatRole } from '../format';

const ICONS: Record<AdminNavItem['icon'], ReactNode> = {
  dashboard: <DashboardOutlined />,
  users: <UserOutlined />,
  reports: <FileTextOutlined />,
  chats: <CommentOutlined />,
  admins: <TeamOutlined />,
  audit: <AuditOutlined />,
  export: <ExportOutlined />,
  moderation: <SafetyCertificateOutlined />,
  settings: <SettingOutlined />,
};

/** Sidebar items the role may see: each item only with its permission (SPEC §2 'Admin layout'). */
export function visibleNav(role: string | null | undefined): AdminNavItem[] {
  return ADMIN_NAV.filter((item) => roleCan(role, item.permission ? [item.permission] : []));
}

/** The guarded admin shell: 'Admin Portal' sidebar, top bar with search, welcome, role badge, Logout. */
export default function AdminLayout() {
  const { data: admin } = useGetIdentity<AdminMe | null>();
  const { mutate: logout, isPending: loggingOut } = useLogout();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(false);

  const fullPath = `${ADMIN_BASENAME}${pathname}`;
  const items = visibleNav(admin?.role);
  const menuItems: MenuProps['items'] = items.map((item) => ({
    key: item.name,
    icon: ICONS[item.icon],
    label: <Link to={item.path}>{item.label}</Link>,
  }));
  const selectedKeys = items.filter((item) => isActivePath(fullPath, item)).map((item) => item.name);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        breakpoint="lg"
        collapsedWidth={0}
        collapsed={collapsed}
        onCollapse={setCollapsed}
        width={232}
        theme="dark"
        aria-label="Admin navigation"
      >
        <div style={styles.brand}>Admin Portal</div>
        <nav>
          <Menu theme="dark" mode="inline" items={menuItems} selectedKeys={selectedKeys} />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header style={styles.header}>
          <Input.Search
            placeholder="Search..."
            aria-label="Search"
            allowClear
            style={{ maxWidth: 320, flex: '1 1 160px' }}
            onSearch={() => undefined}
          />
          <div style={styles.who}>
            <Typography.Text data-testid="admin-welcome">
              Welcome, {admin?.full_name || admin?.username || ''}
            </Typography.Text>
            <Tag color="blue" data-testid="admin-role-badge" style={{ marginInlineEnd: 0 }}>
              {formatRole(admin?.role)}
            </Tag>
            <Button icon={<LogoutOutlined />} loading={loggingOut} onClick={() => logout()}>
              Logout
            </Button>
          </div>
        </Layout.Header>
        <Layout.Content style={styles.content}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
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
    padding: '0 24px',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: 16,
    flexWrap: 'wrap',
    height: 'auto',
    minHeight: 64,
    lineHeight: '64px',
    borderBottom: '1px solid #f0f0f0',
  },
  who: { display: 'flex', alignItems: 'center', gap: 12, lineHeight: 'normal' },
  content: { padding: 24 },
} satisfies Record<string, CSSProperties>;
