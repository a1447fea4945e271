import { useRef, useState } from 'react';
import type { DragEvent, KeyboardEvent } from 'react';
import type { Rule } from '../../../protocol/documents';
import { Button } from '../../components/Button';
import { IconButton } from '../../components/IconButton';
import { useAgentDirectory } from '../../session/agent-directory';
import { ruleSummary } from './rule-labels';

type RuleListProps = {
  rules: readonly Rule[];
  /** Null: read-only (no `rule.*`). */
  edit: { onMove: (rule: Rule, position: number) => void; onToggle: (rule: Rule) => void; onOpen: (rule: Rule) => void } | null;
};

/**
 * The rules in the order they run. With the permission a rule is moved by dragging its row, with
 * its up and down buttons, or with Alt+↑ and Alt+↓ on the focused row; each move is announced,
 * and the focus stays on the moved row.
 */
export function RuleList({ rules, edit }: RuleListProps) {
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const rows = useRef(new Map<string, HTMLLIElement>());
  const directory = useAgentDirectory();
  const nameOf = (id: number) => directory.get(id)?.name ?? 'a former teammate';

  function move(rule: Rule, position: number) {
    if (!edit || position < 0 || position >= rules.length || rules[position]?.id === rule.id) return;
    edit.onMove(rule, position);
    setAnnouncement(`${rule.name} moved to position ${position + 1} of ${rules.length}.`);
    requestAnimationFrame(() => rows.current.get(rule.id)?.focus());
  }

  function onKeyDown(event: KeyboardEvent<HTMLLIElement>, rule: Rule, index: number) {
    if (event.target !== event.currentTarget || !event.altKey) return;
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      move(rule, index + (event.key === 'ArrowUp' ? -1 : 1));
    }
  }

  function onDrop(event: DragEvent<HTMLLIElement>, index: number) {
    event.preventDefault();
    const rule = rules.find((item) => item.id === dragging);
    setDragging(null);
    setOver(null);
    if (rule) move(rule, index);
  }

  return (
    <>
      <ol className="rule-list" aria-label="Rules, in the order they run">
        {rules.map((rule, index) => (
          <li
            key={rule.id}
            ref={(element) => {
              if (element) rows.current.set(rule.id, element);
              else rows.current.delete(rule.id);
            }}
            className={['rule-list__row', rule.enabled ? '' : 'rule-list__row--off', over === index ? 'rule-list__row--over' : ''].filter(Boolean).join(' ')}
            tabIndex={edit ? 0 : undefined}
            aria-label={`${index + 1}. ${rule.name}${rule.enabled ? '' : ' (off)'}`}
            aria-keyshortcuts={edit ? 'Alt+ArrowUp Alt+ArrowDown' : undefined}
            draggable={edit !== null}
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', rule.id);
              setDragging(rule.id);
            }}
            onDragOver={(event) => {
              if (!dragging) return;
              event.preventDefault();
              setOver(index);
            }}
            onDragLeave={() => setOver((current) => (current === index ? null : current))}
            onDrop={(event) => onDrop(event, index)}
            onDragEnd={() => {
              setDragging(null);
              setOver(null);
            }}
            onKeyDown={(event) => onKeyDown(event, rule, index)}
          >
            <span className="rule-list__place" aria-hidden="true">
              {index + 1}
            </span>
            <div className="rule-list__text">
              <span className="rule-list__name">
                {rule.name}
                {rule.stop && <span className="rule-list__badge">stops later rules</span>}
              </span>
              <span className="rule-list__summary">{ruleSummary(rule, nameOf)}</span>
            </div>
            {edit ? (
              <div className="rule-list__tools">
                <label className="rule-list__switch">
                  <input type="checkbox" role="switch" checked={rule.enabled} aria-label={`${rule.name} enabled`} onChange={() => edit.onToggle(rule)} />
                  <span>{rule.enabled ? 'On' : 'Off'}</span>
                </label>
                <IconButton icon="arrowUp" label={`Move ${rule.name} up`} disabled={index === 0} onClick={() => move(rule, index - 1)} />
                <IconButton icon="arrowDown" label={`Move ${rule.name} down`} disabled={index === rules.length - 1} onClick={() => move(rule, index + 1)} />
                <Button size="small" variant="ghost" onClick={() => edit.onOpen(rule)}>
                  Edit
                </Button>
              </div>
            ) : (
              <span className="rule-list__state">{rule.enabled ? 'On' : 'Off'}</span>
            )}
          </li>
        ))}
      </ol>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}
