import { useRef } from 'react';
import { ToolButton } from './ToolButton';

type ImageToolProps = {
  label: string;
  /** The article's bar marks it as a toggle that is off; the reply's does not. */
  pressed: boolean | null;
  onPickImages: (files: File[]) => void;
};

/** The formatting bar's image button: it opens a hidden file picker for the images an editor takes. */
export function ImageTool({ label, pressed, onPickImages }: ImageToolProps) {
  const picker = useRef<HTMLInputElement>(null);
  return (
    <>
      <ToolButton label={label} pressed={pressed} onClick={() => picker.current?.click()} icon="image" />
      <input
        ref={picker}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        multiple
        hidden
        aria-hidden="true"
        tabIndex={-1}
        data-testid="image-input"
        onChange={(event) => {
          onPickImages([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
    </>
  );
}
