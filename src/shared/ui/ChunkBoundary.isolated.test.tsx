import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportError } from '../errors/errorReport';
import { ChunkBoundary } from './ChunkBoundary';

vi.mock('../errors/errorReport', () => ({ reportError: vi.fn() }));
vi.mock('../errors/staleBuild', async (original) => ({
  ...(await original<typeof import('../errors/staleBuild')>()),
  reloadForStaleBuild: vi.fn(() => false),
}));

function Throws({ error }: { error: Error }): never {
  throw error;
}

afterEach(() => vi.mocked(reportError).mockClear());

describe('ChunkBoundary', () => {
  it('shows the fallback and reports an error of the code it wraps, as the error page would', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = new Error('wizard broke');
    render(
      <ChunkBoundary fallback={<p>plain fallback</p>}>
        <Throws error={error} />
      </ChunkBoundary>,
    );
    expect(screen.getByText('plain fallback')).toBeInTheDocument();
    expect(vi.mocked(reportError).mock.calls).toEqual([[error, 'render']]);
  });

  it('shows the fallback and reports nothing when the code could not be fetched (offline)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ChunkBoundary fallback={<p>plain fallback</p>}>
        <Throws error={new TypeError('Failed to fetch dynamically imported module: /assets/AppWizard-x.js')} />
      </ChunkBoundary>,
    );
    expect(screen.getByText('plain fallback')).toBeInTheDocument();
    expect(reportError).not.toHaveBeenCalled();
  });
});

describe('ChunkBoundary on a page taken for leaving', () => {
  it('shows nothing while the page leaves, and the fallback with the error reported once the page stayed after all', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { reloadOnStaleBuild } = await import('../errors/staleBuild');
    reloadOnStaleBuild();
    window.dispatchEvent(new Event('beforeunload'));
    const error = new Error('wizard broke');
    render(
      <ChunkBoundary fallback={<p>plain fallback</p>}>
        <Throws error={error} />
      </ChunkBoundary>,
    );
    expect(screen.queryByText('plain fallback')).not.toBeInTheDocument();
    expect(reportError).not.toHaveBeenCalled();
    // A download, not a new page: the person goes on using this one.
    act(() => void window.dispatchEvent(new Event('pointerdown')));
    expect(screen.getByText('plain fallback')).toBeInTheDocument();
    expect(vi.mocked(reportError).mock.calls).toEqual([[error, 'render']]);
  });
});
