import { AddressField } from './AddressField';

export type Copies = { cc: string[]; bcc: string[] };
export const NO_COPIES: Copies = { cc: [], bcc: [] };

type CopyFieldsProps = { copies: Copies; standing: readonly string[]; open: boolean; onOpen: () => void; onChange: (copies: Copies) => void };

/**
 * This reply's own copies: CC (seen by every recipient) and BCC (only in the envelope). Behind a
 * "Cc/Bcc" button until used; the conversation's standing recipients are in the header.
 */
export function CopyFields({ copies, standing, open, onOpen, onChange }: CopyFieldsProps) {
  if (!open) {
    return (
      <div className="copy-fields copy-fields--closed">
        <button type="button" className="copy-fields__open" onClick={onOpen}>
          Cc/Bcc
        </button>
      </div>
    );
  }
  return (
    <div className="copy-fields">
      <AddressField label="Cc" addresses={copies.cc} standing={standing} onChange={(cc) => onChange({ ...copies, cc })} />
      <AddressField label="Bcc" addresses={copies.bcc} standing={standing} onChange={(bcc) => onChange({ ...copies, bcc })} />
    </div>
  );
}
