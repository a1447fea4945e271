import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Draft } from '../../../../protocol/documents';
import { draftIdFor, isBlankDraft } from '../../../../protocol/drafts';
import { useSync } from '../../../sync/sync-context';
import { useSyncActions } from '../../../sync/use-sync-actions';
import type { ComposerMode, Drafts } from './Composer';
import type { Copies } from './CopyFields';
import { COMPOSER_MODES, draftTypeOf, initialDraftState, sentDraft, storedDraftChanged, storedTexts, typedDraft } from './composer-drafts';
import { clearJournal, journalToRestore, readJournal, writeJournal } from './draft-journal';

export type ComposerDrafts = {
  /** What the composer shows per mode. */
  texts: Drafts;
  /** The agent's own drafts as stored (who each is shared with). */
  mine: Partial<Record<ComposerMode, Draft>>;
  /** Teammates' drafts of this conversation shared with the agent, newest first. */
  shared: Draft[];
  /** The id of the agent's draft of this mode, sent with a reply or note so it goes with it. */
  draftId: (mode: ComposerMode) => string;
  /** The text changed: shown at once and saved (a blank text deletes the draft). */
  change: (mode: ComposerMode, text: string) => void;
  /** Sent with `draftId(mode)`: the composer empties. */
  sent: (mode: ComposerMode) => void;
  /** Puts `text` in the composer unless the agent already wrote something there (undo of a send). */
  fillIfEmpty: (mode: ComposerMode, text: string) => void;
  /** The reply's CC/BCC changed: kept with its draft (saved now when the reply has words, else with them). */
  changeCopies: (copies: Copies) => void;
};

function ownDrafts(stored: readonly Draft[], ids: Record<ComposerMode, string>): Partial<Record<ComposerMode, Draft>> {
  const own: Partial<Record<ComposerMode, Draft>> = {};
  for (const draft of stored) {
    if (draft.id === ids.reply) own.reply = draft;
    if (draft.id === ids.note) own.note = draft;
  }
  return own;
}

/**
 * The composer's drafts. Each change is journaled in this tab at once (draft-journal.ts), handed
 * to the worker, which writes it to IndexedDB and keeps one queued save per draft however fast
 * the agent types, and synced from there: a reload, a crash or going offline loses nothing.
 * Starts from `stored` (read before the composer shows) plus what the journal holds beyond it,
 * and takes in what changes elsewhere (see composer-drafts.ts).
 */
export function useComposerDrafts(conversationId: number, agentId: number, stored: Draft[]): ComposerDrafts {
  const { slug } = useSync();
  const { mutate, ready } = useSyncActions();
  const ids = useMemo(
    () => ({ reply: draftIdFor(agentId, conversationId, 'REPLY'), note: draftIdFor(agentId, conversationId, 'NOTE') }),
    [agentId, conversationId],
  );
  const storedNow = useMemo(() => storedTexts(stored, ids), [stored, ids]);
  const mine = useMemo(() => ownDrafts(stored, ids), [stored, ids]);
  const [initial] = useState(() => {
    let state = initialDraftState(storedNow);
    const restored: Partial<Drafts> = {};
    for (const mode of COMPOSER_MODES) {
      const text = journalToRestore(readJournal(slug, ids[mode]), mine[mode]);
      if (text === null) continue;
      state = typedDraft(state, mode, text);
      restored[mode] = text;
    }
    return { state, restored };
  });
  const [state, setState] = useState(initial.state);
  if (state.stored.reply !== storedNow.reply || state.stored.note !== storedNow.note) setState(storedDraftChanged(state, storedNow));

  // Saved once this tab reaches the worker: changes made before, and what the journal restored.
  const unsaved = useRef<Partial<Drafts>>(initial.restored);
  // The reply's copies as they go with each save of its draft.
  const copies = useRef<Copies>({ cc: mine.reply?.cc ?? [], bcc: mine.reply?.bcc ?? [] });
  const save = useCallback(
    (mode: ComposerMode, text: string) => {
      if (!ready) {
        unsaved.current[mode] = text;
        return;
      }
      const withCopies = mode === 'reply' ? { cc: copies.current.cc, bcc: copies.current.bcc } : {};
      mutate({ kind: 'draft', conversation_id: conversationId, draft_id: ids[mode], agent_id: agentId, type: draftTypeOf(mode), message: text, ...withCopies });
    },
    [ready, mutate, conversationId, ids, agentId],
  );
  useEffect(() => {
    if (!ready) return;
    const waiting = unsaved.current;
    unsaved.current = {};
    for (const [mode, text] of Object.entries(waiting) as [ComposerMode, string][]) save(mode, text);
  }, [ready, save]);

  // A journal entry has done its job once the stored draft says the same.
  useEffect(() => {
    for (const mode of COMPOSER_MODES) {
      if (readJournal(slug, ids[mode])?.text === storedNow[mode]) clearJournal(slug, ids[mode]);
    }
  }, [slug, ids, storedNow]);

  const change = useCallback(
    (mode: ComposerMode, text: string) => {
      writeJournal(slug, ids[mode], { text, at: Date.now() });
      setState((current) => typedDraft(current, mode, text));
      save(mode, text);
    },
    [slug, ids, save],
  );
  const sent = useCallback(
    (mode: ComposerMode) => {
      delete unsaved.current[mode];
      if (mode === 'reply') copies.current = { cc: [], bcc: [] };
      clearJournal(slug, ids[mode]);
      setState((current) => sentDraft(current, mode));
    },
    [slug, ids],
  );
  const draftId = useCallback((mode: ComposerMode) => ids[mode], [ids]);
  const shown = useRef(state.texts);
  useEffect(() => {
    shown.current = state.texts;
  }, [state.texts]);
  const fillIfEmpty = useCallback(
    (mode: ComposerMode, text: string) => {
      if (!shown.current[mode].trim()) change(mode, text);
    },
    [change],
  );

  const shared = useMemo(
    () => stored.filter((draft) => draft.agent_id !== agentId).sort((a, b) => b.updated_at - a.updated_at),
    [stored, agentId],
  );
  const changeCopies = useCallback(
    (next: Copies) => {
      copies.current = next;
      if (!isBlankDraft(shown.current.reply)) save('reply', shown.current.reply);
    },
    [save],
  );
  return { texts: state.texts, mine, shared, draftId, change, sent, fillIfEmpty, changeCopies };
}
