import { createFileRoute } from '@tanstack/react-router';
import { IdpInstructionsPage } from '../../features/identities/IdpInstructions.page';
import { IdpInstructionsPending } from '../../features/identities/IdpInstructionsPending';
import { readInstructions } from '../../features/identities/idpInstructions.flow';
import { FLOW_ROUTE } from '../../shared/auth/flowRoute';
import { takeCallbackQuery } from '../../shared/navigation/callbackQuery';
import { stringParams } from '../../shared/navigation/searchParams';

const PARAMS = ['code', 'state', 'error', 'error_description'] as const;

export const Route = createFileRoute('/idp/instructions')({
  validateSearch: (search: Record<string, unknown>) => stringParams(search, PARAMS),
  ...FLOW_ROUTE,
  loader: ({ location, navigate }) => readInstructions(stringParams(takeCallbackQuery(location, navigate).search, PARAMS)),
  pendingComponent: IdpInstructionsPending,
  component: function InstructionsRoute() {
    return <IdpInstructionsPage instructions={Route.useLoaderData()} />;
  },
});
