// Isolated: it adds listeners to the window and leaves the page "leaving".
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, render, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { AppProviders } from './AppProviders';
import { reportError } from '../shared/errors/errorReport';
import { reloadOnStaleBuild } from '../shared/errors/staleBuild';
import { ErrorPage } from './ErrorPage';

vi.mock('../shared/errors/errorReport', () => ({ reportError: vi.fn() }));

it('waits while the page is leaving, and shows and reports the error once the page stayed after all (a download, a cancelled unload)', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  reloadOnStaleBuild();
  const error = new Error('page broke');
  const rootRoute = createRootRoute({
    component: () => {
      throw error;
    },
    errorComponent: ErrorPage,
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  window.dispatchEvent(new Event('beforeunload'));
  render(
    <AppProviders queryClient={new QueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  expect(await screen.findByRole('status')).toBeInTheDocument();
  expect(reportError).not.toHaveBeenCalled();
  act(() => void window.dispatchEvent(new Event('pointerdown')));
  expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
  expect(vi.mocked(reportError).mock.calls).toEqual([[error, 'render']]);
});
