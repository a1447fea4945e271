import { useState } from 'react';
import type { AgentInvite } from '../../../protocol/api/models';
import { apiPaths } from '../../../protocol/api/routes';
import { useApi } from '../../api/api-context';
import { failureText } from '../../api/failure-text';
import { toFailure } from '../../api/request-failure';
import { Avatar } from '../../components/Avatar';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { useToasts } from '../../components/Toasts';
import { ROLE_LABELS, presetOf } from './role-preset';

const DAY_MS = 24 * 3600_000;

export function PendingInvites({ invites, onRevoked }: { invites: AgentInvite[]; onRevoked: (id: number) => void }) {
  const api = useApi();
  const { show } = useToasts();
  const [revoking, setRevoking] = useState<number | null>(null);

  async function revoke(invite: AgentInvite) {
    setRevoking(invite.id);
    try {
      await api.del(apiPaths.revokeInvite(invite.id));
      onRevoked(invite.id);
      show({ title: `Invitation for ${invite.email} revoked`, tone: 'success' });
    } catch (error) {
      const text = failureText(toFailure(error));
      if (text) show({ title: 'The invitation was not revoked', body: text.message, tone: 'error' });
    } finally {
      setRevoking(null);
    }
  }

  return (
    <section className="panel" aria-labelledby="invites-title">
      <div className="panel__header">
        <h2 className="panel__title" id="invites-title">
          Pending invitations <span className="count">{invites.length}</span>
        </h2>
      </div>
      <ul className="rows" aria-label="Pending invitations">
        {invites.map((invite) => (
          <li key={invite.id} className="row" data-testid="pending-invite">
            <Avatar name="" email={invite.email} size={36} />
            <div className="row__main">
              <p className="row__title">
                {invite.email}
                <Badge>{ROLE_LABELS[presetOf(invite.roles)]}</Badge>
              </p>
              <p className="row__detail">{expiry(invite.expires_at)}</p>
            </div>
            <div className="row__side">
              <Button
                variant="ghost"
                size="small"
                aria-label={`Revoke invitation for ${invite.email}`}
                loading={revoking === invite.id}
                onClick={() => void revoke(invite)}
              >
                Revoke
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function expiry(expiresAt: number): string {
  const days = Math.ceil((expiresAt - Date.now()) / DAY_MS);
  if (days <= 0) return 'Expired';
  return days === 1 ? 'Expires within a day' : `Expires in ${days} days`;
}
