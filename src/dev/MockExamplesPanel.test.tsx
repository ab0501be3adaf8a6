import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../tests/support/server';
import { MockExamplesPanel } from './MockExamplesPanel';

const operations = () => [
  {
    operationId: 'getProfile',
    request: 'GET /api/v1/user/profile',
    choices: [
      { value: 'example=full', label: '200 full' },
      { value: 'code=500', label: '500 error' },
      { value: 'slow', label: 'slow: the usual answer after 3 s' },
    ],
    active: null as string | null,
  },
  {
    operationId: 'enrollPhoneFactor',
    request: 'POST /api/v1/user/factor/enroll/phone',
    choices: [{ value: 'example=okta-sms', label: "200 okta-sms (Okta's own answer)" }],
    active: null as string | null,
  },
];

describe('the mock answers panel (development only)', () => {
  it("lists each operation's answers from the dev server, chooses one, and shows which are active", async () => {
    const state = operations();
    const posted: unknown[] = [];
    server.use(
      http.get('*/__mock/examples', () => HttpResponse.json(state)),
      http.post('*/__mock/examples', async ({ request }) => {
        const body = (await request.json()) as { operationId: string; value: string | null };
        posted.push(body);
        state.find((op) => op.operationId === body.operationId)!.active = body.value;
        return HttpResponse.json(state);
      }),
    );
    const user = userEvent.setup();
    render(<MockExamplesPanel />);
    await user.click(screen.getByRole('button', { name: 'Mock answers' }));
    const panel = screen.getByRole('region', { name: 'Mock answers' });
    expect(within(panel).getByText('Active: the usual answers everywhere')).toBeInTheDocument();

    const profile = await within(panel).findByRole('combobox', { name: /getProfile/ });
    await user.selectOptions(profile, '500 error');
    expect(posted).toEqual([{ operationId: 'getProfile', value: 'code=500' }]);
    expect(await within(panel).findByText('Active: getProfile → code=500')).toBeInTheDocument();
    expect(profile).toHaveValue('code=500');

    await user.selectOptions(profile, 'usual answer (the persona’s)');
    expect(posted.at(-1)).toEqual({ operationId: 'getProfile', value: null });
    expect(await within(panel).findByText('Active: the usual answers everywhere')).toBeInTheDocument();

    await user.type(within(panel).getByRole('searchbox', { name: 'Filter' }), 'phone');
    expect(within(panel).queryByRole('combobox', { name: /getProfile/ })).not.toBeInTheDocument();
    expect(within(panel).getByRole('combobox', { name: /enrollPhoneFactor/ })).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('button', { name: 'Mock answers' })).toBeInTheDocument();
  });

  it('says what the dev server answered when there is no mock (API_TARGET)', async () => {
    server.use(
      http.get('*/__mock/examples', () => HttpResponse.json({ error: '/api goes to https://backend.example (API_TARGET)' }, { status: 409 })),
    );
    const user = userEvent.setup();
    render(<MockExamplesPanel />);
    await user.click(screen.getByRole('button', { name: 'Mock answers' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The dev server said: /api goes to https://backend.example (API_TARGET)');
  });
});
