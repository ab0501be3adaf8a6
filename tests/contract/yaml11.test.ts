import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// Backend teams read openapi.yaml with YAML 1.1 parsers too (PyYAML, Java's SnakeYAML), which
// differ from YAML 1.2: a `?` or `:` ends a plain scalar inside { }, yes/no/on/off are
// booleans, 010 is octal, dates become timestamps. PyYAML's pure loader is the reference (from
// Debian's python3-yaml, which `.ci/run` installs); the contract must read the same in both.
const PYYAML = `
import json, sys, yaml
data = yaml.load(open(sys.argv[1], encoding='utf-8'), Loader=yaml.SafeLoader)
json.dump(data, sys.stdout, default=lambda value: {'not JSON': repr(value)})
`;

function readWithPyYaml(path: string): unknown {
  try {
    return JSON.parse(execFileSync('python3', ['-c', PYYAML, path], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }));
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? error);
    if (/No module named 'yaml'|ENOENT/.test(stderr))
      throw new Error('Python 3 with PyYAML is needed: apt-get install -y python3-yaml', { cause: error });
    throw new Error(`PyYAML (YAML 1.1) cannot read ${path}:\n${stderr}`, { cause: error });
  }
}

describe('openapi.yaml under YAML 1.1', () => {
  it('parses with PyYAML and means the same as under YAML 1.2', () => {
    const yaml12 = parse(readFileSync('openapi.yaml', 'utf8'));
    expect(readWithPyYaml('openapi.yaml')).toEqual(JSON.parse(JSON.stringify(yaml12)));
  });

  it.each([
    ['a `?` in a flow mapping', 'a: {q: Why?}\n', /cannot read/],
    ['yes as a plain scalar', 'a: yes\n', /expected/],
  ])('catches %s', (_, text, problem) => {
    const dir = mkdtempSync(join(tmpdir(), 'yaml11-'));
    try {
      writeFileSync(join(dir, 'sample.yaml'), text);
      expect(() => expect(readWithPyYaml(join(dir, 'sample.yaml'))).toEqual(parse(text))).toThrow(problem);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
