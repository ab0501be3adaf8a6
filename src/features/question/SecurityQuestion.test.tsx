import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getGetFactorsMockHandler } from '../../../generated/api/factors/factors.msw';
import type { FactorListResponse } from '../../../generated/model';
import { example } from '../../../tests/support/examples';
import { renderRoute } from '../../../tests/support/renderRoute';
import { server } from '../../../tests/support/server';

const newUser = () => example<FactorListResponse>('getFactors', 'new-user');
const full = () => example<FactorListResponse>('getFactors', 'full');

describe('Security question', () => {
  it('redirects to / (and on to the profile) without a question factor', async () => {
    server.use(getGetFactorsMockHandler({ factors: full().factors.filter((f) => f.factorType !== 'question') }));
    const { router } = renderRoute('/profile/question');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/details'));
  });

  it('sets up a question: the first question by default, then reloads with Loading...', async () => {
    let enrolled = false;
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/v1/user/factor', async () => {
        if (enrolled) await new Promise((r) => setTimeout(r, 150));
        return HttpResponse.json(enrolled ? full() : newUser());
      }),
      http.post('*/api/v1/user/factor/enroll', async ({ request }) => {
        bodies.push(await request.json());
        enrolled = true;
        return HttpResponse.json(example('enrollFactor', 'question'));
      }),
    );
    const { user } = renderRoute('/profile/question');
    expect(await screen.findByText('You have not setup the security question.')).toBeInTheDocument();
    expect(screen.getByText(/A security question lets you reset a forgotten password/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('combobox', { name: 'Question' })).toHaveDisplayValue('What is the food you least liked as a child?');
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Answer'), 'bitter melon');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('What is the food you least liked as a child?')).toBeInTheDocument();
    expect(await screen.findByText('Enroll factor successfully')).toBeInTheDocument();
    expect(bodies).toEqual([{ factorType: 'question', provider: 'OKTA', question: 'disliked_food', answer: 'bitter melon' }]);
    expect(window.location.href).not.toContain('bitter');
    expect(JSON.stringify({ ...sessionStorage, ...localStorage })).not.toContain('bitter');
  });

  it('lets the user pick another question', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/v1/user/factor/enroll', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(example('enrollFactor', 'question'));
      }),
    );
    const { user } = renderRoute('/profile/question');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Question' }), 'What was the first computer game you played?');
    await user.type(screen.getByLabelText('Answer'), 'Lemmings');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toEqual([{ factorType: 'question', provider: 'OKTA', question: 'first_computer_game', answer: 'Lemmings' }]));
  });

  it('with a question enrolled, locks it and offers Delete; Cancel goes back', async () => {
    server.use(getGetFactorsMockHandler(full()));
    const { user } = renderRoute('/profile/question');
    expect(await screen.findByTestId('current-question')).toHaveTextContent('What is the food you least liked as a child?');
    // Edit waits for the question list.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const select = screen.getByRole('combobox', { name: 'Question' });
    expect(select).toBeDisabled();
    expect(select).toHaveDisplayValue('What is the food you least liked as a child?');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('current-question')).toHaveTextContent('What is the food you least liked as a child?');
  });

  it('deletes the enrolled question and reloads', async () => {
    let deleted = '';
    server.use(
      http.get('*/api/v1/user/factor', () => HttpResponse.json(deleted ? newUser() : full())),
      http.delete('*/api/v1/user/factor/:factorId', ({ params }) => {
        deleted = String(params.factorId);
        return HttpResponse.json({ status: true });
      }),
    );
    const { user } = renderRoute('/profile/question');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    // Asked first; nothing is deleted before the person says so.
    const dialog = await screen.findByRole('dialog', { name: 'Delete your security question?' });
    expect(deleted).toBe('');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Reset factor successfully')).toBeInTheDocument();
    expect(await screen.findByText('You have not setup the security question.')).toBeInTheDocument();
    expect(deleted).toBe('ufs1taimanquestion');
  });

  it('says so when the server answers that the question was not deleted, and keeps it', async () => {
    server.use(
      http.get('*/api/v1/user/factor', () => HttpResponse.json(full())),
      http.delete('*/api/v1/user/factor/:factorId', () => HttpResponse.json({ status: false })),
    );
    const { user } = renderRoute('/profile/question');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete your security question?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Your security question was not deleted. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('Reset factor successfully')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('You have not setup the security question.')).not.toBeInTheDocument();
  });

  it('brings back the chosen question (never the answer) after a sign-in round trip, and forgets it on Cancel', async () => {
    const first = renderRoute('/profile/question');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit' })).toBeEnabled());
    await first.user.click(screen.getByRole('button', { name: 'Edit' }));
    const select = screen.getByRole('combobox', { name: 'Question' });
    const last = within(select).getAllByRole('option').at(-1)!;
    await first.user.selectOptions(select, last);
    await first.user.type(screen.getByLabelText('Answer'), 'secret answer');
    first.unmount();

    const again = renderRoute('/profile/question');
    const restored = await screen.findByRole('combobox', { name: 'Question' });
    // The options arrive with the question list.
    await waitFor(() => expect(restored).toHaveValue((last as HTMLOptionElement).value));
    expect(screen.getByLabelText('Answer')).toHaveValue('');
    expect(JSON.stringify({ ...window.sessionStorage })).not.toContain('secret answer');
    await again.user.click(screen.getByRole('button', { name: 'Cancel' }));
    again.unmount();
    renderRoute('/profile/question');
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('announces nothing when the save is answered without a status (spec section 8)', async () => {
    let saved = 0;
    server.use(http.post('*/api/v1/user/factor/enroll', () => ((saved += 1), HttpResponse.json({ id: 'ufs1new' }))));
    const { user } = renderRoute('/profile/question');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.type(screen.getByLabelText('Answer'), 'bitter melon');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toBe(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    expect(screen.queryByText('Enroll factor successfully')).not.toBeInTheDocument();
  });

  it('keeps the form and the answer when saving fails', async () => {
    server.use(http.post('*/api/v1/user/factor/enroll', () => HttpResponse.json({ errorMessage: 'Answer is too short' }, { status: 400 })));
    const { user } = renderRoute('/profile/question');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.type(screen.getByLabelText('Answer'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Answer is too short');
    expect(screen.getByLabelText('Answer')).toHaveValue('x');
    await waitFor(() =>
      expect(within(screen.getByRole('region', { name: 'Your security question' })).getByRole('button', { name: 'Save' })).toBeEnabled(),
    );
  });
});
