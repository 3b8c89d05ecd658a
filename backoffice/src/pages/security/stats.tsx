import { useState } from 'react';
import { Alert, Card, Col, Row, Select, Space, Statistic, Typography } from 'antd';
import type { SecurityStats } from '@reportsaathi/contracts/security';
import { errorMessage } from '../../format';
import { useApiQuery } from '../../hooks/use-api-query';

const DAY_OPTIONS = [1, 7, 14, 30, 90].map((d) => ({
  value: d,
  label: d === 1 ? 'Last day' : `Last ${d} days`,
}));

/** Security figures for the last N days and a chart of sign-ins per day (plain SVG, no chart library). */
export function StatsTab() {
  const [days, setDays] = useState(7);
  const query = useApiQuery(['security-stats', days], (c) => c.adminSecurity.stats({ query: { days } }));
  const s = query.data;

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Select
        aria-label="Period"
        value={days}
        options={DAY_OPTIONS}
        onChange={setDays}
        style={{ width: 160 }}
      />
      {query.isError && <Alert type="error" showIcon message={errorMessage(query.error)} />}
      {s && (
        <>
          <Row gutter={[16, 16]}>
            <Figure title="Security events" value={s.total_events} />
            <Figure title="Sign-in attempts" value={s.login_attempts.total} />
            <Figure title="Failed sign-ins" value={s.login_attempts.failed} />
            <Figure title="Accounts locked" value={s.locked_accounts} />
            <Figure title="Blocked requests" value={s.blocked_requests} />
            <Figure title="Active IP rules" value={s.active_ip_rules} />
            <Figure title="Admins with 2FA" value={`${s.admins_with_2fa} / ${s.admins_total}`} />
          </Row>
          <Card title="Sign-ins per day">
            <DailyChart daily={s.daily} />
          </Card>
          <Card title="Events by type">
            {Object.keys(s.events_by_type).length === 0 ? (
              <Typography.Text type="secondary">No events in this period.</Typography.Text>
            ) : (
              <ul>
                {Object.entries(s.events_by_type)
                  .sort((a, b) => b[1] - a[1])
                  .map(([type, n]) => (
                    <li key={type}>
                      {type.replace(/_/g, ' ')}: <strong>{n}</strong>
                    </li>
                  ))}
              </ul>
            )}
          </Card>
        </>
      )}
    </Space>
  );
}

function Figure({ title, value }: { title: string; value: number | string }) {
  return (
    <Col xs={12} md={8} lg={6}>
      <Card size="small">
        <Statistic title={title} value={value} />
      </Card>
    </Col>
  );
}

const GREEN = '#237804';
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
const RED = '#a8071a';

/** Grouped bars (successful, failed) per day; the table under it says the same for screen readers. */
function DailyChart({ daily }: { daily: SecurityStats['daily'] }) {
  if (daily.length === 0)
    return <Typography.Text type="secondary">No sign-ins in this period.</Typography.Text>;
  const max = Math.max(1, ...daily.map((d) => Math.max(d.failed_logins, d.successful_logins)));
  const H = 160;
  const slot = 28;
  const width = Math.max(320, daily.length * slot + 40);
  const bar = (n: number) => Math.round((n / max) * H);
  return (
    <div style={{ overflowX: 'auto' }}>
      <svg width={width} height={H + 40} role="img" aria-label="Successful and failed sign-ins per day">
        <line x1={30} x2={width} y1={H + 5} y2={H + 5} stroke="#d9d9d9" />
        <text x={0} y={15} fontSize={11}>
          {max}
        </text>
        {daily.map((d, i) => {
          const x = 34 + i * slot;
          return (
            <g key={d.date}>
              <rect
                x={x}
                y={H + 5 - bar(d.successful_logins)}
                width={10}
                height={bar(d.successful_logins)}
                fill={GREEN}
              />
              <rect
                x={x + 11}
                y={H + 5 - bar(d.failed_logins)}
                width={10}
                height={bar(d.failed_logins)}
                fill={RED}
              />
              {(i % Math.ceil(daily.length / 10) === 0 || i === daily.length - 1) && (
                <text x={x} y={H + 22} fontSize={10}>
                  {d.date.slice(5)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <Space>
        <Swatch color={GREEN} label="successful" />
        <Swatch color={RED} label="failed" />
      </Space>
      <table style={VISUALLY_HIDDEN}>
        <caption>Sign-ins per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Successful</th>
            <th scope="col">Failed</th>
          </tr>
        </thead>
        <tbody>
          {daily.map((d) => (
            <tr key={d.date}>
              <td>{d.date}</td>
              <td>{d.successful_logins}</td>
              <td>{d.failed_logins}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A legend entry: a drawn square (not a text glyph) and the word in the page's text colour. */
function Swatch({ color, label }: { color: string; label: string }) {
  return (
    <span>
      <svg width={10} height={10} aria-hidden="true" style={{ marginInlineEnd: 4 }}>
        <rect width={10} height={10} fill={color} />
      </svg>
      {label}
    </span>
  );
}
