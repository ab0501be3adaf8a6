// Size budgets of the production build (run after `vite build`): what the first signed-in
// page loads, and what each other route adds to it. Timings belong to `npm run bench`.
import { FIRST_PAGE, routeSizes } from './bundle-sizes.ts';

/**
 * Today's figures (gzip), as docs/performance.md states them; each budget is its figure plus 3%.
 * A ratchet: when a figure falls, lower it here (the check says so), so the headroom stays 3%.
 * firstCode: what every load fetches before it decides (src/boot.ts); leaving: that and the
 * OpenID library, all a tab without a session fetches before it leaves for sign-in; firstPageJs
 * and firstPageCss: /profile/details; route: the most a later page adds; onDemand: the heaviest
 * part fetched only when used (the phone wizard, with the world's telephone numbering metadata).
 */
const TODAY = {
  firstCode: 6.3,
  leaving: 23.5,
  firstPageJs: 152.1,
  firstPageCss: 8.2,
  route: 24.3,
  onDemand: 68.2,
};
const HEADROOM = 1.03;
const BUDGETS = Object.fromEntries(Object.entries(TODAY).map(([key, kb]) => [key, kb * 1024 * HEADROOM])) as Record<keyof typeof TODAY, number>;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const { firstCode, leaving, first, routes, parts, fonts } = routeSizes('dist');
const failures: string[] = [];
if (firstCode.css.raw > 0) failures.push(`the first code loads CSS (${firstCode.files.join(', ')}): it should decide, not style`);
if (firstCode.js.gzip > BUDGETS.firstCode) failures.push(`first code: ${kb(firstCode.js.gzip)} gzipped (budget ${kb(BUDGETS.firstCode)})`);
if (leaving.js.gzip > BUDGETS.leaving) failures.push(`leaving for sign-in: ${kb(leaving.js.gzip)} gzipped (budget ${kb(BUDGETS.leaving)})`);
if (first.js.gzip > BUDGETS.firstPageJs)
  failures.push(`/${FIRST_PAGE}: ${kb(first.js.gzip)} of gzipped JavaScript (budget ${kb(BUDGETS.firstPageJs)})`);
if (first.css.gzip > BUDGETS.firstPageCss) failures.push(`/${FIRST_PAGE}: ${kb(first.css.gzip)} of gzipped CSS (budget ${kb(BUDGETS.firstPageCss)})`);
if (fonts.length > 0) failures.push(`web fonts in the build: ${fonts.join(', ')} (budget: none)`);
for (const route of routes) {
  const added = route.js.gzip + route.css.gzip;
  if (added > BUDGETS.route) failures.push(`${route.route}: adds ${kb(added)} gzipped (budget ${kb(BUDGETS.route)})`);
}
for (const part of parts) {
  const added = part.js.gzip + part.css.gzip;
  if (added > BUDGETS.onDemand) failures.push(`${part.name}: adds ${kb(added)} gzipped when fetched (budget ${kb(BUDGETS.onDemand)})`);
}

const heaviest = parts[0];
console.log(
  `check-size: first code ${kb(firstCode.js.gzip)} (leaving for sign-in ${kb(leaving.js.gzip)}); first signed-in page ${kb(first.js.gzip)} JS + ${kb(first.css.gzip)} CSS gzipped; largest route adds ${kb(Math.max(...routes.map((r) => r.js.gzip + r.css.gzip)))}` +
    (heaviest ? `; heaviest part fetched on demand: ${heaviest.name} ${kb(heaviest.js.gzip + heaviest.css.gzip)}` : ''),
);
const measured: Record<keyof typeof TODAY, number> = {
  firstCode: firstCode.js.gzip,
  leaving: leaving.js.gzip,
  firstPageJs: first.js.gzip,
  firstPageCss: first.css.gzip,
  route: Math.max(...routes.map((r) => r.js.gzip + r.css.gzip)),
  onDemand: heaviest ? heaviest.js.gzip + heaviest.css.gzip : 0,
};
for (const key of Object.keys(TODAY) as (keyof typeof TODAY)[]) {
  if (measured[key] * HEADROOM < TODAY[key] * 1024) {
    console.log(`check-size: ${key} is ${kb(measured[key])}, over 3% under today's ${TODAY[key]} KB: lower TODAY.${key} in bench/check-size.ts`);
  }
}
if (failures.length) {
  console.error(`check-size: over budget:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
