import { useId, useState } from 'react';
import type { KeyboardEvent, Ref } from 'react';
import { Icon } from '../../components/Icon';
import { tagStyle } from './tag-style';
import { tagName } from './use-tag-names';

type TagEditorProps = {
  slugs: readonly string[];
  names: ReadonlyMap<string, string>;
  onTag: (name: string) => void;
  onUntag: (slug: string) => void;
  /** The "Add tag" field, for the t shortcut. */
  inputRef?: Ref<HTMLInputElement> | undefined;
};

/** The conversation's tags, each removable, and a field to add one (Enter); §5: no duplicates. */
export function TagEditor({ slugs, names, onTag, onUntag, inputRef }: TagEditorProps) {
  const id = useId();
  const [value, setValue] = useState('');
  const present = new Set(slugs.map((slug) => tagName(names, slug).toLowerCase()));
  const suggestions = [...names.values()].filter((name) => !present.has(name.toLowerCase())).sort();

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape') setValue('');
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    const name = value.trim();
    if (name && !present.has(name.toLowerCase())) onTag(name);
    setValue('');
  }

  return (
    <div className="tag-editor">
      <Icon name="tag" size={14} />
      <ul className="tag-editor__tags" aria-label="Tags">
        {slugs.map((slug) => (
          <li key={slug} className="tag tag--removable" style={tagStyle(tagName(names, slug))}>
            {tagName(names, slug)}
            <button type="button" className="tag__remove" title="Remove tag" onClick={() => onUntag(slug)}>
              <Icon name="close" size={12} />
              <span className="visually-hidden">Remove tag {tagName(names, slug)}</span>
            </button>
          </li>
        ))}
      </ul>
      <label className="visually-hidden" htmlFor={`${id}-input`}>
        Add tag
      </label>
      <input
        ref={inputRef}
        id={`${id}-input`}
        className="tag-editor__input"
        value={value}
        placeholder={slugs.length ? 'Add tag' : 'Add a tag'}
        list={`${id}-names`}
        maxLength={50}
        autoComplete="off"
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <datalist id={`${id}-names`}>
        {suggestions.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
    </div>
  );
}
