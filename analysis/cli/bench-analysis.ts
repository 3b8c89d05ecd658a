/**
 * Speed and memory of the analysis engine on the development corpus.
 *   npm run bench:analysis [-- --runs 3]
 * Per format: files/s, p50 and p95 latency (sequential, after one warm-up analysis per format so
 * that OCR worker start-up and PDF library loading are not counted), then peak RSS while two
 * analyses run at once over the whole corpus. Targets: TXT and text PDF p95 < 300 ms,
 * images p95 < 6 s, peak RSS < 400 MB. 'photo*' times the eval's generated phone photos, which a
 * weak first reading sends through a second OCR pass (decision 049).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzeDocument, shutdownAnalysis, analysisConfigFromEnv, configureAnalysis } from '../src/index';
import { loadFixtures, type Fixture } from '../src/eval/fixtures';
import { renderShape, SHAPES, sourceFixtures } from '../src/eval/layouts';
import { linesToImage } from '../src/eval/render';
import { IMAGE_SHAPES as PHOTO_SHAPES, pickForPhotos } from '../src/eval/shapes';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Math.max(1, Number(process.argv[runsArg + 1]) || 1) : 3;

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 20);

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)];
}

async function analyse(fx: Fixture): Promise<number> {
  const bytes = readFileSync(fx.path);
  const t0 = performance.now();
  try {
    await analyzeDocument({ bytes, filename: fx.file, language: 'en' });
  } catch {
    // Bad files still cost time; they count like any other.
  }
  return performance.now() - t0;
}

async function analyseBytes(bytes: Buffer, filename: string): Promise<number> {
  const t0 = performance.now();
  try {
    await analyzeDocument({ bytes, filename, language: 'en' });
  } catch {
    // counted like any other
  }
  return performance.now() - t0;
}

/** The eval's photographed shapes (eval/shapes.ts), rendered once into `dir`. */
async function renderPhotos(dir: string): Promise<void> {
  const sources = pickForPhotos(sourceFixtures(loadFixtures()), 2);
  let n = 0;
  for (const [index, shape] of SHAPES.entries()) {
    if (!PHOTO_SHAPES.has(shape.id)) continue;
    for (const src of sources) {
      const bytes = await linesToImage(renderShape(src, shape, index), 'photo');
      writeFileSync(path.join(dir, `photo_${String(n++).padStart(2, '0')}.jpg`), bytes);
    }
  }
}

/**
 * The generated photos, rendered by a child process: the generator (a canvas, fonts) is not the
 * engine, and what it leaves in this process's memory would be counted in the engine's peak RSS.
 */
function generatedPhotos(): Buffer[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-photos-'));
  try {
    const child = spawnSync(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), '--render-photos', dir],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    if (child.status !== 0) throw new Error(`rendering the generated photos failed (${child.status})`);
    return readdirSync(dir)
      .sort()
      .map((f) => readFileSync(path.join(dir, f)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  // The package reads no environment itself: the CLI, like the API, passes in its own (config.ts).
  configureAnalysis(analysisConfigFromEnv(process.env));
  const fixtures = loadFixtures();
  const formats = ['txt', 'pdf', 'png', 'jpg'] as const;
  console.log(`Corpus: ${fixtures.length} files; ${RUNS} timed run(s) per text/PDF file, 1 per image.`);
  // glibc keeps a malloc arena per thread (libvips, tesseract); MALLOC_ARENA_MAX=2 lowers peak RSS.
  console.log(
    `MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX ?? '(unset)'}, MALLOC_MMAP_THRESHOLD_=${process.env.MALLOC_MMAP_THRESHOLD_ ?? '(unset)'}, OCR_WORKERS=${process.env.OCR_WORKERS ?? '1'}`,
  );
  console.log('');
  console.log(
    `${'format'.padEnd(8)}${'files'.padStart(6)}${'runs'.padStart(6)}${'files/s'.padStart(10)}${'p50'.padStart(10)}${'p95'.padStart(10)}${'target p95'.padStart(12)}`,
  );
  const results: Array<{ format: string; p95: number; target: number }> = [];
  for (const format of formats) {
    const group = fixtures.filter((f) => f.truth.format === format);
    if (group.length === 0) continue;
    await analyse(group[0]); // warm-up
    const runs = format === 'txt' || format === 'pdf' ? RUNS : 1;
    const times: number[] = [];
    const t0 = performance.now();
    for (let r = 0; r < runs; r++) for (const fx of group) times.push(await analyse(fx));
    const wall = performance.now() - t0;
    times.sort((a, b) => a - b);
    const target = format === 'txt' || format === 'pdf' ? 300 : 6000;
    const p95 = percentile(times, 95);
    results.push({ format, p95, target });
    console.log(
      `${format.padEnd(8)}${String(group.length).padStart(6)}${String(times.length).padStart(6)}${(times.length / (wall / 1000)).toFixed(2).padStart(10)}${`${percentile(times, 50).toFixed(0)} ms`.padStart(10)}${`${p95.toFixed(0)} ms`.padStart(10)}${`${target} ms`.padStart(12)}`,
    );
  }
  // The generated phone photos (shadow, tilt, noise, JPEG; eval/render.ts): the ones a weak first
  // reading sends through a second, cleaned-up OCR pass (photo-reading.ts, decision 049).
  const photos = generatedPhotos();
  if (photos.length) {
    const times: number[] = [];
    const t0 = performance.now();
    for (const bytes of photos) times.push(await analyseBytes(bytes, 'photo.jpg'));
    const wall = performance.now() - t0;
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    results.push({ format: 'photo*', p95, target: 6000 });
    console.log(
      `${'photo*'.padEnd(8)}${String(photos.length).padStart(6)}${String(times.length).padStart(6)}${(times.length / (wall / 1000)).toFixed(2).padStart(10)}${`${percentile(times, 50).toFixed(0)} ms`.padStart(10)}${`${p95.toFixed(0)} ms`.padStart(10)}${`${6000} ms`.padStart(12)}`,
    );
    console.log('photo* = generated phone photos of the eval (eval/render.ts), read twice when weak');
  }
  const sequentialPeak = peakRss;

  // Two analyses at once over the whole corpus: the memory figure.
  peakRss = 0;
  const queue = [...fixtures];
  const t0 = performance.now();
  await Promise.all(
    [0, 1].map(async () => {
      for (let fx = queue.shift(); fx; fx = queue.shift()) await analyse(fx);
    }),
  );
  const wall = performance.now() - t0;
  console.log('');
  console.log(
    `Two at once: ${fixtures.length} files in ${(wall / 1000).toFixed(1)} s (${(fixtures.length / (wall / 1000)).toFixed(2)} files/s)`,
  );
  console.log(
    `Peak RSS: ${(peakRss / 1048576).toFixed(0)} MB with two analyses at once (target < 400 MB); ${(sequentialPeak / 1048576).toFixed(0)} MB sequential`,
  );
  const missed = results
    .filter((r) => r.p95 > r.target)
    .map((r) => `${r.format} p95 ${r.p95.toFixed(0)} ms > ${r.target} ms`);
  if (peakRss > 400 * 1048576) missed.push('peak RSS over 400 MB');
  console.log(missed.length ? `Over target: ${missed.join('; ')}` : 'All targets met.');
}

const renderArg = process.argv.indexOf('--render-photos');
if (renderArg > 0) {
  clearInterval(sampler);
  renderPhotos(process.argv[renderArg + 1]).catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
} else {
  main()
    .catch((err) => {
      console.error(err);
      process.exitCode = 1;
    })
    .finally(async () => {
      clearInterval(sampler);
      await shutdownAnalysis();
    });
}
