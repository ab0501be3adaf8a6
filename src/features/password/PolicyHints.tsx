import { List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useCallback, useState } from 'react';
import type { PasswordPolicy } from '../../../generated/model';
import { useT } from '../../messages/pageTexts';
import { ageHints, type PasswordForm, type PasswordRule } from './passwordPolicy';

type HintState = 'untyped' | 'met' | 'unmet';

const stateOf = (rule: PasswordRule, password: string): HintState => (password === '' ? 'untyped' : rule.met(password) ? 'met' : 'unmet');

/**
 * One rule the browser can check, and whether the new password meets it: it watches the field
 * itself, and a keystroke that leaves its state as it was renders nothing.
 */
function RuleHint({ rule, form }: { rule: PasswordRule; form: UseFormReturnType<PasswordForm> }) {
  const t = useT();
  const [state, setState] = useState(() => stateOf(rule, form.getValues().newPassword));
  form.watch(
    'newPassword',
    useCallback(({ value }: { value: string }) => setState(stateOf(rule, value)), [rule]),
  );
  const typed = state !== 'untyped';
  return (
    <List.Item
      data-met={typed ? String(state === 'met') : undefined}
      icon={
        <ThemeIcon size={18} radius="xl" color={!typed ? 'gray' : state === 'met' ? 'teal.8' : 'red.8'} aria-hidden>
          <span style={{ fontSize: 12, lineHeight: 1 }}>{!typed ? '•' : state === 'met' ? '✓' : '✕'}</span>
        </ThemeIcon>
      }
    >
      {typed && <VisuallyHidden>{t(state === 'met' ? 'password.hint.met' : 'password.hint.notMet')} </VisuallyHidden>}
      {t(rule.hint, rule.hintVars)}
    </List.Item>
  );
}

/**
 * The policy as a checklist. Rules the browser can check show, as the user types, whether
 * they are met: by icon and by text (never colour alone), announced politely. Each rule watches
 * the new password itself, so a keystroke re-renders only the rules whose state it changes, not
 * the form, its fields or the other hints.
 */
export function PolicyHints({ policy, rules, form }: { policy: PasswordPolicy; rules: PasswordRule[]; form: UseFormReturnType<PasswordForm> }) {
  const t = useT();
  const applying = rules.filter((rule) => rule.applies);
  const serverChecked = ageHints(policy);
  if (applying.length === 0 && serverChecked.length === 0) return null;

  return (
    <div>
      <Text id="password-policy-title" fw={600} mb="xs">
        {t('password.policyTitle')}
      </Text>
      <List spacing={4} aria-labelledby="password-policy-title" aria-live="polite" listStyleType="none" data-testid="password-hints">
        {applying.map((rule) => (
          <RuleHint key={rule.id} rule={rule} form={form} />
        ))}
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
