import type { Viewer } from '../../../sync/use-presence';

/** Who else is writing a reply here: "Ana Li is writing a reply…" (§4 collision). */
export function typingText(writers: readonly Pick<Viewer, 'name'>[]): string {
  const names = writers.map((writer) => writer.name);
  if (names.length === 0) return '';
  if (names.length === 1) return `${names[0]} is writing a reply…`;
  if (names.length === 2) return `${names[0]} and ${names[1]} are writing replies…`;
  return `${names.length} teammates are writing replies…`;
}

/** A quiet line above the composer while a teammate writes a reply in this conversation. */
export function TypingNotice({ viewers }: { viewers: readonly Viewer[] }) {
  const text = typingText(viewers.filter((viewer) => viewer.typing));
  return (
    <p className="typing-notice" role="status">
      {text && (
        <>
          <span className="typing-notice__dots" aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          {text}
        </>
      )}
    </p>
  );
}
