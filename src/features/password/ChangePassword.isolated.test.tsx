import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../tests/support/renderRoute';

// Every render of a password field (by its label) and of a hint's icon: a keystroke should
// re-render none of the fields (the form is uncontrolled) and only the hints whose state it
// changes (each watches the new password).
const renders = vi.hoisted(() => new Map<string, number>());
vi.mock('@mantine/core', async (importOriginal) => {
  const core = await importOriginal<typeof import('@mantine/core')>();
  const { createElement, forwardRef } = await import('react');
  const count = (what: string) => renders.set(what, (renders.get(what) ?? 0) + 1);
  const PasswordInput = forwardRef<HTMLInputElement, { label?: string }>(function CountedPasswordInput(props, ref) {
    count(String(props.label));
    return createElement(core.PasswordInput, { ...props, ref });
  });
  const ThemeIcon = forwardRef<HTMLDivElement, object>(function CountedThemeIcon(props, ref) {
    count('a hint');
    return createElement(core.ThemeIcon, { ...props, ref });
  });
  return { ...core, PasswordInput, ThemeIcon };
});

const rendersSince = (before: Map<string, number>) =>
  Object.fromEntries([...renders].map(([what, n]) => [what, n - (before.get(what) ?? 0)]).filter(([, n]) => n !== 0));

describe('Change Password, as the user types', () => {
  it('re-renders none of the three fields at a keystroke, and only the hints it changes', async () => {
    const { user } = renderRoute('/profile/password');
    const field = await screen.findByLabelText('New password');
    // The first key marks the field changed (@mantine/form's dirty state), which renders the form once.
    await user.type(field, 'A');
    const before = new Map(renders);
    // 'b' meets the lowercase rule and the eighth key the length; no other key changes a hint.
    await user.type(field, 'bcdefgh');
    expect(field).toHaveValue('Abcdefgh');
    expect(rendersSince(before)).toEqual({ 'a hint': 2 });
    expect(screen.getByText('At least 8 characters').closest('li')).toHaveAttribute('data-met', 'true');
    expect(screen.getByText('A lowercase letter (a-z)').closest('li')).toHaveAttribute('data-met', 'true');
  });
});
