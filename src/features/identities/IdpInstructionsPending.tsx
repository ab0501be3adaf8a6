import { useT } from '../../messages/t';
import { PageLoader } from '../../shared/ui/PageLoader';
import { PublicLayout } from '../../shared/ui/PublicLayout';

/**
 * /idp/instructions while the server is asked which provider an unlinked social login belongs
 * to. Apart from the page, which loads with the flow's code: this ships with the app, so it
 * shows at once (docs/performance.md, "Deliberate splits").
 */
export function IdpInstructionsPending() {
  const t = useT();
  return (
    <PublicLayout>
      <PageLoader label={t('instructions.checking')} />
    </PublicLayout>
  );
}
