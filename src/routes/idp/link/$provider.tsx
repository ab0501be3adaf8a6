import { createFileRoute } from '@tanstack/react-router';
import { PROVIDER_PARAM } from '../../../shared/auth/flowRoute';

/** /idp/link/{provider}/…: the provider is one of the registry's, or the page is not found. */
export const Route = createFileRoute('/idp/link/$provider')({ params: PROVIDER_PARAM });
