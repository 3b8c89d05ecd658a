import { afterEach, describe, expect, it } from 'vitest';
import { countNativeWorkIn, nativeWork, nativeWorkBuffer, nativeWorkDone } from './native-work';

// The extraction thread is terminated only once no ONNX Runtime run is in flight on it: terminated
// during one, onnxruntime-node aborts the whole process (native-work.ts).
describe('native work in flight on the extraction thread', () => {
  afterEach(() => countNativeWorkIn(undefined));

  it('is waited for before the thread may be terminated, and no longer', async () => {
    const buffer = nativeWorkBuffer();
    countNativeWorkIn(buffer);
    let release!: () => void;
    const run = nativeWork(() => new Promise<void>((resolve) => (release = resolve)));
    let done = false;
    const waited = nativeWorkDone(buffer).then(() => (done = true));
    await new Promise((r) => setTimeout(r, 60));
    expect(done).toBe(false);
    release();
    await run;
    await waited;
    expect(done).toBe(true);
  });

  it('is counted out when the run fails, and the wait is bounded', async () => {
    const buffer = nativeWorkBuffer();
    countNativeWorkIn(buffer);
    await expect(nativeWork(() => Promise.reject(new Error('model')))).rejects.toThrow('model');
    const started = Date.now();
    await nativeWorkDone(buffer);
    expect(Date.now() - started).toBeLessThan(50);
    const stuck = nativeWork(() => new Promise<void>(() => undefined));
    const bounded = Date.now();
    await nativeWorkDone(buffer, 100);
    expect(Date.now() - bounded).toBeGreaterThanOrEqual(90);
    void stuck;
  });
});
