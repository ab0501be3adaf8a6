import { Component, type ReactNode } from 'react';
import { reportError } from '../errors/errorReport';
import { isChunkLoadError, pageIsLeaving, reloadForStaleBuild } from '../errors/staleBuild';

/**
 * Around code loaded on first use. A file gone after a release reloads the page once (see
 * staleBuild); when it still cannot be fetched (offline), the plain fallback shows instead of
 * the whole page failing. Any other error in that code is reported, as the error page does.
 */
export class ChunkBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    if (!reloadForStaleBuild(error) && !isChunkLoadError(error)) reportError(error, 'render');
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return pageIsLeaving() ? null : this.props.fallback;
  }
}
