import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time (user + system, ms) used so far by a process and all its descendants, with what their
 * reaped children used: the product's node process and its embedded PostgreSQL with its backends
 * (which leave the process group: each PostgreSQL child calls setsid, so they are found by parent,
 * not by group). Wall-clock times on a shared machine measure the other tenants too; the difference
 * of two readings around N requests, divided by N, is what one request cost the product. Linux only
 * (/proc); null elsewhere.
 */
export function treeCpuMs(rootPid: number): number | null {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return null;
  }
  const parent = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const name of entries) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // gone since the listing
    }
    // The fields after the command name, which is in parentheses and may hold spaces: f[1] is the
    // parent (field 4); utime, stime, cutime, cstime are fields 14–17.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    parent.set(Number(name), Number(f[1]));
    ticks.set(Number(name), Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]));
  }
  const inTree = (pid: number): boolean => {
    for (let p: number | undefined = pid; p !== undefined && p > 1; p = parent.get(p))
      if (p === rootPid) return true;
    return false;
  };
  let sum = 0;
  for (const [pid, t] of ticks) if (inTree(pid)) sum += t;
  // Linux reports these in clock ticks of 1/100 s (USER_HZ) on every architecture Node runs on.
  return sum * 10;
}
