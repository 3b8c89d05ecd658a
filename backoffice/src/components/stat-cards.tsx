import { Card, Col, Row, Statistic } from 'antd';

export interface StatCard {
  title: string;
  /** A figure, or a short text (the most active admin's e-mail). */
  value: number | string | null | undefined;
  suffix?: string;
  precision?: number;
}

/** A row of figures; a figure the API did not send shows a dash. */
export function StatCards({ cards, loading }: { cards: StatCard[]; loading?: boolean }) {
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {cards.map((card) => {
        const known =
          (typeof card.value === 'number' && Number.isFinite(card.value)) ||
          (typeof card.value === 'string' && card.value !== '');
        return (
          <Col xs={12} lg={6} key={card.title}>
            <Card size="small" loading={loading}>
              <Statistic
                title={card.title}
                // A long text (an e-mail address) wraps inside its card rather than past the page.
                valueStyle={typeof card.value === 'string' ? { overflowWrap: 'anywhere' } : undefined}
                value={known ? (card.value as number | string) : '—'}
                precision={known ? card.precision : undefined}
                suffix={known ? card.suffix : undefined}
              />
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
