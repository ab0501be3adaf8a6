// V8's explicit compile hint: a file whose first line is this comment has all its functions
// compiled as it loads, on a background thread, instead of each on the main thread at its first
// call. The app's file is one whose functions all run on load (React, the router, Mantine and
// the first page). Measured with `npm run bench`, medians of 25 runs with the hint against 30
// without (alternating rounds, load 0.7 to 2): reload TBT 46 ms against 82 ms and its longest
// task 73 ms against 103 ms; new-tab TBT 94 ms against 102 ms, its longest task 106 against 113.
// Other engines see only a comment. The file's name (its hash) is chosen before this step.
// (docs/performance.md, "What keeps the first page fast".) Rolldown's `postBanner` would put it
// below the list of dependencies Vite writes at the top of the file, where V8 does not look:
// this runs after Vite's own step.
import type { Plugin } from 'vite';
import { ENCODINGS } from '../deploy/precompressed.ts';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** The parts of Rolldown's output this plugin changes: the chunk, and its source map's file. */
interface Output {
  type: string;
  name?: string;
  fileName?: string;
  code?: string;
  source?: string | Uint8Array;
}

/**
 * Puts the hint on the first line of the named chunk; its source map (the file the build writes
 * beside it, when it writes one) moves down a line with the code, and its precompressed copies
 * (written before this step, in the manifest's) are made again from it.
 */
export function addCompileHint(bundle: Record<string, Output>, chunkName: string) {
  const chunk = Object.values(bundle).find((output) => output.type === 'chunk' && output.name === chunkName);
  if (!chunk?.code) throw new Error(`compile-hints: no chunk named ${chunkName}`);
  chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
  for (const { suffix, compress } of Object.values(ENCODINGS)) {
    const copy = bundle[`${chunk.fileName}${suffix}`];
    if (copy?.type === 'asset') copy.source = compress(Buffer.from(chunk.code));
  }
  const mapFile = bundle[`${chunk.fileName}.map`];
  if (mapFile?.type === 'asset' && mapFile.source !== undefined) {
    const map = JSON.parse(typeof mapFile.source === 'string' ? mapFile.source : new TextDecoder().decode(mapFile.source)) as { mappings: string };
    mapFile.source = JSON.stringify({ ...map, mappings: `;${map.mappings}` });
  }
}

export function compileHints(chunkName: string): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        addCompileHint(bundle as Record<string, Output>, chunkName);
      },
    },
  };
}
