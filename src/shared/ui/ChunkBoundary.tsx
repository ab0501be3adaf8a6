import { Component, type ReactNode } from 'react';
import { reportError } from '../errors/errorReport';
import { isChunkLoadError, onLeavingChange, pageIsLeaving, reloadForStaleBuild } from '../errors/staleBuild';

/**
 * Around code loaded on first use. A file gone after a release reloads the page once (see
 * staleBuild); when it still cannot be fetched (offline), the plain fallback shows instead of
 * the whole page failing. Any other error in that code is reported, as the error page does.
 */
export class ChunkBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  /** What failed while the page was leaving: decided if the page stays after all (a download, a cancelled unload). */
  private undecided: { error: unknown } | undefined;
  private unsubscribe: (() => void) | undefined;

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidMount() {
    this.unsubscribe = onLeavingChange(() => {
      if (pageIsLeaving()) return;
      const undecided = this.undecided;
      this.undecided = undefined;
      if (undecided) this.decide(undecided.error);
      this.forceUpdate();
    });
  }

  componentWillUnmount() {
    this.unsubscribe?.();
  }

  componentDidCatch(error: unknown) {
    if (pageIsLeaving()) this.undecided = { error };
    else this.decide(error);
  }

  private decide(error: unknown) {
    if (!reloadForStaleBuild(error) && !isChunkLoadError(error)) reportError(error, 'render');
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return pageIsLeaving() ? null : this.props.fallback;
  }
}
