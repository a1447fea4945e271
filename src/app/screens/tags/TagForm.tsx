import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { suggestSlug } from '../../../protocol/slug';
import { Button } from '../../components/Button';
import { tagStyle } from '../conversations/tag-style';

export type TagFormValue = { name: string; color: string | null };

type TagFormProps = {
  /** The tag being edited (its slug), or null for a new one. */
  slug: string | null;
  initial: TagFormValue;
  /** Every tag: names are unique case-insensitively, and by the slug they suggest. */
  tags: readonly { slug: string; name: string }[];
  submitLabel: string;
  onSubmit: (value: TagFormValue) => void;
  onCancel?: () => void;
};

const DEFAULT_PICK = '#0f766e';

/** A tag's name and colour (none: the name's emoji's, or a hue from the name), with a preview. */
export function TagForm({ slug, initial, tags, submitLabel, onSubmit, onCancel }: TagFormProps) {
  const id = useId();
  const [name, setName] = useState(initial.name);
  const [color, setColor] = useState<string | null>(initial.color);
  const trimmed = name.trim();
  const taken = tags.some((tag) => tag.slug !== slug && (tag.name.toLowerCase() === trimmed.toLowerCase() || (slug === null && tag.slug === suggestSlug(trimmed))));
  const problem = !trimmed ? null : !suggestSlug(trimmed) ? 'must contain a letter or a digit' : taken ? 'is already a tag' : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || problem) return;
    onSubmit({ name: trimmed, color });
    if (slug === null) {
      setName('');
      setColor(null);
    }
  };

  return (
    <form className="tag-form" onSubmit={submit} noValidate>
      <div className="tag-form__field">
        <label htmlFor={`${id}-name`} className="field__label">
          {slug === null ? 'New tag' : 'Name'}
        </label>
        <div className={problem ? 'field__control field__control--invalid' : 'field__control'}>
          <input
            id={`${id}-name`}
            className="field__input"
            value={name}
            maxLength={50}
            placeholder="e.g. 🔥 Urgent"
            aria-invalid={problem !== null}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        {problem && (
          <p className="field__error" id={`${id}-problem`}>
            Name {problem}
          </p>
        )}
      </div>
      <div className="tag-form__field">
        <span className="field__label" id={`${id}-color`}>
          Colour
        </span>
        <div className="tag-form__color" role="group" aria-labelledby={`${id}-color`}>
          <input type="color" aria-label="Tag colour" value={color ?? DEFAULT_PICK} onChange={(event) => setColor(event.target.value)} />
          {color !== null && (
            <Button size="small" variant="ghost" onClick={() => setColor(null)}>
              Use the default
            </Button>
          )}
        </div>
      </div>
      <span className="tag tag-form__preview" style={tagStyle(trimmed || 'Tag', color)} aria-hidden="true">
        {trimmed || 'Preview'}
      </span>
      <div className="tag-form__actions">
        {onCancel && (
          <Button size="small" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button size="small" variant="primary" type="submit" disabled={!trimmed || problem !== null}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
