/**
 * Every user-visible English text, keyed by area. Wording follows
 * ../shared/spec/portal-spec.md exactly where the spec gives a text; tests assert these.
 * Placeholders are written {name} and filled in by `t`.
 */
export const en = {
  'app.name': 'Account Portal',
  'app.university': 'City University',
  'app.logoAlt': 'City University',
  'app.footer': 'All rights reserved, City University, 2021',
  'app.skipToContent': 'Skip to main content',
  'app.loading': 'Loading...',

  'nav.label': 'Account menu',
  'nav.menu': 'Menu',
  'nav.profile': 'Profile',
  'nav.password': 'Change Password',
  'nav.mfa': 'Set up MFA',
  'nav.question': 'Set up Security Questions',
  'nav.loginLog': 'Previous Login',
  'nav.logout': 'Logout',
  'nav.home': 'Home: {name}',

  'auth.redirecting': 'Redirecting you to the university sign-in...',
  'auth.completing': 'Completing sign-in...',
  'auth.signingOut': 'Signing you out...',
  'auth.callbackError': 'Sign-in could not be completed: {message}',
  'auth.callbackErrorReturn': 'You will be returned to the home page in 2 seconds.',

  'error.network': 'Cannot connect to server',
  'error.http': 'The server could not complete the request (HTTP {status}).',
  'error.unreadable': 'The server sent a response the portal could not read.',
  'error.unexpected': 'Something went wrong. Please try again.',

  'notFound.title': 'Page not found',
  'notFound.body': 'The page {path} does not exist.',
  'notFound.back': 'Go to my profile',

  'page.profile': 'Profile',
  'page.password': 'Change Password',
  'page.mfa': 'Set up MFA',
  'page.question': 'Security Question',
  'page.loginLog': 'Previous Login',
  'page.enroll': 'Set up a sign-in method',
  'page.socialLogin': 'Sign in with {provider}',
  'page.socialCallback': 'Signing in with {provider}',
  'page.idpLink': 'Link your {provider} identity',
  'page.idpLinkSuccess': 'Link up Success',
  'page.instructions': 'Error',
  'page.comingSoon': 'This page is not available yet.',

  'profile.personalInformation': 'Personal information',
  'profile.electronicId': 'Electronic ID',
  'profile.firstName': 'First name',
  'profile.lastName': 'Last name',
  'profile.displayName': 'Display name',
  'profile.primaryEmail': 'Primary email',
  'profile.secondaryEmail': 'Recovery email',
  'profile.department': 'Job Title',
  'profile.nothingUpdated': 'Nothing has been updated',
  'profile.updateSuccess': 'Update success',

  'identities.title': 'Social Identities & IAM SMART',
  'identities.linkSuccess': 'Link successfully',
  'identities.unlinkSuccess': 'Unlink successfully',
  'identities.unlinkConfirm': 'Are you sure you want to unlink this social identity?',
  'identities.linkSuccessPage':
    'Link up Success - Now you can log on with iAM Smart, you will be redirected to the log on page',
  'identities.noExternalId': 'No external id found',
  'identities.unknownAction': 'Unknown action',
  'identities.noIdpId': 'No idp id found',

  'password.success': 'Password changed successfully.',
  'password.error.currentEmpty': 'Current password cannot be empty.',
  'password.error.newEmpty': 'New password cannot be empty.',
  'password.error.confirmEmpty': 'Confirm New password cannot be empty.',
  'password.error.tooShort': 'New password needs at least {n} characters.',
  'password.error.lowercase': 'New password needs at least one lowercase letter.',
  'password.error.uppercase': 'New password needs at least one uppercase letter.',
  'password.error.number': 'New password needs at least one number.',
  'password.error.symbol': 'New password needs at least one symbol.',
  'password.error.firstName': 'New password cannot contain parts of your first name.',
  'password.error.lastName': 'New password cannot contain parts of your last name.',
  'password.error.username': 'New password cannot contain parts of your username.',
  'password.error.mismatch': "New password and Confirm New Password don't match.",
  'password.error.confirmRequired': 'Confirm new password is required',

  'mfa.resetSuccess': 'Reset factor successfully',
  'mfa.activationTimeout': 'Activation timeout',
  'mfa.fieldRequired': 'This field cannot be left blank',
  'mfa.formErrors': 'We found some errors. Please review the form and make corrections.',
  'mfa.noEmail': 'Cannot find email, are you logged in?',
  'mfa.webauthnError': 'The operation either timed out or was not allowed.',

  'question.none': 'You have not setup the security question.',
} as const;

export type MessageKey = keyof typeof en;
