import { Link } from 'react-router-dom';
import type { OnboardingState, OnboardingStep } from '../../../protocol/onboarding/onboarding-steps';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { can } from '../../session/permissions';
import { useSignedIn } from '../../session/signed-in-context';
import { useSyncActions } from '../../sync/use-sync-actions';
import { STEP_GUIDES } from './onboarding-step-guide';
import { TestEmailButton } from './TestEmailButton';
import type { OnboardingView } from './use-onboarding';

/** The id of a step's row: `/{domain}/onboarding#<it>` leads to it. */
export const stepAnchor = (step: OnboardingStep) => `step-${step}`;

const STATE_LABELS: Record<OnboardingState, string> = { done: 'Done', skipped: 'Skipped', todo: 'To do' };

/** The progress line: how many steps are done, and skipped. */
export function OnboardingProgress({ view, id }: { view: OnboardingView; id?: string }) {
  const skipped = view.recorded - view.done;
  return (
    <div className="onboarding-progress">
      <p className="onboarding-progress__text" id={id}>
        {view.done} of {view.total} done{skipped > 0 ? `, ${skipped} skipped` : ''}
      </p>
      <progress className="onboarding-progress__bar" max={view.total} value={view.recorded} aria-label="Getting started progress">
        {view.recorded} of {view.total}
      </progress>
    </div>
  );
}

/**
 * The onboarding checklist (§9: seven steps): each step's state, what it is for, where it is done
 * and skip or un-skip (the `set-onboarding-step` mutation). A step is done by what happens on the
 * server, never by a click here.
 */
export function OnboardingChecklist({ view, onlyToDo = false }: { view: OnboardingView; onlyToDo?: boolean }) {
  return (
    <ol className="onboarding-steps" aria-label={onlyToDo ? 'Steps to do' : 'Getting started steps'}>
      {view.steps.map(({ step, state }, index) =>
        onlyToDo && state !== 'todo' ? null : <StepRow key={step} step={step} state={state} number={index + 1} />,
      )}
    </ol>
  );
}

function StepRow({ step, state, number }: { step: OnboardingStep; state: OnboardingState; number: number }) {
  const { slug, agent } = useSignedIn();
  const { mutate } = useSyncActions();
  const guide = STEP_GUIDES[step];
  const titleId = `onboarding-${step}-title`;
  const allowed = guide.permission === undefined || can(agent, guide.permission);
  return (
    <li id={stepAnchor(step)} tabIndex={-1} className={`onboarding-step onboarding-step--${state}`} aria-labelledby={titleId} data-testid={`onboarding-step-${step}`}>
      <span className="onboarding-step__mark" aria-hidden="true">
        {state === 'done' ? <Icon name="check" size={14} /> : number}
      </span>
      <div className="onboarding-step__main">
        <h3 className="onboarding-step__title" id={titleId}>
          {guide.title}
          <span className={`onboarding-step__state onboarding-step__state--${state}`}>{STATE_LABELS[state]}</span>
        </h3>
        {state === 'done' ? (
          <p className="onboarding-step__purpose">
            {guide.doneText}{' '}
            {allowed && (
              <Link className="onboarding-step__again" to={`/${slug}/${guide.path}`}>
                {guide.action}
              </Link>
            )}
          </p>
        ) : (
          <p className="onboarding-step__purpose">{guide.purpose}</p>
        )}
        {state !== 'done' && (
          <div className="onboarding-step__actions">
            {allowed ? (
              <Link className="btn btn--secondary btn--small" to={`/${slug}/${guide.path}`}>
                {guide.action}
                <Icon name="arrowRight" size={14} />
              </Link>
            ) : (
              <span className="onboarding-step__who">An administrator of your team sets this up.</span>
            )}
            {step === 'snippet-or-article' && (
              <Link className="btn btn--ghost btn--small" to={`/${slug}/knowledge`}>
                Write an article
              </Link>
            )}
            {step === 'first-email' && <TestEmailButton />}
            {state === 'todo' ? (
              <Button size="small" variant="ghost" onClick={() => mutate({ kind: 'set-onboarding-step', step, state: 'skipped' })} aria-describedby={titleId}>
                Skip
              </Button>
            ) : (
              <Button size="small" variant="ghost" onClick={() => mutate({ kind: 'set-onboarding-step', step, state: 'todo' })} aria-describedby={titleId}>
                Undo skip
              </Button>
            )}
          </div>
        )}
      </div>
    </li>
  );
}
