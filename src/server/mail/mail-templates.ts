import { INVITE_TTL_MS, LOGIN_TOKEN_TTL_MS, RESET_TOKEN_TTL_MS } from '../../protocol/constants';
import type { MailMessage } from './mailer';

const PRODUCT = 'Support Inbox';

type Template = { to: string; link: string };

export function validationEmail({ to, link }: Template): MailMessage {
  return compose(to, link, 'Confirm your email address', [
    `Please confirm that ${to} is your email address for ${PRODUCT}.`,
  ], 'Confirm my email address');
}

export function resetPasswordEmail({ to, link, organization }: Template & { organization: string }): MailMessage {
  return compose(to, link, 'Reset your password', [
    `Someone asked to reset the password of ${to} for ${organization} on ${PRODUCT}.`,
    `The link works once and expires in ${duration(RESET_TOKEN_TTL_MS)}. If you did not ask for it, ignore this email.`,
  ], 'Choose a new password');
}

export function signInEmail({ to, link, organization }: Template & { organization: string }): MailMessage {
  return compose(to, link, `Sign in to ${organization}`, [
    `Use this link to sign in to ${organization} on ${PRODUCT}.`,
    `The link works once and expires in ${duration(LOGIN_TOKEN_TTL_MS)}. If you did not ask for it, ignore this email.`,
  ], 'Sign in');
}

export function inviteEmail({ to, link, organization, inviter }: Template & { organization: string; inviter: string }): MailMessage {
  return compose(to, link, `You're invited to join ${organization} on ${PRODUCT}`, [
    `${inviter} invited you to join the team of ${organization} on ${PRODUCT}.`,
    `The invitation expires in ${duration(INVITE_TTL_MS)}.`,
  ], 'Accept the invitation');
}

function compose(to: string, link: string, subject: string, paragraphs: string[], action: string): MailMessage {
  const text = [...paragraphs, '', `${action}: ${link}`, '', `— ${PRODUCT}`].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">',
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
    `<p style="color: #666">${escapeHtml(PRODUCT)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to, subject, text, html, link };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** "15 minutes", "1 hour", "7 days": the largest whole unit. */
function duration(ms: number): string {
  const units: [string, number][] = [['day', 86_400_000], ['hour', 3_600_000], ['minute', 60_000]];
  for (const [name, size] of units) {
    if (ms >= size && ms % size === 0) {
      const count = ms / size;
      return `${count} ${name}${count === 1 ? '' : 's'}`;
    }
  }
  return `${Math.round(ms / 60_000)} minutes`;
}
