import { Link } from 'react-router-dom';
import type { Contact, Conversation } from '../../../../protocol/documents';
import type { ReplyBlocker } from '../../../../protocol/reply-delivery';
import { PAGE_PERMISSIONS } from '../../../../protocol/roles';
import { Icon } from '../../../components/Icon';
import { can } from '../../../session/permissions';
import { useSignedIn } from '../../../session/signed-in-context';
import { useReplyBlocker } from './use-reply-blocker';

type DeliveryNoticeProps = { conversation: Conversation; contact: Contact | undefined };

/** What the notice says: why replies cannot leave, and the fix (a link where the agent can make it, else who can). */
type NoticeText = { why: string; fix: { label: string; to: string } | { ask: string } };

/**
 * Above the composer of an email conversation whose replies cannot leave (no support address, an
 * unproven domain, a customer without an address), before anything is typed: says why, with the
 * fix one click away for those allowed to make it (the Email settings, the contact's page), and
 * who can fix it for the others. A reply sent anyway is shown "Not delivered" with Retry.
 */
export function DeliveryNotice({ conversation, contact }: DeliveryNoticeProps) {
  const blocker = useReplyBlocker(conversation, contact);
  const { agent, organization } = useSignedIn();
  if (!blocker) return null;
  const text = noticeText(blocker, {
    slug: organization.slug,
    managesEmail: can(agent, PAGE_PERMISSIONS.emails),
    contact: contact ?? null,
  });
  return (
    <div className="delivery-notice" role="status" data-testid="delivery-notice">
      <Icon name="alert" size={16} />
      <p className="delivery-notice__text">
        <strong>Replies here cannot be sent.</strong> {text.why}
        {'ask' in text.fix && <> {text.fix.ask}</>}
      </p>
      {'to' in text.fix && (
        <Link to={text.fix.to} className="btn btn--secondary btn--small delivery-notice__fix">
          {text.fix.label}
        </Link>
      )}
    </div>
  );
}

function noticeText(blocker: ReplyBlocker, context: { slug: string; managesEmail: boolean; contact: Contact | null }): NoticeText {
  const emails = `/${context.slug}/emails`;
  const admin = 'Ask a teammate who manages Settings → Email';
  switch (blocker.kind) {
    case 'NO_ADDRESS':
      return {
        why: 'Your organization has no support address to send from.',
        fix: context.managesEmail ? { label: 'Add a support address', to: emails } : { ask: `${admin} to add one.` },
      };
    case 'UNVERIFIED':
      return {
        why: `They would go from ${blocker.email}, and ${blocker.domain} is not verified.`,
        fix: context.managesEmail ? { label: `Verify ${blocker.domain}`, to: emails } : { ask: `${admin} to verify it.` },
      };
    case 'NO_RECIPIENT': {
      const name = context.contact?.name || 'The customer';
      return {
        why: `${name} has no email address, so a reply cannot reach them.`,
        fix: context.contact ? { label: 'Add their address', to: `/${context.slug}/contacts/${context.contact.id}` } : { ask: 'Add one to the contact.' },
      };
    }
  }
}
