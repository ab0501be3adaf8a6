import { Component, type ReactNode } from 'react';

/**
 * Around code loaded on first use: when its file cannot be fetched (offline, or a tab left
 * open across a new release), the plain fallback shows instead of the whole page failing.
 */
export class ChunkBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
