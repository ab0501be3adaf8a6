import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { FactorKind, FactorKindOf, WizardName } from '../factorKinds';

/** The component of wizard `W`: it gets the kind it sets up. */
type WizardComponent<W extends WizardName> = ComponentType<{ kind: FactorKindOf<W> }>;

/**
 * Each wizard is a chunk of its own, fetched when it is opened (docs/performance.md, "Deliberate
 * splits"): the phone wizard carries the world's telephone numbering metadata, the app wizards
 * the barcode view, and none of it needs to reach a visitor of another wizard. The route's loader
 * starts the fetch beside the page's.
 */
export const WIZARDS: { [W in WizardName]: () => Promise<WizardComponent<W>> } = {
  app: () => import('./AppWizard').then((m) => m.AppWizard),
  phone: () => import('./PhoneWizard').then((m) => m.PhoneWizard),
  email: () => import('./EmailWizard').then((m) => m.EmailWizard),
  webauthn: () => import('./WebAuthnWizard').then((m) => m.WebAuthnWizard),
  custom: () => import('./CustomWizard').then((m) => m.CustomWizard),
};

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
