import { Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { startTransition, useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { flushSync } from 'react-dom';
import { useChangePassword } from '../../../generated/api/password/password';
import { useGetPasswordPolicy } from '../../../generated/api/password-policy/password-policy';
import { useGetProfile } from '../../../generated/api/profile/profile';
import type { PasswordPolicy, Profile } from '../../../generated/model';
import { useT, type MessageKey } from '../../messages/pageTexts';
import { LoadError } from '../../shared/ui/LoadError';
import { PageLoader } from '../../shared/ui/PageLoader';
import { PageTitle } from '../../shared/ui/PageTitle';
import { SignOutOtherDevices } from '../../shared/ui/SignOutOtherDevices';
import { toast } from '../../shared/ui/toast';
import { PolicyHints } from './PolicyHints';
import {
  passwordRules,
  passwordRulesAttribute,
  problemsByField,
  validatePasswordChange,
  type PasswordField,
  type PasswordForm,
  type PasswordOwner,
  type PasswordProblem,
} from './passwordPolicy';

const EMPTY: PasswordForm = { password: '', newPassword: '', confirmPassword: '' };
const fieldId = (field: PasswordField) => `password-field-${field}`;
const FIELDS: ReadonlyArray<{ field: PasswordField; label: MessageKey; autoComplete: 'current-password' | 'new-password' }> = [
  { field: 'password', label: 'password.current', autoComplete: 'current-password' },
  { field: 'newPassword', label: 'password.new', autoComplete: 'new-password' },
  { field: 'confirmPassword', label: 'password.confirm', autoComplete: 'new-password' },
];

/**
 * Every failing rule of a field, each on its own line, in the language of the moment: the
 * messages stay on screen until the next submit, and may outlive a language switch.
 */
function FieldMessages({ problems }: { problems: PasswordProblem[] }) {
  const t = useT();
  const messages = problems.map((problem) => t(problem.message, problem.vars));
  return (
    <>
      {messages.map((message) => (
        <span key={message} style={{ display: 'block' }}>
          {message}
        </span>
      ))}
    </>
  );
}

/** Whose password it is, for the rules that forbid their name in it. */
function useOwner(profile: Profile | undefined): PasswordOwner {
  return useMemo(
    () => ({
      electronicId: profile?.electronicId ?? '',
      firstName: profile?.firstName ?? '',
      lastName: profile?.lastName ?? '',
    }),
    [profile],
  );
}

/**
 * The form, whose messages name every failing rule of each field (none until the policy is
 * known). Uncontrolled: a keystroke re-renders none of the fields, only the hints that watch the
 * new password (PolicyHints).
 */
function usePasswordForm(policy: PasswordPolicy | undefined, owner: PasswordOwner) {
  return useForm<PasswordForm>({
    mode: 'uncontrolled',
    initialValues: EMPTY,
    // Emptying the fields after a submit must not take that submit's messages away.
    clearInputErrorOnChange: false,
    validate: (values) =>
      Object.fromEntries(
        Object.entries(policy ? problemsByField(validatePasswordChange(values, policy, owner)) : {}).map(([field, problems]) => [
          field,
          <FieldMessages key={field} problems={problems} />,
        ]),
      ),
  });
}

/** The current, new and confirmed password, each with its show button. */
function PasswordFields({ form, policy }: { form: UseFormReturnType<PasswordForm>; policy: PasswordPolicy }) {
  const t = useT();
  return (
    <>
      {FIELDS.map(({ field, label, autoComplete }) => {
        const input = form.getInputProps(field);
        return (
          <PasswordInput
            // A new key when the form empties the field (uncontrolled: the field shows its new default).
            key={form.key(field)}
            label={t(label)}
            autoComplete={autoComplete}
            visibilityToggleButtonProps={{ 'aria-label': t('password.showPassword') }}
            id={fieldId(field)}
            {...(field === 'newPassword'
              ? // Read by password managers, so the password they generate meets the policy.
                { passwordrules: passwordRulesAttribute(policy), 'aria-describedby': 'password-policy-title' }
              : {})}
            {...input}
            // The field shows the key itself (uncontrolled); what the form renders of it (the
            // hints, and the form once, when the field first changes) follows in a transition, so
            // the key paints at once.
            onChange={(event: ChangeEvent<HTMLInputElement>) => startTransition(() => input.onChange(event))}
          />
        );
      })}
    </>
  );
}

/**
 * After a change: browsers and apps signed in before keep their access, so the page offers to
 * sign them out, and the way on to the profile (the spec goes to / at once). The heading takes
 * the focus, so a screen reader hears what happened.
 */
function Changed() {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Paper withBorder p="md" maw={560} component="section" aria-labelledby="password-changed">
      <Title order={2} size="h4" id="password-changed" ref={heading} tabIndex={-1} mb="xs">
        {t('password.changedTitle')}
      </Title>
      <Text size="sm" mb="md">
        {t('password.afterChange')}
      </Text>
      <Group>
        <SignOutOtherDevices variant="filled" />
        <Button variant="default" renderRoot={(props) => <Link {...props} to="/" />}>
          {t('password.toProfile')}
        </Button>
      </Group>
    </Paper>
  );
}

/**
 * /profile/password. After a change the page offers Sign out other devices and the way to the
 * profile (Changed), or, when `onChanged` is given (opened from the "This wasn't me" guide,
 * whose own steps offer it), goes wherever that sends them.
 */
export function ChangePasswordPage({ onChanged }: { onChanged?: () => void } = {}) {
  const t = useT();
  const [changed, setChanged] = useState(false);
  const policyQuery = useGetPasswordPolicy();
  const profile = useGetProfile();
  const change = useChangePassword();

  const policy = policyQuery.data?.settings.password;
  const owner = useOwner(profile.data);
  const rules = useMemo(() => (policy ? passwordRules(policy, owner) : []), [policy, owner]);
  const form = usePasswordForm(policy, owner);

  if (changed) {
    return (
      <>
        <PageTitle>{t('page.password')}</PageTitle>
        <Changed />
      </>
    );
  }
  if (policyQuery.isPending || profile.isPending) return <PageLoader />;
  if (!policy) {
    return (
      <>
        <PageTitle>{t('page.password')}</PageTitle>
        <LoadError title={t('password.policyLoadFailed')} onRetry={() => void policyQuery.refetch()} />
      </>
    );
  }

  // The spec clears the fields on every submit; the messages stay until the next one.
  const submit = form.onSubmit(
    (values) => {
      form.setValues(EMPTY);
      change.mutate(
        { data: values },
        {
          onSuccess: () => {
            toast.success(t('password.success'));
            // What was sent (the passwords) leaves memory now, not when the page is left.
            change.reset();
            if (onChanged) onChanged();
            else setChanged(true);
          },
          // The server said no (its reason is the toast) and the fields are empty: the person
          // starts again at the first, and keeps their place, not the page's top (the pressed
          // button was disabled while the change was sent).
          onError: () => document.getElementById(fieldId('password'))?.focus(),
        },
      );
    },
    (errors) => {
      // The emptied fields are new elements (an uncontrolled form remounts them): render them
      // now, so that the focus goes to the one on screen.
      flushSync(() => form.setValues(EMPTY));
      const first = (Object.keys(EMPTY) as PasswordField[]).find((field) => errors[field]);
      if (first) document.getElementById(fieldId(first))?.focus();
    },
  );

  const clear = () => {
    form.setValues(EMPTY);
    form.clearErrors();
  };

  return (
    <>
      <PageTitle>{t('page.password')}</PageTitle>
      <Paper withBorder p="md" maw={560}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <PasswordFields form={form} policy={policy} />
            <PolicyHints policy={policy} rules={rules} form={form} />
            <Group>
              <Button type="submit" loading={change.isPending} disabled={change.isPending}>
                {t('password.submit')}
              </Button>
              <Button variant="default" onClick={clear} disabled={change.isPending}>
                {t('password.clear')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
