import { describe, expect, it, vi } from 'vitest';
import { forgetOtherBuildsMarks, isChunkLoadError, reloadOnceFor } from './staleBuild';

const chromeError = new TypeError('Failed to fetch dynamically imported module: https://portal.example/assets/mfa-1a2b.js');

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
    key: (index: number) => [...values.keys()][index] ?? null,
    get length() {
      return values.size;
    },
  };
}

/** Safari's failure names no file: every missing file fails with this one message. */
const safariError = () => new TypeError('Importing a module script failed.');

describe('isChunkLoadError', () => {
  it.each([
    [chromeError, true],
    [new TypeError('error loading dynamically imported module: https://portal.example/assets/a.js'), true],
    [new TypeError('Importing a module script failed.'), true],
    [new Error('Unable to preload CSS for /assets/a.css'), true],
    [Object.assign(new Error('Loading chunk 7 failed.'), { name: 'ChunkLoadError' }), true],
    [new TypeError("Cannot read properties of undefined (reading 'id')"), false],
    ['Failed to fetch dynamically imported module', false],
    [undefined, false],
  ])('%s: %s', (error, expected) => {
    expect(isChunkLoadError(error)).toBe(expected);
  });
});

describe('reloadOnceFor', () => {
  it('reloads once for a missing file, and not again for the same file of the same build', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadOnceFor(chromeError, { storage, reload, build: 'index-1.js' })).toBe(true);
    expect(reloadOnceFor(chromeError, { storage, reload, build: 'index-1.js' })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads again for another missing file, after the next release too', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    reloadOnceFor(chromeError, { storage, reload, build: 'index-1.js' });
    expect(reloadOnceFor(new TypeError('Importing a module script failed: b.js'), { storage, reload, build: 'index-2.js' })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it("shares the router's own guard: a file it reloaded for is not reloaded for again, and the other way round", () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    storage.setItem(`tanstack_router_reload:${chromeError.message}`, '1');
    expect(reloadOnceFor(chromeError, { storage, reload, build: 'index-1.js' })).toBe(false);
    const other = new TypeError('Failed to fetch dynamically imported module: https://portal.example/assets/login-9z.js');
    expect(reloadOnceFor(other, { storage, reload, build: 'index-1.js' })).toBe(true);
    expect(storage.getItem(`tanstack_router_reload:${other.message}`)).toBe('1');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('never reloads for other errors, or without storage to stop a loop', () => {
    const reload = vi.fn();
    expect(reloadOnceFor(new Error('boom'), { storage: memoryStorage(), reload, build: 'b' })).toBe(false);
    const broken = {
      getItem: () => null,
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(reloadOnceFor(chromeError, { storage: broken, reload, build: 'b' })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('forgetOtherBuildsMarks (Safari names no file)', () => {
  it("a new build forgets the router's marks: the tab reloads once again after the next release", () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    forgetOtherBuildsMarks(storage, 'index-1.js');
    // The router reloaded for a missing file of build 1 (its mark is its failure's message).
    storage.setItem(`tanstack_router_reload:${safariError().message}`, '1');
    storage.setItem('portal.language', 'zh-HK');
    // The reload brought build 2; later, after the next release, another file is missing.
    forgetOtherBuildsMarks(storage, 'index-2.js');
    expect(reloadOnceFor(safariError(), { storage, reload, build: 'index-2.js' })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.getItem('portal.language')).toBe('zh-HK');
  });

  it('the same build keeps them: a file still missing after the reload shows the failure instead of looping', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    forgetOtherBuildsMarks(storage, 'index-1.js');
    expect(reloadOnceFor(safariError(), { storage, reload, build: 'index-1.js' })).toBe(true);
    forgetOtherBuildsMarks(storage, 'index-1.js');
    expect(reloadOnceFor(safariError(), { storage, reload, build: 'index-1.js' })).toBe(false);
    storage.setItem('portal.reloadedFor', '');
    // Nor does the router's own mark, made in this build, let a second reload through.
    expect(reloadOnceFor(safariError(), { storage, reload, build: 'index-1.js' })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
