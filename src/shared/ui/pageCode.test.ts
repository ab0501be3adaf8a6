import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { prefetchPageCode } from './pageCode';

function buildNames(content: string) {
  const meta = document.createElement('meta');
  meta.name = 'portal-page-files';
  meta.content = content;
  document.head.append(meta);
}
const prefetched = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) => [link.getAttribute('href'), link.crossOrigin]);

afterEach(() => document.head.querySelectorAll('meta[name="portal-page-files"], link[rel="prefetch"]').forEach((node) => node.remove()));

describe('prefetchPageCode', () => {
  it("prefetches each named page's files once, in CORS mode as module scripts are fetched, one at a time", async () => {
    buildNames(
      JSON.stringify({
        '/a': ['/assets/a.css', '/assets/a.js', '/assets/shared.js'],
        '/b': ['/assets/b.js', '/assets/shared.js'],
        '/c': ['/assets/c.js'],
      }),
    );
    prefetchPageCode(['/a', '/b', '/unknown']);
    await vi.waitFor(() => expect(prefetched()).toHaveLength(4));
    expect(prefetched()).toEqual([
      ['/assets/a.css', ''],
      ['/assets/a.js', ''],
      ['/assets/shared.js', ''],
      ['/assets/b.js', ''],
    ]);
  });

  it('fetches nothing from another origin, and nothing when the list is not what the build writes', async () => {
    buildNames(JSON.stringify({ '/a': ['//evil.example/x.js', 'https://evil.example/y.js', 'javascript:alert(1)', 7, '/assets/a.js'], '/b': 'x' }));
    prefetchPageCode(['/a', '/b']);
    await vi.waitFor(() => expect(prefetched()).toEqual([['/assets/a.js', '']]));
    document.head.querySelectorAll('meta[name="portal-page-files"]').forEach((node) => node.remove());
    buildNames('{not json');
    prefetchPageCode(['/a']);
    // Nothing to fetch: a task later (when a first file would come), nothing more.
    await new Promise((resolve) => setTimeout(resolve));
    expect(prefetched()).toEqual([['/assets/a.js', '']]);
  });

  it('stops when asked', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestIdleCallback', 'cancelIdleCallback'] });
    onTestFinished(() => void vi.useRealTimers());
    buildNames(JSON.stringify({ '/a': ['/assets/a.js', '/assets/b.js'] }));
    const stop = prefetchPageCode(['/a']);
    vi.advanceTimersToNextTimer();
    expect(prefetched()).toEqual([['/assets/a.js', '']]);
    stop();
    vi.runAllTimers();
    expect(prefetched()).toEqual([['/assets/a.js', '']]);
  });
});
