// What an install runs and what Renovate proposes: package.json's allowScripts, .npmrc and
// renovate.json, held against the lock file and the installed tools.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const json = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

describe('install scripts', () => {
  it('are decided for every dependency that has one', () => {
    const lock = json('package-lock.json') as { packages: Record<string, { hasInstallScript?: boolean }> };
    const withScripts = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
    const decided = Object.keys(json('package.json').allowScripts ?? {});
    expect(withScripts.filter((name) => !decided.includes(name))).toEqual([]);
  });

  it('are denied to telemetry: @scarf/scarf reports every install home', () => {
    expect(json('package.json').allowScripts).toMatchObject({ '@scarf/scarf': false });
  });

  // An install under the project's .npmrc and allowScripts, of a package (a local folder, no
  // registry) whose postinstall nobody decided: npm 11 would run it "with a notice".
  describe('an install of a package whose script is', () => {
    const folders: string[] = [];
    afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

    /** `npm install ../dep` in a project with the portal's .npmrc and allowScripts, and `extra` flags. */
    function install(...extra: string[]) {
      const dir = mkdtempSync(join(tmpdir(), 'allow-scripts-'));
      folders.push(dir);
      const marker = join(dir, 'the-script-ran');
      mkdirSync(join(dir, 'dep'));
      mkdirSync(join(dir, 'app'));
      const script = `node -e "require('fs').writeFileSync(process.env.SCRIPT_MARKER, 'ran')"`;
      writeFileSync(join(dir, 'dep', 'package.json'), JSON.stringify({ name: 'undecided-dep', version: '1.0.0', scripts: { postinstall: script } }));
      const { allowScripts } = json('package.json');
      writeFileSync(join(dir, 'app', 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', private: true, allowScripts }));
      copyFileSync('.npmrc', join(dir, 'app', '.npmrc'));
      // npm's settings from the command that runs these tests stay out of it: the project's .npmrc decides.
      const env = Object.fromEntries(
        Object.entries(process.env).filter(([name]) => !/^npm_config_/i.test(name) || /^npm_config_(cache|userconfig)$/i.test(name)),
      );
      const done = spawnSync('npm', ['install', '--offline', '--no-audit', '--no-fund', ...extra, '../dep'], {
        cwd: join(dir, 'app'),
        encoding: 'utf8',
        env: { ...env, SCRIPT_MARKER: marker },
      });
      return { status: done.status, stderr: done.stderr, ran: existsSync(marker) };
    }

    it('undecided: the install stops, naming it, and the script never runs', () => {
      const undecided = install();
      expect(undecided.status).not.toBe(0);
      expect(undecided.stderr).toContain('ESTRICTALLOWSCRIPTS');
      expect(undecided.stderr).toContain('undecided-dep@1.0.0 (postinstall');
      expect(undecided.ran).toBe(false);
    });

    it('run only with npm’s own bypass: so what stopped above was the decision, not a script that cannot run', () => {
      expect(install('--dangerously-allow-all-scripts')).toMatchObject({ status: 0, ran: true });
    });
  });
});

describe('Renovate', () => {
  const renovate = json('renovate.json') as {
    minimumReleaseAge?: string;
    packageRules: { matchPackageNames?: string[]; allowedVersions?: string }[];
  };

  it('pins the base images by digest, and keeps the digests current', () => {
    const rule = (renovate.packageRules as { matchDatasources?: string[]; pinDigests?: boolean }[]).find((r) =>
      r.matchDatasources?.includes('docker'),
    );
    expect(rule?.pinDigests).toBe(true);
    // Every base image is one Renovate's Dockerfile manager reads: a plain FROM of a registry image.
    const froms = [...readFileSync('Dockerfile', 'utf8').matchAll(/^FROM (\S+)/gm)].map(([, image]) => image);
    expect(froms.length).toBeGreaterThan(0);
    for (const image of froms) expect(image).toMatch(/^[\w./-]+:[\w.-]+(@sha256:[0-9a-f]{64})?$/);
  });

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
