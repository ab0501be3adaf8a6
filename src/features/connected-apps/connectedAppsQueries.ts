import { getGetConnectedAppsQueryOptions } from '../../../generated/api/connected-apps/connected-apps';
import type { PageQuery } from '../../shared/api/queries';

/**
 * What the Connected apps page reads: its route's loader ensures it. A file of its own, so that
 * the loader, which ships with the app, does not bring the page with it (docs/performance.md,
 * "Deliberate splits").
 */
export const connectedAppsQueries = (): PageQuery[] => [getGetConnectedAppsQueryOptions()];
