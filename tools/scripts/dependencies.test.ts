// What an install runs and what Renovate proposes: package.json's allowScripts, .npmrc and
// renovate.json, held against the lock file and the installed tools.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const json = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

describe('install scripts', () => {
  it('are decided for every dependency that has one, and an undecided one stops the install', () => {
    const lock = json('package-lock.json') as { packages: Record<string, { hasInstallScript?: boolean }> };
    const withScripts = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
    const decided = Object.keys(json('package.json').allowScripts ?? {});
    expect(withScripts.filter((name) => !decided.includes(name))).toEqual([]);
    // npm 11 would otherwise run an undecided one "with a notice".
    expect(execFileSync('npm', ['config', 'get', 'strict-allow-scripts'], { encoding: 'utf8' }).trim()).toBe('true');
  });

  it('are denied to telemetry: @scarf/scarf reports every install home', () => {
    expect(json('package.json').allowScripts).toMatchObject({ '@scarf/scarf': false });
  });
});

describe('Renovate', () => {
  const renovate = json('renovate.json') as {
    minimumReleaseAge?: string;
    packageRules: { matchPackageNames?: string[]; allowedVersions?: string }[];
  };

  it('waits days before it takes a release', () => {
    expect(renovate.minimumReleaseAge).toMatch(/^[1-9]\d* days$/);
  });

  it('holds TypeScript below the version typescript-eslint supports', () => {
    const supported: string = json('node_modules/typescript-eslint/package.json').peerDependencies.typescript;
    const ceiling = /<\s*(\d+)\.(\d+)(?:\.0)?\s*$/.exec(supported);
    expect(ceiling, `typescript-eslint's TypeScript range: ${supported}`).not.toBeNull();
    const held = renovate.packageRules.find((rule) => rule.matchPackageNames?.includes('typescript'))?.allowedVersions;
    expect(held).toBe(`<${ceiling![1]}.${ceiling![2]}`);
    // And the TypeScript installed now is inside it.
    const [major, minor] = (json('node_modules/typescript/package.json').version as string).split('.').map(Number);
    expect(major! < Number(ceiling![1]) || (major === Number(ceiling![1]) && minor! < Number(ceiling![2]))).toBe(true);
  });
});
