import { Link } from 'react-router-dom';
import { PAGE_PERMISSIONS } from '../../protocol/roles';
import { Badge } from '../components/Badge';
import { Icon } from '../components/Icon';
import type { IconName } from '../components/Icon';
import { can } from '../session/permissions';
import { useSignedIn } from '../session/signed-in-context';
import { useConversationStatistics } from '../statistics/use-conversation-statistics';
import { HomeStatistics } from './HomeStatistics';
import { HomeOnboarding } from './onboarding/HomeOnboarding';
import { trialDaysLeft } from './trial-days-left';

/** `bonjour` (§2): the welcome screen. */
export default function BonjourScreen() {
  const { slug, agent, organization } = useSignedIn();
  const firstName = agent.name.trim().split(/\s+/)[0] ?? agent.name;
  const daysLeft = trialDaysLeft(organization, Date.now());
  const statistics = useConversationStatistics();
  return (
    <div className="page">
      <header className="welcome">
        <p className="welcome__org">{organization.name}</p>
        <h1 className="welcome__title">Bonjour, {firstName}</h1>
        <p className="welcome__lead">Here is where your team's customer conversations come together.</p>
        {daysLeft !== null && (
          <p className="welcome__trial">
            <Badge tone={daysLeft <= 3 ? 'warning' : 'accent'}>Trial</Badge>
            {daysLeft === 0
              ? 'Your trial has ended.'
              : `${daysLeft} ${daysLeft === 1 ? 'day' : 'days'} left in your free trial.`}
          </p>
        )}
      </header>
      <HomeOnboarding />
      <HomeStatistics statistics={statistics} />
      <nav className="tiles" aria-label="Get started">
        <Tile
          to={`/${slug}/conversations`}
          icon="inbox"
          title="Conversations"
          text="Answer customers from one shared inbox."
        />
        {can(agent, PAGE_PERMISSIONS.team) && (
          <Tile to={`/${slug}/team`} icon="users" title="Team" text="Invite teammates and choose what they can do." />
        )}
        <Tile
          to={`/${slug}/account/general`}
          icon="settings"
          title="Settings"
          text="Your profile, password and theme; your organization."
        />
      </nav>
    </div>
  );
}

function Tile({ to, icon, title, text }: { to: string; icon: IconName; title: string; text: string }) {
  return (
    <Link to={to} className="tile">
      <span className="tile__icon">
        <Icon name={icon} size={20} />
      </span>
      <span className="tile__title">{title}</span>
      <span className="tile__text">{text}</span>
    </Link>
  );
}
