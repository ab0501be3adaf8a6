import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import type { LoginLogEntry } from '../../../generated/model';
import type { Language } from '../../messages/language';
import { useLanguage, useT } from '../../messages/pageTexts';
import { displayText } from '../../shared/text/displayText';
import { SignOutOtherDevices } from '../../shared/ui/SignOutOtherDevices';
import { formatLoginTime } from './formatLoginTime';
import { NotMeLink } from './NotMeLink';
import { signInPlaces, type SignInPlace } from './signInPlaces';
import classes from './SignInPlaces.module.css';

/** One device in one place: what it is, its last sign-in and how many; opened, its logins, each with "This wasn't me". */
function Place({ place, language }: { place: SignInPlace; language: Language }) {
  const t = useT();
  const last = place.logins[0]!;
  return (
    <Paper component="li" withBorder p={0}>
      <details className={classes.details}>
        <summary className={classes.summary}>
          <span style={{ minWidth: 0 }}>
            <Text component="span" fw={600} display="block" style={{ overflowWrap: 'anywhere' }}>
              {place.place
                ? t('loginLog.places.deviceIn', { browser: place.browser, os: place.os, place: place.place })
                : t('loginLog.places.device', { browser: place.browser, os: place.os })}
            </Text>
            <Text component="span" size="sm" c="dimmed" display="block">
              {t('loginLog.places.last', { time: formatLoginTime(last.time, undefined, language) })} ·{' '}
              {t('loginLog.places.count', { count: place.logins.length })}
            </Text>
          </span>
        </summary>
        <Stack component="ul" gap={6} px="md" pb="sm" m={0} style={{ listStyle: 'none' }}>
          {place.logins.map((login, index) => (
            <Group component="li" key={`${login.time}-${index}`} justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {t('loginLog.places.login', {
                  time: formatLoginTime(login.time, undefined, language),
                  application: displayText(login.application),
                  ip: displayText(login.ip),
                })}
              </Text>
              <NotMeLink entry={login} language={language} />
            </Group>
          ))}
        </Stack>
      </details>
    </Paper>
  );
}

/**
 * "Where you've signed in": the login history loaded so far, grouped by device and place, said
 * to be history (no live session list exists to show), with how much of it was grouped, a way to
 * include older pages, and its one action, Sign out other devices.
 */
export function SignInPlaces({
  logins,
  complete,
  loadingMore,
  onMore,
}: {
  logins: LoginLogEntry[];
  /** The whole history is loaded (no next page). */
  complete: boolean;
  loadingMore: boolean;
  /** Includes the next page; none offered (undefined) while another way on is shown. */
  onMore: (() => void) | undefined;
}) {
  const t = useT();
  const language = useLanguage();
  const places = useMemo(() => signInPlaces(logins), [logins]);
  const oldest = logins.at(-1);
  return (
    <section aria-labelledby="sign-in-places">
      <Title order={2} size="h3" id="sign-in-places" mb="xs">
        {t('loginLog.view.places')}
      </Title>
      <Text mb="xs" maw={720}>
        {t('loginLog.places.intro')}
      </Text>
      <Group gap="sm" mb="md" align="center" maw={720}>
        <Text size="sm">
          {complete || !oldest
            ? t('loginLog.places.complete', { count: logins.length })
            : t('loginLog.places.partial', { count: logins.length, date: formatLoginTime(oldest.time, undefined, language) })}
        </Text>
        {!complete && onMore && (
          <Button size="xs" variant="default" onClick={onMore} loading={loadingMore}>
            {t('loginLog.places.more')}
          </Button>
        )}
      </Group>
      <Paper withBorder p="sm" mb="md" maw={720}>
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" maw={440}>
            {t('loginLog.places.action')}
          </Text>
          <SignOutOtherDevices />
        </Group>
      </Paper>
      <Stack component="ul" gap="xs" p={0} m={0} maw={720} style={{ listStyle: 'none' }}>
        {places.map((place) => (
          <Place key={place.key} place={place} language={language} />
        ))}
      </Stack>
    </section>
  );
}
