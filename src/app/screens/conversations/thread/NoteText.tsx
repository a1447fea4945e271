import type { ReactNode } from 'react';
import { mentionSpans } from '../../../../protocol/notifications/note-mentions';
import { useAgentDirectory } from '../../../session/agent-directory';
import { useSignedIn } from '../../../session/signed-in-context';

/** A note's text with its @mentions marked (the reader's own more strongly). Plain text: nothing is parsed as HTML. */
export function NoteText({ text, mentions }: { text: string; mentions: readonly number[] | undefined }) {
  const directory = useAgentDirectory();
  const { agent } = useSignedIn();
  const mentioned = (mentions ?? []).flatMap((id) => {
    const teammate = id === agent.id ? agent : directory.get(id);
    return teammate ? [{ id, name: teammate.name }] : [];
  });
  if (mentioned.length === 0) return <>{text}</>;
  const parts: ReactNode[] = [];
  let at = 0;
  for (const span of mentionSpans(text, mentioned)) {
    if (span.start > at) parts.push(text.slice(at, span.start));
    parts.push(
      <mark key={span.start} className={span.id === agent.id ? 'mention mention--me' : 'mention'} data-testid="mention">
        {text.slice(span.start, span.end)}
      </mark>,
    );
    at = span.end;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}
