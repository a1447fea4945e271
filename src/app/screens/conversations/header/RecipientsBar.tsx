import { useId, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { recipientEmailProblem } from '../../../../protocol/api/conversation-actions';
import type { Conversation } from '../../../../protocol/documents';
import { Icon } from '../../../components/Icon';
import { useSyncActions } from '../../../sync/use-sync-actions';

/**
 * Who replies go to (§3 `recipients`): the conversation's contact and the CC'd addresses, each
 * but the contact removable, and a field to add one (Enter). The address is checked here as
 * the server does, so a mistake shows at once instead of after a round trip.
 */
export function RecipientsBar({ conversation }: { conversation: Conversation }) {
  const { mutate } = useSyncActions();
  const id = useId();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function add() {
    const error = recipientEmailProblem(value);
    if (error) {
      setProblem(`This address ${error}.`);
      return;
    }
    const email = value.trim().toLowerCase();
    if (!conversation.recipients.some((recipient) => recipient.from.toLowerCase() === email)) {
      mutate({ kind: 'add-recipient', conversation_id: conversation.id, email });
    }
    setValue('');
    setProblem(null);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape') {
      setValue('');
      setProblem(null);
    }
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (value.trim()) add();
  }

  return (
    <div className="recipients">
      <span className="recipients__label" title="Replies go to">
        To
      </span>
      <ul className="recipients__list" aria-label="Recipients">
        {conversation.recipients.map((recipient) => (
          <li key={recipient.from} className="recipient" data-testid="recipient">
            <span className="recipient__email">{recipient.from}</span>
            {recipient.contact_id !== conversation.contact_id && (
              <button
                type="button"
                className="tag__remove"
                title="Remove recipient"
                onClick={() => mutate({ kind: 'remove-recipient', conversation_id: conversation.id, email: recipient.from })}
              >
                <Icon name="close" size={12} />
                <span className="visually-hidden">Remove recipient {recipient.from}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      <label className="visually-hidden" htmlFor={`${id}-input`}>
        Add recipient
      </label>
      <input
        id={`${id}-input`}
        className="tag-editor__input recipients__input"
        type="email"
        value={value}
        placeholder="Add recipient"
        maxLength={254}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={problem !== null || undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => {
          setValue(event.target.value);
          setProblem(null);
        }}
        onKeyDown={onKeyDown}
      />
      {problem && (
        <span className="recipients__problem" id={`${id}-problem`} role="alert">
          {problem}
        </span>
      )}
    </div>
  );
}
