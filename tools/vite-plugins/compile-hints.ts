// V8's explicit compile hint on the app's file, whose functions all run on load: they are
// compiled on a background thread as it loads, not each on the main thread at its first call.
// What it buys, measured: docs/performance.md, "Compiled as it loads". Rolldown's `postBanner`
// would put it below the list of dependencies Vite writes at the top of the file, where V8 does
// not look: this runs after Vite's own step. The file's name (its hash) is chosen before it.
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
