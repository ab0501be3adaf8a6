// Imports nothing, so its benchmark (loginCsv.bench.ts) runs this very file in Node.

/** The columns of the table, in its order; the export writes the same ones. */
export const LOGIN_COLUMNS = ['time', 'browser', 'os', 'ip', 'district', 'application'] as const;

/** A login as the contract's LoginLogEntry has it (its six fields). */
export type LoginLogEntry = Record<(typeof LOGIN_COLUMNS)[number], string>;

/** How long the export may hold the page before it lets the browser draw and answer input. */
export const CSV_SLICE_MS = 8;
/** How many rows go between two looks at the clock. */
const ROWS_PER_CHECK = 200;

/**
 * A spreadsheet runs a cell beginning with one of these as a formula (CSV injection, OWASP),
 * some after leading spaces. A reader that splits on ";" or "," and honours a quote only at a
 * cell's start (Python's csv, many spreadsheets' imports in locales whose separator is ";")
 * makes a cell of every part of a value between two separators, quotes or not: so each part
 * (the value's start, and what follows each ";" or ",") that would start a formula, after
 * spaces or quotes (a part starting `""=` is read as an empty quoted text, then `=`), gets a
 * leading apostrophe and is shown as the text it is. (The TAB, CR and NUL that OWASP also lists
 * are control characters, removed before this.)
 */
const FORMULA_PART = /(^|[;,])(?=[\s"]*[=+\-@])/gu;
/** Control characters (C0, DEL, C1): a TAB or line break in a value would start a new cell or row in some imports. */
const CONTROL = /\p{Cc}/gu;

/**
 * One CSV field (RFC 4180), always quoted, so a reader that honours quotes reads one cell
 * whatever the separator. Control characters go; every part of the value that would start a
 * formula in a reader splitting on ";" or "," is defused.
 */
export function csvField(value: string): string {
  const safe = value.replace(CONTROL, '').replace(FORMULA_PART, "$1'");
  return `"${safe.replace(/"/g, '""')}"`;
}

const pad = (n: number, width = 2) => String(Math.trunc(n)).padStart(width, '0');

/**
 * A login time in ISO 8601 with the offset of the browser's time zone at that moment
 * (2026-11-21T16:05:33+08:00), so a spreadsheet and a person read the same instant. An
 * unreadable value is written as it came.
 */
export function isoWithOffset(iso: string, offsetMinutes: (date: Date) => number = (date) => -date.getTimezoneOffset()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const offset = offsetMinutes(date);
  const local = new Date(date.getTime() + offset * 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return (
    `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}` +
    `${sign}${pad(abs / 60)}:${pad(abs % 60)}`
  );
}

/** Lets the page draw and answer input: the browser's scheduler.yield where it has one, else a message-channel task. */
export function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}

export interface CsvOptions {
  offsetMinutes?: (date: Date) => number;
  /** Gives the page back between slices (yieldToPage by default). */
  pause?: () => Promise<void>;
  now?: () => number;
  sliceMs?: number;
}

/**
 * The CSV of the logins, as parts to put in a Blob: the header line (the table's headers, in
 * the page's language), then one CRLF-ended line per login. Built in slices of at most about
 * `sliceMs`, giving the page back between them, so a long history never freezes it.
 */
export async function buildLoginCsv(rows: ReadonlyArray<LoginLogEntry>, headers: ReadonlyArray<string>, options: CsvOptions = {}): Promise<string[]> {
  const { offsetMinutes, pause = yieldToPage, now = () => performance.now(), sliceMs = CSV_SLICE_MS } = options;
  const parts: string[] = [`${headers.map(csvField).join(',')}\r\n`];
  let sliceStart = now();
  let lines = '';
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index]!;
    lines += `${LOGIN_COLUMNS.map((key) => csvField(key === 'time' ? isoWithOffset(row.time, offsetMinutes) : row[key])).join(',')}\r\n`;
    if ((index + 1) % ROWS_PER_CHECK === 0) {
      parts.push(lines);
      lines = '';
      if (now() - sliceStart >= sliceMs) {
        await pause();
        sliceStart = now();
      }
    }
  }
  if (lines) parts.push(lines);
  return parts;
}

/** login-history-2026-11-24.csv: the day of the download, in the browser's time zone. */
export function csvFileName(day: Date): string {
  return `login-history-${pad(day.getFullYear(), 4)}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}.csv`;
}

/** Pages of the history are asked for this many at a time (the contract's largest page). */
export const EXPORT_PAGE_SIZE = 100;
/** A server that keeps sending pages past this is not ending its history: stop rather than loop for ever. */
const MAX_EXPORT_PAGES = 10_000;

/**
 * Every login the server returns: the first page, then each page's `afterToken` until it is
 * null. A token seen before ends the walk (a server going round in circles), and so does a
 * failed page (the error propagates: nothing half-exported is saved).
 */
export async function fetchAllLogins(
  fetchPage: (afterToken: string | undefined) => Promise<{ logs: LoginLogEntry[]; afterToken?: string | null }>,
  onProgress?: (count: number) => void,
): Promise<LoginLogEntry[]> {
  const rows: LoginLogEntry[] = [];
  const seen = new Set<string>();
  let token: string | undefined;
  for (let page = 0; page < MAX_EXPORT_PAGES; page++) {
    const result = await fetchPage(token);
    for (const entry of result.logs) rows.push(entry);
    onProgress?.(rows.length);
    const next = result.afterToken ?? undefined;
    if (next === undefined || seen.has(next)) break;
    seen.add(next);
    token = next;
  }
  return rows;
}
