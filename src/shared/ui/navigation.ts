import type { MessageKey } from '../../messages/t';
import { isQuestionFactor } from '../api/factorAnswers';

interface NavItem {
  to: '/profile/details' | '/profile/password' | '/profile/mfa' | '/profile/question' | '/profile/login';
  label: MessageKey;
}

const ALL: Array<NavItem & { needsQuestionFactor?: boolean }> = [
  { to: '/profile/details', label: 'nav.profile' },
  { to: '/profile/password', label: 'nav.password' },
  { to: '/profile/mfa', label: 'nav.mfa' },
  { to: '/profile/question', label: 'nav.question', needsQuestionFactor: true },
  { to: '/profile/login', label: 'nav.loginLog' },
];

/** The header menu; Security Questions appears only when the user has a question factor. */
export function navItems({ hasQuestionFactor }: { hasQuestionFactor: boolean }): NavItem[] {
  return ALL.filter((item) => hasQuestionFactor || !item.needsQuestionFactor).map(({ to, label }) => ({ to, label }));
}

/** Whether a menu entry is the current page; the enrollment wizards belong to Set up MFA. */
export function isCurrentPage(item: NavItem, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '');
  return path === item.to || (item.to === '/profile/mfa' && path.startsWith('/profile/mfa/'));
}

export function hasQuestionFactor(factors: ReadonlyArray<{ factorType: string }> | undefined): boolean {
  return (factors ?? []).some(isQuestionFactor);
}
