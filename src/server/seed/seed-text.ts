/**
 * Plausible support traffic for demo and benchmark organizations. Each topic carries the tag it
 * is filed under, subjects, what customers write and what agents answer; `{name}`, `{company}`
 * and `{number}` are filled in per conversation.
 */
export type SeedTopic = {
  tag: string;
  subjects: readonly string[];
  customer: readonly string[];
  agent: readonly string[];
  notes: readonly string[];
};

export const FIRST_NAMES = [
  'Olivia', 'Liam', 'Emma', 'Noah', 'Amelia', 'Oliver', 'Sophia', 'Elijah', 'Isabella', 'Lucas',
  'Mia', 'Mateo', 'Charlotte', 'Levi', 'Harper', 'Ethan', 'Aria', 'Hiro', 'Chloé', 'Priya',
  'Fatima', 'Kwame', 'Ingrid', 'Santiago', 'Yuki', 'Aisha', 'Lars', 'Mei', 'Tomás', 'Zanele',
  'Anouk', 'Rafael', 'Nadia', 'Jonas', 'Leila', 'Arjun', 'Camille', 'Diego', 'Hana', 'Omar',
] as const;

export const LAST_NAMES = [
  'Smith', 'García', 'Müller', 'Rossi', 'Dubois', 'Nakamura', 'Okafor', 'Kowalski', 'Andersson', 'Silva',
  'Chen', 'Patel', 'Haddad', 'Novak', 'Jansen', "O'Brien", 'Fernández', 'Kim', 'Ivanova', 'Mensah',
  'Larsen', 'Moreau', 'Tanaka', 'Schmidt', 'Costa', 'Nguyen', 'Ali', 'Bakker', 'Horvat', 'Reyes',
] as const;

export const COMPANIES = [
  { name: 'Northwind Traders', domain: 'northwind.example' },
  { name: 'Bluebird Bakery', domain: 'bluebird-bakery.example' },
  { name: 'Acme Logistics', domain: 'acme-logistics.example' },
  { name: 'Fjord Design Studio', domain: 'fjord.example' },
  { name: 'Kestrel Analytics', domain: 'kestrel.example' },
  { name: 'Lumen Health', domain: 'lumenhealth.example' },
  { name: 'Pine & Pixel', domain: 'pinepixel.example' },
  { name: 'Sakura Tea House', domain: 'sakuratea.example' },
  { name: 'Atlas Outdoor', domain: 'atlas-outdoor.example' },
  { name: 'Copperleaf Books', domain: 'copperleaf.example' },
  { name: 'Harbor Freight Co-op', domain: 'harborcoop.example' },
  { name: 'Quartz Fintech', domain: 'quartz.example' },
] as const;

/** Personal addresses for customers who write from home. */
export const MAIL_PROVIDERS = ['mail.example', 'inbox.example', 'post.example'] as const;

export const AGENT_SIGN_OFFS = ['Best,', 'Kind regards,', 'Cheers,', 'Thanks again,', 'All the best,'] as const;

