import { useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { LocalMessage } from '../../../../client-db/inbox-database';
import { withoutControlCharacters } from '../../../../protocol/api/text-fields';
import { Button } from '../../../components/Button';
import { IconButton } from '../../../components/IconButton';
import { Attachments } from './Attachments';
import { EntryHeader } from './EntryHeader';
import { NoteText } from './NoteText';
import type { Author } from './EntryHeader';
import { isSubmitShortcut } from '../composer/submit-shortcut';

type NoteCardProps = {
  note: LocalMessage;
  author: Author;
  mine: boolean;
  now: number;
  className: string;
  onEdit: (note: LocalMessage, text: string) => void;
  onDelete: (note: LocalMessage) => void;
};

/** An internal note: only the team sees it. Its author can edit or delete it. */
export function NoteCard({ note, author, mine, now, className, onEdit, onDelete }: NoteCardProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const removing = note.is_removed === true;

  function save() {
    const text = draft?.trim() ?? '';
    if (text && text !== note.message) onEdit(note, text);
    setDraft(null);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (isSubmitShortcut(event)) {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') setDraft(null);
  }

  const actions =
    mine && !removing && draft === null ? (
      <>
        <IconButton icon="edit" label="Edit note" onClick={() => setDraft(note.message)} />
        <IconButton icon="trash" label="Delete note" onClick={() => onDelete(note)} />
      </>
    ) : null;

  return (
    <article className={['entry', 'note', removing ? 'entry--removing' : '', className].filter(Boolean).join(' ')} data-testid="note" aria-label={`Internal note by ${author.name || author.email}`}>
      <EntryHeader author={author} ts={note.timestamp_ts} now={now} label={<span className="note__label">Internal note</span>} actions={actions} />
      {draft === null ? (
        <div className="entry__body">
          <NoteText text={note.message} mentions={note.mentions} />
        </div>
      ) : (
        <div className="note__editor">
          <textarea
            className="note__textarea"
            aria-label="Edit note"
            value={draft}
            rows={Math.min(10, Math.max(2, draft.split('\n').length))}
            onChange={(event) => setDraft(withoutControlCharacters(event.target.value, 'multi'))}
            onKeyDown={onKeyDown}
            autoFocus
          />
          <div className="note__editor-actions">
            <Button size="small" variant="ghost" onClick={() => setDraft(null)}>
              Cancel
            </Button>
            <Button size="small" variant="primary" disabled={!draft.trim()} onClick={save}>
              Save note
            </Button>
          </div>
        </div>
      )}
      <Attachments attachments={note.attachments} />
    </article>
  );
}
