// Fails when generated code is stale: regenerates the orval client and the route tree in a
// scratch copy of the inputs and compares the result with what is committed. orval formats its
// output with the project's Prettier settings, so they are among the inputs.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'generated-check-'));

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true })
    .map((name) => join(dir, String(name)))
    .filter((path) => statSync(path).isFile())
    .map((path) => relative(dir, path))
    .sort();
}

try {
  for (const path of ['openapi.yaml', 'orval.config.ts', 'tsr.config.json', 'package.json', 'tsconfig.json', '.prettierrc.json', 'src']) {
    cpSync(join(root, path), join(scratch, path), { recursive: true });
  }
  symlinkSync(join(root, 'node_modules'), join(scratch, 'node_modules'), 'dir');
  const bin = (name: string) => join(root, 'node_modules', '.bin', name);
  execFileSync(bin('orval'), ['--config', 'orval.config.ts'], { cwd: scratch, stdio: 'pipe' });
  execFileSync(bin('tsr'), ['generate'], { cwd: scratch, stdio: 'pipe' });

  const stale: string[] = [];
  const compare = (a: string, b: string, label: string) => {
    const left = existsSync(a) ? readFileSync(a, 'utf8') : undefined;
    const right = existsSync(b) ? readFileSync(b, 'utf8') : undefined;
    if (left !== right) stale.push(label);
  };
  const names = new Set([...files(join(root, 'generated')), ...files(join(scratch, 'generated'))]);
  for (const name of names) compare(join(root, 'generated', name), join(scratch, 'generated', name), `generated/${name}`);
  compare(join(root, 'src/routeTree.gen.ts'), join(scratch, 'src/routeTree.gen.ts'), 'src/routeTree.gen.ts');

  if (stale.length > 0) {
    console.error(`Generated code is stale; run \`npm run generate\` and commit:\n  ${stale.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`generated code is up to date (${names.size} files + route tree)`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