export const TOPICS: readonly SeedTopic[] = [
  {
    tag: 'billing',
    subjects: ['Charged twice this month', 'Invoice #{number} is wrong', 'Question about my last invoice', 'Can I switch to annual billing?', 'VAT number missing on invoice'],
    customer: [
      'Hi, I was charged twice for my subscription this month. Could you look into it and refund the duplicate?',
      'Our invoice #{number} lists 12 seats but we only have 9 active users. Can you correct it?',
      'Hello, we need our VAT number on the invoices for accounting. Where can I add it?',
      'Is it possible to move {company} to annual billing and get the discount from the pricing page?',
      'Thanks, I can see the refund now. One more thing: can the invoices go to accounts@ instead of me?',
      'I still see both charges on my card statement. How long does the refund usually take?',
    ],
    agent: [
      'Hi {name}, thanks for flagging this. I can see the duplicate charge and I have refunded it; it should be back on your card within 5 to 10 business days.',
      'Hi {name}, you are right, the seat count was not updated after your last change. I have issued a corrected invoice and voided #{number}.',
      'You can add the VAT number under Settings → Billing → Company details; every invoice from now on will include it. I have also regenerated your last one.',
      'Happy to help! I have switched {company} to annual billing with the 20% discount, prorated from today.',
      'Done: invoices now go to accounts@ as well as to you.',
    ],
    notes: ['Refund issued in the payment dashboard, ref RF-{number}.', 'Customer asked for annual: applied the standard 20% discount.', 'Double charge came from the retry after the card update — known issue, see bug ticket.'],
  },
  {
    tag: 'bug',
    subjects: ['Export to CSV is empty', 'App crashes when I upload a photo', 'Search does not find older tickets', 'Login loop on Safari', 'Notifications arrive twice'],
    customer: [
      'When I export my reports to CSV the file only contains the header row. This started yesterday.',
      'Every time I try to upload a profile photo from my phone the app closes. I am on iOS 17.',
      'Search returns nothing for conversations older than a month, even when I type the exact subject.',
      'On Safari I log in and get sent straight back to the login page. Chrome works fine.',
      'I tried again after clearing the cache and it still happens. Screenshot attached.',
      'It works now, thank you! What was the cause?',
    ],
    agent: [
      'Thanks for the detailed report, {name}. I reproduced it on our side and passed it to the engineering team; I will update you as soon as a fix is out.',
      'Sorry about that! Could you tell me which browser version you are using and whether any extensions are enabled?',
      'Good news: the fix was deployed this morning. Could you try again and let me know if it works for you?',
      'The cause was a timezone issue in the export job: reports created after midnight UTC were filtered out. It is fixed for everyone now.',
      'As a workaround until the fix ships, exporting one month at a time works.',
    ],
    notes: ['Reproduced on staging; filed as ENG-{number}.', 'Affects Safari 17 only — cookie SameSite issue.', 'Engineering says fix ships in Thursday release.'],
  },
  {
    tag: 'feature-request',
    subjects: ['Dark mode for the mobile app?', 'Feature request: bulk edit', 'Integration with our calendar', 'Can we get an API for reports?', 'Custom fields on contacts'],
    customer: [
      'Love the product! Any plans for a dark mode on mobile? My team works late shifts.',
      'We would really benefit from being able to edit many records at once instead of one by one.',
      'Is there a way to sync bookings with Google Calendar? At {company} we currently copy them by hand.',
      'Do you have an API for reports? We want to pull numbers into our own dashboard every night.',
      'That would be great. Please let me know when it is available.',
    ],
    agent: [
      'Thanks for the suggestion, {name}! I have added your vote to the request; it is on our roadmap for this quarter.',
      'Great idea. I have shared it with the product team together with your use case at {company}.',
      'Not yet, but you can already get most of it through the webhooks: here is a short guide on setting them up.',
      'Good news: this shipped today! You will find it under Settings → Integrations.',
    ],
    notes: ['Third request for this from mid-size customers this month.', 'Logged in product board with customer context.'],
  },
  {
    tag: 'onboarding',
    subjects: ['Getting started with the team plan', 'How do I invite my colleagues?', 'Importing data from our old tool', 'Setting up our custom domain'],
    customer: [
      'Hi! We just signed up. What is the best way to get my team of 8 started?',
      'How do I invite colleagues? I cannot find the option anywhere.',
      'We are moving from another tool and have about 3,000 records to import. Is there a CSV import?',
      'The DNS record for our custom domain has been added but it still says unverified.',
      'Perfect, everyone is in now. Thanks for the quick help!',
    ],
    agent: [
      'Welcome aboard, {name}! The quickest start is Settings → Team → Invite. I have also sent you our 10-minute onboarding checklist.',
      'Yes, there is a CSV import under Settings → Import. Send me a sample file if you want me to check the columns first.',
      'DNS changes can take up to an hour to propagate. I just re-ran the check and your domain is verified now.',
      'Glad to hear it! Let me know if anything else comes up.',
    ],
    notes: ['Trial account, 8 seats expected — good expansion candidate.', 'Sent onboarding checklist and booked a call for Tuesday.'],
  },
  {
    tag: 'urgent',
    subjects: ['URGENT: checkout is down', 'Customers cannot pay', 'Site showing error 500', 'All our data is gone?!'],
    customer: [
      'Our checkout page has been failing for 20 minutes and we are losing sales. Please help ASAP.',
      'None of our customers can complete a payment. The page just spins.',
      'We get error 500 on every page since the last deploy on your side.',
      'I logged in and the dashboard is empty. Where did all our data go?!',
      'It is back, thank you for the quick response.',
    ],
    agent: [
      'Hi {name}, we are aware of the issue and the team is working on it right now. I will update you every 15 minutes.',
      'The incident is resolved: a configuration change on our side broke payments for some accounts. Everything is processing normally again.',
      'Your data is safe: a filter was applied to the dashboard. Click "Reset filters" at the top right and everything will show again.',
      'I am very sorry for the disruption. We will publish a full incident report by tomorrow.',
    ],
    notes: ['Escalated to on-call engineer.', 'Incident INC-{number} opened; status page updated.'],
  },
  {
    tag: 'shipping',
    subjects: ['Where is my order #{number}?', 'Package arrived damaged', 'Change delivery address', 'Tracking link not working'],
    customer: [
      'I ordered a week ago (#{number}) and tracking has not moved since Monday.',
      'The box arrived crushed and one of the mugs is broken. What can I do?',
      'Can I still change the delivery address on my order? I am moving this weekend.',
      'The tracking link in the confirmation email leads to an error page.',
      'Received it today, thanks a lot!',
    ],
    agent: [
      'Hi {name}, I checked with the carrier: your parcel was held at the depot and is out for delivery today.',
      'I am sorry it arrived damaged! I have sent a replacement at no cost; no need to return the broken one.',
      'Yes, it has not shipped yet, so I have updated the address for you.',
      'Here is the working tracking link. We are fixing the one in the email.',
    ],
    notes: ['Carrier claim filed, ref CL-{number}.', 'Replacement shipped with express delivery.'],
  },
];
