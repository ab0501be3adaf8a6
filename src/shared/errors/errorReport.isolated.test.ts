import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportError, startErrorReporting } from './errorReport';

describe('error reporting', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('sends a report of where the error happened, though its code loads after', async () => {
    const sendBeacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
    window.history.replaceState(null, '', '/profile/password');
    startErrorReporting(
      'https://errors.example/collect',
      () => 'zh-HK',
      () => ['/profile/password', '/profile/details'],
    );
    reportError(new TypeError('secret 123456'), 'render');
    // The page moves on before the report's code has loaded.
    window.history.replaceState(null, '', '/profile/details');
    await vi.waitFor(() => expect(sendBeacon).toHaveBeenCalledTimes(1));
    const [url, body] = sendBeacon.mock.calls[0] as unknown as [string, Blob];
    expect(url).toBe('https://errors.example/collect');
    const report = JSON.parse(await body.text());
    expect(report).toMatchObject({ kind: 'render', errorClass: 'TypeError', route: '/profile/password', language: 'zh-HK' });
    expect(JSON.stringify(report)).not.toContain('123456');
  });
});
