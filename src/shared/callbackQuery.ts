import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';

/**
 * Reads a callback page's query once (a code, a state) and then removes it from the address
 * bar and from this entry of the history: Back cannot replay it, and no later referrer,
 * bookmark or screenshot carries it. The page works on what was read.
 */
export function useCallbackQuery<T>(read: () => T): T {
  const router = useRouter();
  const [query] = useState(read);
  useEffect(() => {
    const { pathname, search, hash } = router.history.location;
    if (search) router.history.replace(`${pathname}${hash}`);
  }, [router]);
  return query;
}
