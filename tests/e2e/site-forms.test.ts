import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { withFreshPage } from '../support/browser';
import { listLeads } from '../support/leads-api';
import { openSiteInBrowser, type SiteInBrowser } from '../support/site-server';

// The contact form and CMS lead forms in Chromium, checked through what the server stored.
let { site, chromium } = {} as SiteInBrowser;
openSiteInBrowser((opened) => ({ site, chromium } = opened));

const url = (path: string) => site.server.url + path;

const withPage = <T>(run: (page: Page) => Promise<T>) => withFreshPage(chromium, run);

const dataLayer = (page: Page) =>
  page.evaluate(() => (window as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []);

describe('contact', () => {
  it('shows the server error inline, then succeeds and stores the enquiry', async () => {
    site.clock.set(new Date().toISOString());
    await withPage(async (page) => {
      await page.goto(url('/contact'));
      // Blank-looking name: the browser's `required` accepts spaces, the server does not.
      await page.getByLabel('Name').fill('   ');
      await page.getByLabel('Email').fill('grace@acme.example');
      await page.getByLabel('Message').fill('Can your agents confirm appointments?');
      await page.getByRole('button', { name: 'Send message' }).click();
      const error = page.getByTestId('form-error');
      await error.waitFor();
      expect(await error.getAttribute('role')).toBe('alert');
      expect(await error.textContent()).toBe('Name, a valid email and a message are required.');

      await page.getByLabel('Name').fill('Grace Hopper');
      await page.getByRole('button', { name: 'Send message' }).click();
      const done = page.getByRole('status');
      await done.waitFor();
      expect(await done.getByRole('heading').textContent()).toBe('Thanks, we got your message');
      expect(await page.getByTestId('form-error').count()).toBe(0);
    });
    const stored = await listLeads(site.server.url, 'contact');
    expect(stored.map((lead) => lead.email)).toEqual(['grace@acme.example']);
  });
});

describe('lead forms', () => {
  it('message: shows the thank-you and stores the URL attribution as first and last touch', async () => {
    site.clock.set(new Date().toISOString());
    await withPage(async (page) => {
      await page.goto(
        url('/forms/newsletter?utm_source=e2e-launch&utm_medium=email&gclid=gclid-e2e-123'),
      );
      await page.getByLabel('Email').fill('ada@acme.example');
      await page.getByRole('button', { name: 'Submit' }).click();
      const outcome = page.locator('[data-outcome="message"]');
      await outcome.waitFor();
      expect(await outcome.getByRole('heading').textContent()).toBe('Thank you');
      expect(await outcome.locator('p').textContent()).toBe("Thanks — you're subscribed.");
      // No gtmEventName on this form: nothing is pushed.
      expect(await dataLayer(page)).toEqual([]);
    });
    const [lead] = await listLeads(site.server.url, 'newsletter');
    expect(lead!.values).toEqual({ email: 'ada@acme.example' });
    expect(lead!.eventId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const attribution = lead!.attribution as {
      first?: Record<string, string>;
      last?: Record<string, string>;
      pageUri?: string;
    };
    for (const touch of [attribution.first, attribution.last]) {
      expect(touch).toMatchObject({
        utm_source: 'e2e-launch',
        utm_medium: 'email',
        gclid: 'gclid-e2e-123',
        landing_path: '/forms/newsletter',
      });
    }
    expect(attribution.pageUri).toContain('/forms/newsletter?utm_source=e2e-launch');
  });

  it('shows a server field error next to its field, then the scheduler fallback, and pushes gtmEventName', async () => {
    site.clock.set(new Date().toISOString());
    await withPage(async (page) => {
      await page.goto(url('/forms/demo-request'));
      await page.getByLabel('First name').fill('Ada');
      await page.getByLabel('Last name').fill('Lovelace');
      await page.getByLabel('Work email').fill('ada@gmail.com');
      await page.getByLabel('Phone number').fill('+1 202 555 0143');
      await page.getByRole('textbox', { name: 'Company', exact: true }).fill('Acme');
      await page.getByLabel('Company website').fill('https://acme.example');
      await page.getByLabel('Team size').selectOption('11-50');
      await page.getByLabel('Inbound calls').check();
      await page.getByLabel('Appointment reminders').check();
      await page.getByLabel('Anything else we should know?').fill('Reminders in two languages.');
      await page.getByLabel(/I agree to be contacted/).check();
      await page.getByRole('button', { name: 'Submit' }).click();

      const email = page.getByLabel('Work email');
      const error = page.locator('#lead-demo-request-email-error');
      await error.waitFor();
      expect(await error.textContent()).toBe('Please use your work email address.');
      expect(await email.getAttribute('aria-invalid')).toBe('true');
      expect(await email.getAttribute('aria-describedby')).toContain(
        'lead-demo-request-email-error',
      );
      // The error sits in the email field's own block, and focus went to the field.
      expect(await page.locator('.field', { has: email }).locator('.field-error').count()).toBe(1);
      expect(await email.evaluate((el) => el === document.activeElement)).toBe(true);

      await email.fill('ada@acme.example');
      await page.getByRole('button', { name: 'Submit' }).click();
      const outcome = page.locator('[data-outcome="default-scheduler"]');
      await outcome.waitFor();
      expect(await outcome.getByRole('heading').textContent()).toBe('Pick a time for your demo');
      expect(
        await page
          .getByTestId('scheduler-fallback')
          .getByRole('link', { name: 'contact us' })
          .getAttribute('href'),
      ).toBe('/contact');
      expect(await page.locator('iframe').count()).toBe(0);
      expect(await dataLayer(page)).toEqual([
        expect.objectContaining({ event: 'demo_request_submitted', formSlug: 'demo-request' }),
      ]);
    });
  });

  it('scheduler: embeds schedulerUrl prefilled from the named fields, at minHeight', async () => {
    site.clock.set(new Date().toISOString());
    await withPage(async (page) => {
      await page.route('https://scheduler.example.com/**', (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: '<title>Scheduler</title><p>Calendar</p>',
        }),
      );
      await page.goto(url('/forms/book-a-call'));
      await page.getByLabel('First name').fill('Ada');
      await page.getByLabel('Work email').fill('ada@acme.example');
      await page.getByLabel('Company').fill('Acme & Co');
      await page.getByRole('button', { name: 'Submit' }).click();
      const frame = page.locator('[data-outcome="default-scheduler"] iframe');
      await frame.waitFor();
      const src = new URL((await frame.getAttribute('src'))!);
      expect(src.origin + src.pathname).toBe('https://scheduler.example.com/voice-ai/intro');
      expect(Object.fromEntries(src.searchParams)).toEqual({
        email: 'ada@acme.example',
        firstname: 'Ada',
        company: 'Acme & Co',
      });
      expect(await frame.evaluate((el) => getComputedStyle(el).minHeight)).toBe('640px');
      expect(await page.getByRole('heading', { name: 'Pick a time' }).count()).toBe(1);
      expect(await dataLayer(page)).toEqual([
        expect.objectContaining({ event: 'book_a_call_submitted', formSlug: 'book-a-call' }),
      ]);
    });
  });

  it('redirect: tells the visitor, then goes to redirectUrl after redirectDelaySeconds', async () => {
    site.clock.set(new Date().toISOString());
    await withPage(async (page) => {
      await page.route('https://example.com/**', (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: '<title>Partner thanks</title><h1>Thanks</h1>',
        }),
      );
      await page.clock.install();
      await page.goto(url('/forms/partner-application'));
      await page.getByLabel('Company').fill('Acme');
      await page.getByLabel('Email').fill('partner@example.com');
      await page.getByLabel(/Country code/).fill('DE');
      await page.getByLabel('Number of seats').fill('25');
      await page.getByRole('button', { name: 'Submit' }).click();
      const outcome = page.locator('[data-outcome="redirect"]');
      await outcome.waitFor();
      expect(await outcome.textContent()).toContain('Taking you to the next step in 2 s');
      expect(page.url()).toBe(url('/forms/partner-application'));
      expect(await dataLayer(page)).toEqual([
        expect.objectContaining({ event: 'partner_application_submitted' }),
      ]);
      await page.clock.runFor(1_000);
      expect(page.url()).toBe(url('/forms/partner-application'));
      await Promise.all([
        page.waitForURL('https://example.com/partners/thanks'),
        page.clock.runFor(1_100),
      ]);
      expect(await page.title()).toBe('Partner thanks');
    });
    const [lead] = await listLeads(site.server.url, 'partner-application');
    expect(lead!.values).toEqual({
      company: 'Acme',
      email: 'partner@example.com',
      country: 'DE',
      seats: 25,
    });
  });
});
