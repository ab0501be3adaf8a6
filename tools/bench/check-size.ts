// Size budgets of the production build (run after `vite build`): what the first signed-in
// page loads, and what each other route adds to it. Timings belong to `npm run bench`.
import { FIRST_PAGE, routeSizes, type Sizes } from './bundle-sizes.ts';

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
const added = (size: Sizes) => size.js.gzip + size.css.gzip;
/** Each figure of TODAY as this build has it (parts come heaviest first). */
const measured: Record<keyof typeof TODAY, number> = {
  firstCode: firstCode.js.gzip,
  leaving: leaving.js.gzip,
  firstPageJs: first.js.gzip,
  firstPageCss: first.css.gzip,
  route: Math.max(0, ...routes.map(added)),
  onDemand: parts[0] ? added(parts[0]) : 0,
};

const failures: string[] = [];
if (firstCode.css.raw > 0) failures.push(`the first code loads CSS (${firstCode.files.join(', ')}): it should decide, not style`);
const over = (what: string, key: keyof typeof TODAY, bytes = measured[key]) => {
  if (bytes > BUDGETS[key]) failures.push(`${what}: ${kb(bytes)} gzipped (budget ${kb(BUDGETS[key])})`);
};
over('first code', 'firstCode');
over('leaving for sign-in', 'leaving');
over(`/${FIRST_PAGE}, JavaScript`, 'firstPageJs');
over(`/${FIRST_PAGE}, CSS`, 'firstPageCss');
for (const route of routes) over(`${route.route}, what it adds`, 'route', added(route));
for (const part of parts) over(`${part.name}, what it adds when fetched`, 'onDemand', added(part));
if (fonts.length > 0) failures.push(`web fonts in the build: ${fonts.join(', ')} (budget: none)`);

console.log(
  `check-size: first code ${kb(measured.firstCode)} (leaving for sign-in ${kb(measured.leaving)}); first signed-in page ${kb(measured.firstPageJs)} JS + ${kb(measured.firstPageCss)} CSS gzipped; largest route adds ${kb(measured.route)}` +
    (parts[0] ? `; heaviest part fetched on demand: ${parts[0].name} ${kb(measured.onDemand)}` : ''),
);
for (const key of Object.keys(TODAY) as (keyof typeof TODAY)[]) {
  if (measured[key] * HEADROOM < TODAY[key] * 1024) {
    console.log(
      `check-size: ${key} is ${kb(measured[key])}, over 3% under today's ${TODAY[key]} KB: lower TODAY.${key} in tools/bench/check-size.ts`,
    );
  }
}
if (failures.length) {
  console.error(`check-size: over budget:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
