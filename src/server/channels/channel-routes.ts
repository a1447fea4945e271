import { REST_ROUTES } from '../../protocol/api/rest-routes';
import { registerRoute } from '../http/protocol-route';
import type { FastifyInstance } from 'fastify';
import { addChannelBody, CHANNEL_ERRORS, channelParams, type EmailChannel } from '../../protocol/api/channels';
import { PAGE_PERMISSIONS } from '../../protocol/roles';
import { assertCan } from '../agents/permissions';
import type { AppContext } from '../app-context';
import type { ChannelRow } from './channel-tables';
import type { EmailDomainRow } from './domains/domain-tables';
import { isUniqueViolation } from '../db/unique-violation';
import { requireSession, signedIn } from '../http/auth-hook';
import { fieldError, HttpError, notFound } from '../http/http-error';
import { parseInput } from '../http/parse-input';
import { deleteChannel, findChannel, insertChannel, listChannels } from './channel-queries';
import { toEmailChannel } from './channel-model';
import { ensureDomain, listDomains } from './domains/domain-queries';
import { domainOf, normalizeAddress } from './email-address';
import { verifyDomain } from './domains/verify-domain';
import { recordOnboardingStepNow } from '../onboarding/onboarding-writes';

/**
 * The email channels of §7 under `organization/channels`: list (any agent), add, remove and
 * verify (the emails page's permission, §6 `channel.*`).
 *
 * Every answer depends only on the caller's organization and public DNS: adding an address that
 * another organization has (or whose domain it has proven) answers exactly as for any new
 * address, with this organization's own challenge and key; it then simply never verifies.
 */
export function registerChannelRoutes(app: FastifyInstance, ctx: AppContext): void {
  const preHandler = requireSession(ctx);
  const present = (row: ChannelRow, domain: EmailDomainRow): EmailChannel => toEmailChannel(row, domain, ctx.channels.policy, ctx.clock(), ctx.channels.configNotices);
  /** The organization's row for the domain, made (token and keys) on first use. */
  const domainRow = (orgId: number, domain: string) => ensureDomain({ db: ctx.db, now: ctx.clock(), keySecret: ctx.channels.config.dkimKeySecret }, orgId, domain);

  registerRoute(app, REST_ROUTES.channels, { preHandler }, async (request): Promise<EmailChannel[]> => {
    const orgId = signedIn(request).organization.id;
    const [channels, known] = await Promise.all([listChannels(ctx.db, orgId), listDomains(ctx.db, orgId)]);
    const domains = new Map(known.map((row) => [row.domain, row]));
    // Channels from before domains were proven have no domain row yet: they get one here, unproven.
    for (const name of new Set(channels.map((channel) => channel.domain))) {
      if (!domains.has(name)) domains.set(name, await domainRow(orgId, name));
    }
    return channels.flatMap((channel) => {
      const domain = domains.get(channel.domain);
      return domain ? [present(channel, domain)] : [];
    });
  });

  registerRoute(app, REST_ROUTES.addChannel, { preHandler }, async (request, reply) => {
    const { agent, organization } = signedIn(request);
    assertCan(agent, PAGE_PERMISSIONS.emails);
    const address = normalizeAddress(parseInput(addChannelBody, request.body).email);
    if (!address) throw fieldError('email', 'is not a valid email address');
    const domain = await domainRow(organization.id, domainOf(address));
    try {
      const row = await insertChannel(ctx.db, { orgId: organization.id, email: address, domain: domain.domain, now: ctx.clock() });
      return await reply.code(201).send(present(row, domain));
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, { errors: { email: CHANNEL_ERRORS.addressTaken } });
      throw error;
    }
  });

  registerRoute(app, REST_ROUTES.removeChannel, { preHandler }, async (request, reply) => {
    const { agent, organization } = signedIn(request);
    assertCan(agent, PAGE_PERMISSIONS.emails);
    const { email } = parseInput(channelParams, request.params);
    const row = await findChannel(ctx.db, organization.id, email);
    if (!row) throw notFound();
    await deleteChannel(ctx.db, organization.id, row.id);
    return reply.code(204).send();
  });

  /** §7 `GET organization/channels/{email}/verify`: checks the domain's records now and answers the channel. */
  registerRoute(app, REST_ROUTES.verifyChannel, { preHandler }, async (request): Promise<EmailChannel> => {
    const { agent, organization } = signedIn(request);
    assertCan(agent, PAGE_PERMISSIONS.emails);
    const { email } = parseInput(channelParams, request.params);
    const row = await findChannel(ctx.db, organization.id, email);
    if (!row) throw notFound();
    await verifyDomain(ctx, organization.id, row.domain);
    const updated = await findChannel(ctx.db, organization.id, email);
    if (!updated) throw notFound();
    const domain = await domainRow(organization.id, updated.domain);
    if (domain.verification === 'VERIFIED') await recordOnboardingStepNow(ctx, organization.id, 'support-address');
    return present(updated, domain);
  });
}
