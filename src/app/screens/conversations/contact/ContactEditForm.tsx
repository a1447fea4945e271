import { useState } from 'react';
import type { FormEvent } from 'react';
import { contactUpdateFields } from '../../../../protocol/api/contact-requests';
import type { Contact } from '../../../../protocol/documents';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/TextField';
import { useSyncActions } from '../../../sync/use-sync-actions';

/** Editing a contact's name, email, company and trust in the panel (a mutation: offline too). */
export function ContactEditForm({ contact, onDone }: { contact: Contact; onDone: () => void }) {
  const { mutate } = useSyncActions();
  const [name, setName] = useState(contact.name);
  const [email, setEmail] = useState(contact.email ?? '');
  const [company, setCompany] = useState(contact.company ?? '');
  const [trusted, setTrusted] = useState(contact.is_trusted);
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = contactUpdateFields.safeParse({ name, email: email.trim() === '' ? null : email, company: company.trim() === '' ? null : company, is_trusted: trusted });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    mutate({ kind: 'update-contact', contact_id: contact.id, ...parsed.data });
    onDone();
  }

  return (
    <form className="contact-edit" onSubmit={submit} aria-label="Edit contact">
      <TextField label="Name" name="contact-name" value={name} error={errors['name']} onChange={(event) => setName(event.target.value)} />
      <TextField label="Email" name="contact-email" type="email" value={email} error={errors['email']} onChange={(event) => setEmail(event.target.value)} />
      <TextField label="Company" name="contact-company" value={company} error={errors['company']} onChange={(event) => setCompany(event.target.value)} />
      <label className="billing-dialog__choice">
        <input type="checkbox" checked={trusted} onChange={(event) => setTrusted(event.target.checked)} />
        Trusted customer
      </label>
      <div className="contact-edit__actions">
        <Button type="button" size="small" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" size="small" variant="primary">
          Save
        </Button>
      </div>
    </form>
  );
}
