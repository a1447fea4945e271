import { VALIDATE_TOKEN_TTL_MS } from '../../protocol/constants';
import type { AppContext } from '../app-context';
import type { AgentRow } from '../agents/agent-tables';
import { validationEmail } from '../mail/mail-templates';
import { issueToken } from './auth-tokens';

export async function sendValidationEmail(ctx: AppContext, agent: AgentRow): Promise<void> {
  const token = await issueToken(ctx.db, {
    kind: 'validate',
    agentId: agent.id,
    orgId: agent.org_id,
    ttlMs: VALIDATE_TOKEN_TTL_MS,
    now: ctx.clock(),
  });
  ctx.mail.enqueue(validationEmail({ to: agent.email, link: ctx.links.validate(token) }));
}
