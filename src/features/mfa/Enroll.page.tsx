import { Alert, Anchor, Paper } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { t } from '../../messages/t';
import { PageTitle } from '../../shared/ui/PageTitle';
import { APP_VARIANTS, AppWizard } from './wizards/AppWizard';
import { CustomWizard } from './wizards/CustomWizard';
import { EmailWizard } from './wizards/EmailWizard';
import { PhoneWizard } from './wizards/PhoneWizard';
import { WebAuthnWizard } from './wizards/WebAuthnWizard';
import { wizardFor } from './wizards/wizardFor';

/** /profile/mfa/enroll/{provider}/{factorType}: the wizard for that pair, or a clear message. */
export function EnrollPage({ provider, factorType }: { provider: string; factorType: string }) {
  const navigate = useNavigate();
  const kind = wizardFor(provider, factorType);
  const cancel = () => void navigate({ to: '/profile/mfa' });

  let body;
  switch (kind) {
    case 'sms':
    case 'call':
      body = <PhoneWizard channel={kind} onCancel={cancel} />;
      break;
    case 'googleTotp':
    case 'push':
    case 'oktaTotp':
      body = <AppWizard key={kind} variant={APP_VARIANTS[kind]} onCancel={cancel} />;
      break;
    case 'webauthn':
      body = <WebAuthnWizard onCancel={cancel} />;
      break;
    case 'email':
      body = <EmailWizard onCancel={cancel} />;
      break;
    case 'custom':
      body = <CustomWizard onCancel={cancel} />;
      break;
    case undefined:
      body = (
        <Alert color="red" role="alert">
          {t('mfa.notSupported', { provider, factorType })}
        </Alert>
      );
      break;
  }

  return (
    <>
      <PageTitle>{t('page.enroll')}</PageTitle>
      <Paper withBorder p="md" maw={720} mb="md">
        {body}
      </Paper>
      <Anchor component={Link} to="/profile/mfa">
        {t('mfa.backToList')}
      </Anchor>
    </>
  );
}
