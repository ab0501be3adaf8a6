// The dev stack's settings from files: `npm start`, `npm run dev` and the mock scripts load
// this first (`node --import ./tools/scripts/dev-env.ts`, from package.json). A variable set in the
// shell wins over `.env.local` (this machine's own, git-ignored), which wins over `.env`;
// `.env.example` lists them. The tests start their servers without it, so a developer's
// files never reach a test.
import { existsSync } from 'node:fs';

// process.loadEnvFile never replaces a variable already set: the first file read wins.
for (const file of ['.env.local', '.env']) {
  if (existsSync(file)) process.loadEnvFile(file);
}
