import type { DnsRecordCheck } from '../../../protocol/api/channels';
import { useCopy } from '../../clipboard/use-copy';
import { Icon } from '../../components/Icon';
import { IconButton } from '../../components/IconButton';
import { RECORD_LABELS } from './verification-label';

const PURPOSE: Record<DnsRecordCheck['kind'], string> = {
  CHALLENGE: 'Proves the domain is yours',
  MX: 'Receives mail for the address',
  SPF: 'Allows the inbox to send for the domain',
  DKIM: 'Your organization’s key, signs your replies',
};

/**
 * The DNS records a domain must publish (the challenge, MX, SPF, DKIM), as the last verification found them:
 * what to publish where, and for a failed one why, with what was found instead.
 */
export function DnsRecords({ domain, records, checked }: { domain: string; records: readonly DnsRecordCheck[]; checked: boolean }) {
  const copy = useCopy();
  return (
    <div className="dns-records" role="group" aria-label={`DNS records for ${domain}`}>
      {records.map((record) => (
        <div key={record.kind} className={`dns-record ${checked ? (record.ok ? 'dns-record--ok' : 'dns-record--missing') : ''}`} data-testid="dns-record">
          <div className="dns-record__head">
            <span className="dns-record__kind">{RECORD_LABELS[record.kind]}</span>
            <span className="dns-record__purpose">{PURPOSE[record.kind]}</span>
            {checked && (
              <span className="dns-record__state">
                <Icon name={record.ok ? 'checkCircle' : 'alert'} size={14} />
                {record.ok ? 'Found' : 'Missing'}
              </span>
            )}
          </div>
          <dl className="dns-record__fields">
            <dt>Type</dt>
            <dd>
              <code>{record.type}</code>
            </dd>
            <dt>Name</dt>
            <dd className="dns-record__copyable">
              <code>{record.name}</code>
              <IconButton icon="copy" label={`Copy the ${RECORD_LABELS[record.kind]} record name`} onClick={() => void copy(record.name, 'Name copied')} />
            </dd>
            <dt>{record.type === 'MX' ? 'Points to' : 'Value'}</dt>
            {record.missing_config === undefined ? (
              <dd className="dns-record__copyable">
                <code className="dns-record__value">{record.expected}</code>
                <IconButton icon="copy" label={`Copy the ${RECORD_LABELS[record.kind]} record value`} onClick={() => void copy(record.expected, 'Value copied')} />
              </dd>
            ) : (
              <dd>
                <span className="dns-record__unknown">Depends on the server’s configuration</span>
              </dd>
            )}
          </dl>
          {record.missing_config !== undefined && (
            <p className="dns-record__config" role="note">
              <Icon name="alert" size={14} /> {record.missing_config}
            </p>
          )}
          {checked && !record.ok && record.problem && (
            <p className="dns-record__problem">
              {record.problem}
              {record.found.length > 0 && (
                <>
                  {' '}
                  Found: <code>{record.found.join(' · ')}</code>
                </>
              )}
            </p>
          )}
        </div>
      ))}
    </div>
  );
}
