import { describe, expect, it } from 'vitest';
import { causeOf, samplesOf, type SourceFrame } from './long-tasks.ts';

const fn = (name: string, source: string): SourceFrame => ({ name, source, evaluating: false });
const evaluating = (source: string): SourceFrame => ({ name: '', source, evaluating: true });

describe('causeOf: what a sample was doing, from its stack (innermost first)', () => {
  it.each([
    [
      'a component of the portal renders',
      [
        fn('useStyles', 'node_modules/@mantine/core/esm/x.mjs'),
        fn('Header', 'src/app/Header.tsx'),
        fn('renderWithHooks', 'node_modules/react-dom/cjs/c.js'),
      ],
      'render Header (src/app/Header.tsx)',
    ],
    [
      'a function of the portal runs',
      [fn('send', 'src/shared/api/fetcher.ts'), fn('queryFn', 'node_modules/@tanstack/query-core/q.js')],
      'send() (src/shared/api/fetcher.ts)',
    ],
    ['a module of the portal is evaluated', [evaluating('src/messages/en.ts')], 'evaluate src/messages/en.ts'],
    [
      'a library module is evaluated',
      [fn('createTheme', 'node_modules/@mantine/core/esm/theme.mjs'), evaluating('node_modules/react-dom/cjs/client.js')],
      'evaluate react-dom',
    ],
    [
      'React works on its own',
      [fn('completeWork', 'node_modules/react-dom/cjs/c.js'), fn('performWorkOnRoot', 'node_modules/react-dom/cjs/c.js')],
      'react-dom',
    ],
    ['a scoped package', [fn('hashKey', 'node_modules/@tanstack/query-core/build/utils.js')], '@tanstack/query-core'],
    ['no source map', [fn('x', 'assets/app-1.js')], 'assets/app-1.js'],
    [
      "the benchmark's own code in the page, not the portal's",
      [fn('met', 'pptr:evaluate;oneRun'), fn('check', 'pptr:evaluate;oneRun')],
      "the benchmark's probe",
    ],
  ])('%s', (_, stack, cause) => {
    expect(causeOf(stack, '')).toBe(cause);
  });

  it('names the browser when no script is on the stack', () => {
    expect(causeOf([], '(program)')).toBe('browser, outside scripts');
    expect(causeOf([], '(garbage collector)')).toBe('garbage collection');
  });
});

describe('samplesOf: the CPU profile of a trace', () => {
  it('gives each sample its time, stack and position', () => {
    const frame = (functionName: string, lineNumber: number) => ({ functionName, url: 'https://x/assets/app.js', lineNumber, columnNumber: 0 });
    const events = [
      { name: 'Profile', pid: 1, tid: 1, ts: 0, id: '0x1', args: { data: { startTime: 1000 } } },
      {
        name: 'ProfileChunk',
        pid: 1,
        tid: 1,
        ts: 0,
        id: '0x1',
        args: {
          data: {
            cpuProfile: {
              nodes: [
                { id: 1, callFrame: frame('(root)', 0) },
                { id: 2, parent: 1, callFrame: frame('outer', 1) },
                { id: 3, parent: 2, callFrame: frame('inner', 2) },
              ],
              samples: [3, 2],
            },
            timeDeltas: [10, 5],
            lines: [7, 8],
            columns: [3, 4],
          },
        },
      },
      // Another process's profile with the same id is its own.
      { name: 'Profile', pid: 2, tid: 1, ts: 0, id: '0x1', args: { data: { startTime: 0 } } },
    ];
    expect(samplesOf(events)).toEqual([
      { pid: 1, ts: 1010, line: 7, column: 3, stack: [frame('inner', 2), frame('outer', 1), frame('(root)', 0)] },
      { pid: 1, ts: 1015, line: 8, column: 4, stack: [frame('outer', 1), frame('(root)', 0)] },
    ]);
  });
});
