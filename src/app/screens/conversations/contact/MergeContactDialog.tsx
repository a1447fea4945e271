import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import type { Contact } from '../../../../protocol/documents';
import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';
import { TextField } from '../../../components/TextField';
import { useInboxDb } from '../../../sync/sync-context';
import { useSyncActions } from '../../../sync/use-sync-actions';

const label = (contact: Contact) => (contact.name && contact.email ? `${contact.name} (${contact.email})` : contact.name || contact.email || `Contact #${contact.id}`);

/**
 * Merging another contact into this one (the same person under two addresses): the agent finds
 * it by name or email among the contacts on the device, and the dialog says what moves and what
 * is deleted before anything happens.
 */
export function MergeContactDialog({ contact, open, onClose }: { contact: Contact; open: boolean; onClose: () => void }) {
  const db = useInboxDb();
  const { mutate } = useSyncActions();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<Contact | null>(null);
  const needle = search.trim().toLowerCase();
  const matches = useLiveQuery(
    async () =>
      needle.length < 2
        ? []
        : db.contacts
            .filter((other) => other.id !== contact.id && `${other.name} ${other.email ?? ''}`.toLowerCase().includes(needle))
            .limit(8)
            .toArray(),
    [db, needle, contact.id],
  );
  const conversations = useLiveQuery(async () => (chosen ? db.conversations.where('contact_id').equals(chosen.id).count() : 0), [db, chosen]);

  function close() {
    setSearch('');
    setChosen(null);
    onClose();
  }

  return (
    <Modal
      open={open}
      onClose={close}
      title={`Merge a contact into ${contact.name || contact.email || 'this contact'}`}
      footer={
        <>
          <Button onClick={close}>Cancel</Button>
          <Button
            variant="danger"
            disabled={!chosen}
            onClick={() => {
              if (chosen) mutate({ kind: 'merge-contact', contact_id: chosen.id, into: contact.id });
              close();
            }}
          >
            Merge
          </Button>
        </>
      }
    >
      <div className="billing-dialog">
        <TextField label="Find the other contact" name="merge-search" placeholder="Name or email" value={search} onChange={(event) => setSearch(event.target.value)} />
        <fieldset className="merge-dialog">
          <legend className="visually-hidden">Contacts</legend>
          {matches?.map((other) => (
            <label key={other.id} className="merge-dialog__choice">
              <input type="radio" name="merge-contact" checked={chosen?.id === other.id} onChange={() => setChosen(other)} />
              <span className="merge-dialog__subject">{label(other)}</span>
            </label>
          ))}
          {needle.length >= 2 && matches?.length === 0 && <p className="billing__none">No other contact matches.</p>}
        </fieldset>
        {chosen && (
          <p className="billing-dialog__statement">
            {label(chosen)} becomes {label(contact)}: {conversations === 1 ? 'its conversation moves' : `its ${conversations ?? 0} conversations on this device (and any others on the server) move`} here
            with their messages, payment emails and custom data, and {label(chosen)} is deleted. This cannot be undone.
          </p>
        )}
      </div>
    </Modal>
  );
}
