import { writeFileSync } from 'node:fs';
import { loadFixtures } from '../api/src/analysis/eval/fixtures';
import { PHONE_PHOTOS, photoLines, photoSources } from '../api/src/analysis/eval/phone-photos';
import { linesToImage } from '../api/src/analysis/eval/render';
const [which, seedArg] = process.argv.slice(2);
const seed = Number(seedArg ?? 0);
for (const c of PHONE_PHOTOS.filter((p) => p.id.includes(which))) {
  for (const src of photoSources(loadFixtures(), 3)) {
    const { lines, red } = photoLines(src, c.style);
    const bytes = await linesToImage(lines, c.effect, { degrade: c.degrade, seed, red: (l, col) => red.has(`${l}:${col}`) });
    const f = `/tmp/h20/img/${c.id.replace(/\W+/g, '_')}-${seed}-${src.file.replace('.txt', '')}.${c.effect === 'clean' ? 'png' : 'jpg'}`;
    writeFileSync(f, bytes);
    console.log(f);
  }
}
