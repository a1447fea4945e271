import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { Spinner } from '../../components/Spinner';
import { PageHeader } from '../../layout/PageHeader';
import { OnboardingChecklist, OnboardingProgress } from './OnboardingChecklist';
import { useOnboarding } from './use-onboarding';

/** `onboarding` (§2, no role): the getting started checklist, live from the change feed. */
export default function OnboardingScreen() {
  const view = useOnboarding();
  const { hash } = useLocation();
  const loaded = view !== undefined;
  // A link into a step (the empty inbox's hints) leads to its row once the checklist is read.
  useEffect(() => {
    if (!loaded || hash.length < 2) return;
    const row = document.getElementById(decodeURIComponent(hash.slice(1)));
    row?.scrollIntoView({ block: 'center' });
    row?.focus({ preventScroll: true });
  }, [loaded, hash]);
  return (
    <div className="page">
      <PageHeader
        title="Getting started"
        description="Seven steps to answer your first customer. Each ticks itself when it is done, in every tab; skip the ones you do not need."
      />
      <section className="panel" aria-labelledby="onboarding-title">
        <div className="panel__header">
          <h2 className="panel__title" id="onboarding-title">
            Checklist
          </h2>
          {view && <OnboardingProgress view={view} />}
        </div>
        {view === undefined ? (
          <div className="panel__body">
            <Spinner label="Loading the checklist" />
          </div>
        ) : (
          <OnboardingChecklist view={view} />
        )}
      </section>
    </div>
  );
}
