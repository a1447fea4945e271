import { Link } from 'react-router-dom';
import { useSignedIn } from '../../session/signed-in-context';
import { OnboardingChecklist, OnboardingProgress } from './OnboardingChecklist';
import { useOnboarding } from './use-onboarding';

/** Home's checklist (§4: shown while fewer than every step is recorded): the steps still to do, with the progress. */
export function HomeOnboarding() {
  const { slug } = useSignedIn();
  const view = useOnboarding();
  if (!view?.isOpen) return null;
  return (
    <section className="panel home-onboarding" aria-labelledby="home-onboarding-title">
      <div className="panel__header">
        <div>
          <h2 className="panel__title" id="home-onboarding-title">
            Getting started
          </h2>
          <OnboardingProgress view={view} />
        </div>
        <Link to={`/${slug}/onboarding`} className="btn btn--ghost btn--small">
          See all {view.total} steps
        </Link>
      </div>
      <OnboardingChecklist view={view} onlyToDo />
    </section>
  );
}
