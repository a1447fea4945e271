import { it } from 'vitest';
import type { NotificationsResponse } from '../../src/protocol/notifications/push-requests';
import { usePushService } from '../support/push-service';
import { describeEachDatabase, useServerSuite } from './server-suite';
import { signUpTeam } from './sync-fixtures';

/**
 * The server connects to a push endpoint an agent gave it: never to an address off the public
 * internet (this machine, its network, a cloud's metadata service), checked when the device is
 * registered and again when each push goes out. This server has no PUSH_ALLOW_PRIVATE_HOSTS.
 */
const pushes = usePushService();

const KEYS = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };

describeEachDatabase('push endpoints off the public internet', (database) => {
  const suite = useServerSuite(database, { NODE_EXTRA_CA_CERTS: pushes.certificate.certPath, JOB_POLL_MS: '100' });

  it('registering a push endpoint on this machine, a private network or a metadata address is a clean 400, and nothing is kept', async ({ expect }) => {
    const owner = await suite.signUp();
    const refused = [
      'https://127.0.0.1/push/1',
      `${pushes.service.origin}/push/1`,
      'https://localhost:8443/push/1',
      'https://[::1]/push/1',
      'https://[::ffff:127.0.0.1]/push/1',
      'https://0x7f000001/push/1',
      'https://2130706433/push/1',
      'https://0177.0.0.1/push/1',
      'https://0.0.0.0/push/1',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.1/push/1',
      'https://192.168.1.1/push/1',
      'https://100.64.0.1/push/1',
      'https://[fd00::1]/push/1',
      'https://[fe80::1]/push/1',
    ];
    for (const endpoint of refused) {
      const answer = await owner.api.post<{ errors?: Record<string, string> }>('account/notifications/register', { endpoint, expirationTime: null, keys: KEYS });
      expect(answer.status, endpoint).toBe(400);
      expect(answer.body.errors, endpoint).toEqual({ endpoint: 'must be a push service on the public internet' });
    }
    expect((await owner.api.get<NotificationsResponse>('account/notifications')).body.devices).toEqual([]);
    // A public address is taken (and never sent to here: nothing notifies this owner).
    const taken = await owner.api.post<NotificationsResponse>('account/notifications/register', { endpoint: 'https://8.8.8.8/push/1', expirationTime: null, keys: KEYS });
    expect(taken.status).toBe(201);
    expect((await owner.api.post('account/notifications/unregister', { endpoint: 'https://8.8.8.8/push/1' })).status).toBe(200);
  });

  it('a kept device whose endpoint is now on this machine is sent nothing: the address is checked at each push', async ({ expect }) => {
    const team = await signUpTeam(suite);
    const alex = suite.client(team.alex.token);
    const literal = pushes.service.subscribe();
    const named = pushes.service.subscribe();
    // Kept from before (or a name whose DNS answer changed since): registered as public, now pointing here.
    for (const [index, device] of [literal, named].entries()) {
      const publicEndpoint = `https://8.8.8.${index + 1}/push/${device.id}`;
      expect((await alex.post('account/notifications/register', { ...device.json, endpoint: publicEndpoint })).status).toBe(201);
    }
    const port = new URL(pushes.service.origin).port;
    await suite.db().updateTable('push_subscriptions').set({ endpoint: `https://127.0.0.1:${port}/push/${literal.id}` }).where('endpoint', '=', `https://8.8.8.1/push/${literal.id}`).execute();
    await suite.db().updateTable('push_subscriptions').set({ endpoint: `https://localhost:${port}/push/${named.id}` }).where('endpoint', '=', `https://8.8.8.2/push/${named.id}`).execute();

    await suite.client(team.owner.token).post(`conversations/${team.conversations[0]}/assign`, { agent_id: team.alex.id });
    const pending = () =>
      suite.db().selectFrom('jobs').select('id').where('org_id', '=', team.signedUp.session.organization.id).where('kind', '=', 'push_notification').where('done_at', 'is', null).execute();
    await expect.poll(async () => (await pending()).length, { timeout: 10_000, message: 'The push job ran to its end' }).toBe(0);
    expect(pushes.service.received.filter((entry) => entry.subscriptionId === literal.id || entry.subscriptionId === named.id)).toEqual([]);
    expect(pushes.service.rejected).toEqual([]);
  });
});
