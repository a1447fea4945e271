import { describe, expect, it } from 'vitest';
import { SHORTCUTS, resolveShortcut } from '../../../../src/app/keyboard/keymap';
import { withSearch } from '../../../../src/app/screens/conversations/search/search-param';
import { press } from '../../support/key-press';


describe('search shortcut', () => {
  it('`/` focuses the search, is listed in the help, and types a slash in a field', () => {
    expect(resolveShortcut(press('/'))).toBe('search');
    expect(resolveShortcut(press('/', { target: 'text' }))).toBeNull();
    expect(resolveShortcut(press('/', { overlayOpen: true }))).toBeNull();
    expect(SHORTCUTS.find((shortcut) => shortcut.action === 'search')).toMatchObject({ keys: ['/'], label: 'Search conversations' });
  });

  it("keeps the search in a result's link, after the list's own parameters", () => {
    expect(withSearch('/acme/conversations/view/7?filter=inbox', 'refund "charged twice"')).toBe(
      '/acme/conversations/view/7?filter=inbox&search=refund%20%22charged%20twice%22',
    );
    expect(withSearch('/acme/conversations/view/7', 'a&b')).toBe('/acme/conversations/view/7?search=a%26b');
  });
});
