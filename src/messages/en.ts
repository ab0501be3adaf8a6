import type { enPages } from './en.pages';

/**
 * A text about a number, in each plural form its language has (the CLDR categories that
 * `Intl.PluralRules` names: English has one and other, Chinese only other). `t` picks the form
 * its number needs; `{count}` is the number.
 */
export type Plural = {
  zero?: string;
  one?: string;
  two?: string;
  few?: string;
  many?: string;
  other: string;
};

/**
 * The English texts of the frame (header, menu, sign-in, errors) and of the first signed-in page,
 * keyed by area; the other pages' texts are in en.pages.ts, which arrives with their code
 * (./pageTexts). Together they are every user-visible English text. Wording follows
 * ../shared/spec/portal-spec.md exactly where the spec gives a text; tests assert these.
 * Placeholders are written {name} and filled in by `t`; a text about a number that can be 1
 * has plural forms (Plural), given its number as `count`.
 */
export const en = {
  'app.name': 'Account Portal',
  'app.footer': 'All rights reserved, City University, 2021',
  'app.skipToContent': 'Skip to main content',
  'app.loading': 'Loading...',
  'app.configError':
    'The portal cannot start because its settings could not be read or are not safe to use. Please try again later or contact the IT Service Desk.',

  'nav.label': 'Account menu',
  'nav.menu': 'Menu',
  'nav.profile': 'Profile',
  'nav.password': 'Change Password',
  'nav.mfa': 'Set up MFA',
  'nav.question': 'Set up Security Questions',
  'nav.loginLog': 'Previous Login',
  'nav.logout': 'Logout',
  'nav.logoutHint': 'Signs you out on every device and in every tab.',
  'nav.home': 'Home: {name}',
  'dialog.close': 'Close',
  'nav.darkTheme': 'Switch to the dark theme',
  'nav.lightTheme': 'Switch to the light theme',

  'auth.redirecting': 'Redirecting you to the university sign-in...',
  'auth.completing': 'Completing sign-in...',
  'auth.signingOut': 'Signing you out on every device and in every tab...',
  'auth.callbackError': 'Sign-in could not be completed: {message}',
  'auth.callbackErrorReturn': 'You will be returned to the home page in 2 seconds.',
  'auth.notExpected': 'this tab did not ask to sign in, so nothing was done.',
  'auth.loggedOutMeanwhile': 'you logged out in another tab while this sign-in was under way.',
  'auth.notStrongEnough': 'the university sign-in did not confirm the stronger sign-in this change needs, so nothing was changed.',
  'auth.notFresh': 'the university sign-in did not confirm that you signed in just now, so nothing was changed.',
  'auth.signInFailed': 'The university sign-in could not be reached. Please try again later.',
  'auth.stepUpDone': 'You have confirmed it is you. You can now finish your change.',
  'auth.signedOutTitle': 'You have signed out',
  'auth.signedOutElsewhere': 'You logged out of the account portal in another tab or window, so this tab has signed out too.',
  'auth.signedOutEverywhere': 'You are signed out on every device and in every tab.',
  'auth.signInAgain': 'Sign in again',

  'error.network': 'Cannot connect to server',
  'error.timeout': 'The server took too long to answer. Please try again.',
  'error.http': 'The server could not complete the request (HTTP {status}).',
  'error.unreadable': 'The server sent a response the portal could not read.',
  'error.address': 'Not sent: the server gave an id the portal cannot use safely.',
  'error.unexpected': 'Something went wrong. Please try again.',
  'error.retry': 'Try again',
  'error.pageTitle': 'Something went wrong',
  'error.pageBody': 'This page could not be shown. Try again, or go back to your profile. If it keeps happening, please contact the IT Service Desk.',

  'overview.title': 'Security overview',
  'overview.wellProtected': 'Your account is well protected.',
  'overview.needsAttention': 'A few steps will make your account safer.',
  'overview.done': 'Done:',
  'overview.todo': 'To do:',
  'overview.methods': { one: '{count} multi-factor sign-in method is set up', other: '{count} multi-factor sign-in methods are set up' },
  'overview.methods.none': 'No multi-factor sign-in method is set up',
  'overview.methods.fix': 'Set up MFA',
  'overview.recovery.set': 'Recovery email: {email}',
  'overview.recovery.none': 'No recovery email',
  'overview.recovery.fix': 'Add a recovery email',
  'overview.question.set': 'A security question is set',
  'overview.question.none': 'No security question',
  'overview.question.fix': 'Set a security question',
  'overview.identities.some': 'Linked: {names}',
  'overview.identities.none': 'No social identity or iAM Smart is linked',
  'overview.identities.fix': 'Link one',
  // Who else can get in: the travel check, Sign out other devices, where you've signed in, connected apps.
  'overview.travel.yes': 'You can sign in without mobile signal.',
  'overview.travel.no': 'Before you travel, add a sign-in method that works without mobile signal.',
  'overview.travel.fix': 'Set up {name}',
  'otherDevices.hint': 'Lost a phone, or signed in on a shared computer? Sign out everywhere else and stay signed in here.',
  'otherDevices.action': 'Sign out other devices',
  'otherDevices.confirmTitle': 'Sign out other devices?',
  'otherDevices.confirm':
    "Every other browser signed in through the university's sign-on is signed out, and apps that stay signed in to your account (a mail app, the learning platform's mobile app) must sign in again. This browser stays signed in.",
  'otherDevices.done': 'Your other devices and apps are signed out. This browser is still signed in.',
  'otherDevices.failed': 'Your other devices could not be signed out. Please try again.',
  'nav.apps': 'Connected apps',
  'page.apps': 'Connected apps',

  'session.warningTitle': 'Your session is about to end',
  'session.warning': 'For your security, you will be signed out in less than a minute.',
  'session.stay': 'Stay signed in',
  'session.signOut': 'Sign out',
  'session.endedTitle': 'Your session has ended',
  'session.ended': 'Sign in again to go on where you left off.',
  'session.signInAgain': 'Sign in again',

  'notFound.title': 'Page not found',
  'notFound.body': 'The page you asked for does not exist. Check the address, or start again from your profile.',
  'notFound.back': 'Go to my profile',

  'page.profile': 'Profile',
  'page.password': 'Change Password',
  'page.mfa': 'Set up MFA',
  'page.question': 'Security Question',
  'page.loginLog': 'Previous Login',
  'page.secureAccount': 'Secure your account',
  'page.enroll': 'Set up a sign-in method',
  'page.idpLink': 'Link your {provider} identity',
  'page.idpLinkSuccess': 'Link up Success',
  'page.instructions': 'Error',

  'profile.personalInformation': 'Personal information',
  'profile.electronicId': 'Electronic ID',
  'profile.firstName': 'First name',
  'profile.lastName': 'Last name',
  'profile.displayName': 'Display name',
  'profile.primaryEmail': 'Primary email',
  'profile.secondaryEmail': 'Recovery email',
  'profile.department': 'Job Title',
  'profile.nothingUpdated': 'Nothing has been updated',
  'profile.notSet': 'Not set',
  'profile.edit': 'Edit',
  'profile.editRecoveryEmail': 'Edit recovery email',
  'profile.save': 'Save',
  'profile.cancel': 'Cancel',
  'profile.loadFailed': 'Your profile could not be loaded.',
  'profile.updateSuccess': 'Update success',

  'identities.title': 'Social Identities & IAM SMART',
  'identities.linkSuccess': 'Link successfully',
  'identities.intro': 'Link a social or iAM Smart login to sign in to the university with it.',
  'identities.link': 'Link',
  'identities.unlink': 'Unlink',
  'identities.linkLabel': 'Link {provider}',
  'identities.unlinkLabel': 'Unlink {provider}',
  'identities.linked': 'Linked',
  'identities.confirmTitle': 'Unlink {provider}',
  'identities.loadFailed': 'Your linked identities could not be loaded.',
  'identities.provider.smart': 'iAM Smart',
  'identities.provider.facebook': 'Facebook',
  'identities.provider.linkedin': 'LinkedIn',
  'identities.provider.google': 'Google',
  'identities.provider.apple': 'Apple',
  'identities.unlinkSuccess': 'Unlink successfully',
  'identities.unlinkFailed': '{provider} was not unlinked. Please try again.',
  'identities.unlinkConfirm': 'Are you sure you want to unlink this social identity?',
  'identities.linkSuccessPage': 'Link up Success - Now you can log on with iAM Smart, you will be redirected to the log on page',
  'identities.noExternalId': 'No external id found',
  'identities.unknownAction': 'Unknown action',
  'identities.noIdpId': 'No idp id found',
  'identities.redirecting': 'Taking you to {provider}...',
  'identities.completing': 'Checking your {provider} sign-in...',
  'identities.stateMismatch': 'This sign-in response does not match the request made from this browser, so nothing was linked.',
  'identities.linkErrorTitle': 'The identity could not be linked',
  'identities.backToProfile': 'Back to my profile',
  'identities.linkFailedRedirect': 'You will be taken to the university sign-in in 3 seconds.',
  'identities.linkConfirmTitle': 'Link {provider} to your account?',
  'identities.confirmIntro':
    'Check both accounts before you link them. Whoever controls this {provider} account will be able to sign in to your university account.',
  'identities.universityAccount': 'University account',
  'identities.universityAccountName': '{name} ({id})',
  'identities.externalAccount': '{provider} account',
  'identities.notMe': 'This is not me',
  'identities.declined': 'Nothing was linked.',
  'identities.attemptDiscarded':
    'The identity link was not completed, so nothing was linked: it had expired, or was started in another tab or by someone else. Please start again from your profile.',
  'identities.attemptExpired': 'This link request has expired, so nothing was linked. Please start again from your profile.',
  'identities.noLinkToReport': 'This tab has not linked an identity, so there is nothing to report here.',
  'identities.linkNotStartedHere':
    'This link was not started in this browser, so nothing was linked. To link an account, choose Link on your profile.',
  'identities.signInFirst': 'Sign in with your university account first, then choose Link on your profile. Nothing was linked.',
  'identities.linkFromProfile': 'Link from your profile',
  'identities.source.verifiedEmail': 'The email address {provider} has verified.',
  'identities.source.ownerName': 'The name on this {provider} account. Its owner chose it; {provider} does not vouch for it.',
  'identities.source.profile': "The name in this {provider} account's profile.",
  'identities.source.none': '{provider} gives the portal only an anonymous number for this account, so it cannot be shown here.',
  'identities.externalUnknown': 'Cannot be shown',
  'identities.beganAtSignInPage':
    'This link was started at the university sign-in page at {time}, not from your profile. If you did not start it there yourself, choose "This is not me".',
  'identities.compatibilityForms': 'This name is written with full-width or other look-alike forms of letters, as names made to imitate another are.',
  'identities.mixedScripts': 'This name mixes letters of different writing systems, as names made to imitate another do.',
  'identities.unnamedWarningTitle': 'Check before you link',
  'identities.unnamedWarning': 'Link only if you started this yourself, just now. If someone sent you here, choose "This is not me".',
  'identities.unnamedVouch': 'I started this link myself, just now, and signed in to {provider} with my own account',
  'instructions.error.accessDenied': 'The sign-in was cancelled or refused.',
  'instructions.error.interactionRequired': 'Please sign in again.',
  'instructions.error.unavailable': 'The sign-in service is not available right now. Please try again later.',
  'instructions.error.notLinked': 'This login is not linked to a university account yet.',
  'instructions.error.other': 'The sign-in could not be completed.',
  'instructions.reference': 'Reference for support: {reference}',
  'instructions.noReference': 'No reference was given.',
  'instructions.lookupFailed': 'The account to link could not be found, so nothing was linked.',
  'instructions.back': 'Back',
  'instructions.unknownProvider': 'The identity provider named a provider this portal does not know, so nothing was linked.',
  'instructions.checking': 'Finding the identity to link...',
  'mfa.factor.push': 'Okta Verify',
  'mfa.factor.oktaTotp': 'Okta Verify',
  'mfa.factor.googleTotp': 'Google / Microsoft Authenticator',
  'mfa.factor.email': 'Email Authentication',
  'mfa.factor.sms': 'SMS Authentication',
  'mfa.factor.call': 'Voice Call Authentication',
  'mfa.factor.webauthn': 'Security Key or Biometric Authenticator',
  'mfa.factor.custom': 'City University Authenticator',
  'mfa.defaultAuthenticator': 'Authenticator',
} as const;

/** The key of a text that the frame and the first page may show (this file's): `t` from ./t takes these. */
export type FrameKey = keyof typeof en;
/** The key of any text: this file's and en.pages.ts's. */
export type MessageKey = FrameKey | keyof typeof enPages;

type English = typeof en & typeof enPages;
/** A translation: every key of en.ts and en.pages.ts, a plain text where English has one and plural forms where it has them. */
export type Catalogue = { [K in MessageKey]: English[K] extends string ? string : Plural };
