import { PageHeader } from '../../layout/PageHeader';
import { useSignedIn } from '../../session/signed-in-context';
import { ChangePasswordPanel } from './ChangePasswordPanel';
import { EmailValidationPanel } from './EmailValidationPanel';
import { SettingsTabs, accountTabs } from './SettingsTabs';
import { SignOutPanel } from './SignOutPanel';

/** `account/security`: password, email confirmation, sign out. */
export default function AccountSecurityScreen() {
  const { slug, agent } = useSignedIn();
  return (
    <div className="page">
      <PageHeader title="Account" description="How your teammates and customers see you." />
      <SettingsTabs label="Account settings" tabs={accountTabs(slug)} />
      {!agent.is_validated && <EmailValidationPanel />}
      <ChangePasswordPanel />
      <SignOutPanel />
    </div>
  );
}
