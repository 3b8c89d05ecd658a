import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeText, detectFileKind } from './sniff';

describe('detectFileKind', () => {
  it('decides by magic numbers', () => {
    expect(detectFileKind(Buffer.from('%PDF-1.7\n...'))).toBe('pdf');
    expect(detectFileKind(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe('png');
    expect(detectFileKind(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('jpg');
    expect(detectFileKind(Buffer.from('Haemoglobin 13.5 g/dL 13.0 - 17.0\n'))).toBe('txt');
  });

  it('refuses empty and binary data', () => {
    expect(detectFileKind(Buffer.alloc(0))).toBeNull();
    expect(detectFileKind(randomBytes(4096))).toBeNull();
    expect(detectFileKind(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0, 1, 2, 3]))).toBeNull(); // zip
  });
});

describe('decodeText', () => {
  const text = 'Haemoglobin : 13.5 g/dL (13.0 – 17.0) µIU/mL';

  it('reads UTF-8, with or without BOM', () => {
    expect(decodeText(Buffer.from(text, 'utf8'))).toBe(text);
    expect(decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]))).toBe(
      text,
    );
  });

  it('reads UTF-16 LE and BE with a BOM', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect(decodeText(le)).toBe(text);
    const be = Buffer.from(Buffer.from(text, 'utf16le')).swap16();
    expect(decodeText(Buffer.concat([Buffer.from([0xfe, 0xff]), be]))).toBe(text);
  });

  it('falls back to Latin-1 for 8-bit text', () => {
    expect(decodeText(Buffer.from('Bio. Réf. Interval 13.0 - 17.0 µg/dL', 'latin1'))).toBe(
      'Bio. Réf. Interval 13.0 - 17.0 µg/dL',
    );
  });

  it('rejects text with binary garbage in it', () => {
    const garbage = Buffer.concat([Buffer.from('Haemoglobin 13.5\n'), randomBytes(2000)]);
    expect(decodeText(garbage)).toBeNull();
  });
});
