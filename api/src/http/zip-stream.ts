import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';

/**
 * A ZIP file written as a stream (decision 077): each entry's bytes are compressed by Node's own
 * zlib (native code, in the thread pool) as they arrive, with a data descriptor after them, so no
 * entry is ever held whole and its size and CRC-32 need not be known up front. The central
 * directory at the end lists every entry; ZIP64 records are added when an entry, an offset or
 * the directory passes 4 GiB (or 65,535 entries), so the archive has no size limit.
 *
 * It replaced jszip's generateNodeStream for the bulk export: jszip compresses in JavaScript
 * (pako) and passes every chunk through its own worker chain, which cost more CPU than reading
 * and formatting the rows.
 */

export interface ZipEntry {
  /** Path inside the archive (UTF-8). */
  name: string;
  /** The entry's bytes, read when the writer reaches this entry (so a later entry may depend on earlier ones). */
  data: () => AsyncIterable<Buffer | string>;
}

export interface ZipOptions {
  /** DEFLATE level 0–9 (1: most of the saving on text for little CPU). 0 stores the bytes as they are. */
  level?: number;
  /** Write ZIP64 records even when nothing needs them (tests reach that code without 4 GiB of data). */
  forceZip64?: boolean;
  /** Entry timestamps (default: now). */
  date?: Date;
}

const U32_MAX = 0xffffffff;
const U16_MAX = 0xffff;
/** General purpose flags: bit 3, sizes and CRC in a data descriptor after the data; bit 11, UTF-8 names. */
const FLAGS = 0x0008 | 0x0800;
const VERSION = 20;
const VERSION_ZIP64 = 45;

