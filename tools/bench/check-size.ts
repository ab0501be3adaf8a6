// Size budgets of the production build (run after `vite build`): what the first signed-in
// page loads, and what each other route adds to it. Timings belong to `npm run bench`.
import { FIRST_PAGE, routeSizes, type Sizes } from './bundle-sizes.ts';

/**
 * Today's sizes, gzip, in KB: the one place they are written (docs/performance.md, "Sizes", and
 * the other documents link here). `npm run check:size` prints them beside this build's. Each
 * budget is its figure plus 3%. A ratchet: when a figure falls 3% under, lower it here (the
 * check says so), so the headroom stays 3%; when a change makes one grow, write the new figure
 * here, with the change.
 */
const TODAY = {
  firstCode: { kb: 6.3, what: "the page's first code, what every load fetches before it decides (src/boot.ts)" },
  leaving: { kb: 23.5, what: 'leaving for sign-in: the first code and the OpenID library, all a tab without a session fetches' },
  // 153.1 KB on 2026-11-28 (5c2cf81); 157.3 with the passkeys, who else can get in and the fifth
  // round (their English texts +2.0 KB, displayText's look-alike table +1.0 KB, their code +1.2 KB);
  // 152.8 once the later pages' English came with them (messages/en.pages.ts).
  firstPageJs: { kb: 152.8, what: "the first signed-in page's JavaScript (/profile/details: the app)" },
  firstPageCss: { kb: 8.2, what: 'its CSS' },
  // route and onDemand: +4.9 and +4.6 KB on 2026-11-29, the later pages' English, which whichever
  // later page opens first brings (once) since it left the first page.
  route: { kb: 30.6, what: "the most a later page adds (the login history, with Where you've signed in)" },
  onDemand: { kb: 72.8, what: "the heaviest part fetched only when used (the phone wizard, with the world's telephone numbering metadata)" },
};
const HEADROOM = 1.03;
const BUDGETS = Object.fromEntries(Object.entries(TODAY).map(([key, { kb }]) => [key, kb * 1024 * HEADROOM])) as Record<keyof typeof TODAY, number>;

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

console.log('check-size: KB gzip     today   budget  this build');
for (const [key, { kb, what }] of Object.entries(TODAY) as [keyof typeof TODAY, (typeof TODAY)[keyof typeof TODAY]][]) {
  const cell = (value: number) => (value / 1024).toFixed(1).padStart(8);
  console.log(`check-size: ${key.padEnd(13)}${cell(kb * 1024)} ${cell(BUDGETS[key])} ${cell(measured[key])}  ${what}`);
}
if (parts[0]) console.log(`check-size: the heaviest part fetched on demand is ${parts[0].name}`);
for (const key of Object.keys(TODAY) as (keyof typeof TODAY)[]) {
  if (measured[key] * HEADROOM < TODAY[key].kb * 1024) {
    console.log(
      `check-size: ${key} is ${kb(measured[key])}, over 3% under today's ${TODAY[key].kb} KB: lower TODAY.${key} in tools/bench/check-size.ts`,
    );
  }
}
if (failures.length) {
  console.error(`check-size: over budget:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
