import { List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { PasswordPolicy } from '../../../generated/model';
import { useT } from '../../messages/t';
import { ageHints, type PasswordForm, type PasswordRule } from './passwordPolicy';

/**
 * The policy as a checklist. Rules the browser can check show, as the user types, whether
 * they are met: by icon and by text (never colour alone), announced politely. It watches the
 * new password itself, so a keystroke re-renders the hints alone, not the form.
 */
export function PolicyHints({ policy, rules, form }: { policy: PasswordPolicy; rules: PasswordRule[]; form: UseFormReturnType<PasswordForm> }) {
  const t = useT();
  const newPassword = form.useWatchValue('newPassword');
  const applying = rules.filter((rule) => rule.applies);
  const serverChecked = ageHints(policy);
  if (applying.length === 0 && serverChecked.length === 0) return null;
  const typed = newPassword !== '';

  return (
    <div>
      <Text id="password-policy-title" fw={600} mb="xs">
        {t('password.policyTitle')}
      </Text>
      <List spacing={4} aria-labelledby="password-policy-title" aria-live="polite" listStyleType="none" data-testid="password-hints">
        {applying.map((rule) => {
          const met = typed && rule.met(newPassword);
          return (
            <List.Item
              key={rule.id}
              data-met={typed ? String(met) : undefined}
              icon={
                <ThemeIcon size={18} radius="xl" color={!typed ? 'gray' : met ? 'teal.8' : 'red.8'} aria-hidden>
                  <span style={{ fontSize: 12, lineHeight: 1 }}>{!typed ? '•' : met ? '✓' : '✕'}</span>
                </ThemeIcon>
              }
            >
              {typed && <VisuallyHidden>{t(met ? 'password.hint.met' : 'password.hint.notMet')} </VisuallyHidden>}
              {t(rule.hint, rule.hintVars)}
            </List.Item>
          );
        })}
        {serverChecked.map((hint) => (
          <List.Item
            key={hint.hint}
            icon={
              <ThemeIcon size={18} radius="xl" color="gray" aria-hidden>
                <span style={{ fontSize: 12, lineHeight: 1 }}>•</span>
              </ThemeIcon>
            }
          >
            {t(hint.hint, hint.vars)}
          </List.Item>
        ))}
      </List>
    </div>
  );
}
