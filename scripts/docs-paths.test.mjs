// The product rules (docs/rules/*.md) name the code that enforces each rule and the tests that prove
// it. A rule that cites a file that no longer exists sends its reader nowhere: every cited path must
// exist. Decision records (docs/NNNN-*.md) are history and may name files since moved.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rulesDir = path.join(root, 'docs', 'rules');
const CITED = /`((?:platform|web|gateway|schemas|flows|e2e|scripts|bench|demo)\/[^`\s*<>]+\.(?:ts|tsx|mjs|sql|md|css|json))`/g;

test('every file a product rule cites exists', () => {
  const missing = [];
  for (const name of fs.readdirSync(rulesDir).filter((f) => f.endsWith('.md'))) {
    const text = fs.readFileSync(path.join(rulesDir, name), 'utf8');
    for (const [, cited] of text.matchAll(CITED)) if (!fs.existsSync(path.join(root, cited))) missing.push(`${name}: ${cited}`);
  }
  assert.deepEqual(missing, []);
});
