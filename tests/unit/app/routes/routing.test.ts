import { describe, expect, it } from 'vitest';
import { catchAllRedirect } from '../../../../src/app/routes/catch-all-redirect';
import { destinationAfterSignIn, loginPathAfterSessionEnd, signInShowsConversations } from '../../../../src/app/session/session-paths';
import { conversationListPath, conversationOfPage, conversationViewPath, isConversationPage, parseConversationFilter } from '../../../../src/app/screens/conversation-filter';

describe('catch-all redirect (docs/decisions.md)', () => {
  it('sends an unknown path under a signed-out prefix to login', () => {
    for (const path of ['/auth/whatever', '/invite', '/validate', '/create/extra', '/auth/token']) {
      expect(catchAllRedirect(path, 'acme')).toEqual({ to: '/auth/login', notFoundToast: false });
    }
  });

  it('sends any other unknown path to the welcome screen with a toast when signed in', () => {
    expect(catchAllRedirect('/acme/nowhere', 'acme')).toEqual({ to: '/acme/bonjour', notFoundToast: true });
    expect(catchAllRedirect('/settings/x', 'acme')).toEqual({ to: '/acme/bonjour', notFoundToast: true });
  });

  it('sends any unknown path to login when not signed in', () => {
    expect(catchAllRedirect('/acme/nowhere', null)).toEqual({ to: '/auth/login', notFoundToast: false });
  });
});

describe('login after the session ends (§4)', () => {
  it('keeps the current path as next', () => {
    expect(loginPathAfterSessionEnd('/acme/team')).toBe('/auth/login?next=%2Facme%2Fteam');
    expect(loginPathAfterSessionEnd('/acme/account/general?x=1')).toBe('/auth/login?next=%2Facme%2Faccount%2Fgeneral%3Fx%3D1');
  });

  it('keeps a deep link into the conversations as next (issue 12)', () => {
    expect(loginPathAfterSessionEnd('/acme/conversations/view/304')).toBe('/auth/login?next=%2Facme%2Fconversations%2Fview%2F304');
    expect(loginPathAfterSessionEnd('/acme/conversations?filter=waiting')).toBe('/auth/login?next=%2Facme%2Fconversations%3Ffilter%3Dwaiting');
  });

  it('does not keep the plain landing places as next', () => {
    expect(loginPathAfterSessionEnd('/acme/conversations')).toBe('/auth/login');
    expect(loginPathAfterSessionEnd('/acme')).toBe('/auth/login');
    expect(loginPathAfterSessionEnd('/acme/')).toBe('/auth/login');
  });

  it('does not keep a path that is not a safe next', () => {
    expect(loginPathAfterSessionEnd('//evil.example/x')).toBe('/auth/login');
  });
});

describe('destination after sign-in', () => {
  it('follows a sanitised next into the same organization', () => {
    expect(destinationAfterSignIn('/acme/team', 'acme')).toBe('/acme/team');
  });

  it('goes to the conversations otherwise', () => {
    expect(destinationAfterSignIn(null, 'acme')).toBe('/acme/conversations');
    expect(destinationAfterSignIn('/globex/team', 'acme')).toBe('/acme/conversations');
    expect(destinationAfterSignIn('https://evil.example/acme', 'acme')).toBe('/acme/conversations');
    expect(destinationAfterSignIn('//evil.example/acme', 'acme')).toBe('/acme/conversations');
  });

  it('knows before the sign-in whether it shows the conversations screen (its code loads meanwhile)', () => {
    for (const next of [null, '/acme/conversations', '/acme/conversations?filter=waiting', '/acme/conversations/view/42', '//evil.example/acme']) {
      expect(signInShowsConversations(next)).toBe(true);
    }
    for (const next of ['/acme/team', '/acme/contacts/7', '/acme/conversationsx']) expect(signInShowsConversations(next)).toBe(false);
  });
});

describe('conversation filters (§2 shortcut subpaths)', () => {
  it('builds the list path with the filter in its query', () => {
    expect(conversationListPath('acme', 'waiting')).toBe('/acme/conversations?filter=waiting');
  });

  it('reads an unknown or missing filter as the inbox', () => {
    expect(parseConversationFilter('all')).toBe('all');
    expect(parseConversationFilter('nope')).toBe('inbox');
    expect(parseConversationFilter(null)).toBe('inbox');
  });

  it('reads back the conversation of the page it builds, a started one by its temporary id', () => {
    expect(conversationOfPage(new URL(conversationViewPath('acme', 42, 'all'), 'https://x').pathname)).toBe(42);
    expect(conversationOfPage(new URL(conversationViewPath('acme', -7, 'inbox'), 'https://x').pathname)).toBe(-7);
    expect(isConversationPage('/acme/conversations/view/42')).toBe(true);
    expect(conversationOfPage('/acme/conversations')).toBeNull();
    expect(isConversationPage('/acme/conversations')).toBe(false);
  });
});
