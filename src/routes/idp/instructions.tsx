import { createFileRoute } from '@tanstack/react-router';
import { IdpInstructions } from '../../features/identities/IdpInstructions.page';
import { stringParams } from '../../shared/searchParams';

export const Route = createFileRoute('/idp/instructions')({
  validateSearch: (search: Record<string, unknown>) => stringParams(search, ['code', 'state', 'error', 'error_description']),
  component: function InstructionsRoute() {
    return <IdpInstructions search={Route.useSearch()} />;
  },
});
