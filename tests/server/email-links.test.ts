import { expect, it } from 'vitest';
import { API_ERRORS } from '../../src/protocol/api/api-errors';
import type { Session, TokenPreview } from '../../src/protocol/api/models';
import { hashSecretToken } from '../../src/server/auth/secret-token';
import type { ReceivedMail } from '../support/smtp-sink';
import { describeEachDatabase, uid, useServerSuite } from './server-suite';

/** The token at the end of `/auth/token/{token}` (optionally followed by `/change-password`). */
function tokenIn(mail: ReceivedMail): string {
  const link = mail.links.find((l) => l.includes('/auth/token/')) ?? '';
  return /\/auth\/token\/([A-Za-z0-9_-]+)/.exec(link)?.[1] ?? '';
}

describeEachDatabase('emailed links', (database) => {
  const suite = useServerSuite(database);
  const resetMail = (email: string) =>
    suite.mail.waitFor((m) => m.to.includes(email) && m.subject === 'Reset your password');

  it('lost password: the emailed link changes the password and signs in; other sessions end', async () => {
    const { session: oldSession, email, password, domain } = await suite.signUp();
    const lost = await suite.client().post('auth/lost-password', { email });
    expect(lost.status).toBe(200);
    expect(lost.body).toEqual({ ok: true });

    const mail = await resetMail(email);
    const link = mail.links.find((l) => l.endsWith('/change-password')) ?? '';
    expect(link.startsWith(`${suite.server.url}/auth/token/`)).toBe(true);
    const token = tokenIn(mail);

    const preview = await suite.client().get<TokenPreview>(`auth/token/${token}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({ kind: 'reset', email, organization: { name: oldSession.organization.name, slug: domain } });

    const tooShort = await suite.client().post(`auth/token/${token}/change-password`, { password: 'short' });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body).toEqual({ errors: { password: 'must be at least 8 characters' } });

    const changed = await suite.client().post<Session>(`auth/token/${token}/change-password`, { password: 'a brand new password' });
    expect(changed.status).toBe(200);
    expect(changed.body.agent.email).toBe(email);
    expect(changed.body.agent.is_validated).toBe(true);

    expect((await suite.client(changed.body.token).get('account/')).status).toBe(200);
    expect((await suite.client(oldSession.token).get('account/')).status).toBe(401);
    expect((await suite.client().post('auth/login', { email, password })).status).toBe(400);
    expect((await suite.client().post('auth/login', { email, password: 'a brand new password' })).status).toBe(200);
  });

  it('a reset link works once', async () => {
    const { email } = await suite.signUp();
    await suite.client().post('auth/lost-password', { email });
    const token = tokenIn(await resetMail(email));
    expect((await suite.client().post(`auth/token/${token}/change-password`, { password: 'first new password' })).status).toBe(200);
    const again = await suite.client().post(`auth/token/${token}/change-password`, { password: 'second new password' });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: API_ERRORS.invalidLink });
    expect((await suite.client().get(`auth/token/${token}`)).status).toBe(404);
  });

  it('an expired reset link is refused', async () => {
    const { email } = await suite.signUp();
    await suite.client().post('auth/lost-password', { email });
    const token = tokenIn(await resetMail(email));
    expect((await suite.client().get(`auth/token/${token}`)).status).toBe(200);
    await suite
      .db()
      .updateTable('auth_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('token_hash', '=', hashSecretToken(token))
      .execute();
    expect((await suite.client().get(`auth/token/${token}`)).status).toBe(404);
    const change = await suite.client().post(`auth/token/${token}/change-password`, { password: 'too late password' });
    expect(change.status).toBe(404);
    expect(change.body).toEqual({ error: API_ERRORS.invalidLink });
  });

  it('a reset link cannot be used to sign in directly, nor a session token as a link', async () => {
    const { email, session } = await suite.signUp();
    await suite.client().post('auth/lost-password', { email });
    const token = tokenIn(await resetMail(email));
    expect((await suite.client().post(`auth/token/${token}`)).status).toBe(404);
    expect((await suite.client().get(`auth/token/${session.token}`)).status).toBe(404);
    expect((await suite.client().post(`auth/token/${session.token}/change-password`, { password: 'hijacked password' })).status).toBe(404);
    expect((await suite.client().get('auth/token/not-a-token')).status).toBe(404);
  });

  it('lost password answers the same for known and unknown addresses, and mails only the known one', async () => {
    const { email } = await suite.signUp();
    const unknown = `nobody-${uid()}@example.com`;
    const known = await suite.client().post('auth/lost-password', { email });
    const missing = await suite.client().post('auth/lost-password', { email: unknown });
    expect(missing.status).toBe(known.status);
    expect(missing.text).toBe(known.text);
    expect(missing.headers.get('content-type')).toBe(known.headers.get('content-type'));
    await resetMail(email);
    await expect(suite.mail.waitFor((m) => m.to.includes(unknown), 500)).rejects.toThrow(/No matching email/);
  });

  it('a sign-in link signs in once and confirms the address', async () => {
    const { email, domain } = await suite.signUp();
    const asked = await suite.client().post('auth/login-link', { email, domain });
    expect(asked.body).toEqual({ ok: true });
    const mail = await suite.mail.waitFor((m) => m.to.includes(email) && m.subject.startsWith('Sign in to'));
    const token = tokenIn(mail);
    expect(mail.links[0]).toBe(`${suite.server.url}/auth/token/${token}`);

    const preview = await suite.client().get<TokenPreview>(`auth/token/${token}`);
    expect(preview.body.kind).toBe('login');
    const signedIn = await suite.client().post<Session>(`auth/token/${token}`);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.organization.slug).toBe(domain);
    expect(signedIn.body.agent.is_validated).toBe(true);
    expect((await suite.client(signedIn.body.token).get('account/')).status).toBe(200);

    expect((await suite.client().post(`auth/token/${token}`)).status).toBe(404);
  });

  it('an expired sign-in link is refused', async () => {
    const { email } = await suite.signUp();
    await suite.client().post('auth/login-link', { email });
    const token = tokenIn(await suite.mail.waitFor((m) => m.to.includes(email) && m.subject.startsWith('Sign in to')));
    await suite
      .db()
      .updateTable('auth_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('token_hash', '=', hashSecretToken(token))
      .execute();
    expect((await suite.client().post(`auth/token/${token}`)).status).toBe(404);
  });

  it('an address in several organizations gets one reset link per organization', async () => {
    const email = `twice-${uid()}@example.com`;
    const one = await suite.signUp({ email });
    const two = await suite.signUp({ email });
    await suite.client().post('auth/lost-password', { email });
    const first = await resetMail(email);
    const second = await resetMail(email);
    const slugs = await Promise.all(
      [first, second].map(async (mail) => (await suite.client().get<TokenPreview>(`auth/token/${tokenIn(mail)}`)).body.organization.slug),
    );
    expect(slugs.sort()).toEqual([one.domain, two.domain].sort());
  });
});
