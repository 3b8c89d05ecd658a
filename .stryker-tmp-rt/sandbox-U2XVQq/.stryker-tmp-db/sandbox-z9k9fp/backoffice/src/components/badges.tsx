// @ts-nocheck
// 
import type { CSSProperties } from 'react';
import { Tag } from 'antd';

/**
 * Coloured badges. antd's preset colours put green-7/gold-7 text on a pale background, which is
 * under the 4.5:1 contrast the admin screens keep; these use the darkest shade of each colour.
 */
export const TONES = {
  green: { color: '#135200', background: '#f6ffed', borderColor: '#b7eb8f' },
  yellow: { color: '#613400', background: '#fffbe6', borderColor: '#ffe58f' },
  red: { color: '#820014', background: '#fff1f0', borderColor: '#ffa39e' },
  blue: { color: '#002c8c', background: '#e6f4ff', borderColor: '#91caff' },
  orange: { color: '#612500', background: '#fff7e6', borderColor: '#ffd591' },
  purple: { color: '#22075e', background: '#f9f0ff', borderColor: '#d3adf7' },
  grey: { color: '#262626', background: '#fafafa', borderColor: '#d9d9d9' },
} satisfies Record<string, CSSProperties>;

export type Tone = keyof typeof TONES;

export function Badge({ tone, children, testId }: { tone: Tone; children: string; testId?: string }) {
  return (
    <Tag style={{ ...TONES[tone], marginInlineEnd: 0 }} data-testid={testId}>
      {children}
    </Tag>
  );
}

/** A user's account state: Inactive if not active, Unverified if active but not verified, else Active. */
export function userStatus(user: { is_active: boolean; is_verified: boolean }): {
  label: string;
  tone: Tone;
} {
  if (!user.is_active) return { label: 'Inactive', tone: 'red' };
  if (!user.is_verified) return { label: 'Unverified', tone: 'yellow' };
  return { label: 'Active', tone: 'green' };
}

/** Report status: green completed, yellow processing or pending, red failed, grey otherwise. */
export function reportStatusTone(status: string): Tone {
  if (status === 'completed') return 'green';
  if (status === 'processing' || status === 'pending') return 'yellow';
  if (status === 'failed') return 'red';
  return 'grey';
}

/** A chat's user feedback: helpful green, not_helpful red, irrelevant yellow. */
export function feedbackTone(feedback: string): Tone {
  if (feedback === 'helpful') return 'green';
  if (feedback === 'not_helpful') return 'red';
  if (feedback === 'irrelevant') return 'yellow';
  return 'grey';
}
