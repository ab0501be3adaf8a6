import { createFileRoute } from '@tanstack/react-router';
import { IdpInstructions, IdpInstructionsPending } from '../../features/identities/IdpInstructions.page';
import { readInstructions } from '../../features/identities/idpInstructions.flow';
import { ONCE_PER_VISIT, PENDING_AT_ONCE } from '../../shared/auth/flowRoute';
import { takeCallbackQuery } from '../../shared/callbackQuery';
import { stringParams } from '../../shared/searchParams';

const PARAMS = ['code', 'state', 'error', 'error_description'] as const;

export const Route = createFileRoute('/idp/instructions')({
  validateSearch: (search: Record<string, unknown>) => stringParams(search, PARAMS),
  ...ONCE_PER_VISIT,
  ...PENDING_AT_ONCE,
  // The flow's code loads when a visit needs it; the small page ships with the entry, so its
  // waiting state shows at once.
  codeSplitGroupings: [['loader']],
  loader: ({ location, navigate }) => readInstructions(stringParams(takeCallbackQuery(location, navigate).search, PARAMS)),
  pendingComponent: IdpInstructionsPending,
  component: function InstructionsRoute() {
    return <IdpInstructions instructions={Route.useLoaderData()} />;
  },
});
