import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_BUILDS, inputsHash, type AppBuild } from './app-builds';

describe("the apps' builds are reused only while their inputs are unchanged (decision 176)", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'rs-app-builds-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const build: AppBuild = { workspace: 'x', output: 'app/build', inputs: ['app/src', 'shared.json'] };
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };

  it('changes with a source file, a new file, a renamed file and a shared input, not with the output', () => {
    write('app/src/a.ts', 'a');
    write('shared.json', '{}');
    const first = inputsHash(build, root);
    expect(inputsHash(build, root)).toBe(first);
    write('app/build/out.js', 'built');
    write('app/src/node_modules/dep.js', 'ignored');
    expect(inputsHash(build, root)).toBe(first);
    write('app/src/a.ts', 'b');
    const edited = inputsHash(build, root);
    expect(edited).not.toBe(first);
    write('app/src/c.ts', '');
    const added = inputsHash(build, root);
    expect(added).not.toBe(edited);
    rmSync(path.join(root, 'app/src/c.ts'));
    write('app/src/d.ts', '');
    expect(inputsHash(build, root)).not.toBe(added);
    write('shared.json', '{"a":1}');
    expect(inputsHash(build, root)).not.toBe(added);
  });

  it('each app hashes its own sources and the contracts both apps import', () => {
    for (const app of APP_BUILDS) {
      expect(app.inputs).toContain('contracts/src');
      expect(app.inputs).toContain('package-lock.json');
      expect(app.inputs.some((i) => i.startsWith(app.output.split('/')[0]))).toBe(true);
    }
  });
});
