import { useCallback } from 'react';
import type { IntegrationProperties } from '../../../protocol/api/billing-requests';
import { apiPaths } from '../../../protocol/api/routes';
import { useApi } from '../../api/api-context';
import { useLoad } from '../../hooks/use-load';

/**
 * `GET integrations/{name}/properties` (§7): what the pages show of an integration. A failed
 * load is kept as a failure (§7) that the page shows with a way to try again.
 */
export function useIntegration(name: 'stripe') {
  const api = useApi();
  const load = useCallback((signal: AbortSignal) => api.get<IntegrationProperties>(apiPaths.integrationProperties(name), signal), [api, name]);
  const { state, reload, setData } = useLoad(load);
  const set = useCallback((properties: IntegrationProperties) => setData(() => properties), [setData]);
  return { state, reload, set };
}
