import { useId } from 'react';

type FillInFormProps = {
  labels: string[];
  fills: Readonly<Record<string, string>>;
  onChange: (label: string, value: string) => void;
  onInsert: () => void;
  onBack: () => void;
};

/**
 * The blanks of a snippet (`{{?Order number}}`), one field each, Tab between them; Enter
 * inserts. A blank left empty stays marked in the reply, which then cannot be sent.
 */
export function FillInForm({ labels, fills, onChange, onInsert, onBack }: FillInFormProps) {
  const id = useId();
  // A group, not a <form>: the picker sits inside the composer's form, and a nested form's
  // submit would bubble to it and send the reply.
  return (
    <div className="fill-in" role="group" aria-label="Fill in the snippet">
      {labels.map((label, index) => (
        <div className="fill-in__field" key={label}>
          <label className="field__label" htmlFor={`${id}-${index}`}>
            {label}
          </label>
          <div className="field__control">
          <input
            id={`${id}-${index}`}
            className="field__input"
            value={fills[label] ?? ''}
            autoFocus={index === 0}
            autoComplete="off"
            onChange={(event) => onChange(label, event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
                event.preventDefault();
                // Ctrl+Enter (send) does nothing here: the reply is not sent while a blank is being filled.
                if (!event.ctrlKey && !event.metaKey) onInsert();
              } else if (event.key === 'Escape') {
                event.preventDefault();
                event.stopPropagation();
                onBack();
              }
            }}
          />
          </div>
        </div>
      ))}
      <div className="fill-in__actions">
        <button type="button" className="btn btn--ghost btn--small" onClick={onBack}>
          Back
        </button>
        <button type="button" className="btn btn--primary btn--small" onClick={onInsert}>
          Insert
        </button>
      </div>
    </div>
  );
}
