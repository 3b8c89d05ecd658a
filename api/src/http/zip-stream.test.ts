import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { writeZip, type ZipEntry } from './zip-stream';

/** Runs writeZip into one buffer, recording each write's size (the writer's chunks). */
async function zipOf(entries: ZipEntry[], options: Parameters<typeof writeZip>[2] = {}) {
  const chunks: Buffer[] = [];
  await writeZip(
    entries,
    async (c) => {
      chunks.push(c);
    },
    options,
  );
  return Buffer.concat(chunks);
}

async function* pieces(...parts: (string | Buffer)[]) {
  for (const p of parts) yield p;
}

/** Text of every entry, read back by jszip with CRC-32 checking on. */
async function unzipAll(bytes: Buffer): Promise<Record<string, string>> {
  const zip = await JSZip.loadAsync(bytes, { checkCRC32: true });
  const out: Record<string, string> = {};
  for (const name of Object.keys(zip.files)) out[name] = await zip.file(name)!.async('string');
  return out;
}

const big = Array.from({ length: 20_000 }, (_, i) => `${i},user${i}@example.com,"Asha, Iyer"\r\n`).join('');

describe('writeZip', () => {
  it('writes entries that a ZIP reader opens with their CRC-32 and bytes intact, in order', async () => {
    const bytes = await zipOf([
      { name: 'users_2026-11-22.csv', data: () => pieces('id,email\r\n', big) },
      { name: 'हिन्दी.txt', data: () => pieces(Buffer.from('नमस्ते 🙂'), '', 'end') },
      { name: 'empty.csv', data: () => pieces() },
    ]);
    const files = await unzipAll(bytes);
    expect(Object.keys(files)).toEqual(['users_2026-11-22.csv', 'हिन्दी.txt', 'empty.csv']);
    expect(files['users_2026-11-22.csv']).toBe(`id,email\r\n${big}`);
    expect(files['हिन्दी.txt']).toBe('नमस्ते 🙂end');
    expect(files['empty.csv']).toBe('');
    // DEFLATE did compress: the repetitive CSV is far smaller than its text.
    expect(bytes.length).toBeLessThan(big.length / 3);
  });

  it('stores without compression at level 0, and writes ZIP64 records a reader accepts', async () => {
    for (const options of [{ level: 0 }, { forceZip64: true }, { level: 0, forceZip64: true }]) {
      const bytes = await zipOf(
        [
          { name: 'a.csv', data: () => pieces(big) },
          { name: 'b.json', data: () => pieces('[]') },
        ],
        options,
      );
      expect(await unzipAll(bytes), JSON.stringify(options)).toEqual({ 'a.csv': big, 'b.json': '[]' });
      if (options.level === 0) expect(bytes.length).toBeGreaterThan(big.length);
      // The ZIP64 end record's signature is there exactly when asked for.
      expect(bytes.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(!!options.forceZip64);
    }
  });

  it('passes the test of the Info-ZIP unzip, when the machine has it', async () => {
    if (!existsSync('/usr/bin/unzip')) return;
    const dir = mkdtempSync(path.join(os.tmpdir(), 'zip-stream-'));
    try {
      for (const [i, options] of [{}, { forceZip64: true }].entries()) {
        const file = path.join(dir, `t${i}.zip`);
        writeFileSync(file, await zipOf([{ name: 'a.csv', data: () => pieces(big) }], options));
        expect(execFileSync('/usr/bin/unzip', ['-tq', file]).toString()).toMatch(/No errors detected/);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads an entry only when it gets there, so a later entry can use what earlier ones wrote', async () => {
    let firstDone = false;
    const bytes = await zipOf([
      {
        name: 'first.txt',
        data: async function* () {
          yield 'one';
          firstDone = true;
        },
      },
      {
        name: 'second.txt',
        data: async function* () {
          yield `first done: ${firstDone}`;
        },
      },
    ]);
    expect(await unzipAll(bytes)).toEqual({ 'first.txt': 'one', 'second.txt': 'first done: true' });
  });

  it('stops reading and rejects when the sink fails (a client that went away)', async () => {
    let read = 0;
    async function* endless() {
      for (;;) {
        read++;
        yield big;
      }
    }
    let writes = 0;
    await expect(
      writeZip([{ name: 'a.csv', data: endless }], async () => {
        if (++writes > 3) throw new Error('client closed the download');
      }),
    ).rejects.toThrow('client closed the download');
    const after = read;
    await new Promise((r) => setTimeout(r, 20));
    expect(read).toBe(after);
    expect(read).toBeLessThan(50);
  });

  it('rejects when an entry fails, and writes nothing of the entries after it', async () => {
    const names: string[] = [];
    await expect(
      writeZip(
        [
          {
            name: 'bad.csv',
            data: async function* () {
              yield 'x';
              throw new Error('database gone');
            },
          },
          {
            name: 'never.csv',
            data: async function* () {
              names.push('never');
              yield 'y';
            },
          },
        ],
        async () => undefined,
      ),
    ).rejects.toThrow('database gone');
    expect(names).toEqual([]);
  });
});
