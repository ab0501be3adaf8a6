import { Button } from '@mantine/core';
import { setLanguage } from '../../messages/i18n';
import { LANGUAGE_NAMES, type Language } from '../../messages/language';
import { useLanguage } from '../../messages/t';

/**
 * Switches between the two languages. It names the other language in that language (marked
 * with its lang, so a screen reader pronounces it right), as bilingual sites in Hong Kong do.
 */
export function LanguageSwitch() {
  const current = useLanguage();
  const other: Language = current === 'en' ? 'zh-HK' : 'en';
  return (
    <Button variant="subtle" px="xs" lang={other} onClick={() => setLanguage(other)}>
      {LANGUAGE_NAMES[other]}
    </Button>
  );
}
