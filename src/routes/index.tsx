import { createFileRoute, redirect } from '@tanstack/react-router';

/** Public home: a visitor goes to sign in, a signed-in user to their profile. */
export const Route = createFileRoute('/')({
  beforeLoad: async ({ context }) => {
    if (context.auth.signedOut()) throw redirect({ to: '/signed-out' });
    const user = await context.auth.getUser();
    throw redirect(user ? { to: '/profile' } : { to: '/auth/default/login' });
  },
});
