import { useState } from 'react';
import type { FormEvent } from 'react';
import { SNIPPET_LIMITS } from '../../../protocol/api/snippet-requests';
import { withoutControlCharacters } from '../../../protocol/api/text-fields';
import type { Snippet, SnippetCategory } from '../../../protocol/documents';
import { flattenTree } from '../../../protocol/snippets/category-tree';
import { SNIPPET_VARIABLES, unknownVariableError } from '../../../protocol/snippets/snippet-template';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';

export type SnippetDraft = { name: string; shortcut: string; body: string; categories: string[] };

type SnippetEditorProps = {
  /** Null: a new snippet. */
  snippet: Snippet | null;
  categories: SnippetCategory[];
  initialCategories: string[];
  onSave: (draft: SnippetDraft) => void;
  onDelete: (() => void) | null;
  onClose: () => void;
};

/** What a field says before the server would: the same rules as snippetCreateBody. */
function draftErrors(draft: SnippetDraft): Partial<Record<keyof SnippetDraft, string>> {
  return {
    ...(draft.name.trim() === '' ? { name: 'Name cannot be empty.' } : {}),
    ...(/^[a-z0-9_-]*$/i.test(draft.shortcut.trim()) ? {} : { shortcut: 'A shortcut may hold only letters, digits, - and _.' }),
    ...(draft.body.trim() === '' ? { body: 'The text cannot be empty.' } : {}),
    ...(unknownVariableError(draft.body) ? { body: `The text ${unknownVariableError(draft.body) ?? ''}.` } : {}),
  };
}

/** Writes a snippet: name, shortcut, text (with variables and fill-ins) and categories. */
export function SnippetEditor({ snippet, categories, initialCategories, onSave, onDelete, onClose }: SnippetEditorProps) {
  const [draft, setDraft] = useState<SnippetDraft>(() => ({
    name: snippet?.name ?? '',
    shortcut: snippet?.shortcut ?? '',
    body: snippet?.body ?? '',
    categories: snippet?.categories ?? initialCategories,
  }));
  const [tried, setTried] = useState(false);
  const errors = draftErrors(draft);
  // An unknown variable shows as it is typed; the other rules once a save was tried.
  const shown: Partial<Record<keyof SnippetDraft, string>> = tried ? errors : errors.body?.includes('unknown') ? { body: errors.body } : {};

  function save(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (Object.keys(errors).length === 0) onSave({ ...draft, name: draft.name.trim(), shortcut: draft.shortcut.trim().toLowerCase() });
  }

  const toggle = (id: string) =>
    setDraft((current) => ({ ...current, categories: current.categories.includes(id) ? current.categories.filter((item) => item !== id) : [...current.categories, id] }));

  return (
    <form className="panel snippet-editor" onSubmit={save} aria-label={snippet ? `Edit ${snippet.name}` : 'New snippet'} noValidate>
      <div className="panel__header">
        <h2 className="panel__title">{snippet ? 'Edit snippet' : 'New snippet'}</h2>
      </div>
      <div className="panel__body">
        <div className="snippet-editor__pair">
          <TextField label="Name" name="name" value={draft.name} maxLength={SNIPPET_LIMITS.name} error={shown.name} autoFocus onChange={(event) => setDraft({ ...draft, name: withoutControlCharacters(event.target.value, 'single') })} />
          <TextField
            label="Shortcut"
            name="shortcut"
            prefix="#"
            value={draft.shortcut}
            maxLength={SNIPPET_LIMITS.shortcut}
            error={shown.shortcut}
            hint="Optional: type #shortcut in a reply."
            onChange={(event) => setDraft({ ...draft, shortcut: withoutControlCharacters(event.target.value, 'single') })}
          />
        </div>
        <div className={`field${shown.body ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor="snippet-body">
            Text
          </label>
          <div className="field__control">
          <textarea
            id="snippet-body"
            className="field__input snippet-editor__body"
            rows={7}
            value={draft.body}
            aria-invalid={shown.body ? true : undefined}
            aria-describedby="snippet-body-help"
            onChange={(event) => setDraft({ ...draft, body: withoutControlCharacters(event.target.value, 'multi') })}
          />
          </div>
          {shown.body && (
            <p className="field__error" role="alert">
              {shown.body}
            </p>
          )}
          <p className="field__hint" id="snippet-body-help">
            Variables: {SNIPPET_VARIABLES.map((name) => <code key={name}>{`{{${name}}}`}</code>)}; a fallback after a bar: <code>{'{{contact.first_name | there}}'}</code>. A blank to
            fill in when inserting: <code>{'{{?Order number}}'}</code>.
          </p>
        </div>
        {categories.length > 0 && (
          <fieldset className="snippet-editor__categories">
            <legend className="field__label">Categories</legend>
            {flattenTree(categories).map(({ category, depth }) => (
              <label key={category.id} className="checkbox" style={{ paddingLeft: `${depth * 16}px` }}>
                <input type="checkbox" checked={draft.categories.includes(category.id)} onChange={() => toggle(category.id)} />
                {category.name}
              </label>
            ))}
          </fieldset>
        )}
      </div>
      <div className="panel__footer">
        {onDelete && (
          <Button variant="danger" className="snippet-editor__delete" onClick={onDelete}>
            Delete
          </Button>
        )}
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="primary">
          {snippet ? 'Save snippet' : 'Create snippet'}
        </Button>
      </div>
    </form>
  );
}
