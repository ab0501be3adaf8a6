import { Text } from '@mantine/core';
import { textOf, useLanguage, useT } from '../../messages/t';
import { displayText } from '../../shared/text/displayText';
import { formatDay, readableDate } from '../../shared/text/day';
import { formatLastUsed } from './lastUsed';
import type { MfaRow } from './mfaRows';

/**
 * What tells one method from another, each on its own line under its name: the person's
 * nickname (labelled, through the portal's safe display of names: never in place of the
 * method's own name), what else the caller shows (a masked phone, a passkey's model), when it
 * was added and when it was last used, or that it never was. A date the server gave that cannot
 * be read is left out.
 */
export function MethodDetails({
  nickname,
  nicknameLast = false,
  created,
  lastChallenged,
  children,
}: {
  nickname: string | undefined;
  /** The nickname after the dates (the review of methods, whose rows start with the phone). */
  nicknameLast?: boolean;
  created: string | undefined;
  lastChallenged: string | undefined;
  children?: React.ReactNode;
}) {
  const t = useT();
  const language = useLanguage();
  const shown = displayText(nickname);
  const added = readableDate(created);
  const lastUsed = lastChallenged === undefined ? t('mfa.neverUsed') : formatLastUsed(lastChallenged, language, new Date());
  const line = (text: string) => (
    <Text component="span" display="block" size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
      {text}
    </Text>
  );
  return (
    <>
      {shown && !nicknameLast && line(t('mfa.nicknameShown', { nickname: shown }))}
      {children}
      {added && line(t('mfa.added', { date: formatDay(added, language) }))}
      {lastUsed && line(lastChallenged === undefined ? lastUsed : t('mfa.lastUsed', { when: lastUsed }))}
      {shown && nicknameLast && line(t('mfa.nicknameShown', { nickname: shown }))}
    </>
  );
}

/** A method's name for its controls and questions: the kind, and the person's nickname beside it when it has one. */
export function methodLabel(row: MfaRow, t: ReturnType<typeof useT>): string {
  const name = textOf(row.name, t);
  const nickname = displayText(row.factor?.nickname);
  return nickname ? t('mfa.methodWithNickname', { name, nickname }) : name;
}
