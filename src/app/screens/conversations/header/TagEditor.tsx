import type { Ref } from 'react';
import { Icon } from '../../../components/Icon';
import { TagCombobox } from '../TagCombobox';
import { useTagColors } from '../tag-colors';
import { tagStyle } from '../tag-style';
import { tagName } from '../use-tag-names';

type TagEditorProps = {
  slugs: readonly string[];
  names: ReadonlyMap<string, string>;
  onTag: (name: string) => void;
  onUntag: (slug: string) => void;
  /** The "Add tag" field, for the t shortcut. */
  inputRef?: Ref<HTMLInputElement> | undefined;
};

/** The conversation's tags, each removable, and a combobox to add one (§5: no duplicates). */
export function TagEditor({ slugs, names, onTag, onUntag, inputRef }: TagEditorProps) {
  const colors = useTagColors();
  return (
    <div className="tag-editor">
      <Icon name="tag" size={14} />
      <ul className="tag-editor__tags" aria-label="Tags">
        {slugs.map((slug) => (
          <li key={slug} className="tag tag--removable" style={tagStyle(tagName(names, slug), colors.get(slug))}>
            {tagName(names, slug)}
            <button type="button" className="tag__remove" title="Remove tag" onClick={() => onUntag(slug)}>
              <Icon name="close" size={12} />
              <span className="visually-hidden">Remove tag {tagName(names, slug)}</span>
            </button>
          </li>
        ))}
      </ul>
      <TagCombobox
        tags={names}
        present={new Set(slugs)}
        onPick={onTag}
        label="Add tag"
        placeholder={slugs.length ? 'Add tag' : 'Add a tag'}
        className="tag-editor__input"
        inputRef={inputRef}
      />
    </div>
  );
}
