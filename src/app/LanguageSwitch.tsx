import { Button, Group } from '@mantine/core';
import { memo } from 'react';
import { setLanguage } from '../messages/i18n';
import { LANGUAGE_NAMES, LANGUAGES } from '../messages/language';
import { useLanguage } from '../messages/t';

/**
 * Switches to each of the other languages. Each is named in itself (marked with its lang, so a
 * screen reader pronounces it right), as multilingual sites in Hong Kong do.
 */
export const LanguageSwitch = memo(function LanguageSwitch() {
  const current = useLanguage();
  return (
    <Group gap={0} wrap="nowrap">
      {LANGUAGES.filter((language) => language !== current).map((language) => (
        <Button key={language} variant="subtle" px={6} lang={language} onClick={() => setLanguage(language)}>
          {LANGUAGE_NAMES[language]}
        </Button>
      ))}
    </Group>
  );
});
