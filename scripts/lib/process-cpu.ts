import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU seconds (user + system) spent by a process and everything it started, read from Linux's
 * /proc (decision 263): the browser journeys print it per journey, so a slow journey says whether
 * it was busy (the browser rendering, the product analysing) or waiting (a timer, a poll, a
 * machine shared with other work). Dead descendants count too: a process that exits is added to
 * its parent's child times once reaped (Chromium's renderers by its zygote). Elsewhere than Linux
 * there is no /proc, and the figure is null.
 */
const TICKS_PER_SECOND = 100; // USER_HZ: the unit of /proc/<pid>/stat's times on every Linux

function children(pid: number): number[] {
  // A child belongs to the thread that started it: Chromium starts its helpers from a launcher
  // thread, so every thread's list is read.
  let threads: string[];
  try {
    threads = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  return threads.flatMap((tid) => {
    try {
      return readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
    } catch {
      return [];
    }
  });
}

/** utime + stime + cutime + cstime of one process, in ticks; 0 when it has gone. */
function ticks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0);
  } catch {
    return 0;
  }
}

/** CPU seconds of `pid` and all its descendants so far, or null without /proc. */
export function treeCpuSeconds(pid: number): number | null {
  if (process.platform !== 'linux') return null;
  let total = 0;
  const seen = new Set<number>();
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop()!;
    if (seen.has(p)) continue;
    seen.add(p);
    total += ticks(p);
    stack.push(...children(p));
  }
  return total / TICKS_PER_SECOND;
}
