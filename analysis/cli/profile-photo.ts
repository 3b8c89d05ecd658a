/**
 * Where a photo's analysis spends its CPU, stage by stage (decision 268).
 *   npx tsx analysis/cli/profile-photo.ts <photo or folder>... [--match REGEX]
 * Per photo: the CPU of the whole analysis as the product runs it (analyzeDocument: its extraction
 * thread, tesseract's worker and ONNX Runtime are threads of this process, so process.cpuUsage
 * counts them all), then the same steps run here one by one: the image's preparation (sharp), the
 * page's OCR (tesseract), the second reader's recognitions (PP-OCR: calls and crops), cutting the
 * crops, the engine's analyses of the text, a weak photo's second whole reading (photo-reading.ts),
 * and the fresh OCR worker started after each file (extract/ocr.ts renewOcrWorkers). CPU seconds,
 * not wall time: the machine is shared. Run it with the server's allocator settings
 * (MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072, as `npm run bench:analysis` does).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { analysisConfigFromEnv, analyzeDocument, configureAnalysis, shutdownAnalysis } from '../src/index';
import { analyzeLines } from '../src/engine';
import { capLines } from '../src/extract/caps';
import { prepareImage } from '../src/extract/image';
import { imageText, type ExtractedText } from '../src/extract/index';
import { recognize, renewOcrWorkers } from '../src/extract/ocr';
import { ppOcr } from '../src/extract/second-reader/pp-ocr';
import type { CropReader } from '../src/extract/second-reader/reader';
import { detectFileKind } from '../src/extract/sniff';
import { secondReadingBetter, weakPhotoReading } from '../src/photo-reading';
import type { AnalysisResult } from '../src/types';
import { analyseWithTwoReaders } from '../src/verify/photo-pass';

const STAGES = ['prepare', 'tesseract', 'ppocr', 'crops', 'engine', 'second', 'renew'] as const;
type Stage = (typeof STAGES)[number];
interface Profile {
  ms: Record<Stage, number>;
  ppCalls: number;
  crops: number;
  engineCalls: number;
}

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const s = (ms: number) => (ms / 1000).toFixed(2);

/** One reading of the photo, as the extraction thread does it, its stages timed. */
async function readOnce(
  bytes: Buffer,
  photoFix: boolean | undefined,
  p: Profile,
): Promise<{ text: ExtractedText; result: AnalysisResult }> {
  const kind = detectFileKind(bytes);
  if (kind !== 'png' && kind !== 'jpg') throw new Error('not a PNG or JPEG');
  let c = cpuMs();
  const image = await prepareImage(bytes, { photoFix });
  p.ms.prepare += cpuMs() - c;
  c = cpuMs();
  const ocr = await recognize(image.png, undefined, image.angle, image.ink);
  p.ms.tesseract += cpuMs() - c;
  const text = imageText(kind, bytes, image, ocr);
  let engine = 0;
  let recognition = 0;
  const reader: CropReader = {
    name: ppOcr.name,
    readCrops: async (crops) => {
      const c0 = cpuMs();
      const out = await ppOcr.readCrops(crops);
      recognition += cpuMs() - c0;
      p.ppCalls++;
      p.crops += crops.length;
      return out;
    },
  };
  c = cpuMs();
  const result = await analyseWithTwoReaders(text, 'en', {
    analyse: (t, language, options) => {
      const c0 = cpuMs();
      const r = analyzeLines(capLines(t), language, options);
      engine += cpuMs() - c0;
      p.engineCalls++;
      return r;
    },
    secondReader: true,
    reader,
  });
  const pass = cpuMs() - c;
  p.ms.engine += engine;
  p.ms.ppocr += recognition;
  p.ms.crops += pass - engine - recognition;
  return { text, result };
}

function photos(args: string[]): string[] {
  const at = args.indexOf('--match');
  const match = at >= 0 ? new RegExp(args[at + 1]) : null;
  const paths = args.filter((a, i) => a !== '--match' && args[i - 1] !== '--match');
  return paths
    .flatMap((p) =>
      statSync(p).isDirectory()
        ? readdirSync(p)
            .sort()
            .map((f) => path.join(p, f))
        : [p],
    )
    .filter((f) => /\.(png|jpe?g)$/i.test(f) && (!match || match.test(path.basename(f))));
}

async function main(): Promise<void> {
  configureAnalysis(analysisConfigFromEnv(process.env));
  const files = photos(process.argv.slice(2));
  if (!files.length) throw new Error('usage: profile-photo.ts <photo or folder>... [--match REGEX]');
  const sum: Record<string, number> = {};
  for (const file of files) {
    const bytes = readFileSync(file);
    await sleep(300);
    let c = cpuMs();
    const t0 = performance.now();
    try {
      await analyzeDocument(
        { bytes, filename: path.basename(file), language: 'en' },
        { extractTimeoutMs: 900_000 },
      );
    } catch (err) {
      console.log(`${path.basename(file)}: ${String(err)}`);
      continue;
    }
    const wall = performance.now() - t0;
    // The fresh OCR worker the extraction thread starts after the file is the file's cost too.
    await sleep(1500);
    const whole = cpuMs() - c;
    const p: Profile = {
      ms: Object.fromEntries(STAGES.map((k) => [k, 0])) as Record<Stage, number>,
      ppCalls: 0,
      crops: 0,
      engineCalls: 0,
    };
    c = cpuMs();
    const first = await readOnce(bytes, undefined, p);
    const weak = weakPhotoReading(first.text, first.result);
    let kept = 'first';
    if (weak) {
      const again: Profile = { ...p, ms: { ...p.ms }, ppCalls: 0, crops: 0, engineCalls: 0 };
      const c2 = cpuMs();
      const second = await readOnce(bytes, !first.text.photoFixed, again);
      p.ms.second = cpuMs() - c2;
      if (secondReadingBetter(first.result, second.result)) kept = 'second';
    }
    const staged = cpuMs() - c;
    c = cpuMs();
    renewOcrWorkers();
    await sleep(1500);
    p.ms.renew = cpuMs() - c;
    for (const k of STAGES) sum[k] = (sum[k] ?? 0) + p.ms[k];
    sum.whole = (sum.whole ?? 0) + whole;
    console.log(
      `${path.basename(file).padEnd(26)} whole ${s(whole)} s CPU (${s(wall)} s wall) | staged ${s(staged)}: ` +
        `prepare ${s(p.ms.prepare)}, tesseract ${s(p.ms.tesseract)}, PP-OCR ${s(p.ms.ppocr)} (${p.ppCalls} calls, ${p.crops} crops), ` +
        `crops cut ${s(p.ms.crops)}, engine ${s(p.ms.engine)} (${p.engineCalls} analyses), ` +
        `${weak ? `weak: second reading ${s(p.ms.second)} (${kept} kept)` : 'not weak'}, renew ${s(p.ms.renew)}` +
        ` [OCR confidence ${first.text.ocrConfidence?.toFixed(2)}, cleaned up ${first.text.photoFixed}]`,
    );
  }
  console.log(
    `All ${files.length}: whole ${s(sum.whole ?? 0)} s CPU; ${STAGES.map((k) => `${k} ${s(sum[k] ?? 0)}`).join(', ')}`,
  );
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => shutdownAnalysis());
