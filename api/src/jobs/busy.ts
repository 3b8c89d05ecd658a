import os from 'node:os';

/**
 * When the machine is too busy for an analysis's time limits to mean anything (decision 216).
 * The limits bound a hung or hostile file; a file that reached one while the run queue held more
 * than BUSY_FACTOR tasks per core mostly waited for the CPU. Such an attempt is put back in the
 * queue after a wait (DEFER_SECONDS, doubling, at most MAX_DEFER_SECONDS), without spending one of
 * its tries, at most MAX_DEFERRALS times (about an hour and a half in all); after that the limits
 * count as usual, so a hostile file on a machine that stays loaded still fails in the end.
 */
export const BUSY_FACTOR = 2;
export const MAX_DEFERRALS = 12;
const DEFER_SECONDS = 30;
const MAX_DEFER_SECONDS = 600;

/**
 * The load average of the last minute, per core, against `factor` (BUSY_FACTOR unless the host
 * sets ANALYSIS_BUSY_LOAD_PER_CORE; 0 means never busy, so every limit counts).
 */
export function machineBusy(
  load = os.loadavg()[0],
  cores = os.availableParallelism(),
  factor = BUSY_FACTOR,
): boolean {
  return factor > 0 && load >= factor * cores;
}

/** The wait before the next try of an analysis put back `deferrals` times already. */
export function deferSeconds(deferrals: number): number {
  return Math.min(MAX_DEFER_SECONDS, DEFER_SECONDS * 2 ** deferrals);
}
