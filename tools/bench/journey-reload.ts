// The reload journey: /profile/details loaded again in the tab that signed in, whose
// sessionStorage holds the tokens, so the portal shows the profile without the identity provider.
import { startFlow, type FlowResult } from 'lighthouse';
import type { Page } from 'puppeteer-core';
import { assertProfileShown, type BenchUser } from './browser.ts';
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

const RELOAD: Expectations = {
  viaIdentityProvider: false,
  targets: [
    { key: 'lcp', text: '<= 1.7 s', test: (v) => v <= 1700 },
    { key: 'tbt', text: '<= 50 ms', test: (v) => v <= 50 },
    { key: 'cls', text: '= 0', test: (v) => v === 0 },
  ],
};

/** `page` has signed in; every run is one navigation of the same Lighthouse flow in that tab. */
export async function reloadJourney(
  page: Page,
  user: BenchUser,
  target: Target,
  runs: number,
  dist: string,
  keepTrace?: KeepTrace,
): Promise<{ journey: NavigationJourney; flow: FlowResult }> {
  const flow = await startFlow(page, { name: 'bench: reload of /profile/details signed in', flags: LIGHTHOUSE_FLAGS });
  for (let run = 1; run <= runs; run += 1) {
    const started = Date.now();
    await flow.navigate(target.page, { name: `reload, run ${run}` });
    await assertProfileShown(page, user, `reload, Lighthouse run ${run}`);
    console.log(`bench: reload, Lighthouse run ${run}/${runs} gathered in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const result = await flow.createFlowResult();
  const { gatherSteps } = flow.createArtifactsJson();
  gatherSteps.forEach(({ artifacts }, i) => keepTrace?.(`reload-run${i + 1}`, artifacts.Trace));
  const leftOut: string[] = [];
  const measured = (
    await Promise.all(
      result.steps.map((step, i) =>
        unlessUnreadable(
          'reload',
          i + 1,
          async () => {
            const { artifacts } = gatherSteps[i]!;
            const longTasks = await longTasksOf(artifacts, step.lhr, dist);
            return figures(step.lhr, { longTasks, requestsBeforeLcp: requestsBeforeLcp(artifacts) }, i + 1, target, RELOAD, 'reload');
          },
          leftOut,
        ),
      ),
    )
  ).filter((run) => run !== undefined);
  enoughRuns('reload', runs, leftOut);
  return { journey: summarise(measured, RELOAD.targets), flow: result };
}
