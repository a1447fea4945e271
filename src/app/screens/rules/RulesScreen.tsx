import { useMemo, useState } from 'react';
import type { Rule } from '../../../protocol/documents';
import { PAGE_PERMISSIONS } from '../../../protocol/roles';
import type { RuleFields } from '../../../protocol/rules/rule-model';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Icon } from '../../components/Icon';
import { Spinner } from '../../components/Spinner';
import { PageHeader } from '../../layout/PageHeader';
import { useAgentDirectory } from '../../session/agent-directory';
import { can } from '../../session/permissions';
import { useSignedIn } from '../../session/signed-in-context';
import { useSyncActions } from '../../sync/use-sync-actions';
import { useSnippetLibrary } from '../snippets/use-snippet-library';
import { RuleForm } from './RuleForm';
import { RuleList } from './RuleList';
import { newRuleId, useRules } from './use-rules';

type Editing = { rule: Rule | null } | null;

/**
 * `rules` (§2, §6 `rule.*`): what the inbox does by itself when something happens to a
 * conversation, or when one has waited. Every agent sees the rules; with `rule.*` they are
 * written, switched on and off and reordered, each change a mutation (offline too).
 */
export default function RulesScreen() {
  const { agent } = useSignedIn();
  const data = useRules();
  const library = useSnippetLibrary();
  const directory = useAgentDirectory();
  const { mutate } = useSyncActions();
  const editable = can(agent, PAGE_PERMISSIONS.rules);
  const [editing, setEditing] = useState<Editing>(null);
  const agents = useMemo(() => [...directory.values()].filter((entry) => !entry.is_removed).sort((a, b) => (a.name || a.email).localeCompare(b.name || b.email)), [directory]);

  if (!data) {
    return (
      <div className="page page--wide">
        <Spinner label="Loading rules" />
      </div>
    );
  }
  const { rules, tags } = data;
  const current = editing?.rule ? (rules.find((rule) => rule.id === editing.rule?.id) ?? null) : null;

  function save(fields: RuleFields) {
    if (current) mutate({ kind: 'update-rule', id: current.id, ...fields });
    else mutate({ kind: 'create-rule', id: newRuleId(), ...fields });
    setEditing(null);
  }

  return (
    <div className="page page--wide">
      <PageHeader
        title="Rules"
        description="What the inbox does by itself: when something happens to a conversation, or once it has waited, rules check their conditions and act, in this order."
        actions={
          editable && !editing ? (
            <Button variant="primary" onClick={() => setEditing({ rule: null })} icon={<Icon name="plus" size={14} />}>
              New rule
            </Button>
          ) : undefined
        }
      />
      {!editable && (
        <p className="snippets__read-only" role="note">
          <Icon name="lock" size={14} /> You can see the rules; changing them needs the <span className="mono">rule.*</span> permission.
        </p>
      )}
      <div className="rules">
        {editing && (
          <RuleForm
            key={current?.id ?? 'new'}
            rule={current}
            agents={agents}
            tags={tags}
            snippets={library?.snippets ?? []}
            onSave={save}
            onDelete={
              current
                ? () => {
                    mutate({ kind: 'delete-rule', id: current.id });
                    setEditing(null);
                  }
                : null
            }
            onClose={() => setEditing(null)}
          />
        )}
        <section className="panel" aria-labelledby="rule-list-title">
          <div className="panel__header">
            <h2 className="panel__title" id="rule-list-title">
              Rules <span className="count">{rules.length}</span>
            </h2>
            {editable && rules.length > 1 && <p className="panel__description">Drag a rule, or focus it and press Alt+↑ or Alt+↓, to change when it runs.</p>}
          </div>
          {rules.length === 0 ? (
            <EmptyState icon="sliders" title="No rules yet">
              {editable ? 'Tag, assign, answer or close conversations automatically: start with “New rule”.' : 'An administrator can add rules here.'}
            </EmptyState>
          ) : (
            <RuleList
              rules={rules}
              edit={
                editable
                  ? {
                      onMove: (rule, position) => mutate({ kind: 'move-rule', id: rule.id, position }),
                      onToggle: (rule) => mutate({ kind: 'update-rule', id: rule.id, enabled: !rule.enabled }),
                      onOpen: (rule) => setEditing({ rule }),
                    }
                  : null
              }
            />
          )}
        </section>
      </div>
    </div>
  );
}
