import { withoutControlCharacters } from '../../../protocol/api/text-fields';
import { CONVERSATION_STATUSES, type Snippet, type Tag } from '../../../protocol/documents';
import { RULE_ACTION_TYPES, type RuleAction } from '../../../protocol/rules/rule-model';
import { IconButton } from '../../components/IconButton';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import type { AgentSummary } from '../../session/agent-directory';
import { ACTION_LABELS, STATUS_LABELS } from './rule-labels';
import { newAction } from './rule-draft';

type ActionRowProps = {
  index: number;
  count: number;
  action: RuleAction;
  agents: readonly AgentSummary[];
  tags: readonly Tag[];
  snippets: readonly Snippet[];
  errors: Record<string, string>;
  disabled: boolean;
  onChange: (action: RuleAction) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
};

/** One action of the sentence, in order: "[add the tag] [vip]". */
export function ActionRow({ index, count, action, agents, tags, snippets, errors, disabled, onChange, onMove, onRemove }: ActionRowProps) {
  const n = index + 1;
  const error = errors[`actions.${index}.value`] ?? errors[`actions.${index}.agents`];
  const valueProps = { name: `action-${n}-value`, label: `Action ${n} value`, hideLabel: true, error, disabled };
  const agentOptions = agents.map((agent) => ({ value: String(agent.id), label: agent.name || agent.email }));
  const set = (value: string) => onChange({ ...action, value });
  const value = (() => {
    switch (action.type) {
      case 'assign':
      case 'notify':
        return <Select {...valueProps} value={action.value} options={[{ value: '', label: 'Choose a teammate' }, ...agentOptions]} onChange={(event) => set(event.target.value)} />;
      case 'round_robin':
        return (
          <fieldset className={`rule-form__agents${error ? ' field--invalid' : ''}`} aria-describedby={error ? `action-${n}-agents-error` : undefined}>
            <legend className="visually-hidden">Teammates taking turns</legend>
            {agents.map((agent) => (
              <label key={agent.id} className="rule-form__check">
                <input
                  type="checkbox"
                  disabled={disabled}
                  checked={action.agents?.includes(agent.id) ?? false}
                  onChange={(event) =>
                    onChange({ ...action, agents: event.target.checked ? [...(action.agents ?? []), agent.id] : (action.agents ?? []).filter((id) => id !== agent.id) })
                  }
                />
                {agent.name || agent.email}
              </label>
            ))}
            {error && (
              <p className="field__error" id={`action-${n}-agents-error`}>
                {error}
              </p>
            )}
          </fieldset>
        );
      case 'set_status':
        return <Select {...valueProps} value={action.value} options={CONVERSATION_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }))} onChange={(event) => set(event.target.value)} />;
      case 'reply_snippet':
        return <Select {...valueProps} value={action.value} options={[{ value: '', label: 'Choose a snippet' }, ...snippets.map((snippet) => ({ value: snippet.id, label: snippet.name }))]} onChange={(event) => set(event.target.value)} />;
      case 'remove_tag':
        return <Select {...valueProps} value={action.value} options={[{ value: '', label: 'Choose a tag' }, ...tags.map((tag) => ({ value: tag.slug, label: tag.name }))]} onChange={(event) => set(event.target.value)} />;
      case 'add_note':
        return (
          <div className={`field${error ? ' field--invalid' : ''}`}>
            <label className="visually-hidden" htmlFor={`action-${n}-note`}>
              Action {n} note
            </label>
            <textarea
              id={`action-${n}-note`}
              className="field__input rule-form__note"
              rows={2}
              value={action.value}
              disabled={disabled}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `action-${n}-note-error` : undefined}
              onChange={(event) => set(withoutControlCharacters(event.target.value, 'multi'))}
            />
            {error && (
              <p className="field__error" id={`action-${n}-note-error`}>
                {error}
              </p>
            )}
          </div>
        );
      case 'mark_spam':
        return null;
      case 'add_tag':
        return <TextField {...valueProps} list="rule-tag-names" placeholder="tag" value={action.value} onChange={(event) => set(withoutControlCharacters(event.target.value, 'single'))} />;
    }
  })();
  return (
    <li className="rule-form__row">
      <span className="rule-form__step" aria-hidden="true">
        {n}.
      </span>
      <Select
        name={`action-${n}-type`}
        label={`Action ${n}`}
        hideLabel
        value={action.type}
        disabled={disabled}
        options={RULE_ACTION_TYPES.map((type) => ({ value: type, label: ACTION_LABELS[type] }))}
        onChange={(event) => onChange(newAction(event.target.value as RuleAction['type']))}
      />
      {value}
      {!disabled && (
        <span className="rule-form__row-tools">
          <IconButton icon="arrowUp" label={`Move action ${n} up`} disabled={index === 0} onClick={() => onMove(-1)} />
          <IconButton icon="arrowDown" label={`Move action ${n} down`} disabled={index === count - 1} onClick={() => onMove(1)} />
          <IconButton icon="trash" label={`Remove action ${n}`} disabled={count === 1} onClick={onRemove} />
        </span>
      )}
    </li>
  );
}
