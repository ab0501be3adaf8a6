import { createFileRoute } from '@tanstack/react-router';
import { IdpInstructions } from '../../features/identities/IdpInstructions.page';
import { stringParams } from '../../shared/searchParams';
import { useLanguage } from '../../messages/t';

export const Route = createFileRoute('/idp/instructions')({
  validateSearch: (search: Record<string, unknown>) => stringParams(search, ['code', 'state', 'error', 'error_description']),
  component: function InstructionsRoute() {
    useLanguage(); // re-render in the newly chosen language
    return <IdpInstructions search={Route.useSearch()} />;
  },
});
