import { useCallback, useState } from 'react';
import { useAuth } from '../auth/useAuth';
import { draftKey } from './storageKeys';

/**
 * A form value that survives a sign-in round trip (session storage, this tab only) until it is
 * cleared on save or cancel. Kept per signed-in user, so the next person at a shared computer
 * never sees it. Only for values that are not secrets: passwords, answers and one-time codes
 * are never written anywhere.
 */
export function useDraft(name: string): [string | undefined, (value: string) => void, () => void] {
  const auth = useAuth();
  const key = draftKey(auth.subject() ?? 'nobody', name);
  const [draft, setDraft] = useState<string | undefined>(() => window.sessionStorage.getItem(key) ?? undefined);
  const save = useCallback(
    (value: string) => {
      window.sessionStorage.setItem(key, value);
      setDraft(value);
    },
    [key],
  );
  const clear = useCallback(() => {
    window.sessionStorage.removeItem(key);
    setDraft(undefined);
  }, [key]);
  return [draft, save, clear];
}
