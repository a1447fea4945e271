import { expect, it } from 'vitest';
import { API_ERRORS } from '../../src/protocol/api/api-errors';
import type { AccountResponse, ChooseOrganization, Session, ValidateResponse } from '../../src/protocol/api/models';
import { PERMISSIONS } from '../../src/protocol/roles';
import { hashSecretToken } from '../../src/server/auth/secret-token';
import { describeEachDatabase, uid, useServerSuite } from './server-suite';

describeEachDatabase('accounts', (database) => {
  const suite = useServerSuite(database);

  it('creating an account makes the creator the owner of a new organization, premium on a self-hosted install', async () => {
    const { session, email, domain } = await suite.signUp();
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.agent).toMatchObject({ email, is_owner: true, is_current_user: true, is_removed: false, is_validated: false });
    expect(session.agent.roles).toEqual([...PERMISSIONS]);
    expect(session.agent).not.toHaveProperty('password_hash');
    expect(session.organization).toMatchObject({ slug: domain, is_premium: true, trial_ends_at: null });

    const account = await suite.client(session.token).get<AccountResponse>('account/');
    expect(account.status).toBe(200);
    expect(account.body.agent.email).toBe(email);
  });

  it('a domain that is taken is refused with a field error', async () => {
    const { domain } = await suite.signUp();
    const again = await suite.client().post('auth/create', {
      name: 'Someone',
      email: `someone-${uid()}@example.com`,
      password: 'long enough password',
      organization_name: 'Another',
      domain,
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ errors: { domain: 'This domain is already taken: choose another.' } });
  });

  it('an empty sign-up is refused with a sentence naming each field', async () => {
    const empty = await suite.client().post('auth/create', { name: ' ', email: '', password: '', organization_name: '', domain: '' });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({
      errors: {
        name: 'Enter your name.',
        email: 'Enter an email address.',
        password: 'Choose a password of at least 8 characters.',
        organization_name: 'Enter the name of your organization.',
        domain: 'Choose a domain for your team’s address.',
      },
    });
    const missing = await suite.client().post('auth/create', {});
    expect(missing.body).toEqual(empty.body);
    const wrong = await suite.client().post('auth/create', { name: 'Ana', email: 'ana@', password: 'x'.repeat(8), organization_name: 'Acme', domain: '-acme' });
    expect(wrong.body).toEqual({
      errors: { email: 'Enter a valid email address, like name@example.com.', domain: 'The domain may contain only lowercase letters, digits and inner hyphens.' },
    });
  });

  it('signs in with email and password, and refuses a wrong password with 400', async () => {
    const { email, password, domain } = await suite.signUp();
    const ok = await suite.client().post<Session>('auth/login', { email: email.toUpperCase(), password });
    expect(ok.status).toBe(200);
    expect(ok.body.organization.slug).toBe(domain);
    expect((await suite.client(ok.body.token).get('account/')).status).toBe(200);

    const wrong = await suite.client().post('auth/login', { email, password: 'not the password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error: API_ERRORS.incorrectCredentials });
    const unknown = await suite.client().post('auth/login', { email: `nobody-${uid()}@example.com`, password });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('an email whose password matches in several organizations must choose one (409)', async () => {
    const email = `multi-${uid()}@example.com`;
    const password = 'the same password';
    const first = await suite.signUp({ email, password, organization_name: 'First' });
    const second = await suite.signUp({ email, password, organization_name: 'Second' });

    const choose = await suite.client().post<ChooseOrganization>('auth/login', { email, password });
    expect(choose.status).toBe(409);
    expect(choose.body.error).toBe(API_ERRORS.chooseOrganization);
    expect(choose.body.organizations).toEqual([
      { slug: first.domain, name: 'First' },
      { slug: second.domain, name: 'Second' },
    ]);

    const chosen = await suite.client().post<Session>('auth/login', { email, password, domain: second.domain });
    expect(chosen.status).toBe(200);
    expect(chosen.body.organization.slug).toBe(second.domain);
  });

  it('with different passwords per organization, the password decides', async () => {
    const email = `split-${uid()}@example.com`;
    await suite.signUp({ email, password: 'password of one' });
    const two = await suite.signUp({ email, password: 'password of two' });
    const login = await suite.client().post<Session>('auth/login', { email, password: 'password of two' });
    expect(login.status).toBe(200);
    expect(login.body.organization.slug).toBe(two.domain);
  });

  it('signing out revokes the session, and signing out again still answers ok', async () => {
    const { session } = await suite.signUp();
    const api = suite.client(session.token);
    expect((await api.post('auth/clear')).body).toEqual({ ok: true });
    const after = await api.get('account/');
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ error: API_ERRORS.notSignedIn });
    expect((await api.post('auth/clear')).status).toBe(200);
  });

  it('a session can be revoked by passing its token in the body', async () => {
    const { email, password } = await suite.signUp();
    const other = await suite.client().post<Session>('auth/login', { email, password });
    await suite.client().post('auth/clear', { token: other.body.token });
    expect((await suite.client(other.body.token).get('account/')).status).toBe(401);
  });

  it('an expired session answers 401', async () => {
    const { session } = await suite.signUp();
    await suite
      .db()
      .updateTable('auth_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('token_hash', '=', hashSecretToken(session.token))
      .execute();
    const after = await suite.client(session.token).get('account/');
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ error: API_ERRORS.notSignedIn });
  });

  it('missing, malformed or unknown bearer tokens answer 401', async () => {
    expect((await suite.client().get('account/')).status).toBe(401);
    expect((await suite.client('x'.repeat(43)).get('agents/')).status).toBe(401);
    const bad = await suite.client().get('organization/', { headers: { authorization: 'Basic abc' } });
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ error: API_ERRORS.notSignedIn });
  });

  it('the validation email confirms the address once', async () => {
    const { session, email } = await suite.signUp();
    const mail = await suite.mail.waitFor((m) => m.to.includes(email) && m.subject === 'Confirm your email address');
    const link = mail.links.find((l) => l.includes('/validate/'));
    expect(link?.startsWith(`${suite.server.url}/validate/`)).toBe(true);
    const token = link?.split('/validate/')[1] ?? '';

    const validated = await suite.client().post<ValidateResponse>(`auth/validate/${token}`);
    expect(validated.status).toBe(200);
    expect(validated.body).toEqual({ ok: true, email });
    const account = await suite.client(session.token).get<AccountResponse>('account/');
    expect(account.body.agent.is_validated).toBe(true);

    const again = await suite.client().post(`auth/validate/${token}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: API_ERRORS.invalidLink });
  });

  it('an expired validation link is refused', async () => {
    const { email } = await suite.signUp();
    const mail = await suite.mail.waitFor((m) => m.to.includes(email) && m.subject === 'Confirm your email address');
    const token = mail.links.find((l) => l.includes('/validate/'))?.split('/validate/')[1] ?? '';
    await suite
      .db()
      .updateTable('auth_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('token_hash', '=', hashSecretToken(token))
      .execute();
    expect((await suite.client().post(`auth/validate/${token}`)).status).toBe(404);
  });

  it('a signed-in agent can ask for a new validation email', async () => {
    const { api, email } = await suite.signUp();
    await suite.mail.waitFor((m) => m.to.includes(email) && m.subject === 'Confirm your email address');
    expect((await api.post('account/validate')).body).toEqual({ ok: true });
    const mail = await suite.mail.waitFor((m) => m.to.includes(email) && m.subject === 'Confirm your email address');
    const token = mail.links.find((l) => l.includes('/validate/'))?.split('/validate/')[1] ?? '';
    expect((await suite.client().post(`auth/validate/${token}`)).status).toBe(200);
  });

  it('stores only a scrypt hash of the password and a SHA-256 of each token', async () => {
    const { session, email, password } = await suite.signUp();
    const agent = await suite.db().selectFrom('agents').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(agent.password_hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/);
    expect(agent.password_hash).not.toContain(password);
    const tokens = await suite.db().selectFrom('auth_tokens').select(['token_hash', 'kind']).where('agent_id', '=', agent.id).execute();
    expect(tokens.map((t) => t.token_hash)).toContain(hashSecretToken(session.token));
    expect(tokens.every((t) => t.token_hash !== session.token && /^[0-9a-f]{64}$/.test(t.token_hash))).toBe(true);
  });
});
