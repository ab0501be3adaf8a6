import { describe, expect, it } from 'vitest';
import { appFiles, prefetchList } from './prefetch-app.ts';

const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], css: string[] = []) => ({
  type: 'chunk' as const,
  fileName,
  moduleIds,
  imports,
  viteMetadata: { importedCss: new Set(css) },
});

const bundle = {
  'assets/index.js': chunk('assets/index.js', ['/repo/index.html', '/repo/src/boot.ts']),
  'assets/app.js': chunk(
    'assets/app.js',
    ['/repo/src/main.tsx', '/repo/src/router.tsx'],
    ['assets/react-dom.js', 'assets/index.js'],
    ['assets/app.css'],
  ),
  'assets/react-dom.js': chunk('assets/react-dom.js', ['/repo/node_modules/react-dom/index.js']),
  'assets/callback.js': chunk('assets/callback.js', ['/repo/src/routes/auth/default/callback.tsx?tsr-split=component---loader'], ['assets/flow.js']),
  'assets/flow.js': chunk('assets/flow.js', ['/repo/src/features/sign-in/flow.ts'], ['assets/app.js']),
  'assets/wizard.js': chunk('assets/wizard.js', ['/repo/src/features/mfa/Wizard.tsx'], ['assets/app.js']),
  'assets/app.css': { type: 'asset' },
};

describe('appFiles', () => {
  it('lists the chunk that holds each module and everything it imports, once each, then their CSS; nothing else', () => {
    expect(appFiles(bundle, ['src/main.tsx', 'src/routes/auth/default/callback.tsx?tsr-split='])).toEqual({
      scripts: ['assets/app.js', 'assets/react-dom.js', 'assets/index.js', 'assets/callback.js', 'assets/flow.js'],
      styles: ['assets/app.css'],
    });
  });

  it('fails the build when a module it must list was not built', () => {
    expect(() => appFiles(bundle, ['src/gone.tsx'])).toThrow('prefetch-app: no chunk holds src/gone.tsx');
  });
});

describe('prefetchList', () => {
  it('names the styles first, then the scripts but the first code, under the base', () => {
    const files = { scripts: ['assets/app.js', 'assets/index.js', 'assets/callback.js'], styles: ['assets/app.css'] };
    expect(prefetchList(files, 'assets/index.js', '/')).toBe('/assets/app.css /assets/app.js /assets/callback.js');
    expect(prefetchList(files, undefined, '/portal/')).toBe(
      '/portal/assets/app.css /portal/assets/app.js /portal/assets/index.js /portal/assets/callback.js',
    );
  });
});
