import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { LoginLogEntry } from '../../../generated/model';
import type { Language } from '../../messages/language';
import { useT } from '../../messages/pageTexts';
import { useAuth } from '../../shared/auth/useAuth';
import { formatLoginTime } from './formatLoginTime';

/**
 * "This wasn't me": the guide to securing the account, naming this login. The login goes in the
 * history entry's state, not the address, which anyone could write (historyState.ts).
 */
export function NotMeLink({ entry, language }: { entry: LoginLogEntry; language: Language }) {
  const t = useT();
  // Whose history this is: the guide names the login to that person only.
  const subject = useAuth().subject();
  return (
    <Anchor
      renderRoot={(props) => (
        <Link
          {...props}
          to="/profile/secure-account"
          state={{ notMeLogin: { time: entry.time, browser: entry.browser, place: entry.district }, notMeFor: subject }}
        />
      )}
      size="sm"
      underline="always"
      aria-label={t('loginLog.notMeLabel', { time: formatLoginTime(entry.time, undefined, language), browser: entry.browser, place: entry.district })}
      style={{ whiteSpace: 'nowrap' }}
    >
      {t('loginLog.notMe')}
    </Anchor>
  );
}
