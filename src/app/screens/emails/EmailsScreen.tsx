import { useCallback, useState } from 'react';
import type { EmailChannel } from '../../../protocol/api/channels';
import { apiPaths } from '../../../protocol/api/routes';
import { useApi } from '../../api/api-context';
import { failureText } from '../../api/failure-text';
import { toFailure } from '../../api/request-failure';
import { EmptyState } from '../../components/EmptyState';
import { Loadable } from '../../components/Loadable';
import { useToasts } from '../../components/Toasts';
import { useLoad } from '../../hooks/use-load';
import { PageHeader } from '../../layout/PageHeader';
import { AddAddressForm } from './AddAddressForm';
import { RemoveAddressModal } from './RemoveAddressModal';
import { SupportAddressRow } from './SupportAddressRow';
import { missingRecords } from './verification-label';

/**
 * `emails` (§2, §6 `channel.*`): the organization's support addresses. Add one, publish the
 * DNS records it lists (its own challenge and DKIM key among them), Verify (§7 `organization/channels/{email}/verify`, which checks the
 * domain and updates every address on it, §4), remove one.
 */
export default function EmailsScreen() {
  const api = useApi();
  const { show } = useToasts();
  const load = useCallback((signal: AbortSignal) => api.get<EmailChannel[]>(apiPaths.channels, signal), [api]);
  const { state, setData } = useLoad(load);
  const [checking, setChecking] = useState<ReadonlySet<string>>(() => new Set());
  const [removing, setRemoving] = useState<EmailChannel | null>(null);

  const onAdded = useCallback((channel: EmailChannel) => setData((list) => [...list.filter((entry) => entry.id !== channel.id), channel]), [setData]);
  const onRemoved = useCallback((channel: EmailChannel) => setData((list) => list.filter((entry) => entry.id !== channel.id)), [setData]);

  const onVerify = useCallback(
    async (channel: EmailChannel) => {
      const domain = channel.domain.name;
      setChecking((current) => new Set(current).add(domain));
      try {
        const checked = await api.get<EmailChannel>(apiPaths.verifyChannel(channel.email));
        // §4: the check speaks for the domain, so every address on it takes the answer.
        setData((list) => list.map((entry) => (entry.domain.name === checked.domain.name ? { ...entry, domain: checked.domain } : entry)));
        if (checked.domain.verification === 'VERIFIED') show({ tone: 'success', title: `${domain} is verified`, key: `verify-${domain}` });
        else show({ tone: 'error', title: `${domain} is not verified yet`, body: `Missing or wrong: ${missingRecords(checked.domain.records).join(', ')}.`, key: `verify-${domain}` });
      } catch (error) {
        const text = failureText(toFailure(error));
        if (text) show({ tone: 'error', title: `${domain} could not be checked`, body: text.message, key: `verify-${domain}` });
      } finally {
        setChecking((current) => {
          const next = new Set(current);
          next.delete(domain);
          return next;
        });
      }
    },
    [api, setData, show],
  );

  return (
    <div className="page page--wide">
      <PageHeader
        title="Email"
        description="Support addresses: mail sent to them becomes a conversation in your inbox, and your replies go out from them."
      />
      <AddAddressForm onAdded={onAdded} />
      <section className="panel" aria-labelledby="addresses-title">
        <div className="panel__header">
          <h2 className="panel__title" id="addresses-title">
            Support addresses {state.status === 'ready' && <span className="count">{state.data.length}</span>}
          </h2>
          <p className="panel__description">
            An address receives and sends mail only once its domain is verified: the domain publishes a challenge that proves it is yours, MX (where
            its mail goes), SPF (who may send for it) and DKIM (your organization’s key that signs it).
          </p>
        </div>
        <Loadable state={state} loading="Loading support addresses" frame={(shown) => <div className="panel__body">{shown}</div>}>
          {(channels) =>
            channels.length === 0 ? (
              <EmptyState icon="mail" title="No support address yet">
                Add the address your customers write to, like support@yourcompany.com.
              </EmptyState>
            ) : (
              <ul className="support-addresses" aria-label="Support addresses">
                {channels.map((channel) => (
                  <SupportAddressRow
                    key={channel.id}
                    channel={channel}
                    checking={checking.has(channel.domain.name)}
                    onVerify={(target) => void onVerify(target)}
                    onRemove={setRemoving}
                  />
                ))}
              </ul>
            )
          }
        </Loadable>
      </section>
      <RemoveAddressModal channel={removing} onClose={() => setRemoving(null)} onRemoved={onRemoved} />
    </div>
  );
}
