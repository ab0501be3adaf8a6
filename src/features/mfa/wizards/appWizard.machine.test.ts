import { describe, expect, it } from 'vitest';
import { appReducer, initialAppState, type AppAction, type AppState } from './appWizard.machine';

const run = (state: AppState, ...actions: AppAction[]) => actions.reduce(appReducer, state);
const enrolment = { factorId: 'f1', secret: 'JBSWY3DPEHPK3PXP', qrCode: 'data:image/svg+xml;base64,AA' };

describe('app wizard machine', () => {
  it('goes intro, device (iPhone first), then the barcode step, which asks for an enrolment', () => {
    const device = run(initialAppState, { type: 'next' });
    expect(device).toMatchObject({ step: 'device', device: 'iphone' });
    const scan = run(device, { type: 'device', device: 'android' }, { type: 'next' });
    expect(scan).toMatchObject({ step: 'scan', view: 'barcode', enrolling: true, device: 'android' });
  });

  it('cannot leave the barcode step before the enrolment arrives', () => {
    const scan = run(initialAppState, { type: 'next' }, { type: 'next' });
    expect(run(scan, { type: 'next' }).step).toBe('scan');
    expect(run(scan, { type: 'enrolled', enrolment }, { type: 'next' }).step).toBe('code');
  });

  it('toggles between barcode and secret key', () => {
    const scan = run(initialAppState, { type: 'next' }, { type: 'next' }, { type: 'enrolled', enrolment });
    expect(run(scan, { type: 'view', view: 'manual' }).view).toBe('manual');
    expect(run(scan, { type: 'view', view: 'manual' }, { type: 'view', view: 'barcode' }).view).toBe('barcode');
  });

  it('re-enrols when the user comes back to the barcode step from the device step', () => {
    const scan = run(initialAppState, { type: 'next' }, { type: 'next' }, { type: 'enrolled', enrolment });
    const again = run(scan, { type: 'back' }, { type: 'next' });
    expect(again).toMatchObject({ step: 'scan', enrolling: true, enrolment: undefined });
  });

  it('verifies once, even with an empty code, and can try again after a failure', () => {
    const code = run(initialAppState, { type: 'next' }, { type: 'next' }, { type: 'enrolled', enrolment }, { type: 'next' });
    const verifying = run(code, { type: 'verify' });
    expect(verifying.verifying).toBe(true);
    expect(run(verifying, { type: 'verify' })).toBe(verifying);
    expect(run(verifying, { type: 'verifyFailed' }).verifying).toBe(false);
  });

  it('stays on the barcode step without an enrolment when enrolling fails', () => {
    const failed = run(initialAppState, { type: 'next' }, { type: 'next' }, { type: 'enrollFailed' });
    expect(failed).toMatchObject({ step: 'scan', enrolling: false, enrolment: undefined });
  });
});

describe('app wizard machine: re-enrolment after a timeout', () => {
  it('asks for a new enrolment on the barcode step only', () => {
    const scan = run(initialAppState, { type: 'next' }, { type: 'next' }, { type: 'enrolled', enrolment }, { type: 'view', view: 'manual' });
    expect(run(scan, { type: 'reenrol' })).toMatchObject({ step: 'scan', view: 'barcode', enrolling: true, enrolment: undefined });
    expect(run(initialAppState, { type: 'reenrol' })).toBe(initialAppState);
  });
});

describe("app wizard machine: Okta's barcode view", () => {
  it('asks for a new enrolment when the barcode view is shown again, if the wizard says so', () => {
    const manual = run(initialAppState, { type: 'next' }, { type: 'next' }, { type: 'enrolled', enrolment }, { type: 'view', view: 'manual' });
    expect(run(manual, { type: 'view', view: 'barcode', reenrol: true })).toMatchObject({ view: 'barcode', enrolling: true, enrolment: undefined });
    expect(run(manual, { type: 'view', view: 'barcode' })).toMatchObject({ view: 'barcode', enrolling: false, enrolment });
  });
});
