import { withoutControlCharacters } from '../../../protocol/api/text-fields';
import { CHANNELS, CONVERSATION_STATUSES, type Tag } from '../../../protocol/documents';
import { CONDITION_FIELDS, CONDITION_OPS, conditionNeedsValue, type ConditionField, type RuleCondition } from '../../../protocol/rules/rule-model';
import { IconButton } from '../../components/IconButton';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import type { AgentSummary } from '../../session/agent-directory';
import { FIELD_LABELS, OP_LABELS, STATUS_LABELS, TRUSTED_OP_LABELS } from './rule-labels';
import { newCondition } from './rule-draft';

type ConditionRowProps = {
  index: number;
  condition: RuleCondition;
  agents: readonly AgentSummary[];
  tags: readonly Tag[];
  errors: Record<string, string>;
  disabled: boolean;
  onChange: (condition: RuleCondition) => void;
  onRemove: () => void;
};

/** One condition of the sentence: "[the sender’s domain] [is] [acme.com]". */
export function ConditionRow({ index, condition, agents, tags, errors, disabled, onChange, onRemove }: ConditionRowProps) {
  const n = index + 1;
  const error = (field: string) => errors[`conditions.${index}.${field}`];
  const ops = CONDITION_OPS[condition.field].map((op) => ({ value: op, label: (condition.field === 'contact_trusted' ? TRUSTED_OP_LABELS[op] : undefined) ?? OP_LABELS[op] ?? op }));
  const valueProps = { name: `condition-${n}-value`, label: `Condition ${n} value`, hideLabel: true, error: error('value'), disabled };
  const value = (() => {
    if (!conditionNeedsValue(condition.field, condition.op) && condition.field !== 'assignee') return null;
    switch (condition.field) {
      case 'channel':
        return <Select {...valueProps} value={condition.value} options={CHANNELS.map((channel) => ({ value: channel, label: channel === 'EMAIL' ? 'Email' : 'Chat' }))} onChange={(event) => onChange({ ...condition, value: event.target.value })} />;
      case 'status':
        return <Select {...valueProps} value={condition.value} options={CONVERSATION_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }))} onChange={(event) => onChange({ ...condition, value: event.target.value })} />;
      case 'assignee':
        return (
          <Select
            {...valueProps}
            value={condition.value}
            options={[{ value: '', label: 'nobody' }, ...agents.map((agent) => ({ value: String(agent.id), label: agent.name || agent.email }))]}
            onChange={(event) => onChange({ ...condition, value: event.target.value })}
          />
        );
      case 'tags':
        return (
          <Select
            {...valueProps}
            value={condition.value}
            options={[{ value: '', label: 'Choose a tag' }, ...tags.map((tag) => ({ value: tag.slug, label: tag.name }))]}
            onChange={(event) => onChange({ ...condition, value: event.target.value })}
          />
        );
      default:
        return (
          <TextField
            {...valueProps}
            value={condition.value}
            placeholder={condition.field === 'sender_domain' ? 'acme.com' : condition.field === 'sender_email' || condition.field === 'support_address' ? 'name@example.com' : 'text'}
            onChange={(event) => onChange({ ...condition, value: withoutControlCharacters(event.target.value, 'single') })}
          />
        );
    }
  })();
  return (
    <li className="rule-form__row">
      <Select
        name={`condition-${n}-field`}
        label={`Condition ${n}`}
        hideLabel
        value={condition.field}
        disabled={disabled}
        options={CONDITION_FIELDS.map((field) => ({ value: field, label: FIELD_LABELS[field] }))}
        onChange={(event) => onChange(newCondition(event.target.value as ConditionField))}
      />
      {condition.field === 'custom_data' && (
        <TextField
          name={`condition-${n}-key`}
          label={`Condition ${n} field key`}
          hideLabel
          placeholder="field key"
          value={condition.key ?? ''}
          error={error('key')}
          disabled={disabled}
          onChange={(event) => onChange({ ...condition, key: withoutControlCharacters(event.target.value, 'single') })}
        />
      )}
      <Select name={`condition-${n}-op`} label={`Condition ${n} operator`} hideLabel value={condition.op} error={error('op')} disabled={disabled} options={ops} onChange={(event) => onChange({ ...condition, op: event.target.value as RuleCondition['op'] })} />
      {value}
      {!disabled && <IconButton icon="trash" label={`Remove condition ${n}`} onClick={onRemove} />}
    </li>
  );
}
