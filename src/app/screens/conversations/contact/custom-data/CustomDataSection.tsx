import type { Contact, Conversation } from '../../../../../protocol/documents';
import { useSignedIn } from '../../../../session/signed-in-context';
import { useSyncActions } from '../../../../sync/use-sync-actions';
import { useCustomFields } from '../../../custom-data/use-custom-fields';
import { CustomValueInput } from './CustomValueInput';

/**
 * The custom data of the contact and of the conversation (§1), when the organization has custom
 * data on and fields defined: each value editable in place, offline like every other edit.
 */
export function CustomDataSection({ contact, conversation }: { contact: Contact; conversation: Conversation | null }) {
  const { organization } = useSignedIn();
  const fields = useCustomFields();
  const { mutate } = useSyncActions();
  const shown = fields?.filter((field) => field.entity === 'contact' || conversation !== null);
  if (!organization.is_custom_data_enabled || !shown || shown.length === 0) return null;
  return (
    <section className="contact-summary__section" aria-labelledby="contact-custom-data">
      <h3 className="contact-summary__heading" id="contact-custom-data">
        Details
      </h3>
      <div className="custom-values">
        {[...shown].sort((a, b) => (a.entity === b.entity ? 0 : a.entity === 'contact' ? -1 : 1)).map((field) =>
          field.entity === 'contact' ? (
            <CustomValueInput
              key={field.id}
              field={field}
              value={contact.custom_data?.[field.key]}
              onSave={(value) => mutate({ kind: 'set-contact-data', contact_id: contact.id, values: { [field.key]: value } })}
            />
          ) : conversation === null ? null : (
            <CustomValueInput
              key={field.id}
              field={field}
              value={conversation.custom_data?.[field.key]}
              onSave={(value) => mutate({ kind: 'set-conversation-data', conversation_id: conversation.id, values: { [field.key]: value } })}
            />
          ),
        )}
      </div>
    </section>
  );
}
