import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { AuthPage } from '../../layout/AuthPage';
import type { OrganizationChoice } from './organization-choices';

type OrganizationPickerProps = {
  choices: OrganizationChoice[];
  busy: boolean;
  error: string | null;
  onChoose: (slug: string) => void;
  onBack: () => void;
};

/** The 409 answer of login: this email and password belong to several organizations. */
export function OrganizationPicker({ choices, busy, error, onChoose, onBack }: OrganizationPickerProps) {
  return (
    <AuthPage title="Choose an organization" subtitle="Your email address belongs to several teams. Which one do you want to open?">
      {error && <Alert tone="error">{error}</Alert>}
      <ul className="choice-list" aria-label="Organizations">
        {choices.map((choice) => (
          <li key={choice.slug}>
            <button type="button" className="choice" disabled={busy} onClick={() => onChoose(choice.slug)}>
              <span className="choice__text">
                <span className="choice__title">{choice.name}</span>
                <span className="choice__detail">/{choice.slug}</span>
              </span>
              <Icon name="arrowRight" />
            </button>
          </li>
        ))}
      </ul>
      <Button variant="ghost" onClick={onBack} icon={<Icon name="arrowLeft" />}>
        Back
      </Button>
    </AuthPage>
  );
}
