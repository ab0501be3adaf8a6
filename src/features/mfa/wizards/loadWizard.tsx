import { lazy } from 'react';
import type { WizardKind } from './wizardFor';

/**
 * Each wizard is its own chunk, fetched when it is opened: the phone wizards carry the
 * telephone numbering metadata, the app wizards the barcode view, and none of it needs to
 * reach a visitor of another wizard. The route's loader starts the fetch beside the page's.
 */
const LOADERS = {
  phone: () => import('./PhoneWizard'),
  app: () => import('./AppWizard'),
  webauthn: () => import('./WebAuthnWizard'),
  email: () => import('./EmailWizard'),
  custom: () => import('./CustomWizard'),
} as const;

const MODULE_OF: Record<WizardKind, keyof typeof LOADERS> = {
  sms: 'phone',
  call: 'phone',
  googleTotp: 'app',
  push: 'app',
  oktaTotp: 'app',
  webauthn: 'webauthn',
  email: 'email',
  custom: 'custom',
};

/** Starts fetching the chunk of a wizard (the route's loader calls it). */
export function preloadWizard(kind: WizardKind | undefined): void {
  if (kind) void LOADERS[MODULE_OF[kind]]().catch(() => undefined);
}

export const LazyPhoneWizard = lazy(() => LOADERS.phone().then((m) => ({ default: m.PhoneWizard })));
/** The app-based wizards, by kind (their variants live in their own chunk). */
export const LazyAppWizard = lazy(() =>
  LOADERS.app().then((m) => ({
    default: ({ kind, onCancel }: { kind: 'googleTotp' | 'push' | 'oktaTotp'; onCancel: () => void }) => <m.AppWizard variant={m.APP_VARIANTS[kind]} onCancel={onCancel} />,
  })),
);
export const LazyWebAuthnWizard = lazy(() => LOADERS.webauthn().then((m) => ({ default: m.WebAuthnWizard })));
export const LazyEmailWizard = lazy(() => LOADERS.email().then((m) => ({ default: m.EmailWizard })));
export const LazyCustomWizard = lazy(() => LOADERS.custom().then((m) => ({ default: m.CustomWizard })));
