import { useCallback, useEffect, useState } from 'react';
import type { IntegrationProperties } from '../../../protocol/api/billing-requests';
import { apiPaths } from '../../../protocol/api/routes';
import { useApi } from '../../api/api-context';

export type IntegrationState = { kind: 'loading' } | { kind: 'failed' } | { kind: 'loaded'; properties: IntegrationProperties };

/**
 * `GET integrations/{name}/properties` (§7): what the pages show of an integration. A failed
 * load is kept as a failure marker (§7) that the page shows with a way to try again.
 */
export function useIntegration(name: 'stripe') {
  const api = useApi();
  const [state, setState] = useState<IntegrationState>({ kind: 'loading' });
  const load = useCallback(() => {
    setState({ kind: 'loading' });
    api.get<IntegrationProperties>(apiPaths.integrationProperties(name)).then(
      (properties) => setState({ kind: 'loaded', properties }),
      () => setState({ kind: 'failed' }),
    );
  }, [api, name]);
  useEffect(load, [load]);
  return { state, reload: load, set: (properties: IntegrationProperties) => setState({ kind: 'loaded', properties }) };
}
