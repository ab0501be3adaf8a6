import { describe, expect, it } from 'vitest';
import { DECLARATION, importOwned, splitByUsers } from './operation-modules.ts';

const CLIENT = '/repo/generated/api/factors/factors.ts';
const code = [
  `import { apiFetch } from '../../../src/shared/api/fetcher';`,
  `const withKey = (q) => q;`,
  `export const getFactorsUrl = () => '/factors';`,
  `export const getFactorsQueryOptions = () => withKey({ queryFn: () => apiFetch(getFactorsUrl()) });`,
  `export const enrollUrl = () => '/enroll';`,
  `export const enroll = (body) => apiFetch(enrollUrl(), { body });`,
  `export const useEnroll = () => ({ mutationFn: enroll, key: withKey(1) });`,
].join('\n');

describe('splitByUsers', () => {
  const users = new Map([
    ['getFactorsQueryOptions', new Set(['/repo/src/a.tsx', '/repo/src/b.tsx'])],
    ['useEnroll', new Set(['/repo/src/wizard.tsx'])],
  ]);
  const split = splitByUsers(code, CLIENT, users)!;

  it('moves what one file alone uses, and what only that reads, to modules of their own', () => {
    expect([...split.owners].map(([name, owners]) => [name, [...owners.keys()]]).sort()).toEqual([
      ['enroll', ['/repo/src/wizard.tsx']],
      ['enrollUrl', ['/repo/src/wizard.tsx']],
      ['useEnroll', ['/repo/src/wizard.tsx']],
    ]);
    expect(split.module).not.toContain(`'/enroll'`);
    expect(split.module).toContain(`export { useEnroll } from "${CLIENT}${DECLARATION}useEnroll";`);
    expect(split.parts.get(`${CLIENT}${DECLARATION}useEnroll`)).toContain(`import { enroll } from "${CLIENT}${DECLARATION}enroll";`);
  });

  it('keeps what several files share in the module, exported for the parts that read it', () => {
    expect(split.module).toContain(`export const getFactorsQueryOptions`);
    expect(split.module).toContain(`const withKey`);
    expect(split.module).toContain(`export { withKey };`);
    expect(split.parts.get(`${CLIENT}${DECLARATION}useEnroll`)).toContain(`import { withKey } from "${CLIENT}";`);
  });

  it('gives each of several users outside the app a copy, and keeps what two in the app share', () => {
    const shared = new Map([['useEnroll', new Set(['/repo/src/a.tsx', '/repo/src/b.tsx'])]]);
    const later = splitByUsers(code, CLIENT, shared, () => false)!;
    expect([...later.owners.get('useEnroll')!.values()]).toEqual([
      `${CLIENT}${DECLARATION}useEnroll&copy=0`,
      `${CLIENT}${DECLARATION}useEnroll&copy=1`,
    ]);
    expect(later.parts.get(`${CLIENT}${DECLARATION}useEnroll&copy=1`)).toContain(`import { enroll } from "${CLIENT}${DECLARATION}enroll&copy=1";`);
    expect(splitByUsers(code, CLIENT, shared, () => true)!.parts.size).toBe(0);
    // One user in the app shares nothing: each file, the app's too, gets its own copy of what it reads.
    const mixed = splitByUsers(code, CLIENT, shared, (file) => file.endsWith('a.tsx'))!;
    const both = ['/repo/src/a.tsx', '/repo/src/b.tsx'];
    expect([...mixed.owners].map(([name, owners]) => [name, [...owners.keys()]]).sort()).toEqual([
      ['enroll', both],
      ['enrollUrl', both],
      ['useEnroll', both],
      ['withKey', both],
    ]);
    expect(mixed.parts.size).toBe(8);
  });

  it('keeps everything when a route file (EVERYONE) or an unknown statement is involved', () => {
    expect(splitByUsers(code, CLIENT, new Map([['*', new Set(['*'])]]))!.parts.size).toBe(0);
    expect(splitByUsers(`${code}\nconsole.log(1);`, CLIENT, users)).toBeUndefined();
  });
});

describe('importOwned', () => {
  it("points a file's own names at their modules and leaves the shared ones", async () => {
    const owners = new Map([['useEnroll', new Map([['/repo/src/wizard.tsx', `${CLIENT}${DECLARATION}useEnroll`]])]]);
    const out = await importOwned(
      `import { getFactorsQueryOptions, useEnroll as use } from '../generated/api/factors/factors';\nuse();`,
      '/repo/src/wizard.tsx',
      async () => CLIENT,
      async () => owners,
    );
    expect(out).toBe(
      `import { useEnroll as use } from "${CLIENT}${DECLARATION}useEnroll";\n` +
        `import { getFactorsQueryOptions as getFactorsQueryOptions } from "${CLIENT}";\nuse();`,
    );
    expect(
      await importOwned(
        `import { x } from './y';`,
        '/repo/src/wizard.tsx',
        async () => CLIENT,
        async () => owners,
      ),
    ).toBeUndefined();
  });
});
