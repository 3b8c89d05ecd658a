import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { treeCpuSeconds } from './process-cpu';

/** Runs a child node that spins for `ms` of its own CPU time; resolves once it has been reaped. */
function burn(ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [
      '-e',
      `const t = process.cpuUsage(); while ((process.cpuUsage(t).user + process.cpuUsage(t).system) / 1000 < ${ms}) {}`,
    ]);
    child.once('error', reject);
    child.once('exit', () => resolve());
  });
}

describe('treeCpuSeconds', () => {
  it('counts a child that has exited, through the parent reaping it', async () => {
    const before = treeCpuSeconds(process.pid);
    if (process.platform !== 'linux') {
      expect(before).toBeNull();
      return;
    }
    await burn(400);
    const after = treeCpuSeconds(process.pid)!;
    // The child's 0.4 s of its own, and more: node's start-up is CPU too.
    expect(after - before!).toBeGreaterThanOrEqual(0.35);
  });

  it('is null for a process that does not exist', () => {
    // pid_max is at most 2^22 on Linux.
    const none = treeCpuSeconds(2 ** 23);
    expect(none === null || none === 0).toBe(true);
  });
});
