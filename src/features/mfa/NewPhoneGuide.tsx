import { Badge, Button, Group, List, Paper, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { textOf, useT } from '../../messages/pageTexts';
import { NEW_PHONE_GUIDE_KEY } from '../../shared/storage/storageKeys';
import { FACTOR_KINDS } from './factorKinds';
import { maskPhone } from './mask';
import { MethodDetails, methodLabel } from './MethodDetails';
import type { MfaRow } from './mfaRows';
import { idsKept, newPhoneProgress, phoneMethodIds, phoneMethods } from './newPhone';

/** A list whose items span its width, so each step's status and each Remove line up at its end. */
const FULL_WIDTH = { itemWrapper: { width: '100%', alignItems: 'stretch' } } as const;

const stored = () => idsKept(window.sessionStorage.getItem(NEW_PHONE_GUIDE_KEY));

/** Whether a step is done, in words (not colour alone). */
function StepStatus({ done }: { done: boolean }) {
  const t = useT();
  return (
    <Badge color={done ? 'teal.8' : 'gray.7'} variant={done ? 'filled' : 'outline'} tt="none" style={{ flexShrink: 0 }}>
      {done ? t('mfa.newPhone.done') : t('mfa.newPhone.notDone')}
    </Badge>
  );
}

function Step({ title, done, children }: { title: string; done: boolean; children: React.ReactNode }) {
  return (
    <List.Item>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Title order={3} size="h5">
          {title}
        </Title>
        <StepStatus done={done} />
      </Group>
      {children}
    </List.Item>
  );
}

/**
 * "Moving to a new phone?": for anyone with a method on a phone. In order: set the method up on
 * the new phone (its wizard), see it work (set up means its code or approval came from the new
 * phone), and only then remove the old one, recognisable by its nickname and last use. Remove
 * stays unavailable until a method added since the move began works, and the guide says why.
 * The phone methods set up when the move began (their ids) are kept in this tab's session
 * storage, so the guide picks up where it was after each wizard.
 */
export function NewPhoneGuide({
  rows,
  busy,
  onRemove,
}: {
  rows: ReadonlyArray<MfaRow>;
  busy: boolean;
  onRemove: (row: MfaRow, name: string) => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const id = useId();
  const [before, setBefore] = useState(stored);
  const phones = phoneMethods(rows);
  if (phones.length === 0) return null;
  const open = before !== undefined;
  const toggle = () => {
    if (open) {
      window.sessionStorage.removeItem(NEW_PHONE_GUIDE_KEY);
      setBefore(undefined);
    } else {
      const ids = phoneMethodIds(rows);
      window.sessionStorage.setItem(NEW_PHONE_GUIDE_KEY, JSON.stringify(ids));
      setBefore(ids);
    }
  };
  const progress = open ? newPhoneProgress(rows, before) : undefined;
  const works = (progress?.fresh.length ?? 0) > 0;
  const kinds = FACTOR_KINDS.filter((kind) => phones.some((row) => row.kind === kind.id));
  const nameOf = (row: MfaRow) => textOf(row.name, t);

  return (
    <Paper withBorder p="md" maw={720} mt="md" component="section" aria-labelledby={`${id}h`}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} size="h4" id={`${id}h`}>
          {t('mfa.newPhone.title')}
        </Title>
        {/* It controls the steps only while they are there: no reference to a list not on the page. */}
        <Button variant="default" size="xs" onClick={toggle} aria-expanded={open} aria-controls={open ? `${id}s` : undefined}>
          {open ? t('mfa.newPhone.finish') : t('mfa.newPhone.start')}
        </Button>
      </Group>
      <Text size="sm">{t('mfa.newPhone.intro')}</Text>
      {progress && (
        <List type="ordered" id={`${id}s`} spacing="md" mt="md" styles={FULL_WIDTH}>
          <Step title={t('mfa.newPhone.step1')} done={works}>
            <Text size="sm">{t('mfa.newPhone.step1.help')}</Text>
            <Group gap="xs" mt="xs">
              {kinds.map((kind) => (
                <Button
                  key={kind.id}
                  size="xs"
                  // A long method's name wraps on a phone instead of widening the page.
                  h="auto"
                  py={6}
                  styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }}
                  onClick={() =>
                    void navigate({
                      to: '/profile/mfa/enroll/$provider/$factorType',
                      params: { provider: kind.provider, factorType: kind.factorType },
                    })
                  }
                >
                  {t('mfa.newPhone.setUpOn', { name: t(kind.name) })}
                </Button>
              ))}
            </Group>
          </Step>
          <Step title={t('mfa.newPhone.step2')} done={works}>
            <Text size="sm">{works ? t('mfa.newPhone.works', { names: progress.fresh.map(nameOf).join(', ') }) : t('mfa.newPhone.step2.help')}</Text>
          </Step>
          <Step title={t('mfa.newPhone.step3')} done={works && progress.old.length === 0}>
            <Text size="sm">{works ? t('mfa.newPhone.step3.help') : t('mfa.newPhone.step3.waiting')}</Text>
            <List spacing="xs" mt="xs" listStyleType="none" styles={FULL_WIDTH}>
              {progress.old.map((row) => {
                const name = methodLabel(row, t);
                const phone = row.phone && maskPhone(row.phone);
                return (
                  <List.Item key={row.key}>
                    <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
                      <div style={{ minWidth: 0, flex: '1 1 12rem' }}>
                        <Text component="span" display="block">
                          {nameOf(row)}
                        </Text>
                        <MethodDetails nickname={row.factor?.nickname} created={row.factor?.created} lastChallenged={row.factor?.lastChallenged}>
                          {phone && (
                            <Text component="span" display="block" size="sm" c="dimmed">
                              {t('mfa.methodPhone', { phone })}
                            </Text>
                          )}
                        </MethodDetails>
                      </div>
                      <Button
                        size="xs"
                        color="red.8"
                        variant="outline"
                        disabled={!works || busy}
                        onClick={() => onRemove(row, name)}
                        aria-label={t('mfa.removeLabel', { name })}
                      >
                        {t('mfa.remove')}
                      </Button>
                    </Group>
                  </List.Item>
                );
              })}
            </List>
          </Step>
        </List>
      )}
    </Paper>
  );
}
