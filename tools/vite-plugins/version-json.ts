// The build names itself in dist/version.json, so whoever looks at a running portal (an
// operator, a bug report) can tell which commit it serves, whether that checkout held
// uncommitted changes, and when it was built. nginx sends it uncached (tools/deploy/nginx-conf.ts);
// tools/deploy/check-build.ts checks its shape after every build.
import { execFileSync } from 'node:child_process';
import type { Plugin } from 'vite';

export interface BuildIdentity {
  /** The full commit id of HEAD, or "unknown" outside a git checkout. */
  commit: string;
  /** Whether the checkout had uncommitted changes (tracked or untracked files) at build time. */
  dirty: boolean;
  /** When the build ran, as an ISO 8601 UTC time. */
  builtAt: string;
}

/** A full SHA-1 commit id, or a SHA-256 one in a repository that uses them. */
export const COMMIT = /^([0-9a-f]{40}|[0-9a-f]{64})$/;

/**
 * The identity from what git answered: `head` is `git rev-parse HEAD`'s output and `status`
 * `git status --porcelain`'s, each undefined when git could not answer. A status that could
 * not be read counts as dirty: a clean build is only claimed when git said so. Outside a
 * checkout there is no commit to be clean against: the commit is "unknown" and dirty false.
 */
export function buildIdentity({ head, status }: { head?: string | undefined; status?: string | undefined }, now: Date): BuildIdentity {
  const commit = head?.trim() ?? '';
  if (!COMMIT.test(commit)) return { commit: 'unknown', dirty: false, builtAt: now.toISOString() };
  return { commit, dirty: status === undefined || status.trim() !== '', builtAt: now.toISOString() };
}

function gitAnswer(cwd: string, args: string[]): string | undefined {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return undefined; // no git, or not a checkout
  }
}

/** Writes version.json into the build's output (vite build only). */
export function versionJson(): Plugin {
  let root = process.cwd();
  let identity: BuildIdentity | undefined;
  return {
    name: 'portal:version-json',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    // The checkout as the build starts to read it.
    buildStart() {
      // `-- .`: when the portal is a folder of a larger repository, only its own files decide.
      identity = buildIdentity(
        { head: gitAnswer(root, ['rev-parse', 'HEAD']), status: gitAnswer(root, ['status', '--porcelain', '--', '.']) },
        new Date(),
      );
    },
    generateBundle() {
      if (identity) this.emitFile({ type: 'asset', fileName: 'version.json', source: `${JSON.stringify(identity, null, 2)}\n` });
    },
  };
}
