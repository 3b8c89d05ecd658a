/**
 * Native work in flight on the extraction thread: ONNX Runtime's inference (the second reader,
 * extract/second-reader/pp-ocr.ts) runs on the runtime's own threads while the JS thread awaits
 * it. Terminating the worker thread then (its time bound passed, the analysis was cancelled)
 * makes onnxruntime-node throw at the thread's teardown, which aborts the whole process
 * ('terminate called after throwing an instance of Napi::Error'). So the thread counts its runs
 * in memory shared with its parent, and the parent terminates it only once none is in flight
 * (run/bounded.ts). A run takes milliseconds; the wait is bounded all the same.
 */
let inFlight: Int32Array | null = null;

/** On the thread: count runs in this shared memory (the parent holds the same buffer). */
export function countNativeWorkIn(buffer: SharedArrayBuffer | undefined): void {
  inFlight = buffer ? new Int32Array(buffer) : null;
}

/** On the thread: runs `work`, counted as native work in flight while it runs. */
export async function nativeWork<T>(work: () => Promise<T>): Promise<T> {
  if (inFlight) Atomics.add(inFlight, 0, 1);
  try {
    return await work();
  } finally {
    if (inFlight) Atomics.sub(inFlight, 0, 1);
  }
}

/** In the parent: a buffer to share with a new thread. */
export function nativeWorkBuffer(): SharedArrayBuffer {
  return new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
}

/** Longest the parent waits for native work to end before terminating a thread regardless. */
const MOST_WAIT_MS = 10_000;

/** In the parent: resolves once no native work is in flight on the thread (or the wait is over). */
export async function nativeWorkDone(buffer: SharedArrayBuffer, mostMs = MOST_WAIT_MS): Promise<void> {
  const count = new Int32Array(buffer);
  const until = Date.now() + mostMs;
  while (Atomics.load(count, 0) > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
}