interface Written {
  name: Buffer;
  method: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/** MS-DOS time and date fields (local time, 2-second steps), as ZIP stores them. */
function dosDateTime(d: Date): { time: number; date: number } {
  const year = Math.max(1980, d.getFullYear());
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

function localHeader(name: Buffer, method: number, dt: { time: number; date: number }): Buffer {
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(VERSION, 4);
  h.writeUInt16LE(FLAGS, 6);
  h.writeUInt16LE(method, 8);
  h.writeUInt16LE(dt.time, 10);
  h.writeUInt16LE(dt.date, 12);
  // CRC-32 and sizes (14–25) stay 0: they follow the data in the descriptor.
  h.writeUInt16LE(name.length, 26);
  h.writeUInt16LE(0, 28);
  return Buffer.concat([h, name]);
}

function dataDescriptor(e: Written, zip64: boolean): Buffer {
  if (!zip64) {
    const d = Buffer.alloc(16);
    d.writeUInt32LE(0x08074b50, 0);
    d.writeUInt32LE(e.crc, 4);
    d.writeUInt32LE(e.compressed, 8);
    d.writeUInt32LE(e.size, 12);
    return d;
  }
  const d = Buffer.alloc(24);
  d.writeUInt32LE(0x08074b50, 0);
  d.writeUInt32LE(e.crc, 4);
  d.writeBigUInt64LE(BigInt(e.compressed), 8);
  d.writeBigUInt64LE(BigInt(e.size), 16);
  return d;
}

function centralHeader(e: Written, dt: { time: number; date: number }, force: boolean): Buffer {
  const zip64 = force || e.size >= U32_MAX || e.compressed >= U32_MAX || e.offset >= U32_MAX;
  const extra = Buffer.alloc(zip64 ? 28 : 0);
  if (zip64) {
    // All three fields: their 32-bit places below say 0xFFFFFFFF.
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(24, 2);
    extra.writeBigUInt64LE(BigInt(e.size), 4);
    extra.writeBigUInt64LE(BigInt(e.compressed), 12);
    extra.writeBigUInt64LE(BigInt(e.offset), 20);
  }
  const h = Buffer.alloc(46);
  h.writeUInt32LE(0x02014b50, 0);
  h.writeUInt16LE(zip64 ? VERSION_ZIP64 : VERSION, 4);
  h.writeUInt16LE(zip64 ? VERSION_ZIP64 : VERSION, 6);
  h.writeUInt16LE(FLAGS, 8);
  h.writeUInt16LE(e.method, 10);
  h.writeUInt16LE(dt.time, 12);
  h.writeUInt16LE(dt.date, 14);
  h.writeUInt32LE(e.crc, 16);
  h.writeUInt32LE(zip64 ? U32_MAX : e.compressed, 20);
  h.writeUInt32LE(zip64 ? U32_MAX : e.size, 24);
  h.writeUInt16LE(e.name.length, 28);
  h.writeUInt16LE(extra.length, 30);
  // comment length, disk number, internal and external attributes: 0
  h.writeUInt32LE(zip64 ? U32_MAX : e.offset, 42);
  return Buffer.concat([h, e.name, extra]);
}

function endRecords(count: number, cdOffset: number, cdSize: number, force: boolean): Buffer {
  const zip64 = force || count >= U16_MAX || cdOffset >= U32_MAX || cdSize >= U32_MAX;
  const parts: Buffer[] = [];
  if (zip64) {
    const rec = Buffer.alloc(56);
    rec.writeUInt32LE(0x06064b50, 0);
    rec.writeBigUInt64LE(44n, 4); // size of the rest of this record
    rec.writeUInt16LE(VERSION_ZIP64, 12);
    rec.writeUInt16LE(VERSION_ZIP64, 14);
    // this disk, the directory's disk: 0
    rec.writeBigUInt64LE(BigInt(count), 24);
    rec.writeBigUInt64LE(BigInt(count), 32);
    rec.writeBigUInt64LE(BigInt(cdSize), 40);
    rec.writeBigUInt64LE(BigInt(cdOffset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(cdOffset + cdSize), 8); // where the ZIP64 end record starts
    locator.writeUInt32LE(1, 16);
    parts.push(rec, locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(zip64 ? U16_MAX : count, 8);
  end.writeUInt16LE(zip64 ? U16_MAX : count, 10);
  end.writeUInt32LE(zip64 ? U32_MAX : cdSize, 12);
  end.writeUInt32LE(zip64 ? U32_MAX : cdOffset, 16);
  parts.push(end);
  return Buffer.concat(parts);
}

/**
 * Writes a ZIP of `entries`, in order, through `write` (which resolves when the sink can take
 * more: the writer never runs ahead of the client). Rejects, and stops reading the entries, if
 * `write` or an entry's data fails.
 */
export async function writeZip(
  entries: Iterable<ZipEntry>,
  write: (chunk: Buffer) => Promise<void>,
  options: ZipOptions = {},
): Promise<void> {
  const level = options.level ?? 1;
  const method = level === 0 ? 0 : 8;
  const dt = dosDateTime(options.date ?? new Date());
  const force = options.forceZip64 ?? false;
  const written: Written[] = [];
  let offset = 0;
  const out = async (chunk: Buffer) => {
    offset += chunk.length;
    await write(chunk);
  };

  for (const entry of entries) {
    const e: Written = {
      name: Buffer.from(entry.name, 'utf8'),
      method,
      crc: 0,
      compressed: 0,
      size: 0,
      offset,
    };
    await out(localHeader(e.name, method, dt));
    async function* raw() {
      for await (const piece of entry.data()) {
        const buf = typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece;
        if (buf.length === 0) continue;
        e.crc = zlib.crc32(buf, e.crc);
        e.size += buf.length;
        yield buf;
      }
    }
    let sinkError: unknown;
    async function sink(source: AsyncIterable<Buffer>) {
      try {
        for await (const chunk of source) {
          e.compressed += chunk.length;
          await out(chunk);
        }
      } catch (err) {
        sinkError ??= err;
        throw err;
      }
    }
    if (method === 0) await sink(raw());
    else
      await pipeline(
        Readable.from(raw(), { objectMode: false }),
        zlib.createDeflateRaw({ level }),
        sink,
      ).catch((err: unknown) => {
        // pipeline reports its own abort; the sink's error (a closed client) says why.
        throw sinkError ?? err;
      });
    await out(dataDescriptor(e, force || e.size >= U32_MAX || e.compressed >= U32_MAX));
    written.push(e);
  }

  const cdOffset = offset;
  for (const e of written) await out(centralHeader(e, dt, force));
  await out(endRecords(written.length, cdOffset, offset - cdOffset, force));
}
