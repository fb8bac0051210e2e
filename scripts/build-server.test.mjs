// `node --test scripts/build-server.test.mjs` (part of `pnpm test:scripts`): the server bundle on a
// temporary workspace shaped like this one (pnpm's layout: a package's dependencies in its own
// node_modules, workspace packages linked there), built by the real esbuild and run by Node.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { asciiComments, buildServerIfChanged, bundleServer, serverBuildInputs } from './build-server.mjs';

let root;

function write(rel, text) {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
}

const manifest = (name, more = {}) => JSON.stringify({ name, type: 'module', ...more });

beforeEach(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'wl-build-server-')));
  write('pnpm-lock.yaml', 'lockfileVersion: 9.0\n');
  write('tsconfig.base.json', '{}');
  write('node_modules/.modules.yaml', 'layoutVersion: 5\n');
  write('gateway/package.json', manifest('@wl/gateway', { dependencies: { '@wl/platform': 'workspace:*', '@wl/schemas': 'workspace:*' } }));
  write(
    'gateway/src/server.ts',
    [
      "import { fileURLToPath } from 'node:url';",
      "import { greet, platformRoot } from '@wl/platform';",
      "import { CITY } from '@wl/schemas';",
      '// A comment esbuild keeps, with § and … in it.',
      'const here: string = fileURLToPath(import.meta.url);',
      'console.log(JSON.stringify({ here, platformRoot, greeting: greet(CITY), bengali: "ঢাকা ১২৩" }));',
      '',
    ].join('\n'),
  );
  write('gateway/src/server.test.ts', 'test');
  fs.mkdirSync(path.join(root, 'gateway/node_modules/@wl'), { recursive: true });
  fs.symlinkSync('../../../platform', path.join(root, 'gateway/node_modules/@wl/platform'));
  fs.symlinkSync('../../../schemas', path.join(root, 'gateway/node_modules/@wl/schemas'));
  write('platform/package.json', manifest('@wl/platform', { exports: { '.': './src/index.ts' }, dependencies: { greeter: '1.0.0' } }));
  write(
    'platform/src/index.ts',
    [
      "import path from 'node:path';",
      "import { fileURLToPath } from 'node:url';",
      "import { greet as hello } from 'greeter';",
      '/** Two levels above this file, as platform/src/env.ts finds the repository. */',
      "export const platformRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');",
      'export const greet = (name: string): string => hello(name);',
      '',
    ].join('\n'),
  );
  // Installed for the platform only (the gateway cannot see it by name). Node picks `import`;
  // esbuild's own defaults would pick `module` (listed first) or `main`.
  write(
    'platform/node_modules/greeter/package.json',
    JSON.stringify({
      name: 'greeter',
      type: 'module',
      main: './main.js',
      exports: { '.': { module: './module.js', import: './esm.js', default: './main.js' } },
    }),
  );
  write('platform/node_modules/greeter/esm.js', 'export const greet = (name) => `hello ${name} from ${import.meta.url.split("/").slice(-2).join("/")}`;\n');
  write('platform/node_modules/greeter/module.js', 'export const greet = () => "module condition";\n');
  write('platform/node_modules/greeter/main.js', 'export const greet = () => "main field";\n');
  write('schemas/package.json', manifest('@wl/schemas', { exports: { '.': './src/index.ts' } }));
  write('schemas/src/index.ts', "export const CITY = 'Dhaka';\n");
  write('web/package.json', manifest('@wl/web', { dependencies: { '@wl/schemas': 'workspace:*' } }));
  write('web/src/main.ts', 'export {};');
});

afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('build-server', () => {
  it('bundles the workspace sources, leaves installed packages where Node finds them, and keeps import.meta.url per source', async () => {
    await bundleServer(root);
    const bundle = fs.readFileSync(path.join(root, 'gateway/dist/server.js'), 'utf8');
    assert.match(bundle, /from "\.\.\/\.\.\/platform\/node_modules\/greeter\/esm\.js"/);
    assert.doesNotMatch(bundle, /[\u0080-\uffff]/);
    assert.ok(fs.existsSync(path.join(root, 'gateway/dist/server.js.map')));
    // Run from elsewhere: nothing may depend on the working directory.
    const out = JSON.parse(execFileSync(process.execPath, [path.join(root, 'gateway/dist/server.js')], { cwd: os.tmpdir(), encoding: 'utf8' }));
    assert.deepEqual(out, {
      here: path.join(root, 'gateway/src/server.ts'),
      platformRoot: path.join(root, 'platform'),
      greeting: 'hello Dhaka from greeter/esm.js',
      bengali: 'ঢাকা ১২৩',
    });
  });

  it('hashes the gateway and the packages it runs, the lockfile, the install and this script; not the web, tests or installs', () => {
    assert.deepEqual(serverBuildInputs(root), [
      'gateway/package.json',
      'gateway/src/server.ts',
      'node_modules/.modules.yaml',
      'platform/package.json',
      'platform/src/index.ts',
      'pnpm-lock.yaml',
      'schemas/package.json',
      'schemas/src/index.ts',
      'tsconfig.base.json',
    ]);
  });

  it('bundles when there is no bundle or a source changed, and only then', async () => {
    let builds = 0;
    const build = async () => {
      builds += 1;
      await bundleServer(root);
    };
    const run = () => buildServerIfChanged({ root, build, log: () => undefined });
    assert.equal((await run()).built, true);
    assert.equal((await run()).built, false);
    write('web/src/main.ts', 'export const changed = 1;');
    write('gateway/src/server.test.ts', 'changed test');
    assert.equal((await run()).built, false);
    fs.appendFileSync(path.join(root, 'platform/src/index.ts'), '\n// changed');
    assert.equal((await run()).built, true);
    fs.rmSync(path.join(root, 'gateway/dist/server.js'));
    assert.equal((await run()).built, true);
    assert.equal(builds, 3);
  });

  it('writes comments in ASCII without moving a column', () => {
    assert.equal(asciiComments('// § … 😀 end\nconst a = "\\u09A2";'), '// ? ? ?? end\nconst a = "\\u09A2";');
  });
});
