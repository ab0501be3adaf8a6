export * from './factors/factors';
export * from './identities/identities';
export * from './identity-provider/identity-provider';
export * from './login-log/login-log';
export * from './password/password';
export * from './profile/profile';
export * from './sessions/sessions';
export * from './social-auth/social-auth';
