import { Text } from '@mantine/core';
import { textOf, useLanguage, useT } from '../../messages/pageTexts';
import { displayText } from '../../shared/text/displayText';
import { formatDay, readableDate } from '../../shared/text/day';
import type { Passkey } from '../../../generated/model';
import { formatLastUsed } from './lastUsed';
import { maskPhone } from './mask';
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

/** A passkey's name: the person's nickname, otherwise its model. */
export const passkeyName = (passkey: Passkey) => displayText(passkey.nickname) || displayText(passkey.name);

/**
 * A method's name for its controls and questions, the same on the MFA page and in the guide's
 * review: a passkey by its name (from the passkeys' list, else its factor's nickname or model);
 * another method by its kind, with the person's nickname beside it, else its phone's number
 * masked, so that two phones with SMS are told apart.
 */
export function methodLabel(row: MfaRow, t: ReturnType<typeof useT>, passkeys: ReadonlyArray<Passkey> = []): string {
  const name = textOf(row.name, t);
  const nickname = displayText(row.factor?.nickname);
  if (row.passkey) {
    const passkey = passkeys.find((each) => each.id === row.factor?.id);
    return (passkey && passkeyName(passkey)) || nickname || name;
  }
  const detail = nickname || (row.phone && maskPhone(row.phone));
  return detail ? t('mfa.methodWith', { name, detail }) : name;
}
