import { lazy, type LazyExoticComponent } from 'react';
import { WIZARDS, type FactorKind, type WizardComponent, type WizardName } from '../factorKinds';

/**
 * Each wizard is its own chunk, fetched when it is opened: the phone wizards carry the
 * telephone numbering metadata, the app wizards the barcode view, and none of it needs to
 * reach a visitor of another wizard. The route's loader starts the fetch beside the page's.
 */
const lazyWizards = new Map<WizardName, LazyExoticComponent<WizardComponent<WizardName>>>();

function lazyWizard<W extends WizardName>(wizard: W): LazyExoticComponent<WizardComponent<W>> {
  return lazy(() => WIZARDS[wizard]().then((component) => ({ default: component })));
}

/** Starts fetching the chunk of a kind's wizard (the route's loader calls it). */
export function preloadWizard(kind: FactorKind | undefined): void {
  if (kind) void WIZARDS[kind.wizard]().catch(() => undefined);
}

/** The wizard that sets up `kind`, loaded on first use (render it inside Suspense). */
export function LazyWizard({ kind }: { kind: FactorKind }) {
  let Component = lazyWizards.get(kind.wizard);
  if (!Component) {
    Component = lazyWizard(kind.wizard);
    lazyWizards.set(kind.wizard, Component);
  }
  return <Component kind={kind} />;
}
