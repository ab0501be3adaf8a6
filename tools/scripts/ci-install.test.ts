// CI's Debian install (.ci/install-debian), with stand-ins on PATH for apt-get and for the
// commands that end processes by name: during the install every service start is refused
// (policy-rc.d answers 101), the policy goes afterwards, one the machine had stays, and no
// process is ended.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A folder with apt-get, pkill and killall stand-ins that write down what they were asked. */
function machine({ aptFails = false } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'portal-ci-install-'));
  folders.push(dir);
  const log = join(dir, 'log');
  const script = (name: string, body: string) => {
    writeFileSync(join(dir, name), `#!/bin/sh\n${body}\n`);
    chmodSync(join(dir, name), 0o755);
  };
  // As a package's maintainer script does (invoke-rc.d): ask the policy before starting nginx.
  script(
    'apt-get',
    `echo "apt-get $*" >> ${log}
if [ "$1" = install ]; then
  if [ -x "$POLICY_RC_D" ]; then "$POLICY_RC_D" nginx start; echo "policy-rc.d nginx start: $?" >> ${log}; else echo "no policy-rc.d" >> ${log}; fi
  ${aptFails ? 'exit 100' : 'exit 0'}
fi`,
  );
  for (const name of ['pkill', 'killall']) script(name, `echo "${name} $*" >> ${log}`);
  return { dir, policy: join(dir, 'policy-rc.d'), log: () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : []) };
}

function install(at: ReturnType<typeof machine>, packages: string[]) {
  return spawnSync(resolve('.ci/install-debian'), packages, {
    encoding: 'utf8',
    env: { ...process.env, PATH: `${at.dir}:${process.env.PATH}`, POLICY_RC_D: at.policy },
  });
}

describe('CI’s Debian install', () => {
  it('refuses every service start while it installs, then takes its policy away, ending no process', () => {
    const at = machine();
    expect(install(at, ['nginx-light', 'libnginx-mod-http-brotli-static']).status).toBe(0);
    expect(at.log()).toEqual([
      'apt-get update -qq',
      'apt-get install -y -qq nginx-light libnginx-mod-http-brotli-static',
      'policy-rc.d nginx start: 101',
    ]);
    expect(existsSync(at.policy)).toBe(false);
  });

  it('leaves a policy the machine already has as it was', () => {
    const at = machine();
    writeFileSync(at.policy, '#!/bin/sh\nexit 101 # the image’s own\n');
    chmodSync(at.policy, 0o755);
    expect(install(at, ['nginx-light']).status).toBe(0);
    expect(readFileSync(at.policy, 'utf8')).toBe('#!/bin/sh\nexit 101 # the image’s own\n');
  });

  it('takes its policy away when the install fails, and fails', () => {
    const at = machine({ aptFails: true });
    expect(install(at, ['nginx-light']).status).not.toBe(0);
    expect(at.log()).toContain('policy-rc.d nginx start: 101');
    expect(existsSync(at.policy)).toBe(false);
  });

  it('is what .ci/run installs with, and .ci/run ends no process by name', () => {
    const run = readFileSync('.ci/run', 'utf8');
    expect(run).toContain('.ci/install-debian "${missing[@]}"');
    expect(run).not.toMatch(/\b(pkill|killall)\b/);
  });
});

describe('CI’s Node', () => {
  it('is one version, named to its patch, at least the oldest package.json allows, and is what .ci/run installs and runs', () => {
    const run = readFileSync('.ci/run', 'utf8');
    const version = /^NODE_VERSION=(\S+)$/m.exec(run)?.[1];
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    const [major, minor] = version!.split('.').map(Number);
    const [oldestMajor, oldestMinor] = /^>=(\d+)\.(\d+)$/
      .exec(JSON.parse(readFileSync('package.json', 'utf8')).engines.node)!
      .slice(1)
      .map(Number);
    expect(major! > oldestMajor! || (major === oldestMajor && minor! >= oldestMinor!)).toBe(true);
    expect(run).toContain('"node@$NODE_VERSION"');
    expect(run).toContain('[ "$(node -v 2>/dev/null)" != "v$NODE_VERSION" ]');
    expect(run).not.toMatch(/node@\d+(?!\.)/);
  });
});
