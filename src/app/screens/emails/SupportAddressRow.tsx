import { useId, useState } from 'react';
import type { EmailChannel } from '../../../protocol/api/channels';
import { Alert } from '../../components/Alert';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { absoluteDateTime } from '../../format/relative-time';
import { DnsRecords } from './DnsRecords';
import { pausedNotice, verificationLabel } from './verification-label';

type SupportAddressRowProps = {
  channel: EmailChannel;
  /** A verification of this address's domain runs from this page. */
  checking: boolean;
  onVerify: (channel: EmailChannel) => void;
  onRemove: (channel: EmailChannel) => void;
};

/**
 * One support address: its domain's state, Verify, Remove, and the DNS records to publish,
 * open by itself while the domain is not verified, with why no mail flows until it is.
 */
export function SupportAddressRow({ channel, checking, onVerify, onRemove }: SupportAddressRowProps) {
  const { domain } = channel;
  const label = verificationLabel(domain, checking);
  const verified = domain.verification === 'VERIFIED';
  const [open, setOpen] = useState<boolean | null>(null);
  const expanded = open ?? !verified;
  const recordsId = useId();
  const paused = pausedNotice(domain);
  return (
    <li className="support-address" data-testid="support-address" aria-label={channel.email}>
      <div className="row">
        <div className="row__main">
          <p className="row__title">
            <span className="support-address__email">{channel.email}</span>
            <Badge tone={label.tone === 'neutral' ? 'neutral' : label.tone}>{label.text}</Badge>
          </p>
          <p className="row__detail" title={label.detail}>
            {domain.name} · {label.detail}
            {domain.checked_at !== null && label.text !== 'Checking…' && <> Checked {absoluteDateTime(domain.checked_at)}.</>}
          </p>
        </div>
        <div className="row__side">
          <Button variant="ghost" size="small" aria-expanded={expanded} aria-controls={recordsId} onClick={() => setOpen(!expanded)}>
            DNS records
            <span className={`support-address__chevron${expanded ? ' support-address__chevron--open' : ''}`} aria-hidden="true">
              <Icon name="chevronDown" size={14} />
            </span>
          </Button>
          <Button size="small" loading={checking} aria-label={`Verify ${domain.name}`} onClick={() => onVerify(channel)}>
            Verify
          </Button>
          <Button variant="ghost" size="small" aria-label={`Remove ${channel.email}`} onClick={() => onRemove(channel)}>
            Remove
          </Button>
        </div>
      </div>
      {paused && (
        <div className="support-address__paused">
          <Alert tone="warning">{paused}</Alert>
        </div>
      )}
      <div id={recordsId} className="support-address__records" hidden={!expanded}>
        {expanded && (
          <>
            <p className="support-address__intro">
              {verified
                ? `${domain.name} is verified. Keep these records published.`
                : `Publish these four records at your DNS provider for ${domain.name}, then press Verify. Changes can take a while to spread.`}
            </p>
            <DnsRecords domain={domain.name} records={domain.records} checked={domain.checked_at !== null} />
          </>
        )}
      </div>
    </li>
  );
}
