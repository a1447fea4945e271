import { useState } from 'react';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { useSignedIn } from '../../session/signed-in-context';

export function SignOutPanel() {
  const { organization, signOut } = useSignedIn();
  const [busy, setBusy] = useState(false);
  return (
    <section className="panel" aria-labelledby="sign-out-title">
      <div className="panel__header">
        <h2 className="panel__title" id="sign-out-title">
          Sign out
        </h2>
        <p className="panel__description">Sign out of {organization.name} on this device.</p>
      </div>
      <div className="panel__body">
        <div>
          <Button
            variant="secondary"
            icon={<Icon name="logout" />}
            loading={busy}
            onClick={() => {
              setBusy(true);
              void signOut();
            }}
          >
            Sign out
          </Button>
        </div>
      </div>
    </section>
  );
}
