import { useRouteContext } from '@tanstack/react-router';
import type { Auth } from './auth';

/** The auth that main.tsx hands to the router: components read it where loaders read `context.auth`. */
export function useAuth(): Auth {
  return useRouteContext({ from: '__root__', select: (context) => context.auth });
}
