import ipaddr from 'ipaddr.js';
import type { DB } from '@reportsaathi/db';

/**
 * IP rules for the admin portal and admin API. A block rule that matches refuses the address;
 * when any allow rule exists, only addresses matching an allow rule get through. IPv4 and IPv6
 * both; an IPv4 address seen as ::ffff:a.b.c.d is matched as IPv4.
 */
export interface IpRule {
  ip_cidr: string;
  kind: 'allow' | 'block';
}
export type IpDecision = 'ok' | 'blocked' | 'not_allowed';

/** A CIDR range (or a single address) normalised to its network, or null when it is not one. */
export function normaliseCidr(input: string): string | null {
  const text = input.trim();
  try {
    if (!text.includes('/')) {
      if (!ipaddr.isValid(text)) return null;
      const addr = ipaddr.process(text);
      return `${addr.toString()}/${addr.kind() === 'ipv4' ? 32 : 128}`;
    }
    if (!ipaddr.isValidCIDR(text)) return null;
    const [addr, bits] = ipaddr.parseCIDR(text);
    const network =
      addr.kind() === 'ipv4'
        ? ipaddr.IPv4.networkAddressFromCIDR(text)
        : ipaddr.IPv6.networkAddressFromCIDR(text);
    return `${network.toString()}/${bits}`;
  } catch {
    return null;
  }
}

function matches(ip: string, cidr: string): boolean {
  try {
    const addr = ipaddr.process(ip);
    const [range, bits] = ipaddr.parseCIDR(cidr);
    return addr.kind() === range.kind() && addr.match(range, bits);
  } catch {
    return false;
  }
}

export function decide(ip: string | null, rules: readonly IpRule[]): IpDecision {
  if (rules.length === 0) return 'ok';
  if (ip && rules.some((r) => r.kind === 'block' && matches(ip, r.ip_cidr))) return 'blocked';
  const allows = rules.filter((r) => r.kind === 'allow');
  if (allows.length && !(ip && allows.some((r) => matches(ip, r.ip_cidr)))) return 'not_allowed';
  return 'ok';
}

/** The rules in force now: active and not past their expiry. */
export function liveIpRules(db: DB) {
  return db
    .selectFrom('ip_restrictions')
    .select(['id', 'ip_cidr', 'kind'])
    .where('is_active', '=', true)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
    .execute();
}
