import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { buildLoginCsv, csvField, csvFileName, fetchAllLogins, isoWithOffset, type LoginLogEntry } from './loginCsv';

const HEADERS = ['Login time', 'Browser', 'OS', 'IP address', 'District', 'Application'];
const entry = (extra: Partial<LoginLogEntry> = {}): LoginLogEntry => ({
  time: '2026-11-21T08:05:33Z',
  browser: 'Chrome 142',
  os: 'macOS 16',
  ip: '192.0.2.130',
  district: 'Wan Chai',
  application: 'Account Portal',
  ...extra,
});
const hongKong = () => 480;

describe('csvField', () => {
  it.each([
    ['plain', '"plain"'],
    ['Central and Western', '"Central and Western"'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    [' edge', '" edge"'],
    ['', '""'],
    ['灣仔', '"灣仔"'],
  ])('%j is written %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it.each([
    ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
    ['+1+cmd|/C calc', `"'+1+cmd|/C calc"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['  =1+1', `"'  =1+1"`],
    ['\u3000=1+1', `"'\u3000=1+1"`],
    // A control character leading the value goes, and what it hid is defused.
    ['\t=1', `"'=1"`],
    ['\r=1', `"'=1"`],
    ['\0=1', `"'=1"`],
    // A TAB import would make a cell of what follows a TAB: the TAB goes.
    ['Windows\t=2+2', '"Windows=2+2"'],
    ['two\nlines', '"twolines"'],
    ['carriage\rreturn', '"carriagereturn"'],
    ['Safari\u0085=3+3\u007f', '"Safari=3+3"'],
    // A reader that splits on ";" or "," and honours a quote only at a cell's start (Python's
    // csv, many spreadsheets' imports) makes a cell of each part: each part is defused too.
    ['Chrome;=1+1;', `"Chrome;'=1+1;"`],
    ['Chrome, =HYPERLINK("http://evil.example")', `"Chrome,' =HYPERLINK(""http://evil.example"")"`],
    ['Wan Chai;\u3000@SUM(A1),-2+3', `"Wan Chai;'\u3000@SUM(A1),'-2+3"`],
    ['Vivaldi;"=1";x', `"Vivaldi;'""=1"";x"`],
    ['Sha Tin, N.T.; Kowloon', '"Sha Tin, N.T.; Kowloon"'],
  ])('defuses %j as %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });
});

/** The cells Python's csv module reads from `text` with this separator (it honours a quote only at a cell's start). */
function readWithPython(text: string, delimiter: string): string[][] {
  const script = 'import csv, io, json, sys\nprint(json.dumps(list(csv.reader(io.StringIO(sys.stdin.read(), newline=""), delimiter=sys.argv[1]))))';
  return JSON.parse(execFileSync('python3', ['-c', script, delimiter], { input: text, encoding: 'utf8' })) as string[][];
}

describe('the exported file, read back by a reader that splits on ";" or ","', () => {
  const crafted = [
    'Chrome;=1+1;',
    'Firefox,=2+2',
    "Edge; =cmd|' /C calc'!A0",
    'Safari;\u3000@SUM(A1)',
    'Opera;-2+3,+4',
    'Brave";=1;"',
    'Vivaldi;"=1";x',
    '=1;=2,=3',
  ];

  it.each([';', ','])('with %j: no cell starts a formula', async (delimiter) => {
    const rows = crafted.map((browser) => entry({ browser, district: browser, application: browser }));
    const text = (await buildLoginCsv(rows, HEADERS, { offsetMinutes: hongKong })).join('');
    const cells = readWithPython(text, delimiter).flat();
    expect(cells.length).toBeGreaterThan(crafted.length * 3);
    expect(cells.filter((cell) => /^\s*[=+\-@]/u.test(cell))).toEqual([]);
  });
});

describe('isoWithOffset', () => {
  it.each([
    ['2026-11-21T08:05:33Z', 480, '2026-11-21T16:05:33+08:00'],
    ['2026-12-31T20:00:00Z', 480, '2027-01-01T04:00:00+08:00'],
    ['2026-11-21T08:05:33Z', 0, '2026-11-21T08:05:33+00:00'],
    ['2026-11-21T02:05:33Z', -300, '2026-11-20T21:05:33-05:00'],
    ['2026-11-21T08:05:33Z', 330, '2026-11-21T13:35:33+05:30'],
    ['2026-03-09T13:07:00+08:00', 480, '2026-03-09T13:07:00+08:00'],
  ])('%s at %i minutes is %s', (iso, offset, expected) => {
    expect(isoWithOffset(iso, () => offset)).toBe(expected);
  });

  it('follows the browser’s zone by default, the same instant', () => {
    const written = isoWithOffset('2026-11-21T08:05:33Z');
    expect(written).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect(new Date(written).getTime()).toBe(Date.parse('2026-11-21T08:05:33Z'));
  });

  it('writes an unreadable time as it came', () => {
    expect(isoWithOffset('yesterday', hongKong)).toBe('yesterday');
  });
});

describe('buildLoginCsv', () => {
  it('writes the headers, then one CRLF line per login in the table’s column order', async () => {
    const parts = await buildLoginCsv([entry(), entry({ district: 'Sha Tin, N.T.', application: '=cmd' })], HEADERS, { offsetMinutes: hongKong });
    expect(parts.join('')).toBe(
      '"Login time","Browser","OS","IP address","District","Application"\r\n' +
        '"2026-11-21T16:05:33+08:00","Chrome 142","macOS 16","192.0.2.130","Wan Chai","Account Portal"\r\n' +
        `"2026-11-21T16:05:33+08:00","Chrome 142","macOS 16","192.0.2.130","Sha Tin, N.T.","'=cmd"\r\n`,
    );
  });

  it('escapes headers in another language too', async () => {
    const parts = await buildLoginCsv([], ['登入時間', '瀏覽器', '作業系統', 'IP 地址', '地區', '應用程式']);
    expect(parts.join('')).toBe('"登入時間","瀏覽器","作業系統","IP 地址","地區","應用程式"\r\n');
  });

  it('gives the page back whenever a slice has run its time, and writes every row once', async () => {
    let clock = 0;
    let pauses = 0;
    const rows = Array.from({ length: 1000 }, (_, i) => entry({ application: `App ${i}` }));
    const parts = await buildLoginCsv(rows, HEADERS, {
      offsetMinutes: hongKong,
      // Each look at the clock finds a slice's worth of time gone.
      now: () => (clock += 10),
      pause: async () => void pauses++,
    });
    const lines = parts.join('').split('\r\n');
    expect(lines).toHaveLength(1 + 1000 + 1);
    expect(lines[1000]).toContain('App 999');
    expect(pauses).toBe(5);
  });

  it('does not pause while slices stay short', async () => {
    let pauses = 0;
    await buildLoginCsv(
      Array.from({ length: 1000 }, () => entry()),
      HEADERS,
      { now: () => 0, pause: async () => void pauses++ },
    );
    expect(pauses).toBe(0);
  });
});

describe('fetchAllLogins', () => {
  it('follows afterToken until it is null', async () => {
    const asked: Array<string | undefined> = [];
    const pages: Record<string, { logs: LoginLogEntry[]; afterToken: string | null }> = {
      first: { logs: [entry({ ip: '1' }), entry({ ip: '2' })], afterToken: 'p2' },
      p2: { logs: [entry({ ip: '3' })], afterToken: 'p3' },
      p3: { logs: [entry({ ip: '4' })], afterToken: null },
    };
    const progress: number[] = [];
    const rows = await fetchAllLogins(
      async (token) => (asked.push(token), pages[token ?? 'first']!),
      (n) => progress.push(n),
    );
    expect(asked).toEqual([undefined, 'p2', 'p3']);
    expect(rows.map((row) => row.ip)).toEqual(['1', '2', '3', '4']);
    expect(progress).toEqual([2, 3, 4]);
  });

  it('stops when a server sends a token it sent before', async () => {
    let calls = 0;
    const rows = await fetchAllLogins(async () => (calls++, { logs: [entry()], afterToken: 'again' }));
    expect(calls).toBe(2);
    expect(rows).toHaveLength(2);
  });

  it('fails as a whole when a page fails', async () => {
    await expect(
      fetchAllLogins(async (token) => {
        if (token) throw new Error('busy');
        return { logs: [entry()], afterToken: 'p2' };
      }),
    ).rejects.toThrow('busy');
  });
});

describe('csvFileName', () => {
  it('carries the day of the download', () => {
    expect(csvFileName(new Date(2026, 10, 4, 23, 59))).toBe('login-history-2026-11-04.csv');
  });
});
