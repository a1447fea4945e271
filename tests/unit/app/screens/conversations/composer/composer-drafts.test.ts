import { describe, expect, it } from 'vitest';
import { initialDraftState, sentDraft, storedDraftChanged, typedDraft } from '../../../../../../src/app/screens/conversations/composer/composer-drafts';
import { clearJournal, journalToRestore, readJournal, writeJournal } from '../../../../../../src/app/screens/conversations/composer/draft-journal';
import { activeTeammates, readCachedAgents, writeCachedAgents } from '../../../../../../src/app/session/agent-directory';
import { draftIdFor, isBlankDraft } from '../../../../../../src/protocol/drafts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const stored = (reply: string, note = '') => ({ reply, note });

describe('the composer against the stored drafts', () => {
  it('starts from the stored drafts', () => {
    expect(initialDraftState(stored('Hello', 'FYI')).texts).toEqual({ reply: 'Hello', note: 'FYI' });
  });

  it('keeps what is typed when the stored copy catches up late, one save at a time', () => {
    let state = initialDraftState(stored(''));
    for (const text of ['H', 'He', 'Hel', 'Hell', 'Hello']) state = typedDraft(state, 'reply', text);
    for (const echo of ['H', 'Hel', 'Hello']) {
      state = storedDraftChanged(state, stored(echo));
      expect(state.texts.reply).toBe('Hello');
    }
  });

  it('takes a text that changed elsewhere (another device), but not the same stored text again', () => {
    let state = typedDraft(initialDraftState(stored('')), 'reply', 'Hi');
    state = storedDraftChanged(state, stored('Hi'));
    state = storedDraftChanged(state, stored('Hi from my phone', 'A note'));
    expect(state.texts).toEqual({ reply: 'Hi from my phone', note: 'A note' });
    // Sent here: empty at once, and the stored text (deleted a moment later) does not come back.
    state = sentDraft(state, 'reply');
    state = storedDraftChanged(state, stored('Hi from my phone', 'A note'));
    expect(state.texts.reply).toBe('');
    state = storedDraftChanged(state, stored('', 'A note'));
    expect(state.texts.reply).toBe('');
  });

  it('a draft deleted elsewhere empties the composer; an echo of an earlier save never brings back text removed here', () => {
    let state = initialDraftState(stored('Sent from my laptop'));
    state = storedDraftChanged(state, stored(''));
    expect(state.texts.reply).toBe('');
    state = typedDraft(state, 'note', 'x');
    state = typedDraft(state, 'note', '');
    state = storedDraftChanged(state, stored('', 'x'));
    expect(state.texts.note).toBe('');
  });
});

describe('the draft journal', () => {
  it('keeps the latest change of this tab per draft until it is cleared', () => {
    const storage = memoryStorage();
    const id = draftIdFor(3, 41, 'REPLY');
    expect(id).toBe('d-3-41-reply');
    writeJournal('acme', id, { text: 'Hel', at: 1 }, storage);
    writeJournal('acme', id, { text: 'Hello', at: 2 }, storage);
    expect(readJournal('acme', id, storage)).toEqual({ text: 'Hello', at: 2 });
    expect(readJournal('other', id, storage)).toBeNull();
    clearJournal('acme', id, storage);
    expect(readJournal('acme', id, storage)).toBeNull();
    storage.items.set('draft:acme:d-3-41-note', '{not json');
    expect(readJournal('acme', draftIdFor(3, 41, 'NOTE'), storage)).toBeNull();
  });

  it('restores a change the stored draft does not have, unless the stored one is newer', () => {
    expect(journalToRestore({ text: 'Hello', at: 20 }, { message: 'Hel', updated_at: 10 })).toBe('Hello');
    expect(journalToRestore({ text: 'Hello', at: 20 }, undefined)).toBe('Hello');
    expect(journalToRestore({ text: 'Hello', at: 20 }, { message: 'Hello', updated_at: 10 })).toBeNull();
    expect(journalToRestore({ text: 'Hel', at: 20 }, { message: 'Hello from my phone', updated_at: 30 })).toBeNull();
    expect(journalToRestore({ text: '', at: 20 }, { message: 'Cleared just before the crash', updated_at: 10 })).toBe('');
    expect(journalToRestore(null, { message: 'x', updated_at: 1 })).toBeNull();
  });

  it('a blank text is no draft', () => {
    expect(isBlankDraft(' \n\t')).toBe(true);
    expect(isBlankDraft(' a ')).toBe(false);
  });
});

describe('teammates to share a draft with', () => {
  it('are the active agents but oneself, by name, also from the offline copy of the list', () => {
    const storage = memoryStorage();
    const agents = [
      { id: 1, name: 'Me', email: 'me@acme.test', avatar: null },
      { id: 2, name: 'Sam', email: 'sam@acme.test', avatar: null },
      { id: 3, name: 'Gone', email: 'gone@acme.test', avatar: null, is_removed: true },
      { id: 4, name: 'Alex', email: 'alex@acme.test', avatar: null, is_removed: false },
    ];
    writeCachedAgents('acme', agents, storage);
    const cached = readCachedAgents('acme', storage);
    const directory = new Map(cached.map((agent) => [agent.id, agent]));
    expect(activeTeammates(directory, 1).map((agent) => agent.name)).toEqual(['Alex', 'Sam']);
  });
});
