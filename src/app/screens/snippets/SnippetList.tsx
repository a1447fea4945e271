import type { Snippet } from '../../../protocol/documents';
import { usageText } from './snippet-usage';

/** `onOpen` null: read-only rows. */
type SnippetListProps = { snippets: Snippet[]; now: number; onOpen: ((snippet: Snippet) => void) | null };

/** The snippets of the chosen category: name, shortcut, the start of the text, and usage. */
export function SnippetList({ snippets, now, onOpen }: SnippetListProps) {
  return (
    <ul className="rows" aria-label="Snippets">
      {snippets.map((snippet) => (
        <li key={snippet.id} className="row snippet-row" data-testid="snippet-row">
          {onOpen ? (
            <button type="button" className="snippet-row__open" onClick={() => onOpen(snippet)}>
              <SnippetSummary snippet={snippet} now={now} />
            </button>
          ) : (
            <div className="snippet-row__open">
              <SnippetSummary snippet={snippet} now={now} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

function SnippetSummary({ snippet, now }: { snippet: Snippet; now: number }) {
  return (
    <>
      <span className="row__title">
        <span className="snippet-row__name">{snippet.name}</span>
        {snippet.shortcut && <span className="snippet-row__shortcut">#{snippet.shortcut}</span>}
      </span>
      <span className="row__detail">{snippet.body}</span>
      <span className="snippet-row__usage">{usageText(snippet, now)}</span>
    </>
  );
}
