import type { OnboardingStep } from '../../../protocol/onboarding/onboarding-steps';
import { PAGE_PERMISSIONS } from '../../../protocol/roles';
import type { IconName } from '../../components/Icon';

/** What the checklist says of a step: its title, what it is for, and where it is done. */
export type StepGuide = {
  title: string;
  /** One line: what the step is for. */
  purpose: string;
  /** What the step's state is read from, shown once it is done. */
  doneText: string;
  icon: IconName;
  /** Where it is done, under /{domain}/. */
  path: string;
  action: string;
  /** The permission the page needs (§6); without it, the step says who can do it. */
  permission?: string;
};

export const STEP_GUIDES: Record<OnboardingStep, StepGuide> = {
  'confirm-email': {
    title: 'Confirm your email',
    purpose: 'So password resets and notifications reach you.',
    doneText: 'Confirmed from the link in the email.',
    icon: 'user',
    path: 'account/general',
    action: 'Open your account',
  },
  'support-address': {
    title: 'Add a support address and prove its domain',
    purpose: 'The address customers write to; mail comes in once its domain’s DNS records are verified.',
    doneText: 'A domain is verified.',
    icon: 'mail',
    path: 'emails',
    action: 'Set up email',
    permission: PAGE_PERMISSIONS.emails,
  },
  'first-email': {
    title: 'Receive a first email',
    purpose: 'See a customer’s email arrive as a conversation, here and in every teammate’s tab.',
    doneText: 'An email arrived in the inbox.',
    icon: 'inbox',
    path: 'conversations',
    action: 'Open the inbox',
  },
  'chat-widget': {
    title: 'Install the chat widget',
    purpose: 'Visitors of your website chat with your team from a page with the widget on it.',
    doneText: 'A page with the widget reached the inbox.',
    icon: 'chat',
    path: 'chat',
    action: 'Set up the widget',
    permission: PAGE_PERMISSIONS.chat,
  },
  'invite-teammate': {
    title: 'Invite a teammate',
    purpose: 'Share the inbox: assign conversations and see who is replying.',
    doneText: 'An invitation was sent.',
    icon: 'users',
    path: 'team',
    action: 'Invite',
    permission: PAGE_PERMISSIONS.team,
  },
  'business-hours': {
    title: 'Set business hours',
    purpose: 'Tell customers when to expect an answer, and reply for you while you are closed.',
    doneText: 'Business hours are saved.',
    icon: 'clock',
    path: 'hours',
    action: 'Set hours',
  },
  'snippet-or-article': {
    title: 'Write a first snippet or article',
    purpose: 'Answer common questions in a keystroke, or let customers find the answer themselves.',
    doneText: 'A snippet or an article was created.',
    icon: 'note',
    path: 'snippets',
    action: 'Write a snippet',
  },
};
