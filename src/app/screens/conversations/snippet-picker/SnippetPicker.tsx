import { useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import type { KeyboardEvent, RefObject } from 'react';
import type { Snippet } from '../../../../protocol/documents';
import { flattenTree } from '../../../../protocol/snippets/category-tree';
import { fillInLabels, parseTemplate, renderPart, renderTemplate, type TemplateFormat, type TemplateValues } from '../../../../protocol/snippets/snippet-template';
import { useSyncActions } from '../../../sync/use-sync-actions';
import type { SnippetLibrary } from '../../snippets/use-snippet-library';
import { FillInForm } from './FillInForm';
import { searchable, searchSnippets } from './snippet-search';

/** The filled text as the agent will see it, its blanks still to fill marked (plain text: React escapes it). */
function previewParts(body: string, values: TemplateValues, fills: Readonly<Record<string, string>>) {
  return parseTemplate(body).map((part, index) =>
    part.kind === 'field' && !fills[part.label]?.trim() ? (
      <mark key={index} className="snippet-picker__blank">
        {part.label}
      </mark>
    ) : (
      renderPart(part, values, { format: 'text', fills })
    ),
  );
}

/** A key the editor passes on while the picker is open; true when the picker used it. */
export type PickerKeys = (key: string) => boolean;

/** How many matches the list shows: enough to browse, few enough to paint at once. */
const SHOWN = 50;

export type SnippetPickerProps = {
  /** The library, read live by whoever keeps the picker (so opening it does not wait on IndexedDB); undefined while loading. */
  library: SnippetLibrary | undefined;
  /**
   * Opened by a `#` typed in the editor: the word after it (the editor keeps the focus, so the
   * agent goes on typing there) and where the editor hands the picker its keys (arrows, Enter,
   * Escape: true when the picker used the key). Without it (the button, the palette) the picker
   * has its own search field.
   */
  typed?: { query: string; keys: RefObject<PickerKeys | null> };
  /** Puts text at the cursor, replacing the `replaceBefore` characters before it (the `#word`); the rest of the draft stays. */
  insert: (text: string, replaceBefore: number) => void;
  /** The conversation's variables (contact, agent, conversation, organization). */
  values: TemplateValues;
  /** The editor's format: HTML escapes what the variables and blanks bring. */
  format: TemplateFormat;
  onClose: () => void;
};

/**
 * The snippet picker of the composer, independent of the editor it serves: it gets the `#word`
 * typed before the cursor and an `insert` callback (composer/composer-snippets.tsx adapts it to the
 * text box and the email editor). It searches as the agent types, browses categories, previews the filled
 * result and asks for the blanks; keyboard only is enough. It reads IndexedDB, so it works offline.
 */
export function SnippetPicker({ library, typed, insert, values, format, onClose }: SnippetPickerProps) {
  const id = useId();
  const { mutate } = useSyncActions();
  const [searched, setSearched] = useState('');
  const query = typed ? typed.query : searched;
  const [category, setCategory] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const [chosen, setChosen] = useState<Snippet | null>(null);
  const [fills, setFills] = useState<Record<string, string>>({});
  const [now] = useState(() => Date.now());
  const deferredQuery = useDeferredValue(query);

  const items = useMemo(() => searchable(library?.snippets ?? []), [library]);
  const results = useMemo(() => searchSnippets(items, { query: deferredQuery, category, now, limit: SHOWN }), [items, deferredQuery, category, now]);
  const current = chosen ?? results[Math.min(active, results.length - 1)] ?? null;
  const labels = useMemo(() => (chosen ? fillInLabels(chosen.body) : []), [chosen]);
  const preview = current ? previewParts(current.body, values, chosen ? fills : {}) : [];
  const optionId = (snippet: Snippet) => `${id}-${snippet.id}`;

  useEffect(() => {
    if (current && !chosen) document.getElementById(optionId(current))?.scrollIntoView({ block: 'nearest' });
  });

  function finish(snippet: Snippet, withFills: Record<string, string>) {
    insert(renderTemplate(snippet.body, values, { format, fills: withFills }), typed ? typed.query.length + 1 : 0);
    mutate({ kind: 'use-snippet', id: snippet.id });
    onClose();
  }

  function choose(snippet: Snippet) {
    if (fillInLabels(snippet.body).length === 0) finish(snippet, {});
    else {
      setChosen(snippet);
      setFills({});
    }
  }

  function onKey(key: string): boolean {
    if (chosen) return false;
    if (key === 'ArrowDown' || key === 'ArrowUp') {
      const step = key === 'ArrowDown' ? 1 : -1;
      setActive((index) => Math.max(0, Math.min(results.length - 1, Math.min(index, results.length - 1) + step)));
      return true;
    }
    if (key === 'Enter' && current) {
      choose(current);
      return true;
    }
    if (key === 'Escape') {
      onClose();
      return true;
    }
    return false;
  }
  useEffect(() => {
    if (!typed) return;
    typed.keys.current = onKey;
    return () => {
      typed.keys.current = null;
    };
  });

  function onSearchKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    if (onKey(event.key)) {
      event.preventDefault();
      event.stopPropagation();
    }
  }

  return (
    <div className="snippet-picker" role="dialog" aria-label="Insert a snippet" data-testid="snippet-picker">
      {chosen ? (
        <div className="snippet-picker__fill">
          <p className="snippet-picker__title">{chosen.name}</p>
          <FillInForm
            labels={labels}
            fills={fills}
            onChange={(label, value) => setFills((now) => ({ ...now, [label]: value }))}
            onInsert={() => finish(chosen, fills)}
            onBack={() => (typed ? onClose() : setChosen(null))}
          />
        </div>
      ) : (
        <>
          <div className="snippet-picker__search">
            <input
              className="field__input"
              type="search"
              aria-label="Search snippets"
              placeholder="Search snippets by name, #shortcut or text…"
              role="combobox"
              aria-expanded="true"
              aria-controls={`${id}-list`}
              aria-activedescendant={current ? optionId(current) : undefined}
              autoFocus={!typed}
              readOnly={typed !== undefined}
              tabIndex={typed ? -1 : undefined}
              autoComplete="off"
              value={typed ? `#${query}` : query}
              onChange={(event) => {
                setSearched(event.target.value);
                setActive(0);
              }}
              onKeyDown={onSearchKey}
            />
            <div className="field__control snippet-picker__category">
            <select
              className="field__input field__select"
              aria-label="Category"
              value={category ?? ''}
              onChange={(event) => {
                setCategory(event.target.value === '' ? null : event.target.value);
                setActive(0);
              }}
            >
              <option value="">All categories</option>
              {flattenTree(library?.categories ?? []).map(({ category: item, depth }) => (
                <option key={item.id} value={item.id}>
                  {`${'\u00a0\u00a0'.repeat(depth)}${item.name}`}
                </option>
              ))}
            </select>
            </div>
          </div>
          <ul className="snippet-picker__list" id={`${id}-list`} role="listbox" aria-label="Snippets">
            {results.map((snippet, index) => (
              <li
                key={snippet.id}
                id={optionId(snippet)}
                role="option"
                aria-selected={snippet === current}
                className="snippet-picker__option"
                onMouseMove={() => setActive(index)}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(snippet)}
              >
                <span className="snippet-picker__name">{snippet.name}</span>
                {snippet.shortcut && <span className="snippet-row__shortcut">#{snippet.shortcut}</span>}
              </li>
            ))}
            {library && results.length === 0 && <li className="snippet-picker__empty">{library.snippets.length === 0 ? 'No snippets yet: add them in Settings → Snippets.' : 'No snippet matches.'}</li>}
          </ul>
        </>
      )}
      {current && (
        <div className="snippet-picker__preview" aria-label="Preview" role="region">
          {preview}
        </div>
      )}
    </div>
  );
}
