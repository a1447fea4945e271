import { focusSearchField, type FocusSearchState } from '../../screens/conversations/search/search-param';
import type { Command } from './command';

/** Moving through the list and in and out of a conversation, in the `?` sheet's order. */
export const NAVIGATION_COMMANDS: readonly Command[] = [
  { id: 'next', label: 'Next conversation', section: 'Navigation', keys: [{ key: 'j', repeat: true }], perform: (c) => c.moveSelection(1) },
  { id: 'previous', label: 'Previous conversation', section: 'Navigation', keys: [{ key: 'k', repeat: true }], perform: (c) => c.moveSelection(-1) },
  {
    id: 'open',
    label: 'Open the selected conversation',
    section: 'Navigation',
    // A focused link or button opens itself on Enter.
    keys: [{ key: 'Enter', targets: ['other'], repeat: true }],
    when: (c) => c.selected !== null && c.selected.id !== c.open?.id,
    perform: (c) => {
      if (c.selected) c.openConversation(c.selected.id);
    },
  },
  {
    id: 'back',
    label: 'Back to the list, or close a dialog',
    section: 'Navigation',
    keys: [{ key: 'Escape', targets: ['other', 'control'], repeat: true }],
    when: (c) => c.open !== null,
    perform: (c) => {
      if (c.open) c.navigate(c.open.backPath);
    },
  },
  {
    // Escape in a field only leaves it; the `?` sheet's Esc row and its note say so.
    id: 'blur',
    label: 'Leave the field',
    keys: [{ key: 'Escape', targets: ['text'], repeat: true }],
    perform: () => {
      if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    },
  },
  {
    id: 'search',
    label: 'Search conversations',
    section: 'Navigation',
    keys: [{ key: '/' }],
    // The conversations screen's search field, opening that screen first when needed.
    perform: (c) => {
      if (!focusSearchField()) c.navigate(`/${c.slug}/conversations`, { state: { focusSearch: true } satisfies FocusSearchState });
    },
  },
];
