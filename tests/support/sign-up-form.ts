import type { Page } from 'playwright-core';

/** Who creates an account on the sign-up screen. */
export type NewOwner = { name: string; email: string; password: string; organization: string; domain: string };

/** Creates an account through the sign-up screen (/create); resolves once the new inbox's URL is reached. */
export async function signUpThroughForm(page: Page, owner: NewOwner): Promise<void> {
  await page.goto('/create');
  await page.getByLabel('Your name').fill(owner.name);
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByLabel('Organization name').fill(owner.organization);
  await page.getByLabel('Domain').fill(owner.domain);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(`**/${owner.domain}/conversations**`);
}
