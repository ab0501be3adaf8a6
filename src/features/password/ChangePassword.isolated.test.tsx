import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../tests/support/renderRoute';

// Every render of a password field, by its label: a keystroke should re-render none of them
// (the form is uncontrolled; only the hints watch the new password).
const fieldRenders = vi.hoisted(() => new Map<string, number>());
vi.mock('@mantine/core', async (importOriginal) => {
  const core = await importOriginal<typeof import('@mantine/core')>();
  const { createElement, forwardRef } = await import('react');
  const PasswordInput = forwardRef<HTMLInputElement, { label?: string }>(function CountedPasswordInput(props, ref) {
    fieldRenders.set(String(props.label), (fieldRenders.get(String(props.label)) ?? 0) + 1);
    return createElement(core.PasswordInput, { ...props, ref });
  });
  return { ...core, PasswordInput };
});

describe('Change Password, as the user types', () => {
  it('re-renders none of the three fields at a keystroke, and the hints follow', async () => {
    const { user } = renderRoute('/profile/password');
    const field = await screen.findByLabelText('New password');
    // The first key marks the field changed (@mantine/form's dirty state), which renders the form once.
    await user.type(field, 'A');
    const before = new Map(fieldRenders);
    await user.type(field, 'bcdefgh');
    expect(field).toHaveValue('Abcdefgh');
    expect(fieldRenders).toEqual(before);
    expect(screen.getByText('At least 8 characters').closest('li')).toHaveAttribute('data-met', 'true');
  });
});
