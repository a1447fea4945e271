import { useState } from 'react';
import type { FormEvent } from 'react';
import { withoutControlCharacters } from '../../../protocol/api/text-fields';
import type { Rule, Snippet, Tag } from '../../../protocol/documents';
import { RULE_LIMITS, RULE_TRIGGERS, type RuleFields, type RuleTrigger } from '../../../protocol/rules/rule-model';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import type { AgentSummary } from '../../session/agent-directory';
import { ActionRow } from './ActionRow';
import { ConditionRow } from './ConditionRow';
import { draftErrors, draftOf, fieldsOf, newAction, newCondition, type RuleDraft } from './rule-draft';
import { TRIGGER_LABELS } from './rule-labels';
import { RuleDryRun } from './RuleDryRun';

type RuleFormProps = {
  rule: Rule | null;
  agents: readonly AgentSummary[];
  tags: readonly Tag[];
  snippets: readonly Snippet[];
  onSave: (fields: RuleFields) => void;
  onDelete: (() => void) | null;
  onClose: () => void;
};

const WAIT_UNITS: Partial<Record<RuleTrigger, string>> = { waited_for_us: 'hours', waited_for_customer: 'days' };

function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const next = [...list];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(index + by, 0, item);
  return next;
}

/** A rule as a sentence: "When [a customer replies] and [all] of these are true … then [add the tag] …". */
export function RuleForm({ rule, agents, tags, snippets, onSave, onDelete, onClose }: RuleFormProps) {
  const [draft, setDraft] = useState<RuleDraft>(() => draftOf(rule));
  const [tried, setTried] = useState(false);
  const errors = draftErrors(draft);
  const shown = tried ? errors : {};
  const update = (patch: Partial<RuleDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const unit = WAIT_UNITS[draft.trigger];
  const conditionsValid = !Object.keys(errors).some((path) => path.startsWith('conditions'));

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTried(true);
    const form = event.currentTarget;
    if (Object.keys(errors).length > 0) {
      // §5: the first field in error takes the focus, once it shows as one.
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    onSave(fieldsOf(draft));
  }

  return (
    <form className="panel rule-form" onSubmit={save} aria-label={rule ? `Edit rule ${rule.name}` : 'New rule'} noValidate>
      <div className="panel__header">
        <h2 className="panel__title">{rule ? 'Edit rule' : 'New rule'}</h2>
      </div>
      <div className="panel__body rule-form__body">
        <TextField label="Name" name="name" value={draft.name} maxLength={RULE_LIMITS.name} error={shown['name']} autoFocus onChange={(event) => update({ name: withoutControlCharacters(event.target.value, 'single') })} />
        <div className="rule-form__sentence">
          <span className="rule-form__word">When</span>
          <Select
            name="trigger"
            label="When"
            hideLabel
            value={draft.trigger}
            options={RULE_TRIGGERS.map((trigger) => ({ value: trigger, label: TRIGGER_LABELS[trigger] }))}
            onChange={(event) => update({ trigger: event.target.value as RuleTrigger })}
          />
          {unit && (
            <>
              <span className="rule-form__word">for</span>
              <TextField name="wait" label={`Wait in ${unit}`} hideLabel inputMode="decimal" className="rule-form__amount" value={draft.waitAmount} error={shown['wait.amount']} onChange={(event) => update({ waitAmount: event.target.value })} />
              <span className="rule-form__word">{unit}</span>
              <label className="rule-form__check">
                <input type="checkbox" checked={draft.waitBusiness} onChange={(event) => update({ waitBusiness: event.target.checked })} />
                counting business hours only
              </label>
            </>
          )}
        </div>
        <div className="rule-form__sentence">
          <span className="rule-form__word">and</span>
          <Select name="match" label="Match" hideLabel value={draft.match} options={[{ value: 'all', label: 'all' }, { value: 'any', label: 'any' }]} onChange={(event) => update({ match: event.target.value as RuleDraft['match'] })} />
          <span className="rule-form__word">of these are true{draft.conditions.length === 0 ? ' (no conditions: every conversation)' : ':'}</span>
        </div>
        <ul className="rule-form__rows" aria-label="Conditions">
          {draft.conditions.map((condition, index) => (
            <ConditionRow
              key={index}
              index={index}
              condition={condition}
              agents={agents}
              tags={tags}
              errors={shown}
              disabled={false}
              onChange={(next) => update({ conditions: draft.conditions.map((item, at) => (at === index ? next : item)) })}
              onRemove={() => update({ conditions: draft.conditions.filter((_item, at) => at !== index) })}
            />
          ))}
        </ul>
        <div>
          <Button size="small" variant="ghost" icon={<Icon name="plus" size={14} />} onClick={() => update({ conditions: [...draft.conditions, newCondition()] })}>
            Add condition
          </Button>
        </div>
        <div className="rule-form__sentence">
          <span className="rule-form__word">then</span>
        </div>
        <ol className="rule-form__rows" aria-label="Actions">
          {draft.actions.map((action, index) => (
            <ActionRow
              key={index}
              index={index}
              count={draft.actions.length}
              action={action}
              agents={agents}
              tags={tags}
              snippets={snippets}
              errors={shown}
              disabled={false}
              onChange={(next) => update({ actions: draft.actions.map((item, at) => (at === index ? next : item)) })}
              onMove={(by) => update({ actions: moved(draft.actions, index, by) })}
              onRemove={() => update({ actions: draft.actions.filter((_item, at) => at !== index) })}
            />
          ))}
        </ol>
        {shown['actions'] && <p className="field__error">The rule {shown['actions']}.</p>}
        <datalist id="rule-tag-names">
          {tags.map((tag) => (
            <option key={tag.slug} value={tag.name} />
          ))}
        </datalist>
        <div>
          <Button size="small" variant="ghost" icon={<Icon name="plus" size={14} />} onClick={() => update({ actions: [...draft.actions, newAction()] })}>
            Add action
          </Button>
        </div>
        <label className="rule-form__check">
          <input type="checkbox" checked={draft.stop} onChange={(event) => update({ stop: event.target.checked })} />
          Stop: once this rule matched, later rules do not run for the same event
        </label>
        <RuleDryRun fields={{ trigger: draft.trigger, match: draft.match, conditions: draft.conditions }} valid={conditionsValid} />
      </div>
      <div className="panel__footer rule-form__footer">
        {onDelete && (
          <Button variant="danger" onClick={onDelete}>
            Delete rule
          </Button>
        )}
        <span className="rule-form__spacer" />
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" variant="primary">
          {rule ? 'Save rule' : 'Create rule'}
        </Button>
      </div>
    </form>
  );
}
