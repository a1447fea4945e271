import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { DRY_RUN_DAYS, type RuleDryRun as DryRun } from '../../../protocol/api/rule-requests';
import { apiPaths } from '../../../protocol/api/routes';
import type { RuleFields } from '../../../protocol/rules/rule-model';
import { useApi } from '../../api/api-context';
import { useSignedIn } from '../../session/signed-in-context';

type State = { kind: 'idle' } | { kind: 'running' } | { kind: 'done'; result: DryRun } | { kind: 'failed' };

/**
 * Before saving: how many of the last 30 days' conversations the conditions would have matched,
 * with a few of them to open. Asked of the server (it holds every conversation, the device may
 * not) a moment after the conditions stop changing; offline, it says it cannot tell.
 */
export function RuleDryRun({ fields, valid }: { fields: Pick<RuleFields, 'trigger' | 'match' | 'conditions'>; valid: boolean }) {
  const api = useApi();
  const { organization } = useSignedIn();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const key = JSON.stringify(fields);

  useEffect(() => {
    if (!valid) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState({ kind: 'running' });
      api
        .request<DryRun>('POST', apiPaths.ruleDryRun, JSON.parse(key) as object, controller.signal)
        .then((result) => setState({ kind: 'done', result }))
        .catch(() => {
          if (!controller.signal.aborted) setState({ kind: 'failed' });
        });
    }, 400);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, key, valid]);

  const text = (() => {
    if (!valid) return 'Complete the conditions to see what this rule would have matched.';
    switch (state.kind) {
      case 'idle':
      case 'running':
        return `Looking at the last ${DRY_RUN_DAYS} days…`;
      case 'failed':
        return 'The dry run needs a connection to the server; the rule can still be saved.';
      case 'done':
        return `Would have matched ${state.result.matched} of the ${state.result.total} conversations of the last ${DRY_RUN_DAYS} days.`;
    }
  })();

  return (
    <section className="rule-dry-run" aria-labelledby="rule-dry-run-title">
      <h3 className="rule-dry-run__title" id="rule-dry-run-title">
        Dry run
      </h3>
      <p className="rule-dry-run__text" role="status" aria-live="polite">
        {text}
      </p>
      {state.kind === 'done' && state.result.sample.length > 0 && (
        <ul className="rule-dry-run__sample" aria-label="Conversations it would have matched">
          {state.result.sample.map((conversation) => (
            <li key={conversation.id}>
              <Link to={`/${organization.slug}/conversations/view/${conversation.id}`}>{conversation.subject || '(no subject)'}</Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
