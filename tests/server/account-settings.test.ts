import { expect, it } from 'vitest';
import { API_ERRORS } from '../../src/protocol/api/api-errors';
import type { AccountResponse, AgentInvite, Organization, Session } from '../../src/protocol/api/models';
import { describeEachDatabase, uid, useServerSuite } from './server-suite';

describeEachDatabase('account and organization settings', (database) => {
  const suite = useServerSuite(database);

  it('updates name, avatar and dark mode, and reads them back', async () => {
    const { api } = await suite.signUp();
    const avatar = 'https://example.com/me.png';
    const patched = await api.patch<AccountResponse>('account/', { name: '  New Name ', dark_mode: true, avatar });
    expect(patched.status).toBe(200);
    expect(patched.body.agent).toMatchObject({ name: 'New Name', dark_mode: true, avatar });

    const back = await api.patch<AccountResponse>('account/', { dark_mode: null, avatar: null });
    expect(back.body.agent).toMatchObject({ name: 'New Name', dark_mode: null, avatar: null });
    const read = await api.get<AccountResponse>('account/');
    expect(read.body.agent).toMatchObject({ name: 'New Name', dark_mode: null });
    expect(read.body.agent).not.toHaveProperty('password_hash');
  });

  it('changing the password needs the current one and ends every other session', async () => {
    const { api, session, email, password } = await suite.signUp();
    const other = await suite.client().post<Session>('auth/login', { email, password });

    const missing = await api.patch('account/', { password: 'next password 1' });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ errors: { current_password: 'is required' } });
    const wrong = await api.patch('account/', { password: 'next password 1', current_password: 'wrong one' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ errors: { current_password: 'is incorrect' } });

    const changed = await api.patch<AccountResponse>('account/', { password: 'next password 1', current_password: password });
    expect(changed.status).toBe(200);
    expect((await suite.client(session.token).get('account/')).status).toBe(200);
    expect((await suite.client(other.body.token).get('account/')).status).toBe(401);
    expect((await suite.client().post('auth/login', { email, password })).status).toBe(400);
    expect((await suite.client().post('auth/login', { email, password: 'next password 1' })).status).toBe(200);
  });

  it('refuses unknown fields and bad values with field errors', async () => {
    const { api } = await suite.signUp();
    const unknown = await api.patch('account/', { is_owner: true });
    expect(unknown.status).toBe(400);
    expect(Object.keys((unknown.body as { errors: object }).errors)).toEqual(['body']);
    const badName = await api.patch('account/', { name: '   ' });
    expect(badName.body).toEqual({ errors: { name: 'is required' } });
    const badAvatar = await api.patch('account/', { avatar: 'javascript:alert(1)' });
    expect(badAvatar.body).toEqual({ errors: { avatar: 'must be an https URL or an image' } });
  });

  it('any agent reads the organization; renaming it needs organization.update', async () => {
    const owner = await suite.signUp();
    const organization = await owner.api.get<Organization>('organization/');
    expect(organization.status).toBe(200);
    expect(organization.body).toMatchObject({ slug: owner.domain, is_premium: true, onboarding: {}, hours: null });

    const renamed = await owner.api.patch<Organization>('organization/', { name: 'Renamed Inc.' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Renamed Inc.');
    expect((await owner.api.get<Organization>('organization')).body.name).toBe('Renamed Inc.');

    const email = `reader-${uid()}@example.com`;
    await owner.api.post<AgentInvite>(`agents/invite/${email}`);
    const mail = await suite.mail.waitFor((m) => m.to.includes(email));
    const token = /\/invite\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? '';
    const reader = await suite.client().post<Session>(`invites/${token}/accept`, { name: 'Reader', password: 'reader password' });
    const api = suite.client(reader.body.token);
    expect((await api.get<Organization>('organization/')).body.name).toBe('Renamed Inc.');
    const refused = await api.patch('organization/', { name: 'Hijacked' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: API_ERRORS.forbidden });
  });
});
