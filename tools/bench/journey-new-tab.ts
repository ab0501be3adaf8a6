// The new-tab journey: someone signed in to the identity provider (a live single sign-on
// session, its cookies in the browser) opens /profile/details in a tab of its own. The tab's
// sessionStorage is empty, so the portal sends it to the identity provider, which answers at
// once and sends it back to /auth/default/callback; the portal redeems the code and shows the
// profile. Lighthouse's navigation mode follows those redirects and measures the whole of it.
import { startFlow, type FlowResult } from 'lighthouse';
import type { Browser } from 'puppeteer-core';
import { assertProfileShown, watchErrors, type BenchUser } from './browser.ts';
import {
  enoughRuns,
  figures,
  LIGHTHOUSE_FLAGS,
  requestsBeforeLcp,
  summarise,
  unlessUnreadable,
  type Expectations,
  type NavigationJourney,
} from './lighthouse.ts';
import { longTasksOf, type KeepTrace } from './long-tasks.ts';
import type { Target } from './target.ts';

const NEW_TAB: Expectations = {
  viaIdentityProvider: true,
  targets: [
    { key: 'lcp', text: '<= 2.45 s', test: (v) => v <= 2450 },
    { key: 'tbt', text: '<= 100 ms', test: (v) => v <= 100 },
    { key: 'cls', text: '= 0', test: (v) => v === 0 },
    { key: 'longestTask', text: '<= 100 ms', test: (v) => v <= 100 },
  ],
};

/**
 * One new tab per run, in the browser context that signed in (its cookies are the identity
 * provider's session; sessionStorage belongs to the tab, so each one starts without tokens).
 * A Lighthouse flow follows a single tab, hence one flow per run.
 */
export async function newTabJourney(
  browser: Browser,
  user: BenchUser,
  target: Target,
  runs: number,
  pageErrors: string[],
  dist: string,
  keepTrace?: KeepTrace,
): Promise<{ journey: NavigationJourney; flows: FlowResult[] }> {
  const flows: FlowResult[] = [];
  const measured: NavigationJourney['runs'] = [];
  const leftOut: string[] = [];
  for (let run = 1; run <= runs; run += 1) {
    const started = Date.now();
    const page = await browser.newPage();
    const errors = watchErrors(page);
    try {
      const flow = await startFlow(page, { name: `bench: /profile/details in a new tab, run ${run}`, flags: LIGHTHOUSE_FLAGS });
      await flow.navigate(target.page, { name: `new tab, run ${run}` });
      await assertProfileShown(page, user, `new tab, Lighthouse run ${run}`);
      const result = await flow.createFlowResult();
      flows.push(result);
      const { gatherSteps } = flow.createArtifactsJson();
      keepTrace?.(`new-tab-run${run}`, gatherSteps[0]!.artifacts.Trace);
      const { artifacts } = gatherSteps[0]!;
      const { lhr } = result.steps[0]!;
      const figured = await unlessUnreadable(
        'new tab',
        run,
        async () => {
          const longTasks = await longTasksOf(artifacts, lhr, dist);
          return figures(lhr, { longTasks, requestsBeforeLcp: requestsBeforeLcp(artifacts) }, run, target, NEW_TAB, 'new tab');
        },
        leftOut,
      );
      if (figured) measured.push(figured);
    } finally {
      pageErrors.push(...errors);
      await page.close();
    }
    console.log(`bench: new tab, Lighthouse run ${run}/${runs} gathered in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  enoughRuns('new tab', runs, leftOut);
  return { journey: summarise(measured, NEW_TAB.targets), flows };
}
