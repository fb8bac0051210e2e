// `node --test scripts/build-web.test.mjs` (part of `pnpm test`): the build stamp on a temporary
// workspace shaped like this one; the build is a real function that writes web/dist like Vite does.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { buildWebIfChanged, webBuildInputs } from './build-web.mjs';

let root;
let builds;

function write(rel, text) {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
}

function manifest(name, dependencies = {}, devDependencies = {}) {
  return JSON.stringify({ name, dependencies, devDependencies });
}

// Like `vite build` with emptyOutDir: dist/ is replaced by a new index.html and asset.
function build(r) {
  builds += 1;
  const dist = path.join(r, 'web', 'dist');
  fs.rmSync(dist, { recursive: true, force: true });
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), `<!doctype html><script src="/assets/main-${builds}.js"></script>`);
  fs.writeFileSync(path.join(dist, 'assets', `main-${builds}.js`), fs.readFileSync(path.join(r, 'web', 'src', 'main.ts')));
}

const run = (env = {}) => buildWebIfChanged({ root, env, build, log: () => undefined });

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'wl-build-web-'));
  builds = 0;
  write('pnpm-lock.yaml', 'lockfileVersion: 9.0\n');
  write('tsconfig.base.json', '{}');
  write('web/package.json', manifest('@wl/web', { '@wl/flows': 'workspace:*', react: '19.3.1' }, { '@wl/gateway': 'workspace:*' }));
  write('web/index.html', '<div id="root"></div>');
  write('web/vite.config.ts', 'export default {};');
  write('web/public/theme-init.js', '1;');
  write('web/src/main.ts', 'console.log("v1");');
  write('web/src/main.test.ts', 'test');
  write('web/node_modules/react/index.js', 'installed');
  write('flows/package.json', manifest('@wl/flows', { '@wl/schemas': 'workspace:*' }));
  write('flows/src/login.machine.ts', 'export const m = 1;');
  write('schemas/package.json', manifest('@wl/schemas'));
  write('schemas/src/index.ts', 'export const a = 1;');
  write('gateway/package.json', manifest('@wl/gateway', { '@wl/schemas': 'workspace:*' }));
  write('gateway/src/app.ts', 'export const g = 1;');
});

afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('build-web', () => {
  it('builds when there is no build, then skips while nothing changed', async () => {
    assert.equal((await run()).built, true);
    assert.ok(fs.existsSync(path.join(root, 'web', 'dist', '.build-stamp')));
    assert.equal((await run()).built, false);
    assert.equal((await run()).built, false);
    assert.equal(builds, 1);
  });

  it('hashes web, the packages it depends on at run time, the lockfile and the base tsconfig; not the gateway, installs, outputs or tests', async () => {
    await run();
    assert.deepEqual(webBuildInputs(root), [
      'flows/package.json',
      'flows/src/login.machine.ts',
      'pnpm-lock.yaml',
      'schemas/package.json',
      'schemas/src/index.ts',
      'tsconfig.base.json',
      'web/index.html',
      'web/package.json',
      'web/public/theme-init.js',
      'web/src/main.ts',
      'web/vite.config.ts',
    ]);
  });

  for (const [what, rel] of [
    ['a web source', 'web/src/main.ts'],
    ['index.html', 'web/index.html'],
    ['a public file', 'web/public/theme-init.js'],
    ['the vite config', 'web/vite.config.ts'],
    ['a schemas source (through flows)', 'schemas/src/index.ts'],
    ['a flows source', 'flows/src/login.machine.ts'],
    ['the lockfile', 'pnpm-lock.yaml'],
    ['the base tsconfig', 'tsconfig.base.json'],
  ]) {
    it(`rebuilds when ${what} changed`, async () => {
      await run();
      fs.appendFileSync(path.join(root, rel), '\n// changed');
      assert.equal((await run()).built, true);
      assert.equal(builds, 2);
      assert.equal((await run()).built, false);
    });
  }

  it('rebuilds for a new source file and for a new .env file', async () => {
    await run();
    write('web/src/extra.ts', 'export {};');
    assert.equal((await run()).built, true);
    write('web/.env.production', 'VITE_X=1');
    assert.equal((await run()).built, true);
    assert.equal(builds, 3);
  });

  it('does not rebuild for the gateway, a test file or installed packages', async () => {
    await run();
    write('gateway/src/app.ts', 'export const g = 2;');
    write('web/src/main.test.ts', 'changed test');
    write('web/node_modules/react/index.js', 'reinstalled');
    assert.equal((await run()).built, false);
    assert.equal(builds, 1);
  });

  it('rebuilds when the build environment changed (VITE_*, NODE_ENV), not for other variables', async () => {
    await run({ HOME: '/a' });
    assert.equal((await run({ HOME: '/b', PORT: '9' })).built, false);
    assert.equal((await run({ VITE_API: 'x' })).built, true);
    assert.equal((await run({ VITE_API: 'x', NODE_ENV: 'development' })).built, true);
    assert.equal(builds, 3);
  });

  it('rebuilds when the output is gone, and writes no stamp when the build fails', async () => {
    await run();
    fs.rmSync(path.join(root, 'web', 'dist', 'index.html'));
    assert.equal((await run()).built, true);
    fs.appendFileSync(path.join(root, 'web', 'src', 'main.ts'), '\n// changed');
    const failing = () => {
      fs.rmSync(path.join(root, 'web', 'dist'), { recursive: true, force: true });
      throw new Error('vite failed');
    };
    await assert.rejects(buildWebIfChanged({ root, env: {}, build: failing, log: () => undefined }), /vite failed/);
    assert.equal(fs.existsSync(path.join(root, 'web', 'dist', '.build-stamp')), false);
    assert.equal((await run()).built, true);
    assert.equal(builds, 3);
  });
});
