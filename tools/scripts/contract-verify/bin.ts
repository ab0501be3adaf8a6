#!/usr/bin/env node
// The command: `npx … contract-verify` from the package, `npm run contract:verify` in the
// repository. It checks Node's version before it loads anything else, so that an older Node
// hears what to install instead of failing inside a module that needs a newer one.
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
// Prism, which the check runs, needs 24.18.
if (major < 24 || (major === 24 && minor < 18)) {
  console.error(`contract-verify: Node 24 needed (24.18 or later); this is Node ${process.versions.node}. Get it from https://nodejs.org`);
  process.exit(2);
}
const { main } = await import('./main.ts');
process.exitCode = await main(process.argv.slice(2), process.env);
